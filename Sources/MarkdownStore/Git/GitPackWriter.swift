#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CZlib

/// Writes one pack (version 2) and its index (version 2) holding exactly a given set of objects,
/// the way `git gc` would keep them, but without recomputing deltas: the already-compressed bytes
/// of every kept object are copied from the existing packs (see git's
/// Documentation/gitformat-pack.txt). Only three things are re-encoded:
/// - an `OFS_DELTA` whose base is kept gets its base distance recomputed for the new layout;
/// - an object whose delta base is not kept is read whole through libgit2 and deflated;
/// - new objects (from the rewrite) and loose objects are deflated whole.
/// Objects keep their relative order within each source pack, so a delta's base always comes
/// first, as `OFS_DELTA` requires. A `REF_DELTA` is copied as it is when its base is kept.
final class GitPackWriter {
    private let database: GitObjectDatabase
    private let newObjects: [ObjectID: GitNewObject]
    private let keep: Set<ObjectID>
    private var output = GitByteBuffer()
    private var entries: [(id: ObjectID, crc: UInt32, offset: UInt64)] = []
    private var written: [ObjectID: UInt64] = [:]
    /// Delta chain length of new objects written as deltas (git's default limit is 50).
    private var depth: [ObjectID: Int] = [:]
    private let deflater: GitDeflater
    private let storingDeflater: GitDeflater
    private static let maximumDepth = 50
    /// How many objects were copied as they were, re-pointed, or written whole (for profiling).
    private(set) var copied = 0, rebased = 0, whole = 0, deltas = 0

    init(database: GitObjectDatabase, newObjects: [ObjectID: GitNewObject], keep: Set<ObjectID>) throws {
        deflater = try GitDeflater()
        storingDeflater = try GitDeflater(level: Z_NO_COMPRESSION, memoryLevel: 1)
        self.database = database
        self.newObjects = newObjects
        self.keep = keep
        entries.reserveCapacity(keep.count)
        written.reserveCapacity(keep.count)
        output.append(contentsOf: Array("PACK".utf8))
        output.appendBigEndian(UInt32(2))
        output.appendBigEndian(UInt32(0))  // the object count, patched in `finish`
    }

    /// Copies every kept object of one existing pack.
    func copy(from pack: GitExistingPack) throws {
        // Room for all of it at once: growing a buffer of megabytes by doubling copies it again
        // and again, and touches fresh pages each time.
        output.reserve(output.count + pack.data.count)
        let index = pack.index
        let count = index.count
        var offsets = [UInt64](repeating: 0, count: count)
        for position in 0 ..< count { offsets[position] = index.offset(at: position) }
        let order: [Int32]
        if count < 1 << 24, offsets.allSatisfy({ $0 < 1 << 40 }) {
            // Offset and position in one word: sorting plain integers is several times faster
            // than sorting positions through a closure.
            var keys = (0 ..< count).map { offsets[$0] << 24 | UInt64($0) }
            keys.sort()
            order = keys.map { Int32(truncatingIfNeeded: $0 & 0xFF_FFFF) }
        } else {
            order = (0 ..< count).map { Int32($0) }.sorted { offsets[Int($0)] < offsets[Int($1)] }
        }
        let sortedOffsets = order.map { offsets[Int($0)] }
        let packEnd = pack.data.count - 20
        let bytes = pack.data.bytes
        for rank in 0 ..< count {
            let position = Int(order[rank])
            let id = index.id(at: position)
            guard keep.contains(id), written[id] == nil else { continue }
            let start = Int(sortedOffsets[rank])
            let end = rank + 1 < count ? Int(sortedOffsets[rank + 1]) : packEnd
            guard start >= 12, start < end, end <= packEnd else { throw Self.corrupt(pack.name) }
            guard let header = GitPackFormat.entryHeader(bytes, at: start, end: end) else { throw Self.corrupt(pack.name) }
            let type = header.type
            var cursor = header.dataStart
            let headerEnd = cursor
            let newOffset = UInt64(output.count)
            switch type {
            case 1 ... 4:
                output.append(UnsafeRawBufferPointer(start: bytes + start, count: end - start))
                entries.append((id, index.crc(at: position), newOffset))
                copied += 1
            case 6:  // OFS_DELTA: base at a negative distance
                guard let distance = GitPackFormat.offsetDistance(bytes, at: &cursor, end: end), distance > 0, distance <= UInt64(start) else {
                    throw Self.corrupt(pack.name)
                }
                let baseOffset = UInt64(start) - distance
                guard let baseRank = Self.search(sortedOffsets, baseOffset) else { throw Self.corrupt(pack.name) }
                let baseID = index.id(at: Int(order[baseRank]))
                if let newBase = written[baseID] {
                    output.append(UnsafeRawBufferPointer(start: bytes + start, count: headerEnd - start))
                    output.appendOffsetDistance(newOffset - newBase)
                    output.append(UnsafeRawBufferPointer(start: bytes + cursor, count: end - cursor))
                    entries.append((id, output.crc32(from: Int(newOffset)), newOffset))
                    rebased += 1
                } else {
                    try writeWhole(id)
                }
            case 7:  // REF_DELTA: base named by id
                guard headerEnd + 20 <= end else { throw Self.corrupt(pack.name) }
                let baseID = ObjectID(bytes: bytes + headerEnd)
                if keep.contains(baseID) {
                    output.append(UnsafeRawBufferPointer(start: bytes + start, count: end - start))
                    entries.append((id, index.crc(at: position), newOffset))
                    copied += 1
                } else {
                    try writeWhole(id)
                }
            default:
                throw Self.corrupt(pack.name)
            }
            written[id] = newOffset
        }
    }

