#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// git's index file (`.git/index`, "DIRC" versions 2 and 3), changed for a few paths without
/// loading it into libgit2.
///
/// libgit2 1.5 reads the whole index into memory (every entry allocated and hashed into a map)
/// and checks and writes its checksum with its collision-detecting SHA-1: with 10,000 entries
/// that is about 17 ms of a keep, for one new line. Here the file is mapped and read as bytes,
/// its checksum checked with swift-crypto's SHA-1, the few entries spliced in or out at their sorted
/// places and everything else copied as it is, which is what git and libgit2 would write:
///
/// - a new entry is what `git_index_add_bypath` makes (stat data as libgit2 records it, the
///   blob, mode 100644, stage 0, the name length in the flags);
/// - the cache-tree extension (`TREE`) keeps every tree but the ones above a changed path, which
///   are marked invalid, as `git_tree_cache_invalidate_path` does;
/// - `REUC` and `NAME` are copied; other optional extensions (the untracked cache, fsmonitor,
///   the entry offset tables) are dropped, as libgit2 drops them when it writes;
/// - entries that are "racily clean" (changed in the second the index was written or later, so
///   their stat data cannot vouch for them) are checked, and those whose file no longer matches
///   get size 0, so the next look at them reads the file (what libgit2's `truncate_racily_clean`
///   and git's `ce_smudge_racily_clean_entry` do).
///
/// Anything else is left to libgit2 (the caller then uses it instead): version 4 (compressed
/// paths), a split or sparse index (mandatory extensions), a conflict at a changed path, a file
/// where a changed path needs a folder (or the reverse), an existing entry whose mode is not
/// 100644, a checksum that does not match or is absent.
enum GitIndexFile {
    /// The new state of one path.
    struct Change {
        /// The path, relative to the working tree, as bytes.
        let path: [UInt8]
        /// The serialized entry (``entry(path:status:object:)``), or nil to remove the path.
        let entry: [UInt8]?
    }

    /// The git file mode of every entry this type writes: a regular, non-executable file.
    static let regularFileMode: UInt32 = 0o100644
    private static let gitlinkMode: UInt32 = 0o160000
    private static let headerSize = 12
    private static let checksumSize = 20
    /// Stat data (40 bytes), object name (20), flags (2): the part before the path.
    private static let fixedSize = 62
    private static let extendedFlag: UInt16 = 0x4000
    private static let stageMask: UInt16 = 0x3000
    private static let nameMask: UInt16 = 0x0FFF

