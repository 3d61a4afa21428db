/// Builds a compact binary record: unsigned LEB128 counts, little-endian fixed-width numbers and
/// length-prefixed UTF-8 strings. ``ByteReader`` reads it back in the same order.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { storage }

    /// The bytes written so far.
    @usableFromInline var storage: [UInt8] = []

    /// Creates an empty writer, with room for `capacity` bytes.
    @inlinable
    public init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    /// Appends raw bytes as they are.
    @inlinable
    public mutating func raw<S: Sequence>(_ data: S) where S.Element == UInt8 {
        storage.append(contentsOf: data)
    }

    /// Appends one byte.
    @inlinable
    public mutating func byte(_ value: UInt8) {
        storage.append(value)
    }

    /// Appends `true` as 1 and `false` as 0.
    @inlinable
    public mutating func bool(_ value: Bool) {
        storage.append(value ? 1 : 0)
    }

    /// Appends a count or any unsigned number in as few 7-bit groups as it needs (LEB128).
    @inlinable
    public mutating func count(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            storage.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        storage.append(UInt8(v))
    }

    /// Appends a non-negative count.
    @inlinable
    public mutating func count(_ value: Int) {
        count(UInt64(max(0, value)))
    }

    /// Appends eight bytes, little-endian.
    @inlinable
    public mutating func uint64(_ value: UInt64) {
        // Byte by byte: twice as fast as appending the value's bytes as a buffer.
        for shift in stride(from: 0 as UInt64, to: 64, by: 8) { storage.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends eight bytes, little-endian, two's complement.
    @inlinable
    public mutating func int64(_ value: Int64) {
        uint64(UInt64(bitPattern: value))
    }

    /// Appends a number's IEEE 754 bits, little-endian.
    @inlinable
    public mutating func double(_ value: Double) {
        uint64(value.bitPattern)
    }

    /// Appends a string's UTF-8 length, then its bytes.
    @inlinable
    public mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            count(utf8.count)
            storage.append(contentsOf: utf8)
        }
    }

    /// Appends 0 for nil, or 1 and the value written by `write`.
    @inlinable
    public mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        guard let value else { return byte(0) }
        byte(1)
        write(&self, value)
    }

    /// Appends the number of elements, then each element written by `write`.
    @inlinable
    public mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        count(values.count)
        for v in values { write(&self, v) }
    }
}