    /// Writes the kept new objects in the order they were made. A tree whose suggested base was
    /// written just before becomes an `OFS_DELTA` against it when that is clearly smaller
    /// (chains stop at git's default depth of 50).
    func writeNew(in order: [ObjectID]) throws {
        for id in order where keep.contains(id) && written[id] == nil {
            guard let object = newObjects[id] else { continue }
            let offset = output.count
            if let base = object.deltaBase, let baseOffset = written[base], let baseObject = newObjects[base],
               case let baseDepth = depth[base] ?? 0, baseDepth < Self.maximumDepth,
               let delta = GitDelta.encode(object.bytes, from: baseObject.bytes) {
                output.appendEntryHeader(type: 6, size: delta.count)
                output.appendOffsetDistance(UInt64(offset) - baseOffset)
                try delta.withUnsafeBytes { try output.appendDeflated($0, with: deflater(for: delta.count)) }
                entries.append((id, output.crc32(from: offset), UInt64(offset)))
                depth[id] = baseDepth + 1
                deltas += 1
            } else {
                try writeWhole(id)
            }
            written[id] = UInt64(offset)
        }
    }

    /// Writes every kept object not copied yet: new objects, loose objects, objects of packs
    /// that could not be read directly. Sorted by id so the same input gives the same pack.
    func writeRemaining() throws {
        for id in keep.filter({ written[$0] == nil }).sorted() {
            try writeWhole(id)
            written[id] = entries[entries.count - 1].offset
        }
    }

    /// zlib spends tens of microseconds building Huffman tables for every stream, however
    /// short; for the thousands of new commits and small trees a rewrite makes, that cost is
    /// most of the purge. Objects under 512 bytes are therefore stored (zlib level 0, still a
    /// valid zlib stream) at a cost of about 60 bytes each; larger ones are compressed.
    private func deflater(for count: Int) -> GitDeflater {
        count < 512 ? storingDeflater : deflater
    }

    private func writeWhole(_ id: ObjectID) throws {
        let offset = output.count
        if let object = newObjects[id] {
            output.appendEntryHeader(type: object.kind.rawValue, size: object.bytes.count)
            try object.bytes.withUnsafeBytes { try output.appendDeflated($0, with: deflater(for: object.bytes.count)) }
        } else {
            try database.read(id) { kind, data in
                output.appendEntryHeader(type: kind.rawValue, size: data.count)
                try output.appendDeflated(data, with: deflater(for: data.count))
            }
        }
        entries.append((id, output.crc32(from: offset), UInt64(offset)))
        whole += 1
    }

