#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// How every JSON output of `catalog` is written: pretty-printed with sorted keys, non-finite
/// numbers as strings, and a `schemaVersion` naming the version of its schema in docs/schemas/.
enum JSONOutput {
    /// The version of every output's schema; it grows when a field changes meaning or goes away.
    static let schemaVersion = 1

    /// The value as JSON text.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
