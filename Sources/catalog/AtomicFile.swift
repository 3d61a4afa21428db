import Foundation

/// Writes files whole or not at all: to a temporary file beside the target, then renamed over it.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temp)
            if rename(temp.path, url.path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }
}