    /// Finishes the pack and its index, and moves both into `packFolder` (pack first, as git
    /// does, so an index never names a pack that is not there yet).
    ///
    /// - Returns: the pack's base name (`pack-<checksum>`), or nil when no object is kept.
    func finish(packFolder: String) throws -> String? {
        guard !entries.isEmpty else { return nil }
        output.patchBigEndian(UInt32(entries.count), at: 8)
        // git makes the pack folder only when it first needs it; a repository may not have one.
        try AtomicFile.makeFolders(packFolder)
        let packFile = try GitTemporaryFile(folder: packFolder)
        var index = GitByteBuffer()
        let packChecksum: [UInt8] = try output.withBytes { bytes in
            // The checksum is computed on a second thread while this one hands the bytes to
            // the kernel and lays out the index.
            let hasher = GitBackgroundJob { GitSHA1.hash(bytes) }
            defer { _ = try? hasher.wait() }  // `bytes` must outlive the hashing
            try packFile.write(bytes)
            index = indexBody()
            return try hasher.wait()
        }
        // One flush, of the whole pack with its checksum: it is renamed into place only after.
        try packFile.write(packChecksum)
        try packFile.sync()
        let name = "pack-" + packChecksum.map { String(format: "%02x", $0) }.joined()

        index.append(contentsOf: packChecksum)
        let indexChecksum = index.withBytes { GitSHA1.hash($0) }
        index.append(contentsOf: indexChecksum)
        let indexFile = try GitTemporaryFile(folder: packFolder)
        try index.withBytes { try indexFile.write($0) }
        try indexFile.sync()
        // The pack first, as git does, so an index never names a pack that is not there yet.
        try packFile.install(as: packFolder + name + ".pack")
        try indexFile.install(as: packFolder + name + ".idx")
        try AtomicFile.syncFolder(packFolder)
        return name
    }

    /// The index up to (not including) its two checksums: header, fan-out, sorted names,
    /// CRC-32s, offsets (and 64-bit offsets past 2 GiB).
    private func indexBody() -> GitByteBuffer {
        entries.sort { $0.id < $1.id }
        var index = GitByteBuffer()
        index.append(contentsOf: [0xFF, 0x74, 0x4F, 0x63])
        index.appendBigEndian(UInt32(2))
        var fanout = [UInt32](repeating: 0, count: 256)
        for entry in entries { fanout[Int(entry.id.firstByte)] += 1 }
        var running: UInt32 = 0
        for bucket in 0 ..< 256 {
            running += fanout[bucket]
            index.appendBigEndian(running)
        }
        var idBytes: [UInt8] = []
        idBytes.reserveCapacity(entries.count * 20)
        for entry in entries { entry.id.append(to: &idBytes) }
        index.append(contentsOf: idBytes)
        for entry in entries { index.appendBigEndian(entry.crc) }
        var large: [UInt64] = []
        for entry in entries {
            if entry.offset < 0x8000_0000 {
                index.appendBigEndian(UInt32(entry.offset))
            } else {
                index.appendBigEndian(0x8000_0000 | UInt32(large.count))
                large.append(entry.offset)
            }
        }
        for offset in large { index.appendBigEndian(offset) }
        return index
    }

    private static func search(_ sorted: [UInt64], _ value: UInt64) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }

    static func corrupt(_ name: String) -> GitError {
        GitError.wrapper("the pack \(name) is damaged", function: "pack reader")
    }
}

/// An existing `pack-*.pack` with its version 2 index, both mapped read-only.
final class GitExistingPack {
    /// Every pack in `packFolder` that can be read directly, by name: the one place packs are
    /// loaded (a pack whose index is not version 2, or does not match, is left to libgit2).
    ///
    /// - Parameter only: when given, only these file names (`pack-….idx`) are looked at.
    static func all(in packFolder: String, only: [String]? = nil) throws -> [GitExistingPack] {
        var packs: [GitExistingPack] = []
        for name in try only ?? FolderContents.names(in: packFolder) where name.hasPrefix("pack-") && name.hasSuffix(".idx") {
            if let pack = try GitExistingPack(folder: packFolder, name: String(name.dropLast(4))) { packs.append(pack) }
        }
        return packs
    }

    let name: String
    let data: GitMappedFile
    let index: GitPackIndex

