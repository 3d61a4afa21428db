/// The font matches kept between runs (`fonts.cache` beside the plugin scan cache), so that
/// drawing text does not have to start fontconfig every time.
///
/// Each entry maps a font request (family, weight, pixel size and font options, as the renderer
/// names them) to the match fontconfig gave for it (a font file, face index and rendering
/// properties), with the identity of that file when the match was made. The whole table is tied
/// to a description of fontconfig's configuration: a table made under another configuration is
/// not used. The file is text, one line each:
///
///     transition-catalog font matches 1
///     <configuration>
///     <request> TAB <match> TAB <size> TAB <seconds> TAB <nanoseconds> TAB <inode>
///
/// Reading is strict: anything else, an entry with a field missing or a number out of range is
/// a file to ignore, never an error.
public struct FontMatchCacheFile: Sendable, Equatable {
    /// What identifies a font file's content: its size, modification time and inode.
    public struct FileStamp: Sendable, Hashable {
        /// The size in bytes.
        public var size: Int64
        /// The modification time, whole seconds since the epoch.
        public var seconds: Int64
        /// The modification time's nanoseconds.
        public var nanoseconds: Int64
        /// The inode number.
        public var inode: UInt64

        /// Creates a stamp.
        public init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            self.inode = inode
        }
    }

    /// One kept match.
    public struct Entry: Sendable, Equatable {
        /// The match, as fontconfig names a pattern.
        public var match: String
        /// The matched file's identity when the match was made.
        public var stamp: FileStamp

        /// Creates an entry.
        public init(match: String, stamp: FileStamp) {
            self.match = match
            self.stamp = stamp
        }
    }

    /// The first line of the file.
    public static let header = "transition-catalog font matches 1"
    /// The most bytes a file may have to be read; a larger one is ignored.
    public static let maximumBytes = 1 << 20

    /// The configuration the matches were made under.
    public var configuration: String
    /// The matches, by request.
    public var entries: [String: Entry]

    /// Creates a table.
    public init(configuration: String, entries: [String: Entry] = [:]) {
        self.configuration = configuration
        self.entries = entries
    }

    /// Reads a file's bytes; nil when they are not such a file.
    public init?(parsing bytes: [UInt8]) {
        guard bytes.count <= Self.maximumBytes, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines.removeLast().isEmpty, lines[0] == Self.header else { return nil }
        let configuration = String(lines[1])
        guard Self.canKeep(configuration) else { return nil }
        var entries: [String: Entry] = [:]
        for line in lines.dropFirst(2) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, Self.canKeep(String(fields[0])), Self.canKeep(String(fields[1])),
                let size = Int64(fields[2]), size >= 0, let seconds = Int64(fields[3]),
                let nanoseconds = Int64(fields[4]), (0..<1_000_000_000).contains(nanoseconds), let inode = UInt64(fields[5])
            else { return nil }
            entries[String(fields[0])] = Entry(
                match: String(fields[1]), stamp: FileStamp(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode))
        }
        self.init(configuration: configuration, entries: entries)
    }

    /// The file's bytes, entries in the order of their requests.
    public func serialized() -> [UInt8] {
        var text = Self.header + "\n" + configuration + "\n"
        for key in entries.keys.sorted() {
            let entry = entries[key]!
            let s = entry.stamp
            text += "\(key)\t\(entry.match)\t\(s.size)\t\(s.seconds)\t\(s.nanoseconds)\t\(s.inode)\n"
        }
        return Array(text.utf8)
    }

    /// True when `text` can be a request, match or configuration: not empty, at most 4096 bytes,
    /// with no tab, line break or NUL.
    public static func canKeep(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 4096 && !text.utf8.contains { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 0 }
    }
}
