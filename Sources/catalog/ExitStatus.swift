#if canImport(Glibc)
import Glibc
#endif

/// The exit statuses of `catalog`: one meaning each, from sysexits.h where one fits. The help
/// and the man page print this table; scripts can rely on it.
enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Everything asked was done.
    case success = 0
    /// A contract check failed, crashed or timed out, or a plugin misbehaved or could not be loaded.
    case failure = 1
    /// The command line is wrong: an unknown command, option, operation, animator, style or
    /// parameter, or a value out of range (EX_USAGE).
    case usage = 64
    /// An input file is malformed or too large: a transitions file, a --config file or a call
    /// trace (EX_DATAERR).
    case dataError = 65
    /// An input file cannot be read (EX_NOINPUT).
    case noInput = 66
    /// An output file or directory cannot be written (EX_CANTCREAT).
    case cannotCreate = 73
    /// Stopped by SIGINT (Ctrl-C); SIGTERM gives 143 and a closed terminal (SIGHUP) 129: 128 plus
    /// the signal's number.
    case interrupted = 130

    /// What the status means, in the words of the help (each row fits 80 columns).
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "a check failed or timed out; a plugin misbehaved or did not load"
        case .usage: "usage error: unknown command, option, name or parameter, or a bad value"
        case .dataError: "an input file (transitions, --config, trace) is malformed or too large"
        case .noInput: "an input file cannot be read"
        case .cannotCreate: "an output file or directory cannot be written"
        case .interrupted: "interrupted by Ctrl-C (SIGINT); SIGTERM gives 143, a closed terminal 129"
        }
    }

    /// The table of statuses for the help text, one per line.
    static var table: String {
        var text = ""
        for status in allCases {
            let code = String(status.rawValue)
            if !text.isEmpty { text += "\n" }
            text += "  " + code + String(repeating: " ", count: 5 - code.utf8.count) + status.meaning
        }
        return text
    }
}
