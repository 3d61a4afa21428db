import Foundation
import PluginHost
import TransitionABI
import TransitionCore

/// The descriptor fuzz target: each input becomes a plugin descriptor (strings of any bytes and
/// lengths, NULL pointers, counts, parameter ranges, every flag) and a step's view states (any
/// bit pattern, NaN and infinities included), fed through the loader's reader and the host's
/// value checks. A property that fails ends the process, and libFuzzer keeps the input.
///
/// Built with `scripts/fuzz` (libFuzzer, `-sanitize=fuzzer`); without `FUZZING` the executable
/// replays the input files it is given, for a saved reproducer: `descriptor-fuzz FILE...`.
@_cdecl("LLVMFuzzerTestOneInput")
public func descriptorFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    var input = FuzzInput(bytes: UnsafeBufferPointer(start: data, count: size))
    DescriptorFuzz.run(&input)
    return 0
}

/// Bytes of one input, taken from the front; zeros once they run out.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() -> UInt32 { (0..<4).reduce(0) { v, i in v | UInt32(byte()) << (8 * UInt32(i)) } }

    mutating func u64() -> UInt64 { (0..<8).reduce(0) { v, i in v | UInt64(byte()) << (8 * UInt64(i)) } }

    /// A double: often a plain small value, sometimes any bit pattern (NaN, infinities, huge).
    mutating func double() -> Double {
        switch byte() % 4 {
        case 0: Double(bitPattern: u64())
        case 1: Double(Int8(bitPattern: byte())) / 8
        default: Double(byte()) / 255
        }
    }
}

/// Memory for one descriptor, freed when the input is done.
final class FuzzArena {
    private var blocks: [UnsafeMutableRawPointer] = []

    deinit { for b in blocks { b.deallocate() } }

    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, count))
        blocks.append(UnsafeMutableRawPointer(p))
        return p
    }

    /// A NUL-terminated string of input bytes (any bytes but NUL, up to 300 of them), or NULL.
    func string(_ input: inout FuzzInput) -> UnsafePointer<CChar>? {
        let head = input.byte()
        if head == 0xFF { return nil }
        let pool: [UInt8] = Array("abc.-_ XYZ09".utf8) + [0x1B, 0x07, 0x7F, 0x9B, 0xE2, 0x80, 0x8B, 0xAE, 0xEF, 0xBB, 0xBF, 0xC3, 0xFE]
        let count = head < 0xF0 ? Int(head % 24) : 60 + Int(input.byte())
        let p = allocate(CChar.self, count: count + 1)
        for i in 0..<count {
            let b = input.byte()
            p[i] = CChar(bitPattern: b & 0x80 == 0 ? pool[Int(b) % pool.count] : max(1, b))
        }
        p[count] = 0
        return UnsafePointer(p)
    }
}

private let duration: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?) -> Double = { _, _ in 0.3 }
private let setup: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Bool = { _, _, _ in true }
private let step: @convention(c) (UnsafePointer<tc_animator_t>?, UnsafePointer<tc_context_t>?, UnsafeMutableRawPointer?, Double, UnsafeMutablePointer<tc_view_state_t>?, UInt32) -> Void = { _, _, _, _, _, _ in }

/// The properties checked on each input.
enum DescriptorFuzz {
    static func run(_ input: inout FuzzInput) {
        let arena = FuzzArena()
        let plugin = makePlugin(&input, arena: arena)
        let (info, problems) = DescriptorCheck.read(plugin, path: "/fuzz/plugin.so")
        checkDescriptor(info, problems: problems, declared: Int(plugin.pointee.animator_count))
        checkStates(&input)
        checkDuration(input.double())
    }