    /// Opens `<folder><name>.pack` and `.idx`; nil when either is missing or the index is not
    /// version 2 (its objects are then read through libgit2 instead).
    init?(folder: String, name: String) throws {
        guard let data = try GitMappedFile(path: folder + name + ".pack"),
              let indexFile = try GitMappedFile(path: folder + name + ".idx"),
              let index = GitPackIndex(indexFile), data.count >= 32 else { return nil }
        // The index must describe this pack: its copy of the pack checksum must match.
        guard memcmp(data.bytes + data.count - 20, indexFile.bytes + indexFile.count - 40, 20) == 0 else { return nil }
        self.name = name
        self.data = data
        self.index = index
    }
}

/// A version 2 pack index (`.idx`), read in place.
struct GitPackIndex {
    let file: GitMappedFile
    let count: Int
    private let idsStart: Int
    private let crcStart: Int
    private let offsetStart: Int
    private let largeStart: Int

    init?(_ file: GitMappedFile) {
        let bytes = file.bytes
        guard file.count >= 8 + 1024 + 40, bytes[0] == 0xFF, bytes[1] == 0x74, bytes[2] == 0x4F, bytes[3] == 0x63,
              Self.be32(bytes + 4) == 2 else { return nil }
        count = Int(Self.be32(bytes + 8 + 255 * 4))
        idsStart = 8 + 1024
        crcStart = idsStart + 20 * count
        offsetStart = crcStart + 4 * count
        largeStart = offsetStart + 4 * count
        guard largeStart + 40 <= file.count else { return nil }
        self.file = file
    }

    func id(at position: Int) -> ObjectID { ObjectID(bytes: file.bytes + idsStart + 20 * position) }

    /// Where `id` is in the sorted name table: the fan-out narrows it to the names with the
    /// same first byte, then a search that guesses the position from the name (names are
    /// uniformly distributed, so the guess is usually within a few places) and halves the
    /// range whenever a guess does not narrow it enough.
    func position(of id: ObjectID) -> Int? {
        let first = Int(id.firstByte)
        var low = first == 0 ? 0 : Int(Self.be32(file.bytes + 8 + 4 * (first - 1)))
        var high = Int(Self.be32(file.bytes + 8 + 4 * first))
        // The 56 bits after the first byte, as a fraction of the bucket.
        let target = id.high & 0x00FF_FFFF_FFFF_FFFF
        var lowKey: UInt64 = 0, highKey: UInt64 = 0x0100_0000_0000_0000
        var guessing = true
        while low < high {
            var middle = (low + high) / 2
            if guessing, highKey > lowKey, target >= lowKey, target < highKey {
                let fraction = Double(target - lowKey) / Double(highKey - lowKey)
                middle = min(high - 1, low + Int(fraction * Double(high - low)))
            }
            let candidate = self.id(at: middle)
            if candidate == id { return middle }
            let previousWidth = high - low
            if candidate < id {
                low = middle + 1
                lowKey = candidate.high & 0x00FF_FFFF_FFFF_FFFF
            } else {
                high = middle
                highKey = candidate.high & 0x00FF_FFFF_FFFF_FFFF
            }
            // A guess that removed less than half the range: plain halving from here on.
            if high - low > previousWidth / 2 { guessing = false }
        }
        return nil
    }
    func crc(at position: Int) -> UInt32 { Self.be32(file.bytes + crcStart + 4 * position) }

    func offset(at position: Int) -> UInt64 {
        let small = Self.be32(file.bytes + offsetStart + 4 * position)
        if small & 0x8000_0000 == 0 { return UInt64(small) }
        let slot = largeStart + 8 * Int(small & 0x7FFF_FFFF)
        guard slot + 8 + 40 <= file.count else { return UInt64.max }
        return UInt64(bigEndian: UnsafeRawPointer(file.bytes + slot).loadUnaligned(as: UInt64.self))
    }

    static func be32(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(bigEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
    }
}

/// A read-only memory map of a whole file, unmapped in `deinit`.
final class GitMappedFile {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    /// The file's modification time when it was mapped.
    let modified: timespec
    private let mapping: UnsafeMutableRawPointer

