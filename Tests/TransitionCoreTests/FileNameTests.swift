import Testing
import TransitionCore

@Suite struct FileNameTests {
    @Test(arguments: [
        ("/plugins/fade.so", "fade.so"),
        ("fade.so", "fade.so"),
        ("/plugins/fade.so/", "fade.so"),
        ("plugins//fade.so", "fade.so"),
        ("/", "/"),
        ("///", "///"),
        ("", ""),
        ("/plugins/wipé.so", "wipé.so"),
        ("/plugins/e\u{301}/x/\u{301}y.so", "x/\u{301}y.so"),
    ])
    func theLastComponentIsTheName(_ path: String, _ name: String) {
        #expect(FileName.of(path) == name)
        // The same as splitting at every "/" character.
        #expect(FileName.of(path) == (path.split(separator: "/").last.map(String.init) ?? path))
    }
}
