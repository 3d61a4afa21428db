import PluginHost
import TestSupport
import Testing
import TransitionCore

/// The labels of the shipped animators: every one has a source, the ones marked as checked are
/// exactly the ones a reference suite compares, and the ones on unpublished numbers say so.
@Suite struct AnimatorSourceTests {
    /// The animators of the shipped libraries that loaded, with their plugin's id.
    static func shipped() -> [(plugin: String, animator: String)] {
        BuiltinContractTests.libraries.flatMap { _, library in library.animators.map { (library.info.id, $0.id) } }
    }

    /// The animators the reference suites compare with a reference written from their source.
    static let compared = Set(PlatformReferenceTests.ids + PlatformReferenceTests.rustIds + ["predictive-back", "container-transform"] + FlutterPredictiveBackReferenceTests.ids + MaterialBackHelperReferenceTests.ids)

    @Test func everyShippedAnimatorHasASource() {
        let missing = Self.shipped().filter { AnimatorSources.of(plugin: $0.plugin, animator: $0.animator) == nil }
        #expect(Self.shipped().count >= 49)
        #expect(missing.isEmpty, "no source for \(missing.map(\.animator))")
    }

    @Test func checkedMeansComparedByAReferenceSuite() {
        let checked = Set(Self.shipped().filter { AnimatorSources.of(plugin: $0.plugin, animator: $0.animator)?.checked == true }.map(\.animator))
        let compared = Self.compared.intersection(Self.shipped().map(\.animator))
        #expect(checked == compared, "checked \(checked.sorted()), compared \(compared.sorted())")
    }

    @Test(arguments: ["ios-push", "ios-zoom"])
    func unpublishedNumbersAreSaidToBe(_ id: String) throws {
        let source = try #require(AnimatorSources.of(plugin: AnimatorSources.builtins, animator: id))
        #expect(source.fidelity == .unpublished)
        #expect(source.text.contains("unpublished"))
        #expect(!source.notes.isEmpty, "it names where its numbers come from")
    }

    @Test func aSourceNamesItsFileAndSymbol() throws {
        for (plugin, animator) in Self.shipped() {
            let source = try #require(AnimatorSources.of(plugin: plugin, animator: animator))
            if source.fidelity == .own {
                #expect(source.file.isEmpty && source.symbol.isEmpty, "\(animator)")
            } else {
                #expect(!source.file.isEmpty && !source.symbol.isEmpty, "\(animator)")
                #expect(source.text.contains(source.symbol), "\(animator): \(source.text)")
            }
            if source.fidelity == .approximation { #expect(!source.notes.isEmpty, "\(animator) says what it approximates") }
        }
    }
}
