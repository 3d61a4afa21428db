import Foundation
import PluginHost
import Testing
import TestSupport

/// Helpers for running the built `catalog` executable as a user would (stdout and stderr are
/// pipes, stdin is /dev/null, TRANSITION_ANIMATOR_PATH is unset unless a test sets it).
enum CLI {
    /// The plugin files the package ships that are built beside `catalog`, in the order discovery
    /// lists them: the built-in Swift plugin, the C one, and the Rust one when cargo built it.
    static let shippedPluginFiles: [String] = [builtinPluginFile] + PluginSearchPath.packagedLibraryNames.filter {
        FileManager.default.fileExists(atPath: TestEnvironment.productsDirectory + "/" + $0)
    }

    /// The ids of the shipped animators, in the order the plugins declare them, read from the
    /// libraries themselves.
    static let builtinAnimators: [String] = shippedPluginFiles.flatMap { file in
        ((try? PluginLibrary.load(path: TestEnvironment.productsDirectory + "/" + file))?.animators ?? []).map(\.id)
    }

    /// The summary line `catalog list` prints for the shipped plugins plus `extraAnimators`
    /// animators from `extraPlugins` more files.
    static func listSummary(extraAnimators: Int = 0, extraPlugins: Int = 0) -> String {
        let plugins = shippedPluginFiles.count + extraPlugins
        return "\(builtinAnimators.count + extraAnimators) animators from \(plugins) plugin\(plugins == 1 ? "" : "s")"
    }

    /// The file name of the built-in plugin library.
    static let builtinPluginFile = "libCatalogPlugins.so"

    /// The qualified id prefix of the built-in plugin.
    static let builtinPluginID = "org.transitioncatalog.builtins"

    /// Runs `catalog` with `arguments` and extra `environment` variables.
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> ProcessResult {
        let executable = TestEnvironment.catalogExecutable
        try #require(
            FileManager.default.isExecutableFile(atPath: executable),
            "the catalog executable is not built at \(executable); run `swift build` first")
        return try runProcess(executable, arguments, environment: environment, directory: directory)
    }

    /// Parses `text` as a JSON object.
    static func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "the output is not a JSON object: \(text.prefix(400))", sourceLocation: sourceLocation)
    }

    /// Lines of `text` with the trailing empty line removed.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Checks that the process ended on its own (no signal, no Swift runtime trap) and did not
    /// print a crash report.
    static func expectNoCrash(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status < 128, "killed by signal \(result.status - 128): \(result.stderr)", sourceLocation: sourceLocation)
        for marker in ["Fatal error", "Stack dump", "Segmentation fault", "Illegal instruction", "Current stack trace"] {
            #expect(!result.stderr.contains(marker), "stderr looks like a crash: \(result.stderr)", sourceLocation: sourceLocation)
        }
    }
}

/// A number from JSONSerialization (Int, Double or NSNumber), or nil.
func jsonNumber(_ value: Any?) -> Double? {
    switch value {
    case let d as Double: d
    case let i as Int: Double(i)
    case let n as NSNumber: n.doubleValue
    default: nil
    }
}

/// A plain-text table as the `catalog` tool prints it: a header row of upper-case column names,
/// then rows whose cells start at the same offsets as the header's names, ended by an empty line.
struct PrintedTable {
    let columns: [String]
    let rows: [[String: String]]

    /// Finds the table whose header line starts with `firstColumn` in `text`.
    init?(_ text: String, firstColumn: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let headerIndex = lines.firstIndex(where: { $0.hasPrefix(firstColumn + " ") }) else { return nil }
        let header = Array(lines[headerIndex])
        var starts: [Int] = []
        var names: [String] = []
        var i = 0
        while i < header.count {
            if header[i] != " " && (i == 0 || header[i - 1] == " ") {
                starts.append(i)
                var j = i
                while j < header.count && header[j] != " " { j += 1 }
                names.append(String(header[i..<j]))
                i = j
            } else {
                i += 1
            }
        }
        var rows: [[String: String]] = []
        for line in lines[(headerIndex + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            let chars = Array(line)
            var row: [String: String] = [:]
            for (c, start) in starts.enumerated() {
                let end = c + 1 < starts.count ? starts[c + 1] : chars.count
                let cell = start < chars.count ? String(chars[start..<min(end, chars.count)]) : ""
                row[names[c]] = cell.trimmingCharacters(in: .whitespaces)
            }
            rows.append(row)
        }
        columns = names
        self.rows = rows
    }
}

/// One row of the `catalog preview` frame table, with its progress filled in from the row that
/// opened its group.
struct PreviewRow {
    var progress: String
    var view: String
    var frame: String
    var alpha: String

    /// The role word of the VIEW cell ("#1 to" gives "to").
    var role: String { view.split(separator: " ").dropFirst().first.map(String.init) ?? "" }

    /// The x of the FRAME cell ("-390,0 390x844" gives -390).
    var x: Double? { frame.split(separator: ",").first.flatMap { Double($0) } }

    /// The rows of the preview table in `text`.
    static func parse(_ text: String) -> [PreviewRow]? {
        guard let table = PrintedTable(text, firstColumn: "PROGRESS") else { return nil }
        var progress = ""
        return table.rows.map { row in
            if let p = row["PROGRESS"], !p.isEmpty { progress = p }
            return PreviewRow(progress: progress, view: row["VIEW"] ?? "", frame: row["FRAME"] ?? "", alpha: row["ALPHA"] ?? "")
        }
    }

    /// The distinct progresses of `rows`, in order.
    static func progresses(_ rows: [PreviewRow]) -> [String] {
        var result: [String] = []
        for row in rows where result.last != row.progress { result.append(row.progress) }
        return result
    }
}
