/// The file name of a path, as listings show a plugin file.
public enum FileName {
    /// The last non-empty component of `path` between slashes, or `path` itself when it has none:
    /// `/a/b.so` and `/a/b.so/` give `b.so`, `/` and the empty path give themselves.
    public static func of(_ path: String) -> String {
        let name = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0 && bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return path }
            var start = end
            while start > 0 && bytes[start - 1] != slash { start -= 1 }
            // Outside ASCII a "/" may be part of a longer character (with a combining mark after
            // it, say), which is not a separator.
            guard ByteReader.isASCII(bytes) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return (name ?? nil) ?? path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `directory` + "/" + `name`, made in one allocation: a folder of thousands of files joins
    /// each name once.
    public static func joined(_ directory: String, _ name: String) -> String {
        var directory = directory, name = name
        return directory.withUTF8 { d in
            name.withUTF8 { n in
                String(unsafeUninitializedCapacity: d.count + 1 + n.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: d)
                    buffer[d.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(d.count + 1)...]).initialize(fromContentsOf: n)
                    return d.count + 1 + n.count
                }
            }
        }
    }
}
