import WasmKit
import WasmParser

/// A plugin's module prepared so that one instance can serve transition after transition, each
/// starting from exactly the state a fresh instance has: the module is rewritten to export every
/// global under a reserved name (the host reads and restores them; the plugin's code is untouched),
/// and its code is searched for the instructions whose effects a restore could not undo.
///
/// A WebAssembly instance's whole state is its linear memory (bytes and size), its globals, its
/// tables and which of its passive segments were dropped. The host restores the first two. A
/// module whose code can change a table or a segment (`table.set`, `table.grow`, `table.fill`,
/// `table.copy`, `table.init`, `elem.drop`, `memory.init`, `data.drop`) gets a new instance for
/// every transition instead, as do modules the host cannot rewrite.
struct WasmRestorableModule {
    /// The rewritten module.
    let module: Module
    /// The export names of the module's mutable globals, in index order.
    let mutableGlobals: [String]

    /// The name the rewritten module exports global `index` under. No toolchain exports a name
    /// that starts with a control character; a module that does is not rewritten.
    static func globalExportName(_ index: Int) -> String { "\u{1}tc-global-\(index)" }

    /// Why the module at `bytes` cannot be restored, or the rewritten module.
    static func prepare(_ bytes: [UInt8]) -> Result<WasmRestorableModule, Refusal> {
        var parser = Parser(bytes: bytes)
        var globals: [WasmParser.Global] = []
        var exports: [WasmParser.Export] = []
        do {
            while let payload = try parser.parseNext() {
                switch payload {
                case .globalSection(let list): globals = list
                case .exportSection(let list): exports = list
                case .importSection(let list):
                    // The module file check admits function imports only; say so if that changes.
                    if list.contains(where: { if case .function = $0.descriptor { false } else { true } }) {
                        return .failure(Refusal("it imports something other than functions"))
                    }
                case .codeSection(let codes):
                    var finder = IrreversibleInstructionFinder()
                    for code in codes {
                        var expression = ExpressionParser(code: code)
                        while let visit = try expression.parse() {
                            try visit(visitor: &finder)
                            if let found = finder.found { return .failure(Refusal("its code uses `\(found)`")) }
                        }
                    }
                default: break
                }
            }
        } catch {
            return .failure(Refusal("it could not be read again: \(error)"))
        }
        if exports.contains(where: { $0.name.hasPrefix("\u{1}tc-global-") }) {
            return .failure(Refusal("it already exports a name the host reserves"))
        }
        guard let rewritten = withGlobalsExported(bytes, count: globals.count) else {
            return .failure(Refusal("its export section could not be rewritten"))
        }
        let module: Module
        do {
            module = try parseWasm(bytes: rewritten)
        } catch {
            return .failure(Refusal("its rewritten form did not parse: \(error)"))
        }
        let mutable = globals.indices.filter { globals[$0].type.mutability == .variable }.map(globalExportName)
        return .success(WasmRestorableModule(module: module, mutableGlobals: mutable))
    }

    /// Why a module cannot be restored: it then runs every transition in a new instance.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: The rewrite

    /// `bytes` with `count` more entries in its export section, one per global, or nil when the
    /// module has no export section or its sections do not walk cleanly.
    static func withGlobalsExported(_ bytes: [UInt8], count: Int) -> [UInt8]? {
        guard bytes.count >= 8 else { return nil }
        var output = Array(bytes[0..<8])
        var at = 8
        var rewrote = false
        while at < bytes.count {
            let id = bytes[at]
            guard let (size, sizeEnd) = readULEB(bytes, at + 1), sizeEnd + size <= bytes.count else { return nil }
            if id == 7 && !rewrote {
                guard let (entries, entriesStart) = readULEB(bytes, sizeEnd) else { return nil }
                var section = uleb(entries + count)
                section += bytes[entriesStart..<(sizeEnd + size)]
                for index in 0..<count {
                    let name = Array(globalExportName(index).utf8)
                    section += uleb(name.count) + name
                    section += [0x03] + uleb(index)  // exportdesc: global `index`
                }
                output += [7] + uleb(section.count) + section
                rewrote = true
            } else {
                output += bytes[at..<(sizeEnd + size)]
            }
            at = sizeEnd + size
        }
        return rewrote ? output : nil
    }

    /// The unsigned LEB128 number at `offset` (at most 32 bits) and the offset after it.
    static func readULEB(_ bytes: [UInt8], _ offset: Int) -> (Int, Int)? {
        var value = 0, shift = 0, at = offset
        while at < bytes.count && shift < 35 {
            let byte = bytes[at]
            value |= Int(byte & 0x7F) << shift
            at += 1
            if byte & 0x80 == 0 { return value <= Int(UInt32.max) ? (value, at) : nil }
            shift += 7
        }
        return nil
    }

    /// `value` as unsigned LEB128.
    static func uleb(_ value: Int) -> [UInt8] {
        var value = value, out: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            out.append(byte)
        } while value != 0
        return out
    }
}

/// Finds the first instruction whose effect a restore of memory and globals would not undo.
private struct IrreversibleInstructionFinder: AnyInstructionVisitor {
    typealias VisitorError = WasmParserError
    var binaryOffset = 0
    var found: String?

    mutating func visit(_ instruction: Instruction) throws(WasmParserError) {
        switch instruction {
        case .tableSet: found = "table.set"
        case .tableGrow: found = "table.grow"
        case .tableFill: found = "table.fill"
        case .tableCopy: found = "table.copy"
        case .tableInit: found = "table.init"
        case .elemDrop: found = "elem.drop"
        case .memoryInit: found = "memory.init"
        case .dataDrop: found = "data.drop"
        default: break
        }
    }
}
