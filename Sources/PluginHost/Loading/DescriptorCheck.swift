import TransitionABI
import TransitionCore

/// The loader's reading of descriptors and view states, for tools that make them in memory
/// rather than load them from a plugin file: the descriptor fuzz target (`Tests/Fuzz`) feeds
/// random ones through exactly the code that reads a plugin's.
package enum DescriptorCheck {
    /// Reads `plugin` as loading does after the ABI version check: the plugin with every valid
    /// animator, and every problem found.
    package static func read(_ plugin: UnsafePointer<tc_plugin_t>, path: String) -> (info: PluginInfo, problems: [DescriptorProblem]) {
        var reader = DescriptorReader(path: path)
        let read = reader.read(plugin)
        return (read.info, reader.problems)
    }

    /// The frame a step that left `states` reports, as a session builds it: the first two views
    /// are the screens, the rest made by the animator.
    package static func frame(_ states: [tc_view_state_t], progress: Double) -> TransitionFrame {
        let views = states.enumerated().map { i, s in
            let role: ViewRole = i == 0 ? .from : i == 1 ? .to : .snapshot
            return SampledView(id: ViewID(Int32(i)), role: role, containerIndex: i, state: ViewState(s, madeByAnimator: i > 1))
        }
        return TransitionFrame(progress: progress, views: views)
    }
}
