import CCairo
import Foundation
import PluginHost
import Renderers
import Testing
import TestSupport
import TransitionCore

/// Timelines for the renderer tests: hand-made ones, and the built-in animators' as the
/// `catalog` tool samples them.
enum Fixtures {
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    /// The built-in plugin, loaded once per test process.
    static let builtins: Result<PluginLibrary, PluginError> = Result { () throws(PluginError) in
        try PluginLibrary.load(path: TestEnvironment.builtinPlugin)
    }

    /// Every built-in animator with every operation it supports.
    static func builtinCases() throws -> [(Animator, TransitionOperation)] {
        try builtins.get().animators.flatMap { a in a.description.operations.map { (a, $0) } }
    }

    /// A built-in animator.
    static func animator(_ id: String) throws -> Animator {
        try #require(try builtins.get().animator(id), "no built-in animator '\(id)'")
    }

    /// The timeline of an animator's transition sampled at `progresses` (default: at `fps`), in
    /// `style` (default: the animator's), over its backdrop as the `catalog` tool draws it
    /// (`backdrop: false` leaves the backdrop out).
    static func timeline(
        _ animator: Animator, _ operation: TransitionOperation, style: PresentationStyle? = nil, fps: Double = 60,
        progresses: [Double]? = nil, bounds: Rect = bounds, backdrop: Bool = true
    ) throws -> TransitionTimeline {
        let style = style ?? animator.description.defaultStyle(for: operation)
        let context = try TransitionContext(operation: operation, style: style, containerBounds: bounds)
        let duration = animator.duration(context)
        let sampled = try animator.run(context, progresses: progresses ?? FrameTimes.progresses(duration: duration, fps: fps))
        let timeline = TransitionTimeline.even(
            title: "\(operation) · \(animator.id)", containerBounds: bounds, duration: duration, frames: sampled.frames)
        return backdrop ? Backdrop.standalone(for: context).compose(timeline, context: context) : timeline
    }

    /// A view in a hand-made frame.
    static func view(_ id: Int32, _ role: ViewRole, _ frame: Rect, alpha: Double = 1, transform: Transform3D = .identity, z: Int32 = 0, hidden: Bool = false, color: Color? = nil) -> SampledView {
        SampledView(
            id: ViewID(id), role: role, containerIndex: Int(id),
            state: ViewState(frame: frame, alpha: alpha, transform: transform, zIndex: z, hidden: hidden, color: color))
    }

    /// A hand-made push: the to-view slides in from the right over the from-view, linearly.
    static func linearPush(frames count: Int = 5, duration: Double = 0.4) -> TransitionTimeline {
        let frames = FrameTimes.even(count).map { p in
            TransitionFrame(progress: p, views: [
                view(0, .from, bounds.offsetBy(dx: -0.3 * 390 * p, dy: 0)),
                view(1, .to, bounds.offsetBy(dx: 390 * (1 - p), dy: 0)),
            ])
        }
        return .even(title: "push · test", containerBounds: bounds, duration: duration, frames: frames)
    }

    /// A temporary directory for one test.
    static func temporaryDirectory() throws -> String {
        let dir = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-render-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Writes bytes to a file in `dir`.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in dir: String) throws -> String {
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A decoded PNG (through cairo's PNG reader), for looking at pixels.
struct DecodedPNG {
    let width: Int
    let height: Int
    /// 0xAARRGGBB, premultiplied.
    let pixels: [UInt32]

    init(_ bytes: [UInt8]) throws {
        try GraphicsLibraries.loadCairo()
        final class Source { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let source = Source(bytes)
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let s = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard s.offset + n <= s.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
            s.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + s.offset, count: n) }
            s.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw ExternalTools.ToolError("cairo could not read the PNG")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let w = width, h = height
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                pixels[y * w + x] = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
            }
        }
        self.pixels = pixels
    }

    /// The colour at (x, y) as (r, g, b) bytes.
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixels[y * width + x]
        return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
    }
}

/// The (r, g, b) bytes of a colour.
func bytes(_ c: Color) -> (Int, Int, Int) {
    (Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
}

/// True when two colours differ by at most `tolerance` in every channel.
func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 2) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}
