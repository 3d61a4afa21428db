#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Looks at a plugin file before anything opens it for loading, so a file that cannot be a plugin
/// for this host gets an accurate message at once: a missing file, a symlink loop, a permission
/// problem, something that is not a regular file (a FIFO would block dlopen), or an ELF file built
/// for another architecture or word size.
public enum PluginFileCheck {
    /// Why `path` cannot be loaded, or nil when it is a readable regular file (an ELF file for this
    /// machine, or something dlopen will judge itself).
    public static func problem(_ path: String) -> PluginError? {
        var st = stat()
        if stat(path, &st) != 0 {
            let code = errno
            switch code {
            case ELOOP:
                return PluginError(kind: .unreadable, path: path, reason: "too many levels of symbolic links (a symlink loop)", remedy: "point the link at the plugin's .so file")
            case EACCES:
                return PluginError(kind: .unreadable, path: path, reason: "permission denied on a directory of the path", remedy: "give the host search (x) permission on every directory of the path")
            case ENOENT:
                var link = stat()
                if lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
                    return PluginError(kind: .unreadable, path: path, reason: "a symbolic link whose target does not exist", remedy: "point the link at the plugin's .so file")
                }
                return PluginError(kind: .unreadable, path: path, reason: "no such file", remedy: "fix the path or remove it")
            case ENOTDIR:
                return PluginError(kind: .unreadable, path: path, reason: "a part of the path is not a directory", remedy: "fix the path")
            default:
                return PluginError(kind: .unreadable, path: path, reason: String(cString: strerror(code)), remedy: "fix the path")
            }
        }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what: String = switch type {
            case S_IFDIR: "a directory"
            case S_IFIFO: "a FIFO (named pipe)"
            case S_IFSOCK: "a socket"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            default: "not a regular file"
            }
            return PluginError(kind: .notALibrary, path: path, reason: "\(what), not a shared library", remedy: "give the path of a plugin's .so file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            let reason = code == EACCES ? "permission denied: the file is not readable" : String(cString: strerror(code))
            return PluginError(kind: .unreadable, path: path, reason: reason, remedy: "make the file readable by the user running the host")
        }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        let n = read(fd, &header, header.count)
        guard n == header.count, header[0] == 0x7F, header[1] == UInt8(ascii: "E"), header[2] == UInt8(ascii: "L"), header[3] == UInt8(ascii: "F") else {
            return nil
        }
        let elfClass = header[4], littleEndian = header[5] == 1
        let machine = littleEndian ? UInt16(header[18]) | UInt16(header[19]) << 8 : UInt16(header[19]) | UInt16(header[18]) << 8
        let hostClass: UInt8 = MemoryLayout<Int>.size == 8 ? 2 : 1
        if hostMachine != 0 && (elfClass != hostClass || machine != hostMachine) {
            return PluginError(
                kind: .notALibrary, path: path,
                reason: "built for \(machineName(machine, elfClass: elfClass)), but this host runs on \(machineName(hostMachine, elfClass: hostClass))",
                remedy: "build the plugin for this machine")
        }
        return nil
    }

    /// The ELF machine number of this host.
    static var hostMachine: UInt16 {
        #if arch(x86_64)
        62
        #elseif arch(arm64)
        183
        #elseif arch(i386)
        3
        #elseif arch(arm)
        40
        #elseif arch(riscv64)
        243
        #else
        0
        #endif
    }

    static func machineName(_ machine: UInt16, elfClass: UInt8) -> String {
        let bits = elfClass == 2 ? "64-bit" : elfClass == 1 ? "32-bit" : "unknown word size"
        let names: [UInt16: String] = [3: "x86 (i386)", 62: "x86-64", 40: "ARM", 183: "AArch64", 243: "RISC-V", 8: "MIPS", 20: "PowerPC", 21: "PowerPC64", 22: "s390"]
        return "\(names[machine] ?? "ELF machine \(machine)") \(bits)"
    }
}
