import TransitionABI

/// The plugin descriptor, laid out once in memory that lives as long as the library.
nonisolated(unsafe) private let pluginDescriptor: UnsafePointer<tc_plugin_t> = {
    let animators = UnsafeMutablePointer<UnsafePointer<tc_animator_t>?>.allocate(capacity: builtinAnimators.count)
    for (index, definition) in builtinAnimators.enumerated() {
        animators[index] = layOut(definition, index: index)
    }
    let plugin = UnsafeMutablePointer<tc_plugin_t>.allocate(capacity: 1)
    plugin.initialize(to: tc_plugin_t(
        abi: tc_version_t(major: UInt32(TC_ABI_VERSION_MAJOR), minor: UInt32(TC_ABI_VERSION_MINOR), patch: UInt32(TC_ABI_VERSION_PATCH)),
        id: cString("org.transitioncatalog.builtins"),
        name: cString("Transition Catalog built-ins"),
        vendor: cString("Transition Catalog"),
        version: cString("0.1.0"),
        description: cString("The built-in animators: Hero's families, 3D turns, platform motions (iOS, Material 3, Flutter, Android predictive back) and custom presentations."),
        license: cString("Apache-2.0"),
        animator_count: UInt32(builtinAnimators.count),
        animators: UnsafePointer(animators),
        init: nil, deinit: nil, get_extension: { _, _ in nil }))
    return UnsafePointer(plugin)
}()

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

private func layOut(_ d: AnimatorDefinition, index: Int) -> UnsafePointer<tc_animator_t> {
    let params = UnsafeMutablePointer<tc_param_t>.allocate(capacity: max(1, d.parameters.count))
    for (i, p) in d.parameters.enumerated() {
        var choices: UnsafePointer<UnsafePointer<CChar>?>? = nil
        if !p.choices.isEmpty {
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: p.choices.count)
            for (j, choice) in p.choices.enumerated() { list[j] = cString(choice) }
            choices = UnsafePointer(list)
        }
        params[i] = tc_param_t(
            id: cString(p.id), name: cString(p.name), doc: cString(p.doc), unit: cString(p.unit),
            type: p.type.rawValue, default_value: p.defaultValue, min_value: p.min, max_value: p.max,
            choice_count: UInt32(p.choices.count), choices: choices)
    }
    let animator = UnsafeMutablePointer<tc_animator_t>.allocate(capacity: 1)
    animator.initialize(to: tc_animator_t(
        abi: tc_version_t(major: UInt32(TC_ABI_VERSION_MAJOR), minor: UInt32(TC_ABI_VERSION_MINOR), patch: UInt32(TC_ABI_VERSION_PATCH)),
        id: cString(d.id), name: cString(d.name), summary: cString(d.summary),
        operations: d.operations.reduce(0) { $0 | (1 << $1.rawValue) },
        styles: d.styles.reduce(0) { $0 | (1 << $1.rawValue) },
        flags: d.reversible ? UInt32(TC_ANIMATOR_REVERSIBLE) : 0,
        param_count: UInt32(d.parameters.count),
        params: UnsafePointer(params),
        animator_data: UnsafeMutableRawPointer(bitPattern: index),
        duration: builtinDuration, setup: builtinSetup, step: builtinStep, completion: builtinCompletion))
    return UnsafePointer(animator)
}

/// The plugin's entry: the one exported symbol.
@_cdecl("tc_plugin_entry")
public func tc_plugin_entry() -> UnsafePointer<tc_plugin_t>? {
    pluginDescriptor
}
