/// Validation results as JUnit XML, the format CI systems read: a test suite per subject and a
/// test case per check; FAIL is a failure, CRASH and TIMEOUT are errors, SKIP is skipped.
public enum JUnitReport {
    /// The XML document.
    public static func xml(_ results: [CheckResult], seed: UInt64) -> String {
        var subjects: [String] = []
        for r in results where !subjects.contains(r.subject) { subjects.append(r.subject) }
        let failures = results.filter { $0.status == .fail }.count
        let errors = results.filter { $0.status == .crash || $0.status == .timeout }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"catalog validate\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for subject in subjects {
            let mine = results.filter { $0.subject == subject }
            let time = mine.reduce(0) { $0 + $1.seconds }
            out += "  <testsuite name=\"\(escape(subject))\" tests=\"\(mine.count)\""
            out += " failures=\"\(mine.filter { $0.status == .fail }.count)\""
            out += " errors=\"\(mine.filter { $0.status == .crash || $0.status == .timeout }.count)\""
            out += " skipped=\"\(mine.filter { $0.status == .skip }.count)\" time=\"\(time)\">\n"
            out += "    <properties><property name=\"seed\" value=\"\(seed)\"/></properties>\n"
            for r in mine {
                let message = escape(r.details.first ?? "")
                let body = escape(r.details.joined(separator: "\n"))
                out += "    <testcase classname=\"\(escape(subject))\" name=\"\(escape(r.check))\" time=\"\(r.seconds)\">"
                switch r.status {
                case .fail: out += "<failure message=\"\(message)\" type=\"FAIL\">\(body)</failure>"
                case .crash, .timeout: out += "<error message=\"\(message)\" type=\"\(r.status.rawValue)\">\(body)</error>"
                case .skip: out += "<skipped message=\"\(message)\"/>"
                case .warn: out += "<system-out>WARN: \(body)</system-out>"
                case .pass: break
                }
                if let o = r.stdout { out += "<system-out>\(escape(o))</system-out>" }
                if let e = r.stderr { out += "<system-err>\(escape(e))</system-err>" }
                out += "</testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text escaped for XML attributes and content; characters XML 1.0 forbids become `\u{..}`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
