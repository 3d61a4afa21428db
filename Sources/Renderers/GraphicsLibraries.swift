import CCairo
import CGIF
import CPNG

/// The C libraries that draw and encode pictures, opened the first time a picture is asked for.
///
/// Only the commands that make PNG or GIF pictures need cairo and giflib, so neither is linked:
/// each is loaded with `dlopen` on first use, and a missing one is a `RenderError` that says what
/// to install, never a failure to start.
public enum GraphicsLibraries {
    /// Loads cairo (drawing and PNG), once per process.
    /// - Throws: `RenderError` naming the library and what to install when it cannot be loaded.
    public static func loadCairo() throws(RenderError) {
        try load(tc_cairo_load)
    }

    /// Loads libpng (PNG encoding), once per process.
    /// - Throws: `RenderError` naming the library and what to install when it cannot be loaded.
    public static func loadPNG() throws(RenderError) {
        try load(tc_png_load)
    }

    /// Loads giflib (GIF encoding), once per process.
    /// - Throws: `RenderError` naming the library and what to install when it cannot be loaded.
    public static func loadGIF() throws(RenderError) {
        try load(tc_gif_load)
    }

    /// True when cairo is loaded in this process.
    public static var isCairoResident: Bool { tc_cairo_is_resident() }

    private static func load(_ loader: (UnsafeMutablePointer<CChar>?, Int) -> Bool) throws(RenderError) {
        var message = [CChar](repeating: 0, count: 512)
        let loaded = message.withUnsafeMutableBufferPointer { loader($0.baseAddress, $0.count) }
        guard loaded else {
            throw RenderError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}
