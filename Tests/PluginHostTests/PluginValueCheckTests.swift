import Foundation
import PluginHost
import Testing
import TransitionCore

/// The host checks every number a plugin's step gave before it draws or encodes a frame.
@Suite struct PluginValueCheckTests {
    func frame(color: Color?) -> TransitionFrame {
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 390, height: 844), color: color)
        return TransitionFrame(progress: 0.5, views: [SampledView(id: ViewID(2), role: .dimming, containerIndex: 0, state: state)])
    }

    @Test func aFiniteColourPasses() throws {
        try PluginValueCheck.frames([frame(color: Color(red: 0, green: 0, blue: 0, alpha: 0.4))], animator: "org.example:a")
        try PluginValueCheck.frames([frame(color: nil)], animator: "org.example:a")
    }

    /// A colour component that is not finite would reach the JSON encoder, which cannot write it
    /// (found by the descriptor fuzz target).
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aColourThatIsNotFiniteIsANamedError(_ bad: Double) throws {
        let error = #expect(throws: PluginValueError.self) {
            try PluginValueCheck.frames([frame(color: Color(red: 0, green: bad, blue: 0))], animator: "org.example:a")
        }
        #expect(error?.description.contains("org.example:a") == true)
        #expect(error?.description.contains("view #2 (dimming)") == true, "\(error?.description ?? "")")
    }
}
