import TransitionABI

/// A built-in animator: its descriptor data, how long it lasts and the choreography it plays
/// per situation.
struct AnimatorDefinition: Sendable {
    var id: StaticString
    var name: StaticString
    var summary: StaticString
    var operations: [tc_operation_t]
    var styles: [tc_presentation_style_t] = [TC_STYLE_FULL_SCREEN]
    var reversible = false
    var parameters: [ParameterDefinition]
    /// The duration in seconds; by default the first parameter's value.
    var duration: @Sendable (Situation) -> Double = { $0[0] }
    var choreography: @Sendable (Situation) -> Choreography
}

let allOperations = [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_PRESENT, TC_OPERATION_DISMISS, TC_OPERATION_TAB]
let navigationOperations = [TC_OPERATION_PUSH, TC_OPERATION_POP, TC_OPERATION_TAB]
let modalOperations = [TC_OPERATION_PRESENT, TC_OPERATION_DISMISS]

/// The catalogue of built-in animators, as data: per situation, a track for each view.
#if CATALOG_WASM_SUBSET
/// A smaller catalogue for a wasm build that wants a faster load (`scripts/build-wasm-plugins
/// --subset`, which passes `-D CATALOG_WASM_SUBSET`): the sandbox runs `tc_plugin_entry`, which
/// lays out every descriptor, in each fresh instance. The lists left out are dead code.
let builtinAnimators: [AnimatorDefinition] = classicAnimators + threeDAnimators + snapshotAnimators + matchedAnimators
#else
let builtinAnimators: [AnimatorDefinition] =
    classicAnimators + heroAnimators + heroZoomAnimators + threeDAnimators + platformAnimators + flutterPredictiveBackAnimators + materialBackHelperAnimators + presentationAnimators + snapshotAnimators + matchedAnimators
#endif
