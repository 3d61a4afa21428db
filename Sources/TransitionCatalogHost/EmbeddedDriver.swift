import PluginHost
import TransitionABI
import TransitionCore

/// What a `tch_driver_t` is: one of PluginHost's drivers over a host's plugins, with the rules
/// the host has when each transition begins.
final class EmbeddedDriver {
    /// The driver's kind and the driver itself.
    enum Kind {
        case navigation(NavigationDriver)
        case modal(ModalDriver)
        case tabs(TabDriver)
    }

    let host: EmbeddedHost
    let director: TransitionDirector
    let kind: Kind
    var lastError = LastError()
    private let layerStrings = CStrings()
    private let layerBuffer = CArray<tch_layer_t>()

    init(host: EmbeddedHost, options: tch_driver_options_t) throws(HostFailure) {
        let width = options.container_width, height = options.container_height
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw HostFailure(.invalidArgument, "the container size \(width)x\(height) must be finite and positive")
        }
        guard let screens = strings(options.screens, count: options.screen_count), !screens.isEmpty else {
            throw HostFailure(.invalidArgument, "screens is NULL, empty or holds a NULL entry; give the root, presenting or tab screens")
        }
        self.host = host
        director = TransitionDirector(catalog: host.catalog, source: host.source, containerBounds: Rect(x: 0, y: 0, width: width, height: height))
        director.isolation = host.sampler
        if options.completion_speed != 0 {
            guard options.completion_speed.isFinite, options.completion_speed > 0 else {
                throw HostFailure(.invalidArgument, "completion_speed \(options.completion_speed) must be positive (0 for UIKit's 1)")
            }
            director.completionSpeed = options.completion_speed
        }
        switch options.kind {
        case 0:
            guard screens.count == 1 else { throw HostFailure(.invalidArgument, "a navigation driver takes one screen, its root; \(screens.count) were given") }
            kind = .navigation(NavigationDriver(root: screens[0], director: director))
        case 1:
            guard screens.count == 1 else { throw HostFailure(.invalidArgument, "a modal driver takes one screen, the presenting one; \(screens.count) were given") }
            kind = .modal(ModalDriver(presenting: screens[0], director: director))
        case 2:
            guard Int(options.selected_tab) < screens.count else {
                throw HostFailure(.invalidArgument, "selected_tab \(options.selected_tab) is not one of the \(screens.count) tabs")
            }
            kind = .tabs(TabDriver(screens: screens, selectedIndex: Int(options.selected_tab), director: director))
        default:
            throw HostFailure(.invalidArgument, "kind \(options.kind) is not TCH_DRIVER_NAVIGATION, TCH_DRIVER_MODAL or TCH_DRIVER_TABS")
        }
    }

    /// The hierarchy at rest.
    var layers: [ScreenLayer] {
        switch kind {
        case .navigation(let d): d.layers
        case .modal(let d): d.layers
        case .tabs(let d): d.layers
        }
    }

    /// The layers as C structs, kept until the next call, and their count.
    func cLayers() -> (UnsafePointer<tch_layer_t>?, Int) {
        layerStrings.clear()
        let pointer = layerBuffer.fill(layers.map { layer in
            var color = tc_color_t()
            if case .dimming(let fill) = layer.content { color = fill.c }
            return tch_layer_t(screen: layerStrings.keepOrNull(layer.screen), frame: layer.frame.c, alpha: layer.alpha, color: color)
        })
        return (pointer, layerBuffer.count)
    }

    /// Begins the transition `begin` describes.
    func begin(_ begin: tch_begin_t) throws(HostFailure) -> DrivenTransition {
        guard let operation = TransitionOperation(rawValue: Int(begin.operation)) else {
            throw HostFailure(.invalidArgument, "operation \(begin.operation) is not a tc_operation_t")
        }
        switch begin.present_style {
        case 0: director.source = host.source
        case 1, 2:
            director.source = PresentStyleSource(
                base: host.source, style: begin.present_style == 2 ? .custom : .fullScreen, systemAnimator: director.systemAnimators[.present])
        default:
            throw HostFailure(.invalidArgument, "present_style \(begin.present_style) is not TCH_PRESENT_STYLE_FROM_RULES, TCH_PRESENT_FULL_SCREEN or TCH_PRESENT_CUSTOM")
        }
        let interactive = begin.interactive != 0
        var matching: [MatchedElement] = []
        if begin.matched_element_count > 0 {
            guard let elements = begin.matched_elements else {
                throw HostFailure(.invalidArgument, "matched_elements is NULL while matched_element_count is \(begin.matched_element_count)")
            }
            for i in 0..<Int(begin.matched_element_count) {
                let e = elements[i]
                guard let id = string(e.id) else { throw HostFailure(.invalidArgument, "matched_elements[\(i)].id is NULL") }
                matching.append(MatchedElement(id: id, fromFrame: Rect(e.from_frame), toFrame: Rect(e.to_frame)))
            }
        }
        let screen = string(begin.screen)
        func needScreen() throws(HostFailure) -> String {
            guard let screen else { throw HostFailure(.invalidArgument, "\(operation) needs the arriving screen in tch_begin_t.screen") }
            return screen
        }
        // The animator the rules pick, to be refused for the host's life if it breaks now.
        var chosen: ResolvedAnimator?
        do {
            switch (kind, operation) {
            case (.navigation(let d), .push):
                let s = try needScreen()
                chosen = try preflight(try? d.stack.planPush(s), interactive: interactive)
                return try d.beginPush(s, interactive: interactive, matching: matching)
            case (.navigation(let d), .pop):
                chosen = try preflight(try? d.stack.planPop(), interactive: interactive)
                return try d.beginPop(interactive: interactive, matching: matching)
            case (.modal(let d), .present):
                let s = try needScreen()
                if let probe = try? d.presenter.planPresent(s, style: .fullScreen),
                   let style = try? director.choose(probe, interactive: interactive).style {
                    chosen = try preflight(try? d.presenter.planPresent(s, style: style), interactive: interactive)
                }
                return try d.beginPresent(s, interactive: interactive, matching: matching)
            case (.modal(let d), .dismiss):
                chosen = try preflight(try? d.presenter.planDismiss(), interactive: interactive)
                return try d.beginDismiss(interactive: interactive, matching: matching)
            case (.tabs(let d), .tab):
                chosen = try preflight(try? d.tabs.planSelect(Int(begin.tab_index)), interactive: interactive)
                return try d.beginSelect(Int(begin.tab_index), interactive: interactive, matching: matching)
            default:
                throw HostFailure(.invalidArgument, "this driver does not serve \(operation): a navigation driver pushes and pops, a modal driver presents and dismisses, a tab driver switches tabs")
            }
        } catch let error as DriverError {
            if error.kind == .plugin { host.noteBroken(chosen, reason: error.description) }
            throw HostFailure(HostStatus(error), error.description)
        } catch let error as HostFailure {
            throw error
        } catch {
            throw HostFailure(.context, "\(error)")
        }
    }

    /// The animator the rules pick for `planned`, checked before the driver begins it. Refuses
    /// an animator that broke in its worker earlier in the host's life, and refuses to begin
    /// when no animator would run it and the app did not ask for an instant change: a rule with
    /// `TCH_RULE_INSTANT`, or a tab switch left to the system default. A plan the driver's state
    /// refuses, or a choice that cannot serve, fails later in the driver with its own message.
    private func preflight(_ planned: PlannedTransition?, interactive: Bool) throws(HostFailure) -> ResolvedAnimator? {
        guard let planned, let chosen = try? director.choose(planned, interactive: interactive) else { return nil }
        if let resolved = chosen.resolved {
            try host.refuseIfBroken(resolved)
            return resolved
        }
        guard planned.operation != .tab, !director.source.changesInstantly(for: planned.request(interactive: interactive)) else { return nil }
        let reason: String
        if let id = director.systemAnimators[planned.operation] {
            if let found = host.catalog.describedAnimator(id) {
                reason = "its system default \(id) (\(found.qualifiedID)) does not serve the \(chosen.style) style"
            } else {
                reason = "its system default \(id) is not among the host's \(host.animators.count) animators"
            }
        } else {
            reason = "it has no system default animator"
        }
        throw HostFailure(
            .noAnimator,
            "\(planned): no animator serves it: \(reason); open the host with no plugin_paths (or with search TCH_SEARCH_CATALOG) to get the built-ins, add a rule naming an animator the host has, or add a rule with flags TCH_RULE_INSTANT to change screens without animating")
    }
}
