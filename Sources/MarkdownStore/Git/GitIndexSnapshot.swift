#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// git's index file (`.git/index`), read without libgit2: its entries' paths, stat data,
/// modes and flags, and the checksum it ends with.
///
/// Only for telling cheaply that nothing changed (see ``GitSettledState``): any form this
/// reader does not know (another signature or version, a required extension such as a split
/// or sparse index, a truncated file) makes it give up, and the caller asks libgit2.
/// The format is git's Documentation/gitformat-index.txt (versions 2, 3 and 4).
struct GitIndexSnapshot {
    /// One entry, valid only during the call that receives it.
    struct Entry {
        let path: UnsafeBufferPointer<UInt8>
        let stamp: FileStamp
        /// The git mode (0o100644, 0o100755, 0o120000, 0o160000).
        let mode: UInt32
        /// The 16-bit flags: assume-valid (0x8000), extended (0x4000), stage (0x3000), name length.
        let flags: UInt16
        /// The extended flags of version 3 and later (skip-worktree, intent-to-add), else 0.
        let extendedFlags: UInt16

        var stage: Int { Int(flags >> 12) & 3 }
        var assumesValid: Bool { flags & 0x8000 != 0 }
    }

    let bytes: [UInt8]
    let version: UInt32
    let count: Int
    /// The SHA-1 the file ends with (over everything before it).
    let checksum: ObjectID
    /// When the file was last written: entries changed at or after it may be "racily clean".
    let modified: (seconds: UInt32, nanoseconds: UInt32)

    /// Reads the index at `path`; nil when it is missing, unreadable or not in a form this
    /// reader knows.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Platform.fileType(info.st_mode) == S_IFREG, info.st_size >= 32,
              info.st_size <= 1 << 30 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Platform.readBytes(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        let stamp = FileStamp(info)
        self.init(bytes: bytes, modified: (stamp.modificationSeconds, stamp.modificationNanoseconds))
    }

    init?(bytes: [UInt8], modified: (seconds: UInt32, nanoseconds: UInt32)) {
        guard bytes.count >= 32, bytes[0] == UInt8(ascii: "D"), bytes[1] == UInt8(ascii: "I"), bytes[2] == UInt8(ascii: "R"),
              bytes[3] == UInt8(ascii: "C") else { return nil }
        let version = Self.word(bytes, 4)
        guard (2 ... 4).contains(version) else { return nil }
        self.bytes = bytes
        self.version = version
        self.count = Int(Self.word(bytes, 8))
        self.checksum = bytes.withUnsafeBytes { ObjectID(bytes: $0.baseAddress! + bytes.count - 20) }
        self.modified = modified
    }

    /// Calls `body` with each entry, in the index's (path) order, until it returns false.
    ///
    /// - Returns: false when the file is not in a form this reader knows (then nothing the
    ///   entries said can be relied on), or when `body` stopped early.
    func forEachEntry(_ body: (Entry) -> Bool) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let end = all.count - 20
            var offset = 12
            var previous: [UInt8] = []  // version 4 paths are stored as a change to the one before
            for _ in 0 ..< count {
                guard offset + 62 <= end else { return false }
                let flags = UInt16(Self.half(all, offset + 60))
                var pathStart = offset + 62
                var extendedFlags: UInt16 = 0
                if flags & 0x4000 != 0 {
                    guard version >= 3, pathStart + 2 <= end else { return false }
                    extendedFlags = UInt16(Self.half(all, pathStart))
                    pathStart += 2
                }
                let stamp = FileStamp(changeSeconds: Self.word(all, offset), changeNanoseconds: Self.word(all, offset + 4),
                                      modificationSeconds: Self.word(all, offset + 8), modificationNanoseconds: Self.word(all, offset + 12),
                                      inode: Self.word(all, offset + 20), mode: Self.word(all, offset + 24),
                                      user: Self.word(all, offset + 28), group: Self.word(all, offset + 32),
                                      size: Self.word(all, offset + 36))
                let keepGoing: Bool
                if version == 4 {
                    // A number of bytes to drop from the end of the previous path, then the rest (NUL-ended).
                    var index = pathStart
                    guard index < end else { return false }
                    var byte = all[index]
                    var strip = Int(byte & 0x7F)
                    while byte & 0x80 != 0 {
                        index += 1
                        guard index < end, strip < 1 << 24 else { return false }
                        byte = all[index]
                        strip = ((strip + 1) << 7) | Int(byte & 0x7F)
                    }
                    index += 1
                    guard strip <= previous.count, let nul = Self.nul(all, from: index, before: end) else { return false }
                    previous.removeLast(strip)
                    previous.append(contentsOf: UnsafeBufferPointer(rebasing: all[index ..< nul]))
                    keepGoing = previous.withUnsafeBufferPointer { path in
                        body(Entry(path: path, stamp: stamp, mode: stamp.mode, flags: flags, extendedFlags: extendedFlags))
                    }
                    offset = nul + 1
                } else {
                    let length = Int(flags & 0x0FFF)
                    let nul: Int
                    if length < 0x0FFF {
                        nul = pathStart + length
                        guard nul < end, all[nul] == 0 else { return false }
                    } else {
                        guard let found = Self.nul(all, from: pathStart, before: end) else { return false }
                        nul = found
                    }
                    keepGoing = body(Entry(path: UnsafeBufferPointer(rebasing: all[pathStart ..< nul]), stamp: stamp, mode: stamp.mode,
                                           flags: flags, extendedFlags: extendedFlags))
                    // Entries are padded with 1 to 8 NUL bytes to a multiple of 8.
                    offset += (pathStart - offset + (nul - pathStart) + 8) & ~7
                }
                guard keepGoing else { return false }
            }
            // Extensions: a signature starting with a capital letter is optional to understand;
            // any other (a split index's `link`, a sparse index's `sdir`) changes what the
            // entries mean.
            while offset + 8 <= end {
                guard all[offset] >= UInt8(ascii: "A"), all[offset] <= UInt8(ascii: "Z") else { return false }
                offset += 8 + Int(Self.word(all, offset + 4))
            }
            return offset == end
        }
    }

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func half(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1])
    }

    private static func nul(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, 0, end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
