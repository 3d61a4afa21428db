import CWorkerSandbox
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The worker's end of the private report channel that `WorkerProcess` set up.
///
/// A process finds out that it is a worker by looking, before any plugin is loaded, for an
/// inherited `SOCK_SEQPACKET` socket whose peer is its parent and whose first packet starts with
/// `magic`. It takes the secret and the request from that packet, marks the descriptor
/// close-on-exec and signs every report with the secret.
public final class WorkerChannel: @unchecked Sendable {
    /// The payload of a heartbeat: plugin calls returned since the last one.
    static let heartbeat: [UInt8] = [0x7E]

    /// The seconds between two heartbeats while plugin calls return.
    public static let beatInterval = 0.025

    /// The heartbeats missed (a plugin call running all along) after which a scan sends the
    /// records it held back: 200 ms.
    static let stallBeats = 8

    /// The shortest watchdog timeout a host may set: four heartbeats, so a beat that comes late on
    /// a busy machine is not taken for a hang.
    public static let shortestTimeout = 0.1

    /// The host's packet that lets a validation unit the worker announced start.
    static let goAhead: [UInt8] = Array("go".utf8)

    /// The seconds a started worker waits for its request: a host may start it early
    /// (`WorkerProcess.startEarly`) and send the request once it knows it.
    static let requestWait = 30.0

    /// The first bytes of the host's first packet.
    static let magic = "transition-catalog-worker/1 "

    /// The descriptor of the channel.
    let fd: Int32
    private let secret: [UInt8]
    /// The request the host sent.
    public let request: [UInt8]

    private init(fd: Int32, secret: [UInt8], request: [UInt8]) {
        self.fd = fd
        self.secret = secret
        self.request = request
    }

    /// The channel, when this process was started by `WorkerProcess`; nil otherwise. Call it once,
    /// first thing, before any plugin code can run.
    public static func adopt() -> WorkerChannel? {
        let parent = getppid()
        for fd in inheritedDescriptors() {
            var st = stat()
            guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFSOCK else { continue }
            var type: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_SEQPACKET.rawValue) else { continue }
            // struct ucred: pid, uid, gid.
            var peer: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0, peer.pid == parent else { continue }
            // Uninitialised: only the pages the packet fills are touched.
            var packet = [UInt8](unsafeUninitializedCapacity: 1 << 20) { _, count in count = 1 << 20 }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(requestWait * 1000)) == 1 else { continue }
            let n = packet.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
            // The host started this worker early and ended before it had a request for it.
            if n == 0 { _exit(0) }
            let magic = Array(Self.magic.utf8)
            guard n > magic.count + 33, packet[..<magic.count].elementsEqual(magic) else { continue }
            _ = packet.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let secret = Array(packet[magic.count..<(magic.count + 32)])
            let request = Array(packet[(magic.count + 33)..<n])
            return WorkerChannel(fd: fd, secret: secret, request: request)
        }
        return nil
    }

    /// The open descriptors above 2, from `/proc/self/fd` (a few reads, so every start of the tool
    /// stays cheap), else by asking each number up to the descriptor limit (at most 4096).
    static func inheritedDescriptors() -> [Int32] {
        if let dir = opendir("/proc/self/fd") {
            let own = dirfd(dir)
            var found: [Int32] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if let fd = Int32(name), fd > 2, fd != own { found.append(fd) }
            }
            closedir(dir)
            return found.sorted()
        }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let top = Int32(clamping: min(UInt64(limit.rlim_cur), 4096))
        return (3..<max(3, top)).filter { fcntl($0, F_GETFD) >= 0 }
    }

    /// The next packet from the host, waiting for it; nil when the host closed the channel.
    public func receive() -> [UInt8]? {
        while true {
            // The packet's size, without taking it (MSG_TRUNC gives a packet's full length), so
            // the buffer is that size and nothing else is filled or faulted in.
            let size = recv(fd, nil, 0, Int32(MSG_PEEK | MSG_TRUNC))
            if size < 0 && errno == EINTR { continue }
            if size <= 0 { return nil }
            var received = 0
            let packet = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                received = recv(fd, buffer.baseAddress, size, 0)
                count = max(0, received)
            }
            if received < 0 && errno == EINTR { continue }
            return received > 0 ? packet : nil
        }
    }

    /// The next packet from the host with the descriptor that came with it (-1 when none), for
    /// the go-ahead that hands a validation unit its trace file; nil when the host closed the
    /// channel. A packet longer than 64 bytes is cut.
    func receiveWithDescriptor() -> (packet: [UInt8], descriptor: Int32)? {
        var buffer = [UInt8](repeating: 0, count: 64)
        var descriptor: Int32 = -1
        let n = buffer.withUnsafeMutableBytes { tc_receive_with_descriptor(fd, $0.baseAddress, $0.count, &descriptor) }
        guard n > 0 else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        return (Array(buffer[..<n]), descriptor)
    }

    /// Confines this worker before it runs plugin code: installs the system-call filter (see
    /// `CWorkerSandbox`), whose handler reports every refused call on this channel signed with the
    /// secret, and tells the host how the worker is confined (`WorkerConfinement`).
    /// `namespaceRefusal` is what entering the namespaces returned. Call it once.
    func confine(namespaceRefusal: Int32) {
        let prefix = secret + [UInt8(ascii: " ")]
        let filterRefusal = prefix.withUnsafeBufferPointer { tc_sandbox_install(fd, $0.baseAddress, $0.count) }
        send(WorkerConfinement.report(namespaceRefusal: namespaceRefusal, filterRefusal: filterRefusal))
    }

    /// The first byte of a packet that carries a part of a longer report, not its end.
    static let continuation: UInt8 = 0x1E

    /// The first byte of the packet that carries the end of a longer report: whatever the
    /// report's bytes, its last part is never taken for a heartbeat or for another part.
    static let lastPart: UInt8 = 0x1F

    /// The most bytes of a report one packet carries: a packet must fit the socket's buffers.
    static let packetPayloadLimit = 256 * 1024

    /// Sends one report, signed with the secret: one packet, or for a long report (the frames of
    /// a transition with hundreds of tiles) several, each but the last marked as a continuation
    /// and the last as the last part.
    public func send(_ payload: [UInt8]) {
        var start = 0
        while payload.count - start > Self.packetPayloadLimit {
            let end = start + Self.packetPayloadLimit
            sendPacket([Self.continuation] + payload[start..<end])
            start = end
        }
        sendPacket(start == 0 ? payload : [Self.lastPart] + payload[start...])
    }

    private func sendPacket(_ body: [UInt8]) {
        let packet = secret + [UInt8(ascii: " ")] + body
        _ = packet.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
