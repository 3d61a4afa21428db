#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TransitionCore

/// Errors of file operations as a person reads them.
enum FileErrorText {
    /// The system's reason for a failed file operation and the file it concerned, such as
    /// "No such file or directory: /a/b"; other errors as they describe themselves.
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            let reason = (cocoa.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
                ?? "file operation failed (code \(cocoa.code.rawValue))"
            guard let path = cocoa.filePath else { return reason }
            return "\(reason): \(DisplayText.escape(path))"
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return DisplayText.escape(String(describing: error))
    }
}
