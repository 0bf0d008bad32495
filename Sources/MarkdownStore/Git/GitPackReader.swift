#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CZlib

/// Reads objects straight from the mapped pack files during a purge: inflate, apply deltas,
/// and keep the results that other deltas are based on.
///
/// libgit2 reads the same data, but re-hashes every object it returns (strict hash verification,
/// with collision detection) and caches through generic structures; a purge reads every commit
/// and every distinct tree of the history once, so that cost dominated. git itself trusts pack
/// data on read the same way; `git fsck` is where hashes are checked, and the tests run it.
/// Objects that are in no mapped pack (loose ones) are still read through libgit2.
final class GitPackReader {
    let packs: [GitExistingPack]
    private let inflater: GitInflater
    /// Inflated objects that deltas use as their base, by pack number and offset.
    private var cache: [Int: (kind: GitObjectKind, bytes: [UInt8])] = [:]
    private var cachedBytes = 0
    /// Offsets that some `OFS_DELTA` in the same pack uses as its base, per pack.
    private var baseOffsets: [Set<PackOffset>] = []

    /// An offset in a pack, hashed with one multiplication (offsets are distinct and spread;
    /// the set is looked into for every object read).
    struct PackOffset: Hashable {
        let value: UInt64

        func _rawHashValue(seed: Int) -> Int {
            Int(truncatingIfNeeded: (value ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15)
        }
    }
    private static let cacheLimit = 192 << 20

    init(packs: [GitExistingPack]) throws {
        self.packs = packs
        inflater = try GitInflater()
        baseOffsets = packs.map { Self.scanBaseOffsets($0) }
    }

    /// A reader of the same packs with its own inflater and cache, for another thread.
    init(alongside other: GitPackReader) throws {
        packs = other.packs
        inflater = try GitInflater()
        baseOffsets = other.baseOffsets
    }

    /// Finds an object in the packs.
    func locate(_ id: ObjectID) -> (pack: Int, offset: UInt64)? {
        for (number, pack) in packs.enumerated() {
            if let position = pack.index.position(of: id) { return (number, pack.index.offset(at: position)) }
        }
        return nil
    }

    /// The object's kind and contents, or nil when it is in none of the packs.
    func object(_ id: ObjectID) throws -> (kind: GitObjectKind, bytes: [UInt8])? {
        guard let (pack, offset) = locate(id) else { return nil }
        return try object(pack: pack, offset: offset)
    }

    func object(pack number: Int, offset: UInt64) throws -> (kind: GitObjectKind, bytes: [UInt8]) {
        let key = number << 40 | Int(offset)
        if let cached = cache[key] { return cached }
        let pack = packs[number]
        let bytes = pack.data.bytes
        let end = pack.data.count - 20
        guard offset >= 12, offset < UInt64(end), let header = GitPackFormat.entryHeader(bytes, at: Int(offset), end: end) else {
            throw GitPackWriter.corrupt(pack.name)
        }
        let type = header.type
        let size = header.size
        var cursor = header.dataStart
        let result: (kind: GitObjectKind, bytes: [UInt8])
        switch type {
        case 1 ... 4:
            guard let kind = GitObjectKind(rawValue: type) else { throw GitPackWriter.corrupt(pack.name) }
            result = (kind, try inflater.inflate(bytes + cursor, available: end - cursor, size: size, pack: pack.name))
        case 6:
            guard let distance = GitPackFormat.offsetDistance(bytes, at: &cursor, end: end), distance > 0, distance < offset else {
                throw GitPackWriter.corrupt(pack.name)
            }
            let base = try object(pack: number, offset: offset - distance)
            let delta = try inflater.inflate(bytes + cursor, available: end - cursor, size: size, pack: pack.name)
            result = (base.kind, try GitDelta.apply(delta, to: base.bytes, pack: pack.name))
        case 7:
            guard cursor + 20 <= end else { throw GitPackWriter.corrupt(pack.name) }
            let baseID = ObjectID(bytes: bytes + cursor)
            guard let base = try object(baseID) else { throw GitPackWriter.corrupt(pack.name) }
            let delta = try inflater.inflate(bytes + cursor + 20, available: end - cursor - 20, size: size, pack: pack.name)
            result = (base.kind, try GitDelta.apply(delta, to: base.bytes, pack: pack.name))
        default:
            throw GitPackWriter.corrupt(pack.name)
        }
        if type == 7 || baseOffsets[number].contains(PackOffset(value: offset)) {
            if cachedBytes > Self.cacheLimit {
                cache.removeAll(keepingCapacity: true)
                cachedBytes = 0
            }
            cache[key] = result
            cachedBytes += result.bytes.count + 64
        }
        return result
    }

