import PluginHost
import Testing

/// The id rules the descriptor reader applies to every plugin and animator id.
@Suite("id syntax")
struct IDSyntaxTests {
    @Test("reverse-DNS plugin ids", arguments: [
        ("org.example.wipe", true), ("org.example-1.wipe_2", true), ("a.b", true), ("0rg.9", true),
        ("wipe", false), ("", false), (".org.example", false), ("org..example", false), ("org.example.", false),
        ("Org.example", false), ("org.-example", false), ("org._x", false), ("org.exämple", false), ("org.ex ample", false),
        ("o." + String(repeating: "x", count: 62), true), ("o." + String(repeating: "x", count: 63), false),
    ])
    func reverseDNS(id: String, valid: Bool) {
        #expect(IDSyntax.isReverseDNS(id) == valid)
    }

    @Test("kebab-case animator and parameter ids", arguments: [
        ("cover-vertical", true), ("fade", true), ("a1-b2", true), ("x", true),
        ("", false), ("-fade", false), ("fade-", false), ("cover--vertical", false), ("1fade", false), ("Fade", false),
        ("cover_vertical", false), ("fäde", false), (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false),
    ])
    func kebabCase(id: String, valid: Bool) {
        #expect(IDSyntax.isKebabCase(id) == valid)
    }
}