    /// The whole file as raw bytes.
    var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bytes, count: count) }

    /// - Returns: nil when the file does not exist or is empty.
    init?(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw MarkdownStoreError.io(path: path, operation: "open", errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MarkdownStoreError.io(path: path, operation: "read the size of", errno: errno) }
        guard info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw MarkdownStoreError.io(path: path, operation: "map", errno: errno)
        }
        mapping = mapped
        bytes = UnsafePointer(mapped.assumingMemoryBound(to: UInt8.self))
        count = size
        modified = Platform.changeAndModificationTimes(info).modification
    }

    deinit { munmap(mapping, count) }
}

/// A growable byte buffer with the few encoders the pack format needs.
struct GitByteBuffer {
    private var storage: [UInt8] = []

    var count: Int { storage.count }

    init() { storage.reserveCapacity(1 << 20) }

    mutating func reserve(_ capacity: Int) { storage.reserveCapacity(capacity) }

    mutating func append(_ bytes: UnsafeRawBufferPointer) { storage.append(contentsOf: bytes) }
    mutating func append(contentsOf bytes: [UInt8]) { storage.append(contentsOf: bytes) }

    mutating func appendBigEndian(_ value: UInt32) {
        storage.append(UInt8(truncatingIfNeeded: value >> 24))
        storage.append(UInt8(truncatingIfNeeded: value >> 16))
        storage.append(UInt8(truncatingIfNeeded: value >> 8))
        storage.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt64) {
        appendBigEndian(UInt32(truncatingIfNeeded: value >> 32))
        appendBigEndian(UInt32(truncatingIfNeeded: value))
    }

    mutating func patchBigEndian(_ value: UInt32, at offset: Int) {
        storage[offset] = UInt8(truncatingIfNeeded: value >> 24)
        storage[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
        storage[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
        storage[offset + 3] = UInt8(truncatingIfNeeded: value)
    }

    /// A pack entry header (see `GitPackFormat.appendEntryHeader`).
    mutating func appendEntryHeader(type: UInt8, size: Int) {
        GitPackFormat.appendEntryHeader(type: type, size: size, to: &storage)
    }

    /// An `OFS_DELTA` base distance (see `GitPackFormat.appendOffsetDistance`).
    mutating func appendOffsetDistance(_ distance: UInt64) {
        GitPackFormat.appendOffsetDistance(distance, to: &storage)
    }

    /// `data` as one zlib stream.
    mutating func appendDeflated(_ data: UnsafeRawBufferPointer, with deflater: GitDeflater) throws {
        let bound = deflater.bound(data.count)
        let start = storage.count
        storage.append(contentsOf: repeatElement(0, count: bound))
        let length = try storage.withUnsafeMutableBytes { out in
            try deflater.deflate(data, into: out.baseAddress! + start, capacity: bound)
        }
        storage.removeLast(bound - length)
    }

    func crc32(from offset: Int) -> UInt32 {
        storage.withUnsafeBytes { raw in
            UInt32(CZlib.crc32(0, raw.baseAddress!.assumingMemoryBound(to: Bytef.self) + offset, uInt(raw.count - offset)))
        }
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes(body)
    }
}

/// `write(2)`, named apart from the methods called `write`.
@inline(__always)
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}

/// A temporary file in the pack folder, read-only like git's packs, renamed into place by
/// `install`; removed in `deinit` if it never was.
final class GitTemporaryFile {
    let path: String
    private var fd: Int32

    init(folder: String) throws {
        path = folder + "tmp_say_\(getpid())_\(UInt32.random(in: 0 ... .max))"
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: path, operation: "create the new pack", errno: errno) }
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(path)
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = systemWrite(fd, bytes.baseAddress! + written, bytes.count - written)  // count > 0 here
            if result < 0 {
                if errno == EINTR { continue }
                throw MarkdownStoreError.io(path: path, operation: "write the new pack", errno: errno)
            }
            written += result
        }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    func sync() throws {
        guard Platform.syncToDisk(fd) == 0 else { throw MarkdownStoreError.io(path: path, operation: "flush the new pack", errno: errno) }
    }

    func install(as finalPath: String) throws {
        close(fd)
        fd = -1
        guard rename(path, finalPath) == 0 else {
            let error = errno
            unlink(path)
            throw MarkdownStoreError.io(path: finalPath, operation: "install the new pack", errno: error)
        }
    }
}