    /// Reads every entry header once to learn which offsets are `OFS_DELTA` bases.
    private static func scanBaseOffsets(_ pack: GitExistingPack) -> Set<PackOffset> {
        var result = Set<PackOffset>()
        let bytes = pack.data.bytes
        let end = pack.data.count - 20
        for position in 0 ..< pack.index.count {
            let offset = pack.index.offset(at: position)
            guard offset < UInt64(end), let header = GitPackFormat.entryHeader(bytes, at: Int(offset), end: end), header.type == 6 else { continue }
            var cursor = header.dataStart
            if let distance = GitPackFormat.offsetDistance(bytes, at: &cursor, end: end), distance > 0, distance < offset {
                result.insert(PackOffset(value: offset - distance))
            }
        }
        return result
    }
}

/// One reusable zlib inflate stream (allocated once: zlib keeps a pointer back to it).
final class GitInflater {
    private let stream: UnsafeMutablePointer<z_stream>

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard result == Z_OK else {
            stream.deallocate()
            throw GitError.wrapper("zlib could not start (\(result))", function: "inflateInit")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates one zlib stream that must produce exactly `size` bytes.
    func inflate(_ input: UnsafePointer<UInt8>, available: Int, size: Int, pack: String) throws -> [UInt8] {
        // A header's size is never trusted for an allocation: zlib cannot expand input more
        // than about 1032 times, so a larger claim is a damaged (or hostile) pack.
        guard size >= 0, available >= 0, size <= GitPackFormat.largestInflation(of: available) else { throw GitPackWriter.corrupt(pack) }
        guard inflateReset(stream) == Z_OK else { throw GitPackWriter.corrupt(pack) }
        return try [UInt8](unsafeUninitializedCapacity: max(size, 1)) { output, count in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
            stream.pointee.avail_in = uInt(min(available, Int(UInt32.max)))
            stream.pointee.next_out = output.baseAddress
            stream.pointee.avail_out = uInt(size)
            let result = CZlib.inflate(stream, Z_FINISH)
            guard result == Z_STREAM_END, Int(stream.pointee.total_out) == size else { throw GitPackWriter.corrupt(pack) }
            count = size
        }
    }
}

/// One reusable zlib deflate stream.
final class GitDeflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// - Parameter memoryLevel: zlib's memLevel; 1 makes `deflateReset` clear 512 bytes instead
    ///   of 64 KiB, which matters when compressing thousands of objects of a few hundred bytes.
    init(level: Int32 = Z_DEFAULT_COMPRESSION, memoryLevel: Int32 = 8) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = deflateInit2_(stream, level, Z_DEFLATED, MAX_WBITS, memoryLevel, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard result == Z_OK else {
            stream.deallocate()
            throw GitError.wrapper("zlib could not start (\(result))", function: "deflateInit")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// The largest output `deflate(_:into:)` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int { Int(deflateBound(stream, uLong(count))) }

    /// Deflates `input` into `output` (at least `bound(input.count)` bytes) as one zlib stream.
    /// - Returns: the number of bytes written.
    func deflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, capacity: Int) throws -> Int {
        guard deflateReset(stream) == Z_OK else { throw GitError.wrapper("zlib could not reset", function: "deflateReset") }
        var empty: UInt8 = 0
        return try withUnsafeMutablePointer(to: &empty) { emptyPointer in
            stream.pointee.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self)) } ?? emptyPointer
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = output.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(capacity)
            let result = CZlib.deflate(stream, Z_FINISH)
            guard result == Z_STREAM_END else { throw GitError.wrapper("zlib could not compress an object (\(result))", function: "deflate") }
            return Int(stream.pointee.total_out)
        }
    }
}
