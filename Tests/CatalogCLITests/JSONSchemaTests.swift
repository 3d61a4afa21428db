import Foundation
import Testing
import TestSupport

/// Every JSON output of `catalog`, and the transitions file it reads, checked against its JSON
/// Schema in docs/schemas/ by an independent validator (Python's jsonschema, Draft 2020-12).
@Suite struct JSONSchemaTests {
    /// What the validator said.
    struct Verdict {
        var valid: Bool
        var errors: [String]
    }

    static var schemaDirectory: String { TestEnvironment.packageRoot.appendingPathComponent("docs/schemas").path }
    static var script: String { TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/CLI/validate_json.py").path }

    /// Validates `document` (JSON text) against docs/schemas/`schema`.schema.json.
    static func validate(_ document: String, against schema: String) throws -> Verdict {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-schema-\(UUID().uuidString).json").path
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try runProcess(ExternalTools.python, [script, schemaDirectory, schemaDirectory + "/\(schema).schema.json", file])
        try #require(result.status == 0, "validate_json.py failed (is python3-jsonschema installed?): \(result.stderr)")
        let object = try CLI.jsonObject(result.stdout)
        let errors = (object["errors"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? ""): \($0["message"] ?? "")" }
        return Verdict(valid: object["valid"] as? Bool == true, errors: errors)
    }

    /// Runs `catalog` and returns what it printed, checking that it succeeded.
    static func output(_ arguments: [String], status: Int32 = 0) throws -> String {
        let result = try CLI.run(arguments)
        CLI.expectNoCrash(result)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// The JSON text with one top-level key's value replaced (or removed, for nil).
    static func mutate(_ text: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try CLI.jsonObject(text)
        change(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static var example: String { TestEnvironment.packageRoot.appendingPathComponent("Examples/transitions.json").path }

    @Test("each JSON output matches its schema and carries schemaVersion 1", arguments: [
        (["list", "--json"], "list"),
        (["preview", "present", "dimmed-sheet", "--format", "json"], "preview"),
        (["preview", "push", "slide", "--format", "json", "--param", "direction=up"], "preview"),
        (["preview", "pop", "slide", "--interactive", "scrub 0.4 @0.1; release v=1 @0.2; grab @0.25; release v=-1 @0.3", "--format", "json"], "preview"),
        (["run", "--source", example, "--tabs", "home,search", "push", "present:compose", "dismiss{scrub 0.2 @0.1; cancel @0.2}", "dismiss", "tab:1", "--format", "json"], "run"),
        (["preview", "push", "slide", "--format", "json", "--match", "card:16,200,358x120->0,0,390x844"], "preview"),
        (["run", "push", "--match", "card:16,200,358x120->0,0,390x844", "--format", "json"], "run"),
        (["validate", "--json", "fade"], "validate"),
        (["validate", "--list-checks", "--json"], "checks"),
    ])
    func outputMatchesSchema(arguments: [String], schema: String) throws {
        let text = try Self.output(arguments)
        let verdict = try Self.validate(text, against: schema)
        #expect(verdict.valid, "\(arguments) against \(schema).schema.json: \(verdict.errors)")
        #expect(jsonNumber(try CLI.jsonObject(text)["schemaVersion"]) == 1)
    }

    @Test("run --format json that stops at an error still matches its schema")
    func runErrorMatchesSchema() throws {
        let text = try Self.output(["run", "push", "pop", "pop", "--format", "json"], status: 64)
        let verdict = try Self.validate(text, against: "run")
        #expect(verdict.valid, "\(verdict.errors)")
        #expect((try CLI.jsonObject(text)["error"] as? String)?.contains("cannot pop") == true)
    }

    @Test("the transitions file of Examples matches its schema and the tool reads it")
    func exampleTransitionsFile() throws {
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        let verdict = try Self.validate(text, against: "transitions")
        #expect(verdict.valid, "\(verdict.errors)")
    }

    @Test("broken transitions files are refused by the schema and by the tool alike", arguments: [
        #"{"rules": []}"#,
        #"{"version": 1, "rules": [{"operation": "push", "animator": "slide", "colour": "red"}]}"#,
        #"{"version": 1, "rules": [{"operation": "shove", "animator": "slide"}]}"#,
        #"{"version": 1, "rules": [{"operation": "push"}]}"#,
        #"{"version": 1, "rules": [{"operation": "push", "animator": "slide", "style": "modal"}]}"#,
    ])
    func brokenTransitionsFiles(text: String) throws {
        let verdict = try Self.validate(text, against: "transitions")
        #expect(!verdict.valid, "the schema accepts \(text)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-transitions-\(UUID().uuidString).json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLI.run(["run", "--source", file, "push"])
        #expect(result.status == 65, "the tool accepts \(text): \(result.stdout) \(result.stderr)")
    }

    @Test("validator configurations: the schema and the tool accept and refuse the same files", arguments: [
        (#"{"silence": [{"check": "step-cost", "subject": "org.example.*", "reason": "runs on desktops only"}]}"#, true),
        (#"{"silence": []}"#, true),
        (#"{"silence": [{"check": "step-cost"}]}"#, false),
        (#"{"silence": [{"check": "step-cost", "reason": 3}]}"#, false),
        (#"{"silenced": []}"#, false),
    ])
    func validatorConfigurations(text: String, valid: Bool) throws {
        let verdict = try Self.validate(text, against: "validate-config")
        #expect(verdict.valid == valid, "\(text): \(verdict.errors)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-config-\(UUID().uuidString).json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLI.run(["validate", "--config", file, "--only", "duration", "fade"])
        #expect(result.status == (valid ? 0 : 65), "\(text): \(result.stderr)")
    }

    @Test("the schemas catch what they promise: a wrong version, stack as a string, a choice default by index")
    func brokenOutputsFail() throws {
        let list = try Self.output(["list", "--json"])
        #expect(try Self.validate(list, against: "list").valid)
        let noVersion = try Self.mutate(list) { $0.removeValue(forKey: "schemaVersion") }
        #expect(try !Self.validate(noVersion, against: "list").valid)
        let choiceByIndex = try Self.mutate(list) { object in
            var plugins = object["plugins"] as! [[String: Any]]
            var plugin = plugins[0]["plugin"] as! [String: Any]
            var animators = plugin["animators"] as! [[String: Any]]
            var slide = animators.first { $0["id"] as? String == "slide" }!
            var parameters = slide["parameters"] as! [[String: Any]]
            let direction = parameters.firstIndex { $0["id"] as? String == "direction" }!
            #expect(parameters[direction]["default"] as? String == "left")
            parameters[direction]["default"] = 0
            slide["parameters"] = parameters
            animators[animators.firstIndex { $0["id"] as? String == "slide" }!] = slide
            plugin["animators"] = animators
            plugins[0]["plugin"] = plugin
            object["plugins"] = plugins
        }
        #expect(try !Self.validate(choiceByIndex, against: "list").valid)

        let run = try Self.output(["run", "push", "--format", "json"])
        #expect(try Self.validate(run, against: "run").valid)
        let stackAsString = try Self.mutate(run) { object in
            var transitions = object["transitions"] as! [[String: Any]]
            #expect(transitions[0]["stack"] as? [String] == ["home", "screen-1"])
            transitions[0]["stack"] = "home > screen-1"
            object["transitions"] = transitions
        }
        #expect(try !Self.validate(stackAsString, against: "run").valid)

        let preview = try Self.output(["preview", "push", "slide", "--format", "json"])
        let entries = try Self.mutate(preview) { object in
            object["entries"] = object.removeValue(forKey: "frames")
        }
        #expect(try !Self.validate(entries, against: "preview").valid)
    }
}