    static func makePlugin(_ input: inout FuzzInput, arena: FuzzArena) -> UnsafePointer<tc_plugin_t> {
        let plugin = arena.allocate(tc_plugin_t.self, count: 1)
        plugin.initialize(to: tc_plugin_t())
        plugin.pointee.abi = tc_version_t(major: UInt32(TC_ABI_VERSION_MAJOR), minor: input.u32() % 4, patch: input.u32() % 4)
        plugin.pointee.id = arena.string(&input)
        plugin.pointee.name = arena.string(&input)
        plugin.pointee.vendor = arena.string(&input)
        plugin.pointee.version = arena.string(&input)
        plugin.pointee.description = arena.string(&input)
        plugin.pointee.license = arena.string(&input)
        let count = Int(input.byte() % 5)
        plugin.pointee.animator_count = UInt32(count)
        if input.byte() % 16 != 0 {
            let list = arena.allocate(UnsafePointer<tc_animator_t>?.self, count: count)
            for i in 0..<count { list[i] = input.byte() % 32 == 0 ? nil : makeAnimator(&input, arena: arena) }
            plugin.pointee.animators = UnsafePointer(list)
        }
        return UnsafePointer(plugin)
    }

    static func makeAnimator(_ input: inout FuzzInput, arena: FuzzArena) -> UnsafePointer<tc_animator_t> {
        let a = arena.allocate(tc_animator_t.self, count: 1)
        a.initialize(to: tc_animator_t())
        let majorByte = input.byte()
        a.pointee.abi = tc_version_t(major: majorByte % 16 == 0 ? UInt32(majorByte) : UInt32(TC_ABI_VERSION_MAJOR), minor: input.u32() % 4, patch: 0)
        a.pointee.id = arena.string(&input)
        a.pointee.name = arena.string(&input)
        a.pointee.summary = arena.string(&input)
        a.pointee.operations = input.byte() % 8 == 0 ? input.u32() : UInt32(input.byte() % 32)
        a.pointee.styles = input.byte() % 8 == 0 ? input.u32() : UInt32(input.byte() % 4)
        a.pointee.flags = input.byte() % 8 == 0 ? input.u32() : UInt32(input.byte() % 2)
        let functions = input.byte()
        a.pointee.duration = functions & 1 == 0 ? duration : nil
        a.pointee.setup = functions & 2 == 0 ? setup : nil
        a.pointee.step = functions & 4 == 0 ? step : nil
        let count = Int(input.byte() % 6)
        a.pointee.param_count = input.byte() % 32 == 0 ? UInt32(TC_MAX_PARAMS) + 1 : UInt32(count)
        if a.pointee.param_count > UInt32(count) { return UnsafePointer(a) }
        if count > 0 && input.byte() % 16 != 0 {
            let params = arena.allocate(tc_param_t.self, count: count)
            for i in 0..<count {
                var p = tc_param_t()
                p.id = arena.string(&input)
                p.name = arena.string(&input)
                p.doc = arena.string(&input)
                p.unit = arena.string(&input)
                p.type = input.byte() % 8 == 0 ? input.u32() : UInt32(input.byte() % 4)
                p.default_value = input.double()
                p.min_value = input.double()
                p.max_value = input.double()
                let choices = Int(input.byte() % 5)
                p.choice_count = UInt32(choices)
                if choices > 0 && input.byte() % 8 != 0 {
                    let names = arena.allocate(UnsafePointer<CChar>?.self, count: choices)
                    for j in 0..<choices { names[j] = arena.string(&input) }
                    p.choices = UnsafePointer(names)
                }
                params[i] = p
            }
            a.pointee.params = UnsafePointer(params)
        }
        return UnsafePointer(a)
    }

