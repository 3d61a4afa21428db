/// An object behind a C handle that keeps the message of its last failed call.
protocol ErrorKeeping: AnyObject {
    var lastError: LastError { get set }
}

extension EmbeddedHost: ErrorKeeping {}
extension EmbeddedDriver: ErrorKeeping {}
extension EmbeddedTransition: ErrorKeeping {}

extension ErrorKeeping {
    /// Runs `body`, returning TCH_OK, or the failure's status after keeping its message.
    func call(_ body: () throws(HostFailure) -> Void) -> Int32 {
        do {
            try body()
            return HostStatus.ok.rawValue
        } catch {
            lastError.set(error.message)
            return error.status.rawValue
        }
    }
}

/// The object behind a handle, or nil for NULL.
func object<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) -> T? {
    handle.map { Unmanaged<T>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

/// A new handle holding `object` until `release(_:as:)`.
func handle<T: AnyObject>(_ object: T) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// Lets go of the object behind `handle`.
func release<T: AnyObject>(_ handle: OpaquePointer, as type: T.Type) {
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// Writes `text` into a caller's buffer of `size` bytes, cut to fit, NUL-terminated.
func copy(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, size: Int) {
    guard let buffer, size > 0 else { return }
    let bytes = Array(text.utf8.prefix(size - 1))
    for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
    buffer[bytes.count] = 0
}
