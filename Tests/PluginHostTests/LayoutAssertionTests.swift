import Foundation
import TestSupport
import Testing

/// The header's `_Static_assert`s of struct sizes, alignments and offsets (its last section):
/// they hold with default flags, they stop a compiler
/// that lays the structs out differently, and they cover every struct of the header.
@Suite struct LayoutAssertionTests {
    /// Compiles the header alone as C with `flags`.
    static func compileHeader(_ flags: [String]) throws -> ProcessResult {
        try runProcess(
            "/usr/bin/env",
            [TestEnvironment.cCompiler, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-pedantic"] + flags
                + ["-x", "c", TestEnvironment.includeDirectory + "/transition_catalog.h"])
    }

    @Test(arguments: ["-std=c11", "-std=c17", "-std=c99"])
    func headerBuildsWithDefaultLayout(standard: String) throws {
        let result = try Self.compileHeader([standard])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aCompilerThatPacksStructsDifferentlyFailsToBuild() throws {
        let result = try Self.compileHeader(["-std=c11", "-fpack-struct=4"])
        #expect(result.status != 0, "packed structs went unnoticed")
        #expect(result.stderr.contains("alignof(tc_rect_t) must be 8: this compiler lays out transition_catalog.h differently"))
    }

    /// `text` without its block comments.
    static func withoutComments(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    @Test func everyStructOfTheHeaderHasItsSizeAndEveryFieldItsOffsetChecked() throws {
        let header = Self.withoutComments(try String(contentsOfFile: TestEnvironment.includeDirectory + "/transition_catalog.h", encoding: .utf8))
        let layout = try String(contentsOfFile: TestEnvironment.includeDirectory + "/transition_catalog.h", encoding: .utf8)
        var structs = 0
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            let head = line.hasPrefix("typedef struct ") ? line.dropFirst("typedef struct ".count) : line.hasPrefix("struct ") ? line.dropFirst("struct ".count) : nil
            guard let head, head.hasSuffix(" {") else { continue }
            let name = String(head.dropLast(2)) + "_t"
            structs += 1
            #expect(layout.contains("sizeof(\(name)) =="), "\(name) has no size check")
            var body = ""
            while let field = lines.next(), !field.hasPrefix("}") { body += field + " " }
            for declaration in body.split(separator: ";") where !declaration.allSatisfy(\.isWhitespace) {
                let fieldName: String
                if let open = declaration.range(of: "(*") {
                    fieldName = String(declaration[open.upperBound...].prefix { $0 != ")" })
                } else {
                    let beforeArray = declaration.split(separator: "[")[0].trimmingCharacters(in: .whitespaces)
                    fieldName = String(beforeArray.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                }
                #expect(layout.contains("offsetof(\(name), \(fieldName)) =="), "\(name).\(fieldName) has no offset check")
            }
        }
        #expect(structs == 13, "the header's structs: update this count when an extension adds one")
    }
}