    /// A descriptor the reader accepts is one the host can use everywhere: its animators are the
    /// ones declared, its parameters' defaults are allowed values, it encodes as JSON (what
    /// `list --json` prints), and every string it shows on a terminal is escaped.
    static func checkDescriptor(_ info: PluginInfo, problems: [DescriptorProblem], declared: Int) {
        for problem in problems {
            requireEscaped(problem.description, "a descriptor problem")
        }
        guard !problems.contains(where: { $0.severity == .error }) else { return }
        require(info.animators.count == declared, "an accepted descriptor lost animators: \(info.animators.count) of \(declared)")
        do {
            _ = try JSONEncoder().encode(info)
        } catch {
            fail("an accepted descriptor does not encode as JSON: \(error)")
        }
        for animator in info.animators {
            for text in [animator.id, animator.name, animator.summary] { requireEscaped(DisplayText.escape(text), "an animator string") }
            require(!animator.operations.isEmpty, "\(animator.id) serves no operation")
            for parameter in animator.parameters {
                require(parameter.defaultValue.isFinite && parameter.minimum.isFinite && parameter.maximum.isFinite,
                        "\(animator.id).\(parameter.id) has a bound or default that is not finite")
                require(parameter.minimum <= parameter.defaultValue && parameter.defaultValue <= parameter.maximum,
                        "\(animator.id).\(parameter.id)'s default is outside its range")
            }
        }
    }

    /// View states that pass the host's check can be drawn and printed: they encode as JSON.
    static func checkStates(_ input: inout FuzzInput) {
        let count = 2 + Int(input.byte() % 4)
        var states: [tc_view_state_t] = []
        for _ in 0..<count {
            var s = tc_view_state_t()
            s.frame = tc_rect_t(x: input.double(), y: input.double(), width: input.double(), height: input.double())
            s.alpha = input.double()
            withUnsafeMutableBytes(of: &s.transform.m) { raw in
                let m = raw.bindMemory(to: Double.self)
                for i in 0..<16 { m[i] = i % 5 == 0 ? 1 : 0 }
                for _ in 0..<Int(input.byte() % 4) { m[Int(input.byte() % 16)] = input.double() }
            }
            s.corner_radius = input.double()
            s.z_index = Int32(bitPattern: input.u32())
            s.hidden = input.byte() % 2 == 1
            s.color = tc_color_t(r: input.double(), g: input.double(), b: input.double(), a: input.double())
            states.append(s)
        }
        let frame = DescriptorCheck.frame(states, progress: Double(input.byte()) / 255)
        do {
            try PluginValueCheck.frames([frame], animator: "org.example.fuzz:fuzz")
        } catch {
            requireEscaped(error.description, "a value error")
            return
        }
        do {
            _ = try JSONEncoder().encode(frame)
        } catch {
            fail("view states that passed the value check do not encode as JSON: \(error)")
        }
    }

    /// A duration that passes the check can be turned into frame counts without a trap.
    static func checkDuration(_ value: Double) {
        do {
            try PluginValueCheck.duration(value, animator: "org.example.fuzz:fuzz", operation: .push)
        } catch {
            return
        }
        for fps in [30.0, 60.0, 240.0] {
            let frames = (value * fps).rounded()
            require(frames.isFinite && frames < Double(Int32.max), "duration \(value) s makes \(frames) frames at \(fps) fps")
        }
    }

    static func requireEscaped(_ text: String, _ what: String) {
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
            fail("\(what) shows U+\(String(scalar.value, radix: 16, uppercase: true)) raw: \(text.debugDescription)")
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("descriptor-fuzz: \(message)\n".utf8))
        abort()
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ input: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Hands the command line to libFuzzer, which calls `descriptorFuzzInput` with each input.
@main
struct DescriptorFuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(runFuzzer(&argc, &argv, descriptorFuzzInput))
    }
}
#else
/// Replays saved inputs: `descriptor-fuzz FILE...` runs each through the same properties.
@main
struct DescriptorFuzzReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: descriptor-fuzz FILE... (scripts/fuzz builds the libFuzzer target)\n".utf8))
            exit(2)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("descriptor-fuzz: cannot read \(file)\n".utf8))
                exit(2)
            }
            _ = data.withUnsafeBytes { descriptorFuzzInput($0.bindMemory(to: UInt8.self).baseAddress, data.count) }
            print("\(file): every property holds")
        }
    }
}
#endif
