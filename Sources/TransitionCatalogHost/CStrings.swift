#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// C strings a handle gives out: each copy lives as long as the store, so a pointer the API
/// returns stays valid for as long as its header comment promises.
final class CStrings {
    private var kept: [UnsafeMutablePointer<CChar>] = []

    /// A C copy of `text`, freed with the store.
    func keep(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        kept.append(copy)
        return UnsafePointer(copy)
    }

    /// A C copy of `text`, or NULL for nil.
    func keepOrNull(_ text: String?) -> UnsafePointer<CChar>? {
        text.map { keep($0) }
    }

    /// Frees every string given out so far.
    func clear() {
        for p in kept { free(p) }
        kept.removeAll()
    }

    deinit { clear() }
}

/// The last error of a handle, as a C string owned by the handle.
struct LastError {
    private var storage = CStrings()
    private(set) var pointer: UnsafePointer<CChar>

    init() {
        pointer = storage.keep("")
    }

    /// Replaces the message; the previous pointer becomes invalid.
    mutating func set(_ message: String) {
        let next = CStrings()
        pointer = next.keep(message)
        storage = next
    }
}

/// Reads a C string the caller passed, or nil for NULL.
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// Reads `count` C strings the caller passed; nil when the array is NULL but the count is not 0
/// or when one of them is NULL.
func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?, count: UInt32) -> [String]? {
    guard count > 0 else { return [] }
    guard let array else { return nil }
    var result: [String] = []
    for i in 0..<Int(count) {
        guard let p = array[i] else { return nil }
        result.append(String(cString: p))
    }
    return result
}
