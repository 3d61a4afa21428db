import TransitionCore

/// What names and describes an animator: enough to resolve parameters, label previews and ask a
/// worker to sample it, without loading its plugin into this process.
public protocol DescribedAnimator: Sendable {
    /// The animator's id within its plugin.
    var id: String { get }
    /// `PLUGIN-ID:ANIMATOR-ID`, unique across plugins.
    var qualifiedID: String { get }
    /// What it says about itself.
    var description: AnimatorDescription { get }
    /// The plugin file it lives in.
    var pluginPath: String { get }
}

/// An animator known from the isolated scan of its plugin: no plugin code runs in this process.
public struct AnimatorReference: DescribedAnimator, Hashable {
    /// The plugin file it lives in.
    public var pluginPath: String
    /// The plugin's id.
    public var pluginID: String
    /// What it says about itself.
    public var description: AnimatorDescription

    /// Creates a reference to the animator `description` of the plugin `plugin`.
    public init(plugin: PluginInfo, description: AnimatorDescription) {
        pluginPath = plugin.path
        pluginID = plugin.id
        self.description = description
    }

    /// The animator's id within its plugin.
    public var id: String { description.id }

    /// `PLUGIN-ID:ANIMATOR-ID`, unique across plugins.
    public var qualifiedID: String { "\(pluginID):\(description.id)" }
}

extension Animator: DescribedAnimator {
    /// The plugin file it lives in.
    public var pluginPath: String { library.path }
}
