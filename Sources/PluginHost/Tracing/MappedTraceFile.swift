#if canImport(Glibc)
import Glibc
#endif

/// An append-only trace file written through a shared memory mapping: appending a line is a copy
/// into the file's pages, not a `write(2)`, and what was appended is in the file (the kernel's page
/// cache) at once, so it survives a crash of the process that wrote it as a written line does.
///
/// The file grows a window at a time (`windowSize`, its blocks allocated before it is mapped),
/// so until `close` sets its length a reader can find zero bytes after the last line;
/// `CallTracer.read` stops at the first. Every `touchInterval` appends the file's modification
/// time is set, so a watchdog that looks at the file (`IsolatedValidator`) sees it grow on any
/// file system. When the file cannot be mapped or its blocks allocated, appends fall back to
/// `write(2)`.
final class MappedTraceFile {
    /// The bytes of file mapped at a time.
    static let windowSize = 1 << 16
    /// Appends between two updates of the modification time.
    static let touchInterval = 64

    private let fd: Int32
    private var window: UnsafeMutableRawPointer?
    /// The file offset where the mapped window starts.
    private var windowStart = 0
    /// Bytes used in the window.
    private var used = 0
    private var appends = 0
    private var mappable = true
    private var closed = false

    /// Appends to `fd`, a descriptor open for reading and writing (a shared mapping needs both),
    /// which the file owns from now on and closes.
    init(fd: Int32) {
        self.fd = fd
    }

    deinit { close() }

    /// The length of what was appended.
    var length: Int { windowStart + used }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !closed, var source = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        appends += 1
        if appends % Self.touchInterval == 0 { futimens(fd, nil) }
        while remaining > 0 {
            if window == nil || used == Self.windowSize {
                guard mapNextWindow() else {
                    _ = Glibc.write(fd, source, remaining)
                    return
                }
            }
            let n = min(remaining, Self.windowSize - used)
            (window! + used).copyMemory(from: source, byteCount: n)
            used += n
            remaining -= n
            source += n
        }
    }

    /// Sets the modification time now, as appending would.
    func touch() { futimens(fd, nil) }

    /// Empties the file.
    func truncate() {
        guard !closed else { return }
        unmap()
        windowStart = 0
        used = 0
        ftruncate(fd, 0)
    }

    /// Gives the file its exact length and closes it; appends after this are lost.
    func close() {
        guard !closed else { return }
        closed = true
        if mappable {
            let end = length
            unmap()
            ftruncate(fd, off_t(end))
        }
        _ = Glibc.close(fd)
    }

    /// Maps the window after the current one (the first, when none is mapped), growing the file
    /// to hold it; false when the file cannot be mapped, from then on.
    private func mapNextWindow() -> Bool {
        guard mappable else { return false }
        let start = window == nil ? 0 : windowStart + Self.windowSize
        unmap()
        // Blocks allocated now, not at the first touch of each page: a full disk makes this call
        // fail, and the trace goes on with write(2), where touching a page of a sparse file
        // would end the worker with SIGBUS.
        guard posix_fallocate(fd, off_t(start), off_t(Self.windowSize)) == 0 else {
            mappable = false
            ftruncate(fd, off_t(start))
            lseek(fd, off_t(start), SEEK_SET)
            return false
        }
        let mapped = mmap(nil, Self.windowSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(start))
        guard let mapped, mapped != MAP_FAILED else {
            mappable = false
            ftruncate(fd, off_t(start))
            lseek(fd, off_t(start), SEEK_SET)
            return false
        }
        // Pages are faulted in one at a time as lines reach them: the kernel's read-ahead would
        // fill (and zero) much of the window at the first line, most of it never used.
        madvise(mapped, Self.windowSize, MADV_RANDOM)
        window = mapped
        windowStart = start
        used = 0
        return true
    }

    private func unmap() {
        if let window { munmap(window, Self.windowSize) }
        window = nil
    }
}
