import Foundation
import Testing
import TestSupport

/// Every public name of the Swift modules the API reference documents has a doc comment: a
/// `///` line (or a `/** */` block) above its declaration, past its attributes and plain comments.
@Suite struct PublicDocCommentTests {
    /// The modules of the API reference (scripts/generate-api-reference) and the Swift plugin SDK.
    static let sourceFolders = [
        "Sources/TransitionCore", "Sources/PluginHost", "Sources/Renderers", "sdk/swift/Sources/TransitionPluginSDK",
    ]

    /// `FILE:LINE: declaration` for each public or open declaration of `source` with no doc
    /// comment. Lines inside multi-line string literals are code for other files, not declarations.
    static func undocumented(in source: String, file: String) -> [String] {
        let lines = source.components(separatedBy: "\n")
        var found: [String] = []
        var inString = false
        for (i, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inString.toggle() } }
            guard !inString, isPublicDeclaration(trimmed) else { continue }
            var j = i - 1
            while j >= 0 {
                let above = lines[j].trimmingCharacters(in: .whitespaces)
                if Self.isAttributeOnly(above) || (above.hasPrefix("//") && !above.hasPrefix("///")) { j -= 1 } else { break }
            }
            let above = j >= 0 ? lines[j].trimmingCharacters(in: .whitespaces) : ""
            if !(above.hasPrefix("///") || above.hasSuffix("*/")) { found.append("\(file):\(i + 1): \(trimmed)") }
        }
        return found
    }

    /// True for a line of attributes only, such as `@available(*, deprecated)`.
    static func isAttributeOnly(_ line: String) -> Bool {
        let bare = line.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        let words = bare.split(separator: " ")
        return !words.isEmpty && words.allSatisfy { $0.hasPrefix("@") }
    }

    /// True for a line that declares a public or open name (after any attributes); extensions
    /// and imports name nothing new.
    static func isPublicDeclaration(_ line: String) -> Bool {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard let first = words.first, first == "public" || first == "open" || first.hasPrefix("public(") else { return false }
        return words.count > 1 && words[1] != "extension" && words[1] != "import"
    }

    @Test func everyPublicNameHasADocComment() throws {
        var missing: [String] = []
        var checked = 0
        for folder in Self.sourceFolders {
            let root = TestEnvironment.packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files.sorted() {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                checked += text.components(separatedBy: "\n").filter { Self.isPublicDeclaration($0.trimmingCharacters(in: .whitespaces)) }.count
                missing += Self.undocumented(in: text, file: folder + "/" + file)
            }
        }
        #expect(checked > 300, "the scan found \(checked) public declarations")
        #expect(missing.isEmpty, "public names without a doc comment:\n\(missing.joined(separator: "\n"))")
    }

    @Test func anUndocumentedNameIsCaughtAndADocumentedOneIsNot() {
        let source = """
            /// Documented.
            public struct A {
                /// Documented, past an attribute and a plain comment.
                // why it is unchecked
                @inlinable public func f() {}
                public var undocumented: Int
                let template = \"\"\"
                    public func insideATemplate() {}
                    \"\"\"
            }
            public extension A {}
            """
        #expect(Self.undocumented(in: source, file: "A.swift") == ["A.swift:6: public var undocumented: Int"])
    }
}