    /// An entry as libgit2 writes it for a file it has just hashed (`git_index_entry__init_from_stat`
    /// and `write_disk_entry`): times with nanoseconds, `st_rdev` in the device field (as libgit2
    /// 1.5 records it), every field truncated to 32 bits, the path NUL-padded to a multiple of 8.
    static func entry(path: [UInt8], status info: stat, object: ObjectID) -> [UInt8] {
        let length = (fixedSize + path.count + 8) & ~7
        var bytes = [UInt8](repeating: 0, count: length)
        let (change, modification) = Platform.changeAndModificationTimes(info)
        bytes.withUnsafeMutableBytes { raw in
            func put(_ value: UInt32, _ offset: Int) { raw.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self) }
            put(UInt32(truncatingIfNeeded: change.tv_sec), 0)
            put(UInt32(truncatingIfNeeded: change.tv_nsec), 4)
            put(UInt32(truncatingIfNeeded: modification.tv_sec), 8)
            put(UInt32(truncatingIfNeeded: modification.tv_nsec), 12)
            put(UInt32(truncatingIfNeeded: info.st_rdev), 16)
            put(UInt32(truncatingIfNeeded: info.st_ino), 20)
            put(regularFileMode, 24)
            put(UInt32(truncatingIfNeeded: info.st_uid), 28)
            put(UInt32(truncatingIfNeeded: info.st_gid), 32)
            put(UInt32(truncatingIfNeeded: info.st_size), 36)
            object.store(to: raw.baseAddress! + 40)  // the buffer is at least 64 bytes
            raw.storeBytes(of: UInt16(min(path.count, Int(nameMask))).bigEndian, toByteOffset: 60, as: UInt16.self)
            raw.baseAddress!.advanced(by: fixedSize).copyMemory(from: path, byteCount: path.count)
        }
        return bytes
    }

    /// One piece of a new index: bytes of the old file, or new bytes.
    enum Piece {
        case old(Range<Int>)
        case new([UInt8])
    }

    /// From this size on, an index's old checksum is checked beside the making of the new one.
    static let checkAsideFrom = 256 << 10

    /// A new index: its pieces, and the objects it names.
    struct Patched {
        /// The new file, as pieces of the old one and new bytes, in order, checksum included.
        let pieces: [Piece]
        /// Every blob an entry names (submodule links left out) and every tree a still valid
        /// cache-tree entry names: what must stay in the object store for the index to be whole.
        let objects: [ObjectID]
    }

    /// The index with `changes` made, or nil when this index is one to leave to libgit2.
    ///
    /// - Parameters:
    ///   - raw: the index file's bytes.
    ///   - stamp: the index file's modification time (for racily clean entries).
    ///   - changes: at most one per path.
    ///   - droppingResolveUndo: leave out the resolve-undo records (`REUC`), which may name old
    ///     versions of a path (a purge drops them, as `git_index_reuc_clear` does).
    ///   - stillMatches: whether the file at a racily clean entry's path still holds the object
    ///     the entry names (path as bytes, object); false smudges the entry.
    /// - Returns: the new file as pieces of `raw` and new bytes (most of it is the old file's
    ///   bytes: they are written from there, not copied), and the objects it names.
    static func patched(_ raw: UnsafeRawBufferPointer, stamp: timespec, changes: [Change], droppingResolveUndo: Bool = false,
                        stillMatches: ([UInt8], ObjectID) -> Bool) -> Patched? {
        let sorted = changes.sorted { order($0.path, $1.path) < 0 }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.path == later.path { return nil }
        // A new file's folders must not be files of the index, and its path no folder of one.
        let upserts = sorted.filter { $0.entry != nil }.map(\.path)
        let folders = Set(upserts.flatMap(folderPrefixes)).sorted { order($0, $1) < 0 }
        let folderKeys = upserts.map { $0 + [UInt8(ascii: "/")] }.sorted { order($0, $1) < 0 }
        if upserts.contains(where: { path in folders.contains(path) }) { return nil }

        guard raw.count >= headerSize + checksumSize, raw.loadUnaligned(as: UInt32.self) == UInt32(bigEndian: 0x4449_5243) else { return nil }
        let version = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        guard version == 2 || version == 3 else { return nil }
        let count = Int(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        let bodyEnd = raw.count - checksumSize
        let trailer = Array(raw[bodyEnd...])
        guard trailer.contains(where: { $0 != 0 }) else { return nil }
        // The old file's checksum is checked on another thread while this one makes and hashes
        // the new file (a large index; a small one is checked here and now). Nothing is returned
        // before the check has passed.
        let body = UnsafeRawBufferPointer(rebasing: raw[..<bodyEnd])
        let intact: GitBackgroundJob<Bool>?
        if body.count >= Self.checkAsideFrom {
            intact = GitBackgroundJob { GitSHA1.hash(body) == trailer }
        } else {
            guard GitSHA1.hash(body) == trailer else { return nil }
            intact = nil
        }

        var pieces: [Piece] = []
        var objects: [ObjectID] = []
        objects.reserveCapacity(count + sorted.count)
        var entries = 0
        var anyExtended = false
        var racy: [(sizeOffset: Int, path: [UInt8], object: ObjectID)] = []
        var nextChange = 0, nextFolder = 0, nextKey = 0
        var offset = headerSize
        // Unchanged entries are kept in runs: `copyFrom` is where the current run starts.
        var copyFrom = offset
        func flush(to end: Int) {
            if end > copyFrom { pieces.append(.old(copyFrom ..< end)) }
            copyFrom = end
        }
        func emitChanges(before path: UnsafeRawBufferPointer?) {
            while nextChange < sorted.count, path.map({ order(sorted[nextChange].path, $0) < 0 }) ?? true {
                if let entry = sorted[nextChange].entry {
                    flush(to: offset)
                    pieces.append(.new(entry))
                    objects.append(entry.withUnsafeBytes { ObjectID(bytes: $0.baseAddress! + 40) })  // an entry is 64 bytes or more
                    entries += 1
                }
                nextChange += 1
            }
        }

        for _ in 0 ..< count {
            guard offset + fixedSize <= bodyEnd else { return nil }
            let flags = UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 60, as: UInt16.self))
            let extended = version >= 3 && flags & extendedFlag != 0
            let pathStart = offset + fixedSize + (extended ? 2 : 0)
            var pathLength = Int(flags & nameMask)
            if pathLength == Int(nameMask) {
                guard let end = raw[pathStart ..< bodyEnd].firstIndex(of: 0) else { return nil }
                pathLength = end - pathStart
            }
            let size = (pathStart - offset + pathLength + 8) & ~7
            guard pathLength > 0, offset + size <= bodyEnd else { return nil }
            let path = UnsafeRawBufferPointer(rebasing: raw[pathStart ..< pathStart + pathLength])
            let stage = flags & stageMask
            let mode = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt32.self))

            // Folder/file collisions with the new paths (both lists are sorted, like the entries).
            while nextFolder < folders.count, order(folders[nextFolder], path) < 0 { nextFolder += 1 }
            if nextFolder < folders.count, order(folders[nextFolder], path) == 0 { return nil }
            while nextKey < folderKeys.count, order(folderKeys[nextKey], path) < 0, !starts(path, with: folderKeys[nextKey]) { nextKey += 1 }
            if nextKey < folderKeys.count, starts(path, with: folderKeys[nextKey]) { return nil }

            emitChanges(before: path)
            if nextChange < sorted.count, order(sorted[nextChange].path, path) == 0 {
                // Conflicts are libgit2's to resolve (into REUC), and only 100644 is written here.
                guard stage == 0 else { return nil }
                if sorted[nextChange].entry != nil, mode != regularFileMode { return nil }
                flush(to: offset)
                if let entry = sorted[nextChange].entry {
                    pieces.append(.new(entry))
                    objects.append(entry.withUnsafeBytes { ObjectID(bytes: $0.baseAddress! + 40) })  // an entry is 64 bytes or more
                    entries += 1
                }
                nextChange += 1
                offset += size
                copyFrom = offset
                continue
            }
            if stage != 0, sorted[..<nextChange].contains(where: { order($0.path, path) == 0 }) { return nil }

            entries += 1
            anyExtended = anyExtended || extended
            if mode != gitlinkMode { objects.append(ObjectID(bytes: raw.baseAddress! + offset + 40)) }
            if mode != gitlinkMode, isRacy(raw, at: offset, stamp: stamp) {
                racy.append((offset + 36, Array(path), ObjectID(bytes: raw.baseAddress! + offset + 40)))
            }
            offset += size
        }
        flush(to: offset)
        emitChanges(before: nil)

        // Extensions: a four-byte name (upper case: optional), a size, the data.
        while offset + 8 <= bodyEnd {
            let name = Array(raw[offset ..< offset + 4])
            let size = Int(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
            guard offset + 8 + size <= bodyEnd else { return nil }
            let data = UnsafeRawBufferPointer(rebasing: raw[offset + 8 ..< offset + 8 + size])
            guard (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(name[0]) else { return nil }
            switch name {
            case Array("TREE".utf8):
                guard let (tree, valid) = invalidated(data, paths: sorted.map(\.path)) else { return nil }
                var bytes = name
                appendBigEndian(UInt32(tree.count), to: &bytes)
                pieces.append(.new(bytes + tree))
                objects += valid
            case Array("REUC".utf8) where droppingResolveUndo:
                break
            case Array("REUC".utf8), Array("NAME".utf8):
                pieces.append(.old(offset ..< offset + 8 + size))
            default:
                break
            }
            offset += 8 + size
        }
        guard offset == bodyEnd else { return nil }

        // Entries whose file changed get size 0: their old bytes are split around the field.
        let smudged = racy.filter { !stillMatches($0.path, $0.object) }.map(\.sizeOffset)
        if !smudged.isEmpty {
            pieces = pieces.flatMap { piece -> [Piece] in
                guard case let .old(range) = piece else { return [piece] }
                var split: [Piece] = []
                var start = range.lowerBound
                for field in smudged where range.contains(field) {
                    split.append(.old(start ..< field))
                    split.append(.new([0, 0, 0, 0]))
                    start = field + 4
                }
                split.append(.old(start ..< range.upperBound))
                return split
            }
        }
        var header = Array(raw[..<headerSize])
        header.withUnsafeMutableBytes { header in
            header.storeBytes(of: (anyExtended ? 3 : 2 as UInt32).bigEndian, toByteOffset: 4, as: UInt32.self)
            header.storeBytes(of: UInt32(entries).bigEndian, toByteOffset: 8, as: UInt32.self)
        }
        pieces.insert(.new(header), at: 0)
        var hasher = GitSHA1()
        for piece in pieces {
            switch piece {
            case let .old(range): hasher.update(UnsafeRawBufferPointer(rebasing: raw[range]))
            case let .new(bytes): hasher.update(bytes)
            }
        }
        pieces.append(.new(hasher.finish()))
        if let intact, (try? intact.wait()) != true { return nil }
        return Patched(pieces: pieces, objects: objects)
    }

    /// Byte order of two paths, as the index sorts them: negative, zero or positive.
    private static func order(_ one: [UInt8], _ other: UnsafeRawBufferPointer) -> Int {
        one.withUnsafeBytes { one in
            let common = min(one.count, other.count)
            if common > 0 {
                let result = memcmp(one.baseAddress!, other.baseAddress!, common)  // both non-empty here
                if result != 0 { return Int(result) }
            }
            return one.count - other.count
        }
    }

    private static func order(_ one: [UInt8], _ other: [UInt8]) -> Int {
        other.withUnsafeBytes { order(one, $0) }
    }

    private static func starts(_ path: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
        path.count >= prefix.count && order(prefix, UnsafeRawBufferPointer(rebasing: path[..<prefix.count])) == 0
    }

    /// Whether the entry at `offset` changed in the second the index was written, or later.
    ///
    /// libgit2 (`git_index_entry_newer_than_index`) compares nanoseconds; git built without
    /// nanosecond times (as Debian's is) compares whole seconds, and trusts an entry's status
    /// once the index is from a later second. Whole seconds take in every entry either would
    /// check, so the index written here stays right for both.
    private static func isRacy(_ raw: UnsafeRawBufferPointer, at offset: Int, stamp: timespec) -> Bool {
        guard stamp.tv_sec != 0 else { return false }
        let seconds = Int32(bitPattern: UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
        return Int32(truncatingIfNeeded: stamp.tv_sec) <= seconds
    }

    /// `entries/2026/11/x.md` → `entries`, `entries/2026`, `entries/2026/11`.
    private static func folderPrefixes(_ path: [UInt8]) -> [[UInt8]] {
        path.indices.filter { path[$0] == UInt8(ascii: "/") }.map { Array(path[..<$0]) }
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    // MARK: Reading and writing

    /// A working-tree file's bytes (never through a link); nil when it cannot be read.
    static func contents(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Platform.fileType(info.st_mode) == S_IFREG else { return nil }
        return readAll(fd, size: Int(info.st_size))
    }

    /// Reads to the end of the file (`size` is the expected size); nil on a read error.
    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var offset = 0
        while true {
            if offset == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let room = bytes.count - offset
            let count = bytes.withUnsafeMutableBytes { Platform.readBytes(fd, $0.baseAddress! + offset, room) }  // never empty
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            offset += count
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// Whether libgit2's filters could change these bytes on their way into a blob: its
    /// end-of-line conversion only removes carriage returns, and `ident` only rewrites `$Id`.
    /// (Other filters are the program's own to register, and say registers none.)
    static func mayBeFiltered(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(0x0D) { return true }
        for index in bytes.indices.dropLast(2) where bytes[index] == UInt8(ascii: "$")
            && bytes[index + 1] == UInt8(ascii: "I") && bytes[index + 2] == UInt8(ascii: "d") {
            return true
        }
        return false
    }

    /// Writes the pieces into a new file at `path` (created exclusively; not flushed, like
    /// libgit2's index files), for the caller to move into place.
    static func write(_ pieces: [Piece], from file: UnsafeRawBufferPointer, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, AtomicFile.fileMode)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: path, operation: "create the file", errno: errno) }
        let failure = write(pieces, from: file, to: fd)
        close(fd)
        guard failure == 0 else {
            unlink(path)
            throw MarkdownStoreError.io(path: path, operation: "write", errno: failure)
        }
    }

    /// Writes every piece to `fd`; returns 0, or the errno of the write that failed.
    private static func write(_ pieces: [Piece], from file: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        func writeAll(_ buffer: UnsafeRawBufferPointer) -> Int32 {
            var offset = 0
            while offset < buffer.count {
                let count = Platform.writeBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)  // count > 0: never empty
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return 0
        }
        for piece in pieces {
            let failure: Int32
            switch piece {
            case let .old(range): failure = writeAll(UnsafeRawBufferPointer(rebasing: file[range]))
            case let .new(bytes): failure = bytes.withUnsafeBytes { writeAll($0) }
            }
            if failure != 0 { return failure }
        }
        return 0
    }

    /// Whether the working-tree file at `path` (relative to `workdir`) holds exactly the blob
    /// `object`: its bytes as they are, without filters (a file git would convert counts as
    /// changed, which only means it is read again later).
    static func file(at workdir: String, _ path: [UInt8], holds object: ObjectID) -> Bool {
        guard let bytes = contents(workdir + String(decoding: path, as: UTF8.self)) else { return false }
        return bytes.withUnsafeBytes { blobName($0) } == object
    }

    /// The name git gives the blob holding `bytes`.
    static func blobName(_ bytes: UnsafeRawBufferPointer) -> ObjectID {
        var hasher = GitSHA1()
        hasher.update(Array("blob \(bytes.count)\0".utf8))
        hasher.update(bytes)
        return hasher.finish().withUnsafeBytes { ObjectID(bytes: $0.baseAddress!) }  // 20 bytes
    }

    // MARK: The cache-tree extension

    /// One tree of the `TREE` extension: `path NUL entry-count SP subtree-count LF [object]`,
    /// then its subtrees, depth first.
    private struct CachedTree {
        var name: Range<Int>
        /// Where the entry count starts and the line ends (after the LF and the object, if any).
        var countStart: Int
        var end: Int
        var subtrees: Int
        var children: [Int] = []
        var invalid = false
    }

    /// The `TREE` data with every tree above (or at) one of `paths`' folders marked invalid:
    /// entry count -1 and no object name, and the trees the entries still valid name. Nil when
    /// the data cannot be read.
    private static func invalidated(_ data: UnsafeRawBufferPointer, paths: [[UInt8]]) -> (bytes: [UInt8], valid: [ObjectID])? {
        var trees: [CachedTree] = []
        var offset = 0
        func read() -> Int? {
            guard let nul = data[offset...].firstIndex(of: 0), let space = data[(nul + 1)...].firstIndex(of: UInt8(ascii: " ")),
                  let newline = data[(space + 1)...].firstIndex(of: UInt8(ascii: "\n")),
                  let count = Int(String(decoding: data[(nul + 1) ..< space], as: UTF8.self)),
                  let subtrees = Int(String(decoding: data[(space + 1) ..< newline], as: UTF8.self)), subtrees >= 0 else { return nil }
            let end = newline + 1 + (count >= 0 ? 20 : 0)
            guard end <= data.count else { return nil }
            let index = trees.count
            trees.append(CachedTree(name: offset ..< nul, countStart: nul + 1, end: end, subtrees: subtrees))
            offset = end
            for _ in 0 ..< subtrees {
                guard let child = read() else { return nil }
                trees[index].children.append(child)
            }
            return index
        }
        guard read() == 0, offset == data.count else { return nil }
        for path in paths {
            var tree = 0
            trees[0].invalid = true
            for folder in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast() {
                guard let child = trees[tree].children.first(where: { data[trees[$0].name].elementsEqual(folder) }) else { break }
                tree = child
                trees[tree].invalid = true
            }
        }
        var output: [UInt8] = []
        var valid: [ObjectID] = []
        output.reserveCapacity(data.count)
        for tree in trees {
            if tree.invalid {
                output.append(contentsOf: data[tree.name])
                output.append(0)
                output.append(contentsOf: "-1 \(tree.subtrees)\n".utf8)
            } else {
                output.append(contentsOf: data[tree.name.lowerBound ..< tree.end])
                // A valid entry ends with its tree's name.
                if data[tree.countStart] != UInt8(ascii: "-") { valid.append(ObjectID(bytes: data.baseAddress! + tree.end - 20)) }
            }
        }
        return (output, valid)
    }
}
