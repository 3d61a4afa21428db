import CAllocationCount
import TransitionABI
import TransitionCore

/// The services table every plugin receives in `tc_context_t.host`. Each function finds its
/// `TransitionSession` through the context's `host_data`.
enum HostServices {
    nonisolated(unsafe) static let table: UnsafePointer<tc_host_t> = {
        let t = UnsafeMutablePointer<tc_host_t>.allocate(capacity: 1)
        t.initialize(to: tc_host_t(
            abi: ABIVersion.host.c,
            name: UnsafePointer(strdup("Transition Catalog")),
            version: UnsafePointer(strdup(HostInfo.version)),
            add_view: { ctx, view in
                guard let s = session(ctx) else { return false }
                return s.traced("add_view", [Double(view)], s.addView(view))
            },
            insert_view_below: { ctx, view, sibling in
                guard let s = session(ctx) else { return false }
                return s.traced("insert_view_below", [Double(view), Double(sibling)], s.insertView(view, below: sibling))
            },
            remove_view: { ctx, view in
                guard let s = session(ctx) else { return false }
                return s.traced("remove_view", [Double(view)], s.removeView(view))
            },
            snapshot_view: { ctx, view in
                guard let s = session(ctx) else { return TC_VIEW_NONE }
                return s.traced("snapshot_view", [Double(view)], s.snapshotView(view))
            },
            make_view: { ctx, role, frame, color in
                guard let s = session(ctx) else { return TC_VIEW_NONE }
                return s.traced(
                    "make_view", [Double(role), frame.x, frame.y, frame.width, frame.height],
                    s.makeView(role: role, frame: frame, color: color, call: "make_view"))
            },
            timing_curve: { _, curve, t in
                TimingCurve.standardValue(index: Int(curve), at: t) ?? t
            },
            cubic_bezier: { ctx, x1, y1, x2, y2, t in
                let s = session(ctx)
                return hostWork {
                    let built: CubicBezier?
                    if let s { built = try? s.bezierCache.curve(x1, y1, x2, y2) } else { built = try? CubicBezier(x1, y1, x2, y2) }
                    guard let curve = built else {
                        s?.misbehave(.badArgument, "cubic_bezier", "control points x1 = \(x1), x2 = \(x2) must be finite and in [0, 1]")
                        return t
                    }
                    return curve.value(at: t)
                }
            },
            spring: { ctx, dampingRatio, velocity, progress in
                hostWork {
                    guard let s = session(ctx) else { return FittedSpring(dampingRatio: dampingRatio, initialVelocity: velocity).value(at: progress) }
                    return s.springCache.spring(dampingRatio: dampingRatio, initialVelocity: velocity).value(at: progress)
                }
            },
            log: { ctx, level, message in
                hostWork {
                    let text = PluginString(message, limit: 4096).text
                    session(ctx)?.appendLog(level: level, message: text)
                }
            },
            get_extension: { _, id in
                guard let id, strcmp(id, TC_COMPOSITING_EXTENSION_ID) == 0 else { return nil }
                return UnsafeRawPointer(HostServices.compositing)
            }))
        return UnsafePointer(t)
    }()

    /// The compositing extension (`org.transitioncatalog.compositing/1`).
    nonisolated(unsafe) static let compositing: UnsafePointer<tc_compositing_t> = {
        let t = UnsafeMutablePointer<tc_compositing_t>.allocate(capacity: 1)
        t.initialize(to: tc_compositing_t(
            abi: ABIVersion.host.c,
            set_double_sided: { ctx, view, doubleSided in
                guard let s = session(ctx) else { return false }
                return s.traced("set_double_sided", [Double(view), doubleSided ? 1 : 0], s.setDoubleSided(view, doubleSided))
            },
            set_camera: { ctx, camera in
                guard let s = session(ctx) else { return false }
                return hostWork {
                    let args = camera.map { [$0.pointee.eye_distance] + Transform3D($0.pointee.sublayer_transform).columnMajor } ?? []
                    return s.traced("set_camera", args, s.setCamera(camera))
                }
            },
            snapshot_rect: { ctx, view, rect, role in
                guard let s = session(ctx) else { return TC_VIEW_NONE }
                return s.traced(
                    "snapshot_rect", [Double(view), rect.x, rect.y, rect.width, rect.height, Double(role)],
                    s.snapshotRect(view, rect, role: role))
            },
            matched_element_count: { ctx in
                UInt32(session(ctx)?.context.matchedElements.count ?? 0)
            },
            matched_element: { ctx, index, element in
                guard let s = session(ctx) else { return false }
                return hostWork { s.traced("matched_element", [Double(index)], s.matchedElement(index, element)) }
            }))
        return UnsafePointer(t)
    }()

    /// Runs the host's own work inside a plugin call (filling a cache, recording a log line or a
    /// call, setting the camera) without counting its allocations against the plugin's step. The
    /// services a step may call all run inside it; the others, called in a step, are breaches of
    /// their own.
    @inline(__always)
    static func hostWork<T>(_ work: () -> T) -> T {
        guard TransitionSession.countsAllocations else { return work() }
        let counting = allocation_count_pause()
        defer { allocation_count_resume(counting) }
        return work()
    }

    @inline(__always)
    static func session(_ ctx: UnsafePointer<tc_context_t>?) -> TransitionSession? {
        guard let data = ctx?.pointee.host_data else { return nil }
        return Unmanaged<TransitionSession>.fromOpaque(data).takeUnretainedValue()
    }
}

/// The host's identity as plugins see it.
public enum HostInfo {
    /// The host's version: the release of Transition Catalog.
    public static let version = "0.1.0"

    /// The version of the C host API this build implements, `MAJOR.MINOR` from
    /// transition_catalog_host.h: what `tch_api_version()` returns as major * 1000 + minor, and
    /// the Version of the installed transition-catalog-host.pc.
    public static let hostAPIVersion = "\(TCH_API_VERSION_MAJOR).\(TCH_API_VERSION_MINOR)"

    /// The release with the versions of the two C interfaces, as `catalog --version` prints it:
    /// `0.1.0 (plugin ABI 1.1.0, host API 1.1)`. The plugin ABI's is also the Version of the
    /// installed transition-catalog.pc.
    public static var versionDescription: String { "\(version) (plugin ABI \(ABIVersion.host), host API \(hostAPIVersion))" }
}

/// The fitted springs a session has used, so a step does not solve the same spring again.
struct SpringCache {
    private var entries: [(dampingRatio: Double, velocity: Double, spring: FittedSpring)] = []

    mutating func spring(dampingRatio: Double, initialVelocity: Double) -> FittedSpring {
        if let hit = entries.first(where: { $0.dampingRatio == dampingRatio && $0.velocity == initialVelocity }) {
            return hit.spring
        }
        let spring = FittedSpring(dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        if entries.count < 8 { entries.append((dampingRatio, initialVelocity, spring)) }
        return spring
    }
}

#if canImport(Glibc)
import Glibc
#endif
