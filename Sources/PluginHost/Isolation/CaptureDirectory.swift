#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The private directory where a worker writes the call traces of its units (`unit-N.trace`):
/// made with `mkdtemp` in the temporary directory (`TMPDIR`, else /tmp), readable by this user
/// only, and removed with what it holds.
enum CaptureDirectory {
    /// A new, empty directory whose name starts with `prefix` and this process's id; a path in the
    /// temporary directory that does not exist when it cannot be made, so the traces are not
    /// written and the worker still runs.
    static func make(prefix: String) -> String {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if base.isEmpty { base = "/tmp" }
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/\(prefix)-\(getpid())-XXXXXX".utf8CString)
        if let made = template.withUnsafeMutableBufferPointer({ buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }) {
            return made
        }
        return "\(base)/\(prefix)-\(getpid())-unavailable"
    }

    /// Removes `path` and what it holds: the traces a worker wrote, or anything else.
    static func remove(_ path: String) {
        if unlink(path + "/unit-1.trace") != 0 && errno != ENOENT { return removeAll(path) }
        if rmdir(path) != 0 && errno != ENOENT { removeAll(path) }
    }

    private static func removeAll(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
