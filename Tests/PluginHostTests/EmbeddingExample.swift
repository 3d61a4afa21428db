import PluginHost
import TransitionCore

/// An app's transitions, driven from its own loop: the example of docs/embedding.md.
struct EmbeddingExample {
    let navigation: NavigationDriver

    /// Loads the plugins on the standard search path and reads the app's transitions file.
    init(transitionsFile json: [UInt8], builtInDirectory: String) throws {
        let catalog = PluginCatalog.load(PluginSearchPath(environment: [:], builtInDirectory: builtInDirectory))
        let source = try TransitionsSourceFile(
            utf8: json, fileName: "transitions.json", catalog: catalog.animators.map(\.description))
        let director = TransitionDirector(
            catalog: catalog, source: source, containerBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        navigation = NavigationDriver(root: "home", director: director)
    }

    /// Pushes `screen`, drawing one frame per tick of a 60 Hz loop until the animation ends.
    func push(_ screen: String, draw: (TransitionFrame) -> Void) throws -> TransitionRecord {
        let push = try navigation.beginPush(screen)
        var time = 0.0
        while time < push.duration {
            draw(push.frame(at: time))
            time += 1.0 / 60
        }
        draw(push.frame(at: push.duration))
        return try push.complete()
    }

    /// Pops interactively: the finger drags the screen for a while, lets go with `velocity`
    /// (progress per second, positive towards the end; the director's release decision picks
    /// finish or cancel), and the loop draws the animation that follows.
    func interactivePop(drags: [(time: Double, fraction: Double)], velocity: Double,
                        draw: (TransitionFrame) -> Void) throws -> TransitionRecord {
        let pop = try navigation.beginPop(interactive: true)
        for drag in drags {
            try pop.update(drag.fraction, at: drag.time)
            draw(pop.frame(at: drag.time))
        }
        let releaseTime = (drags.last?.time ?? 0) + 1.0 / 60
        try pop.release(velocity: velocity, at: releaseTime)
        let end = pop.controller.completionTime ?? releaseTime
        var time = releaseTime
        while time < end {
            draw(pop.frame(at: time))
            time += 1.0 / 60
        }
        draw(pop.frame(at: end))
        return try pop.complete()
    }
}
