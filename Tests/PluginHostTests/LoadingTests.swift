import PluginHost
import TestSupport
import Testing
import TransitionCore

/// Broken plugin files are refused with a message that names the file, the breach and the fix.
@Suite struct LoadingTests {
    func refusal(_ fixture: String) throws -> PluginError {
        let path = try FixturePlugins.path(fixture)
        do {
            _ = try PluginLibrary.load(path: path)
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains(fixture))
            return error
        }
        Issue.record("\(fixture) loaded but should have been refused")
        throw FixturePlugins.BuildError(description: "not refused")
    }

    @Test func fileThatIsNotALibraryKeepsDlerrorText() throws {
        let e = try refusal("not_a_library")
        #expect(e.kind == .notALibrary)
        #expect(e.reason.contains("invalid ELF header"))
        #expect(e.remedy.contains("shared library"))
    }

    @Test func missingEntrySymbol() throws {
        let e = try refusal("missing_entry")
        #expect(e.kind == .missingEntry)
        #expect(e.reason.contains("tc_plugin_entry"))
    }

    @Test func incompatibleMajorNamesBothVersions() throws {
        let e = try refusal("wrong_major")
        #expect(e.kind == .incompatibleABI)
        #expect(e.reason.contains("2.0.0") && e.reason.contains(ABIVersion.host.description))
    }

    @Test func duplicateAnimatorIDs() throws {
        let e = try refusal("duplicate_ids")
        #expect(e.kind == .invalidDescriptor)
        #expect(e.reason.contains("\"twin\""))
    }

    @Test func parameterDefaultOutsideItsRange() throws {
        let e = try refusal("bad_param_default")
        #expect(e.kind == .invalidDescriptor)
        #expect(e.reason.contains("distance") && e.reason.contains("out of range"))
    }

    @Test func missingFileIsReportedNotCrashed() throws {
        do {
            _ = try PluginLibrary.load(path: "/nonexistent/plugin.so")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.kind == .unreadable)
        }
    }

    @Test func controlCharactersAndInvalidUTF8AreEscaped() throws {
        let library = try PluginLibrary.load(path: try FixturePlugins.path("bad_strings"))
        let texts = [library.info.name, library.info.description] + library.animators.map(\.description.name)
        for text in texts {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0xFFFD })
        }
        #expect(library.info.name.contains("\\e[31m"))
        #expect(library.info.description.contains("\\xFF"))
        #expect(library.problems.contains { $0.check == "descriptor-strings" && $0.severity == .warning })
    }

    @Test func loadingTwiceGivesTheSameLibrary() throws {
        let path = try FixturePlugins.path("third_party_wipe")
        let a = try PluginLibrary.load(path: path), b = try PluginLibrary.load(path: path)
        #expect(a === b)
    }
}

/// The contract suite finds the breach each broken fixture was written to show, and nothing else.
@Suite struct FixtureContractTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var fixture: String
        var check: String
        var status: CheckStatus
        var alsoFailing: Set<String> = []
        var description: String { "\(fixture) → \(check) \(status.rawValue)" }
    }

    static let expectations: [Expectation] = [
        Expectation(fixture: "not_a_library", check: "loading", status: .fail),
        Expectation(fixture: "missing_entry", check: "loading", status: .fail),
        Expectation(fixture: "wrong_major", check: "abi-version", status: .fail),
        Expectation(fixture: "duplicate_ids", check: "descriptor-ids", status: .fail),
        Expectation(fixture: "bad_param_default", check: "descriptor-parameters", status: .fail),
        Expectation(fixture: "bad_strings", check: "descriptor-strings", status: .warn),
        Expectation(fixture: "bad_duration", check: "duration", status: .fail),
        Expectation(fixture: "forgets_to_add", check: "container-setup", status: .fail, alsoFailing: ["seen-content"]),
        Expectation(fixture: "adds_to_on_custom_dismiss", check: "absent-views", status: .fail, alsoFailing: ["container-setup"]),
        Expectation(fixture: "wrong_endpoint", check: "endpoints", status: .fail, alsoFailing: ["seen-content"]),
        Expectation(fixture: "nan_step", check: "finite-values", status: .fail),
        Expectation(fixture: "jumpy_step", check: "continuity", status: .fail, alsoFailing: ["seen-content"]),
        Expectation(fixture: "impure_step", check: "purity", status: .fail, alsoFailing: ["reversibility", "independence"]),
        Expectation(fixture: "leaks_snapshot", check: "leaks", status: .fail),
        Expectation(fixture: "missing_fields", check: "descriptor-fields", status: .fail),
        Expectation(fixture: "setup_refuses", check: "lifecycle", status: .fail),
        Expectation(fixture: "latches_when_interactive", check: "reversibility", status: .fail),
        Expectation(fixture: "cancel_leaves_offset", check: "cancel", status: .fail, alsoFailing: ["seen-content"]),
        Expectation(fixture: "leaks_on_cancel", check: "leaks", status: .fail),
        Expectation(fixture: "nan_at_param_bound", check: "parameters", status: .fail),
        Expectation(fixture: "global_state", check: "independence", status: .fail),
        Expectation(fixture: "slow_step", check: "step-cost", status: .warn),
        Expectation(fixture: "flip_shows_back", check: "back-faces", status: .fail),
        Expectation(fixture: "zero_abi", check: "abi-version", status: .fail),
        Expectation(fixture: "choice_max", check: "descriptor-parameters", status: .fail),
        Expectation(fixture: "squeezed_doors", check: "seen-content", status: .fail, alsoFailing: ["endpoints"]),
        Expectation(fixture: "pops_at_completion", check: "seen-content", status: .fail),
        Expectation(fixture: "start_differs", check: "seen-content", status: .fail),
        Expectation(fixture: "wrong_snapshot", check: "seen-content", status: .fail, alsoFailing: ["endpoints", "cancel", "parameters"]),
    ]

    @Test(arguments: expectations)
    func reportsTheIntendedBreachOnly(_ e: Expectation) throws {
        let results = ContractSuite().validate(path: try FixturePlugins.path(e.fixture))
        let hits = results.filter { $0.check == e.check }
        #expect(hits.contains { $0.status == e.status }, "\(results.map { "\($0.check)=\($0.status.rawValue)" })")
        #expect(hits.allSatisfy { !$0.details.isEmpty || $0.status == .pass })
        let unexpected = results.filter { $0.status.isFailure && $0.check != e.check && !e.alsoFailing.contains($0.check) }
        #expect(unexpected.isEmpty, "\(unexpected.map { "\($0.check): \($0.details)" })")
    }

    @Test(arguments: ["third_party_wipe", "shadows_fade"])
    func wellBehavedThirdPartyPluginsPass(_ fixture: String) throws {
        let results = ContractSuite().validate(path: try FixturePlugins.path(fixture))
        #expect(results.count > 6)
        for r in results { #expect(r.status == .pass, "\(r.subject) \(r.check): \(r.details)") }
    }
}
