import Foundation

/// The independent programs the preview tests check the renderers' output with: Python with
/// Pillow, lottie-specs and jsonschema-rs (through `Tests/Fixtures/Consumers/consumers.py`),
/// Debian's rlottie, and headless Chromium. A missing tool is an error that says how to install
/// it, never a skipped test: CI installs them all.
public enum ExternalTools {
    /// Why an external tool could not give an answer.
    public struct ToolError: Error, CustomStringConvertible {
        /// What went wrong and how to fix it.
        public var description: String

        /// Creates an error with a message.
        public init(_ description: String) { self.description = description }
    }

    /// The Python interpreter: `$PYTHON`, else `python3` on the PATH.
    public static var python: String {
        if let p = ProcessInfo.processInfo.environment["PYTHON"], !p.isEmpty { return p }
        return findOnPath("python3") ?? "python3"
    }

    /// The consumers script.
    public static var consumersScript: String {
        TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/Consumers/consumers.py").path
    }

    /// Runs a consumers.py subcommand and returns the JSON object it prints.
    public static func consumer(_ arguments: [String]) throws -> [String: Any] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ToolError("python3 is not installed (apt-get install python3); the preview tests need it")
        }
        let result = try runProcess(python, [consumersScript] + arguments)
        guard result.status == 0 else {
            throw ToolError("consumers.py \(arguments.first ?? "") failed (status \(result.status)): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw ToolError("consumers.py \(arguments.first ?? "") printed no JSON object: \(result.stdout.prefix(300))")
        }
        return object
    }

    /// Headless Chromium: `$CHROMIUM`, else the first of chromium, chromium-browser,
    /// chromium-headless-shell and google-chrome on the PATH.
    public static func chromium() throws -> String {
        if let c = ProcessInfo.processInfo.environment["CHROMIUM"], !c.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: c) else { throw ToolError("CHROMIUM is set to \(c), which is not an executable") }
            return c
        }
        for name in ["chromium", "chromium-browser", "chromium-headless-shell", "google-chrome"] {
            if let path = findOnPath(name) { return path }
        }
        throw ToolError("Chromium is not installed (apt-get install chromium); the HTML preview tests load pages in it")
    }

    /// What a headless Chromium run of a page gave.
    public struct BrowserRun: Sendable {
        /// The process's result.
        public var process: ProcessResult
        /// The page's console messages and uncaught errors, as Chromium logged them.
        public var consoleMessages: [String]
    }

    /// Loads `url` in headless Chromium with a viewport of `width` x `height` CSS pixels at one
    /// device pixel each, and either saves a screenshot to `screenshot` or prints the DOM.
    public static func browse(url: String, width: Int, height: Int, screenshot: String? = nil) throws -> BrowserRun {
        let browser = try chromium()
        let profile = URL(fileURLWithPath: TestEnvironment.temporaryDirectory).appendingPathComponent("tc-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        var arguments = [
            "90", browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-extensions", "--mute-audio", "--user-data-dir=\(profile)", "--force-device-scale-factor=1",
            "--window-size=\(width),\(height)", "--enable-logging=stderr", "--v=0",
        ]
        arguments.append(screenshot.map { "--screenshot=\($0)" } ?? "--dump-dom")
        arguments.append(url)
        let result = try runProcess(findOnPath("timeout") ?? "/usr/bin/timeout", arguments)
        guard result.status == 0 else {
            throw ToolError("Chromium failed on \(url) (status \(result.status)): \(result.stderr.suffix(1500))")
        }
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return BrowserRun(process: result, consoleMessages: console)
    }

    /// The full path of `name` on the PATH, if it is there.
    public static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
