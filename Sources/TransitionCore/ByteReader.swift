/// Reads what ``ByteWriter`` wrote, in the same order. Every read checks the bytes that are left:
/// a short, damaged or foreign input throws ``Malformed`` and never reads past the end, never
/// traps and never reserves memory for a count the input cannot hold.
public struct ByteReader: Sendable {
    /// Why the input cannot be read.
    public struct Malformed: Error, Hashable, CustomStringConvertible {
        /// What was wrong, and the offset where reading stopped.
        public let description: String

        /// Says what was wrong.
        public init(description: String) {
            self.description = description
        }
    }

    /// The input.
    @usableFromInline let bytes: [UInt8]
    /// The offset of the next byte to read.
    @usableFromInline var position: Int
    /// The offset just past the last byte to read.
    @usableFromInline let end: Int

    /// The offset of the next byte to read.
    public var offset: Int { position }

    /// Reads `bytes` from their start.
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
        self.end = bytes.count
    }

    /// Reads the part `range` of `bytes` as if it were the whole input, without copying it.
    @inlinable
    public init(_ bytes: [UInt8], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "the range is outside the bytes")
        self.bytes = bytes
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    /// True when every byte was read.
    @inlinable
    public var isAtEnd: Bool { position == end }

    @inlinable
    func fail(_ what: String) -> Malformed {
        Malformed(description: "\(what) at byte \(position) of \(end)")
    }

    /// Checks that the next bytes equal `expected` and skips them.
    @inlinable
    public mutating func expect(_ expected: [UInt8]) throws(Malformed) {
        guard end - position >= expected.count, bytes[position..<position + expected.count].elementsEqual(expected) else {
            throw fail("unexpected bytes")
        }
        position += expected.count
    }

    /// Skips the next `n` bytes, which must be there.
    @inlinable
    public mutating func skip(_ n: Int) throws(Malformed) {
        guard n >= 0, end - position >= n else { throw fail("input ends") }
        position += n
    }

    /// One byte.
    @inlinable
    public mutating func byte() throws(Malformed) -> UInt8 {
        guard position < end else { throw fail("input ends") }
        defer { position += 1 }
        return bytes[position]
    }

    /// A byte that must be 0 or 1.
    @inlinable
    public mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw fail("a flag is neither 0 nor 1")
        }
    }

    /// An unsigned LEB128 number of at most 64 bits.
    @inlinable
    public mutating func count() throws(Malformed) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64, shift < 63 || b <= 1 else { throw fail("a number is longer than 64 bits") }
            result |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A count of items, each at least `itemSize` bytes long, that the rest of the input can hold.
    @inlinable
    public mutating func length(itemSize: Int = 1) throws(Malformed) -> Int {
        let n = try count()
        guard n <= UInt64(end - position) / UInt64(max(1, itemSize)) else { throw fail("a count of \(n) exceeds the input") }
        return Int(n)
    }

    /// Eight bytes, little-endian.
    @inlinable
    public mutating func uint64() throws(Malformed) -> UInt64 {
        guard end - position >= 8 else { throw fail("input ends") }
        let v = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) }
        position += 8
        return UInt64(littleEndian: v)
    }

    /// Eight bytes, little-endian, two's complement.
    @inlinable
    public mutating func int64() throws(Malformed) -> Int64 {
        Int64(bitPattern: try uint64())
    }

    /// A number from its IEEE 754 bits.
    @inlinable
    public mutating func double() throws(Malformed) -> Double {
        Double(bitPattern: try uint64())
    }

    /// A length-prefixed string that must be valid UTF-8.
    @inlinable
    public mutating func string() throws(Malformed) -> String {
        try string(length: try length())
    }

    /// A length-prefixed string that must be valid UTF-8; `known` itself, without new storage,
    /// when the bytes are those of `known` (as a field repeating a record's path is).
    @inlinable
    public mutating func string(sameAs known: String) throws(Malformed) -> String {
        let n = try length()
        let start = position
        let same = known.utf8.count == n
            && (known.utf8.withContiguousStorageIfAvailable { k in
                bytes.withUnsafeBufferPointer { b in
                    var i = 0
                    while i < n && k[i] == b[start + i] { i += 1 }
                    return i == n
                }
            } ?? false)
        guard same else { return try string(length: n) }
        position += n
        return known
    }

    /// The next `n` bytes, which the caller checked are there, as a string that must be valid UTF-8.
    @inlinable
    mutating func string(length n: Int) throws(Malformed) -> String {
        let start = position
        position += n
        let text = bytes.withUnsafeBufferPointer { buffer in
            Self.text(UnsafeBufferPointer(rebasing: buffer[start..<start + n]))
        }
        guard let text else { throw fail("a string is not UTF-8") }
        return text
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8. ASCII, by far the most common, is
    /// recognised eight bytes at a time and needs no further validation.
    @inlinable
    static func text(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard isASCII(utf8) else { return String(validating: utf8, as: UTF8.self) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// True when every byte is below 0x80.
    @inlinable
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var bits: UInt64 = 0
        while i + 8 <= utf8.count {
            bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < utf8.count {
            bits |= UInt64(utf8[i])
            i += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// nil after a 0, or the value `read` reads after a 1.
    @inlinable
    public mutating func optional<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> T? {
        try bool() ? try read(&self) : nil
    }

    /// A count, then that many elements read by `read`, each at least `itemSize` bytes long.
    @inlinable
    public mutating func array<T>(itemSize: Int = 1, _ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let n = try length(itemSize: itemSize)
        var result: [T] = []
        result.reserveCapacity(n)
        for _ in 0..<n { result.append(try read(&self)) }
        return result
    }

    /// A value of an `Int`-backed enum from one count, or Malformed for an unknown raw value.
    @inlinable
    public mutating func rawValue<T: RawRepresentable>(_ type: T.Type) throws(Malformed) -> T where T.RawValue == Int {
        let raw = try count()
        guard raw <= UInt64(Int.max), let value = T(rawValue: Int(raw)) else { throw fail("unknown \(T.self) \(raw)") }
        return value
    }
}
