// The compiled phrase table, kept in a file of the cache folder: compiling it takes about 145 ms,
// reading it back about 9 ms (most of it the kernel handing out the ~6 MB the file takes in
// memory), so only the first process after a change of the table or of the program compiles it.
// `Benchmarks/safety-throughput.sh` times both.
// The file is read into one buffer and the engine's large arrays are views into it
// (`SafetyTableArray`), never copies; a freshly compiled table is written to the same bytes and
// read back the same way, so an engine always has one kind of storage.
//
// The file holds the compiled phrase table and nothing else: never anything a person wrote. Its
// name carries a key (SHA-256 over the format version, the program's own file, and every input
// of the table; for the table built into the program, its file alone stands for the table), so
// a changed table or a rebuilt program never reads an old file. A file that is
// short, corrupt, of another version, not the person's own, or unreadable is ignored: the table
// is compiled and written again. Every index in a file is checked before it is used, and every
// jump in its code must go forward, so even a file with a right checksum cannot make the matcher
// read out of bounds or loop.
//
// Layout (in the machine's byte order, so that arrays can be viewed in place; a file of the other
// order fails the version check): "SAYTABLE", format version (u32), 0 (u32), payload length
// (u64), payload checksum (u64), key (32 bytes), then the payload: the engine's stored
// properties in the order of `SafetyEngine.init(table:payload:)`, each array as zeros up to a
// multiple of 8 bytes, its count (i64) and its elements, so that every array starts aligned.

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
import Foundation
import MarkdownStore

enum SafetyTableCache {
    /// Raise it whenever the payload's layout or the meaning of a stored field changes.
    static let formatVersion: UInt32 = 8
    static let magic = Array("SAYTABLE".utf8)
    static let headerSize = 64
    static let filePrefix = "safety-table-"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosenFolder: String?

    /// The cache folder (`SafetyDetector.useCache(in:)`); nil: compile in memory, write nothing.
    static var folder: String? {
        get { lock.lock(); defer { lock.unlock() }; return chosenFolder }
        set { lock.lock(); chosenFolder = newValue; lock.unlock() }
    }

    /// The table made from `source`: read from `folder` when a good file for it is there, else
    /// compiled and (best effort) written there for the next process.
    static func engine(for source: SafetyTableSource, in folder: String?) -> SafetyEngine {
        engine(compiling: { source }, key: { key(for: source) }, in: folder)
    }

    /// ``engine(for:in:)`` for the table of SafetyPhrases.swift, under ``builtInKey()``: the
    /// program's table is read back without first encoding and hashing its thousands of phrases.
    static func builtInEngine(in folder: String?) -> SafetyEngine {
        engine(compiling: { .phrases }, key: builtInKey, in: folder)
    }

    private static func engine(compiling source: () -> SafetyTableSource, key: () -> [UInt8], in folder: String?) -> SafetyEngine {
        guard let folder, !folder.isEmpty else { return SafetyEngine(source()) }
        let cacheKey = key()
        if let cached = withFile(folder + "/" + fileName(cacheKey), { engine(fromFile: $0, key: cacheKey) }) {
            return cached
        }
        // Compiled into the bytes of the file itself (header, then payload), which the engine
        // reads and the save writes as they are: no second copy of the ~4 MB.
        guard let file = fileBuffer(SafetyEngine.compile(source()), key: cacheKey) else {
            fatalError("no memory for the safety phrase table")
        }
        let compiled = SafetyEngine(compiledIn: file, payload: headerSize..<file.bytes.count)
        save(file: file, key: cacheKey, in: folder)
        return compiled
    }

    /// SHA-256 over the format version, the running program's file (so a rebuilt matcher never
    /// reads a table made by another build) and every input of the table.
    static func key(for source: SafetyTableSource) -> [UInt8] {
        var w = SafetyTableWriter()
        w.int(formatVersion)
        w.array(programIdentity())
        source.encode(&w)
        return Array(SHA256.hash(data: w.bytes))
    }

    /// The key of the table built into this program: the table is part of the program's file, so
    /// the file's identity (see ``programIdentity()``) stands for every input of the table, and a
    /// rebuilt program never reads a table made by another build. When that identity cannot be
    /// read, the key is ``key(for:)`` of the table itself.
    static func builtInKey() -> [UInt8] {
        let identity = programIdentity()
        guard !identity.isEmpty else { return key(for: .phrases) }
        var w = SafetyTableWriter()
        w.int(formatVersion)
        w.array(identity)
        w.bytes += Array("the table built into this program".utf8)
        return Array(SHA256.hash(data: w.bytes))
    }

    static func fileName(_ key: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var name = Array(filePrefix.utf8)
        for b in key { name.append(hex[Int(b >> 4)]); name.append(hex[Int(b & 15)]) }
        return String(decoding: name, as: UTF8.self) + ".bin"
    }

    /// Device, inode, size and modification time of the running program's file (empty when
    /// they cannot be read).
    static func programIdentity() -> [Int64] {
        var info = stat()
        #if canImport(Darwin)
        guard let path = Bundle.main.executablePath, stat(path, &info) == 0 else { return [] }
        #else
        guard stat("/proc/self/exe", &info) == 0 else { return [] }
        #endif
        let time = modified(info)
        return [Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(info.st_size),
                Int64(time.tv_sec), Int64(time.tv_nsec)]
    }

    static func modified(_ info: stat) -> timespec {
        #if canImport(Darwin)
        info.st_mtimespec
        #else
        info.st_mtim
        #endif
    }

    // MARK: the payload

    /// The bytes the engine's arrays lie in.
    static func payload(of engine: SafetyEngine) -> [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: engine.table.bytes[engine.payload]))
    }

    /// The engine whose payload is `payload` of `table`, or nil when it is malformed in any way.
    /// The engine's arrays are views into `table`, which it keeps.
    static func engine(fromPayload payload: Range<Int>, of table: SafetyTableBuffer) -> SafetyEngine? {
        guard let engine = try? SafetyEngine(table: table, payload: payload), engine.isWellFormed else { return nil }
        return engine
    }

    /// The engine in a copy of `payload`, or nil when it is malformed in any way.
    static func engine(fromPayload payload: UnsafeBufferPointer<UInt8>) -> SafetyEngine? {
        SafetyTableBuffer(copying: UnsafeRawBufferPointer(payload)).flatMap { engine(fromPayload: 0..<payload.count, of: $0) }
    }

    // MARK: the file

    static func fileBytes(_ engine: SafetyEngine, key: [UInt8]) -> [UInt8] {
        let body = UnsafeRawBufferPointer(rebasing: engine.table.bytes[engine.payload])
        var bytes = header(of: body, key: key)
        bytes.reserveCapacity(headerSize + body.count)
        bytes += body
        return bytes
    }

    /// The file's first `headerSize` bytes, for the payload `body`.
    static func header(of body: UnsafeRawBufferPointer, key: [UInt8]) -> [UInt8] {
        var w = SafetyTableWriter()
        w.bytes += magic
        w.int(formatVersion)
        w.int(UInt32(0))
        w.int(UInt64(body.count))
        w.int(checksum(body))
        w.bytes += key
        return w.bytes
    }

    /// The whole file for `payload` (what ``fileBytes(_:key:)`` gives for an engine with that
    /// payload) in a buffer an engine can be made from; nil when there is no memory for it.
    static func fileBuffer(_ payload: [UInt8], key: [UInt8]) -> SafetyTableBuffer? {
        guard let file = SafetyTableBuffer(count: headerSize + payload.count) else { return nil }
        let body = UnsafeMutableRawBufferPointer(rebasing: file.bytes[headerSize...])
        payload.withUnsafeBytes { body.copyMemory(from: $0) }
        let header = header(of: UnsafeRawBufferPointer(body), key: key)
        precondition(header.count == headerSize, "a cache key is 32 bytes")
        header.withUnsafeBytes { file.bytes.copyMemory(from: $0) }
        return file
    }

    /// The engine in a whole cache file read into `file`, or nil unless its header, length, key
    /// and checksum are right and the payload is well formed.
    static func engine(fromFile file: SafetyTableBuffer, key: [UInt8]) -> SafetyEngine? {
        let raw = UnsafeRawBufferPointer(file.bytes)
        guard raw.count >= headerSize, key.count == 32, raw[0..<8].elementsEqual(magic) else { return nil }
        func load<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T { raw.loadUnaligned(fromByteOffset: at, as: T.self) }
        let payload = headerSize..<raw.count
        guard load(8, UInt32.self) == formatVersion, load(12, UInt32.self) == 0,
              load(16, UInt64.self) == UInt64(payload.count), raw[32..<64].elementsEqual(key),
              load(24, UInt64.self) == checksum(UnsafeRawBufferPointer(rebasing: raw[payload])) else { return nil }
        return engine(fromPayload: payload, of: file)
    }

    /// The engine in a copy of the file's bytes `file` (see ``engine(fromFile:key:)``).
    static func engine(fromFile file: UnsafeBufferPointer<UInt8>, key: [UInt8]) -> SafetyEngine? {
        SafetyTableBuffer(copying: UnsafeRawBufferPointer(file)).flatMap { engine(fromFile: $0, key: key) }
    }

    /// `body` of a buffer holding the file's bytes, when it is a regular file of this user's that
    /// no one else may write; else nil. The bytes are read into memory rather than mapped, so a
    /// file cut short by someone else while it is read is a short read (ignored), never a crash.
    static func withFile<T>(_ path: String, _ body: (SafetyTableBuffer) -> T?) -> T? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o022 == 0, info.st_size >= headerSize, info.st_size <= 1 << 26,
              let buffer = SafetyTableBuffer(count: Int(info.st_size)), let start = buffer.bytes.baseAddress
        else { return nil }
        let size = buffer.bytes.count
        var count = 0
        while count < size {
            let got = read(fd, start + count, size - count)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        guard count == size else { return nil }
        return body(buffer)
    }

    /// Writes the table (atomically, 0600 in a 0700 folder) and removes the folder's other
    /// tables, and temporary files that a killed writer left over an hour ago. Any failure
    /// leaves things as they were: the next process compiles again.
    /// `file` holds the whole file (see ``fileBuffer(_:key:)``), written as it is.
    static func save(file: SafetyTableBuffer, key: [UInt8], in folder: String) {
        let name = fileName(key)
        do {
            try AtomicFile.makeFolders(folder)
            AtomicFile.keepPrivate(folder: folder)
            try AtomicFile.write(UnsafeRawBufferPointer(file.bytes), to: folder + "/" + name, durable: false)
        } catch {
            return
        }
        let hourAgo = time(nil) - 3600
        for other in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where other != name {
            let path = folder + "/" + other
            if other.hasPrefix(filePrefix) && other.hasSuffix(".bin") {
                unlink(path)
            } else if other.hasPrefix("." + filePrefix) && AtomicFile.isTemporary(name: other) {
                var info = stat()
                if lstat(path, &info) == 0 && modified(info).tv_sec < hourAgo { unlink(path) }
            }
        }
    }

    /// A fast 64-bit checksum (four multiply-rotate lanes over 8-byte words, as in xxHash64):
    /// catches a truncated, torn or bit-flipped file; not a defence against a crafted one.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F, p3: UInt64 = 0x1656_67B1_9E37_79F9
        @inline(__always) func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        @inline(__always) func round(_ v: UInt64, _ w: UInt64) -> UInt64 { rotl(v &+ w &* p2, 31) &* p1 }
        @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var v1 = p1 &+ p2, v2 = p2, v3: UInt64 = 0, v4 = 0 &- p1
        let n = bytes.count
        var i = 0
        while i + 32 <= n {
            v1 = round(v1, word(i)); v2 = round(v2, word(i + 8)); v3 = round(v3, word(i + 16)); v4 = round(v4, word(i + 24))
            i += 32
        }
        var h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18) &+ UInt64(n)
        while i < n { h = rotl(h ^ (UInt64(bytes[i]) &* p3), 11) &* p1; i += 1 }
        h ^= h >> 33; h = h &* p2; h ^= h >> 29; h = h &* p3; h ^= h >> 32
        return h
    }
}

// MARK: - Inputs

/// Every input of `SafetyEngine.init`: what the cache key is made from.
struct SafetyTableSource {
    var macros: [(String, String)]
    var concerning: [SafetyPhraseGroup]
    var exclusions: [SafetyPhraseGroup]
    var aliases: [(String, String)]
    var typoTolerant: [String]
    var censorable: [String]
    var knownWords: [String]
    var vetoLists: [(String, [String])]
    var intentWords: [String]
    var quotation: SafetyQuotationPhrases
    var toldFromSafety: SafetyToldFromSafety

    /// The phrase table of SafetyPhrases.swift and SafetyConstructs.swift.
    static var phrases: SafetyTableSource {
        SafetyTableSource(
            macros: SafetyPhrases.buildingBlocks + SafetyPhrases.constructBlocks,
            concerning: SafetyPhrases.concerning + SafetyPhrases.constructs,
            exclusions: SafetyPhrases.everydayLanguage,
            aliases: SafetyPhrases.aliases,
            typoTolerant: SafetyPhrases.typoTolerantWords,
            censorable: SafetyPhrases.censorableWords,
            knownWords: SafetyPhrases.knownWords,
            vetoLists: SafetyPhrases.notInTheseContexts,
            intentWords: SafetyPhrases.intentWords,
            quotation: SafetyPhrases.quotation,
            toldFromSafety: SafetyPhrases.toldFromSafety)
    }

    /// Every field, each list with its length, so that any change gives other bytes.
    func encode(_ w: inout SafetyTableWriter) {
        func pairs(_ list: [(String, String)]) { w.strings(list.map(\.0)); w.strings(list.map(\.1)) }
        func groups(_ list: [SafetyPhraseGroup]) {
            w.int(list.count)
            for g in list {
                w.strings([g.name, g.note])
                w.strings(g.phrases)
                w.strings([g.unlessEntryMentions, g.onlyIfEntryMentions].compactMap { $0 })
                w.array([g.unlessEntryMentions != nil, g.onlyIfEntryMentions != nil, g.yieldsToIntent].map { $0 ? UInt8(1) : 0 })
            }
        }
        pairs(macros)
        groups(concerning)
        groups(exclusions)
        pairs(aliases)
        w.strings(typoTolerant)
        w.strings(censorable)
        w.strings(knownWords)
        w.strings(vetoLists.map(\.0))
        for (_, words) in vetoLists { w.strings(words) }
        w.strings(intentWords)
        w.strings(quotation.before)
        w.strings(quotation.after)
        w.strings(quotation.ownWords)
        w.strings(toldFromSafety.safeNow)
        w.strings(toldFromSafety.backNow)
    }
}

extension SafetyEngine {
    /// Compiles the table, writes it as the payload of a cache file, and reads it back from
    /// there, as a table read from a file is.
    convenience init(_ source: SafetyTableSource) {
        let payload = SafetyEngine.compile(source)
        guard let table = payload.withUnsafeBytes({ SafetyTableBuffer(copying: $0) }) else {
            fatalError("no memory for the safety phrase table")
        }
        self.init(compiledIn: table, payload: 0..<payload.count)
    }

    /// The engine of a payload just compiled into `table` (read back as a table read from a file is).
    convenience init(compiledIn table: SafetyTableBuffer, payload: Range<Int>) {
        do {
            try self.init(table: table, payload: payload)
        } catch {
            fatalError("the compiled safety phrase table does not read back")
        }
    }

    /// The payload of the table made from `source` (see `compile(macros:concerning:...)`).
    static func compile(_ source: SafetyTableSource) -> [UInt8] {
        compile(macros: source.macros, concerning: source.concerning, exclusions: source.exclusions,
                aliases: source.aliases, typoTolerant: source.typoTolerant, censorable: source.censorable,
                knownWords: source.knownWords, vetoLists: source.vetoLists, intentWords: source.intentWords,
                quotation: source.quotation, toldFromSafety: source.toldFromSafety)
    }
}

// MARK: - Bytes

/// The one buffer a table is read into (from a file, or from the bytes a compiler wrote),
/// owned by the engine made from it: the engine's large arrays are views into these bytes
/// (``SafetyTableArray``), so they live exactly as long as the engine. Written only before an
/// engine is made from it.
final class SafetyTableBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    /// `count` zero bytes, page-aligned, that the kernel hands out whole (MAP_POPULATE) rather
    /// than a page at each first touch; nil when there are none to be had.
    init?(count: Int) {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard count > 0, let memory = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), memory != MAP_FAILED
        else { return nil }
        bytes = UnsafeMutableRawBufferPointer(start: memory, count: count)
    }

    convenience init?(copying source: UnsafeRawBufferPointer) {
        self.init(count: source.count)
        bytes.copyMemory(from: source)
    }

    deinit { munmap(bytes.baseAddress, bytes.count) }
}

/// A read-only array of a table, lying in the ``SafetyTableBuffer`` that the engine holding it
/// keeps alive. Indexes are checked, as an Array's are.
struct SafetyTableArray<Element>: RandomAccessCollection, @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < buffer.count, "index out of range")
        return buffer[index]
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(buffer)
    }

    /// The elements lie one after another: copies and UTF-8 decoding of them (and of their
    /// slices) take the fast path.
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(buffer)
    }
}

/// Appends integers, arrays (zeros to a multiple of 8 bytes, count, then elements) and strings,
/// in the machine's byte order.
struct SafetyTableWriter {
    var bytes: [UInt8] = []

    mutating func int<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { int(Int64(value)) }

    /// Zeros up to a multiple of 8 bytes, where each array starts, so that its elements (after its
    /// 8-byte count) are aligned in the payload, itself aligned in its buffer.
    mutating func align() {
        bytes += repeatElement(0, count: -bytes.count & 7)
    }

    mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        align()
        int(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func bools(_ values: [Bool]) { array(values.map { $0 ? UInt8(1) : 0 }) }

    /// The strings as their end offsets, then their UTF-8 bytes one after the other (see
    /// ``SafetyStrings``).
    mutating func strings(_ values: [String]) {
        var ends: [Int32] = [], utf8: [UInt8] = []
        for value in values {
            utf8 += value.utf8
            ends.append(Int32(utf8.count))
        }
        array(ends)
        array(utf8)
    }

    /// Instructions as an array of their in-memory layout: op, three zero bytes, `a`, `b`.
    mutating func instructions(_ code: [SafetyInstruction]) {
        align()
        int(code.count)
        // Zeros for all of them, then each one's fields stored in place (no array per instruction).
        let at = bytes.count
        bytes += repeatElement(0, count: 12 * code.count)
        bytes.withUnsafeMutableBytes { out in
            for (k, ins) in code.enumerated() {
                out.storeBytes(of: ins.opcode, toByteOffset: at + 12 * k, as: UInt8.self)
                out.storeBytes(of: ins.a, toByteOffset: at + 12 * k + 4, as: Int32.self)
                out.storeBytes(of: ins.b, toByteOffset: at + 12 * k + 8, as: Int32.self)
            }
        }
    }
}

/// Reads what `SafetyTableWriter` wrote, checking every length against the bytes left. Arrays are
/// views into the bytes, which must stay alive as long as they are used (see ``SafetyTableBuffer``).
struct SafetyTableReader {
    struct Malformed: Error {}

    let bytes: UnsafeRawBufferPointer
    var at = 0

    /// A reader of `bytes`, which must start at a multiple of 8 (as a payload does in its buffer).
    init(bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, Int(bitPattern: base) & 7 == 0 else { throw Malformed() }
        self.bytes = bytes
    }

    mutating func int<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - at >= size else { throw Malformed() }
        let value = bytes.loadUnaligned(fromByteOffset: at, as: T.self)
        at += size
        return value
    }

    /// A count or an Int field, within what the rest of the bytes could hold.
    mutating func count() throws -> Int {
        let n = try int(Int64.self)
        guard n >= 0, n <= Int64(bytes.count - at) else { throw Malformed() }
        return Int(n)
    }

    /// An Int field (checked where it is used).
    mutating func intField() throws -> Int { Int(truncatingIfNeeded: try int(Int64.self)) }

    /// An array, as a view of its elements where they lie (aligned by the writer). Only for
    /// types every bit pattern of which is a valid value (see ``instructions()``).
    mutating func view<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type) throws -> SafetyTableArray<T> {
        try view(of: T.self)
    }

    private mutating func view<T: BitwiseCopyable>(of _: T.Type) throws -> SafetyTableArray<T> {
        at += -at & 7
        guard at <= bytes.count else { throw Malformed() }
        let n = try count()
        let size = n * MemoryLayout<T>.stride
        guard size <= bytes.count - at else { throw Malformed() }
        let start = (bytes.baseAddress! + at).bindMemory(to: T.self, capacity: n)
        at += size
        return SafetyTableArray(buffer: UnsafeBufferPointer(start: start, count: n))
    }

    /// Instructions, viewed where they lie: their ops stay bytes (`SafetyInstruction.opcode`),
    /// checked to be valid before any is used (`SafetyEngine.isWellFormed`).
    mutating func instructions() throws -> SafetyTableArray<SafetyInstruction> {
        guard MemoryLayout<SafetyInstruction>.stride == 12, MemoryLayout<SafetyInstruction>.offset(of: \.a) == 4,
              MemoryLayout<SafetyInstruction>.offset(of: \.b) == 8 else { throw Malformed() }
        return try view(of: SafetyInstruction.self)
    }

    mutating func array<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type) throws -> [T] { Array(try view(T.self)) }

    mutating func bools() throws -> [Bool] {
        let values = try view(UInt8.self)
        guard values.allSatisfy({ $0 <= 1 }) else { throw Malformed() }
        return values.map { $0 == 1 }
    }

    /// Strings `SafetyTableWriter.strings` wrote, kept as views of their bytes (see ``SafetyStrings``).
    mutating func stringTable() throws -> SafetyStrings {
        let ends = try view(Int32.self)
        let bytes = try view(UInt8.self)
        guard let strings = SafetyStrings(bytes: bytes, ends: ends) else { throw Malformed() }
        return strings
    }

    mutating func strings() throws -> [String] {
        let table = try stringTable()
        return (0..<table.count).map { table[$0] }
    }
}

// MARK: - The engine's stored properties

extension SafetyEngine {
    /// The engine whose payload is `payload` of `table`: every stored property, in the order the
    /// compiler writes them (`SafetyEngine.compile`), the large arrays as views into `table`.
    convenience init(table: SafetyTableBuffer, payload: Range<Int>) throws {
        guard payload.lowerBound >= 0, payload.upperBound <= table.bytes.count else { throw SafetyTableReader.Malformed() }
        var r = try SafetyTableReader(bytes: UnsafeRawBufferPointer(rebasing: table.bytes[payload]))
        let lexicon = try SafetyLexicon(reading: &r)
        let code = try r.instructions()
        let dispatch = try r.view(Int32.self)
        let wordSets = SafetyWordSets(bitmapWords: try r.intField(), maskWords: try r.intField(), masks: try r.view(UInt64.self),
                                      ranks: try r.view(Int32.self), words: try r.view(UInt64.self))
        let concerning = try SafetyPatternIndex(reading: &r), exclusions = try SafetyPatternIndex(reading: &r)
        let before = try SafetyPatternIndex(reading: &r), after = try SafetyPatternIndex(reading: &r)
        let own = try SafetyPatternIndex(reading: &r)
        let safe = try SafetyPatternIndex(reading: &r), back = try SafetyPatternIndex(reading: &r)
        let intentSet = try r.int(Int32.self)
        let problems = try r.strings()
        let vetoSets = try r.array(Int32.self), vetoNames = try r.strings()
        guard vetoSets.count == vetoNames.count, zip(vetoSets, vetoSets.dropFirst()).allSatisfy({ $0 < $1 }),
              r.at == payload.count
        else { throw SafetyTableReader.Malformed() }
        self.init(table: table, payload: payload, lexicon: lexicon, code: code, dispatch: dispatch, wordSets: wordSets,
                  concerning: concerning, exclusions: exclusions, intentSet: intentSet, mentionBefore: before,
                  mentionAfter: after, ownWords: own, safeNow: safe, backNow: back, problems: problems,
                  vetoNames: Dictionary(uniqueKeysWithValues: zip(vetoSets, vetoNames)))
    }

    /// Whether every index the matcher and the tokenizer follow is in bounds, every op is one of
    /// `SafetyOp`, and every jump of the code goes forward (so matching always ends), as they are
    /// in a compiled table.
    var isWellFormed: Bool {
        let lx = lexicon
        let words = lx.names.count, entries = lx.entryHash.count, n = code.count
        func within(_ values: some Collection<Int32>, _ count: Int, orNone: Bool = false) -> Bool {
            values.allSatisfy { ($0 >= 0 && Int($0) < count) || (orNone && $0 == -1) }
        }
        func ranges(_ starts: SafetyTableArray<Int32>, _ counts: SafetyTableArray<Int32>, _ total: Int) -> Bool {
            for (start, count) in zip(starts, counts) where start < 0 || count < 0 || Int(start) + Int(count) > total {
                return false
            }
            return true
        }
        let slots = lx.slots.count
        let keys: [SafetyLexicon.FuzzyKey] = lx.fuzzyBuckets.flatMap { $0 } + lx.censorKeys
        let sizes: [Int] = [lx.entryStart.count, lx.entryLength.count, lx.outputStart.count, lx.outputCount.count, lx.endsInIng.count]
        guard words >= 1, slots > 0, slots & (slots - 1) == 0, lx.slotMask == slots - 1, lx.slots.contains(-1),
              within(lx.slots, entries, orNone: true), sizes.allSatisfy({ $0 == entries }),
              ranges(lx.entryStart, lx.entryLength, lx.pool.count), ranges(lx.outputStart, lx.outputCount, lx.outputs.count),
              within(lx.outputs, words), lx.fuzzyBuckets.count == 26, within(keys.map(\.id), words)
        else { return false }

        guard wordSets.isWellFormed(wordCount: words) else { return false }
        let sets = wordSets.count
        func isSet(_ s: Int32) -> Bool { s >= 0 && Int(s) < sets }
        let codeIsWellFormed = code.withUnsafeBufferPointer { code in
            dispatch.withUnsafeBufferPointer { d -> Bool in
                func forward(_ target: Int32, _ pc: Int) -> Bool { Int(target) > pc && Int(target) < n }
                /// A dispatch table (see `SafetyRunner.runDispatch`) for the instruction at `base`.
                func table(_ t: Int, _ base: Int) -> Bool {
                    guard t >= 0, t + 2 <= d.count else { return false }
                    let keys = Int(d[t]), always = Int(d[t + 1])
                    guard keys >= 0, always >= 0, t + 2 + 4 * keys + always <= d.count else { return false }
                    func targets(_ from: Int, _ count: Int) -> Bool {
                        guard from >= 0, count >= 0, from + count <= d.count else { return false }
                        for k in from..<(from + count) where d[k] <= 0 || base + Int(d[k]) >= n { return false }
                        return true
                    }
                    for k in 0..<keys {
                        let entry = t + 2 + keys + 3 * k
                        guard targets(Int(d[entry]), Int(d[entry + 1])), d[entry + 2] == -1 || isSet(d[entry + 2]) else { return false }
                    }
                    return targets(t + 2 + 4 * keys, always)
                }
                for pc in 0..<n {
                    let ins = code[pc], next = pc + 1 < n
                    guard let op = SafetyOp(rawValue: ins.opcode) else { return false }
                    let ok: Bool
                    switch op {
                    case .word, .number, .clauseEnd, .clauseStart, .sameSentence: ok = next
                    case .set: ok = next && isSet(ins.a)
                    case .skip: ok = next && (ins.a == -1 || isSet(ins.a))
                    case .split: ok = forward(ins.a, pc) && forward(ins.b, pc)
                    case .jump: ok = forward(ins.a, pc)
                    case .notAhead: ok = next && forward(ins.a, pc)
                    case .accept: ok = true
                    case .dispatch: ok = table(Int(ins.a), pc)
                    }
                    if !ok { return false }
                }
                return true
            }
        }
        guard codeIsWellFormed else { return false }

        func index(_ x: SafetyPatternIndex) -> Bool {
            let p = x.count
            func offsets(_ o: SafetyTableArray<Int32>, _ total: Int) -> Bool {
                o.count == words + 2 && o.allSatisfy({ $0 >= 0 && Int($0) <= total }) && zip(o, o.dropFirst()).allSatisfy({ $0 <= $1 })
            }
            return x.starts.count == p && x.vetoes.count == p && within(x.starts, n) && within(x.vetoes, sets, orNone: true)
                && x.needs.allSatisfy({ $0 == -1 || isSet($0) }) && offsets(x.offsets, x.list.count)
                && within(x.list, p) && (x.listNext.isEmpty || x.listNext.count == x.list.count)
                && x.listNext.allSatisfy({ $0 == -1 || isSet($0) })
                && within(x.numberFirst, p) && offsets(x.anchorOffsets, x.anchored.count)
                && x.anchorStarts.count == p + 1 && x.anchorStarts.first == 0
                && zip(x.anchorStarts, x.anchorStarts.dropFirst()).allSatisfy({ $0 <= $1 })
                && within(x.anchored, Int(x.anchorStarts.last ?? 0))
        }
        // The scan reads the concerning phrases' second-word sets beside every list entry.
        return [concerning, exclusions, mentionBefore, mentionAfter, ownWords, safeNow, backNow].allSatisfy(index)
            && concerning.listNext.count == concerning.list.count
            && isSet(intentSet)
    }
}

extension SafetyPatternIndex {
    /// Writes the index of the compiled phrases (read back by ``init(reading:)``): per phrase
    /// its start, vetoes, needs, whether it yields to intent, its family and text; then, for
    /// each word id, the phrases that can start with it and the phrases it anchors.
    static func encode(_ compiled: [SafetyCompiledEntry], wordCount: Int, _ w: inout SafetyTableWriter) {
        let patterns = compiled.map(\.pattern)
        w.array(patterns.map(\.start))
        w.array(patterns.map(\.veto))
        w.array(patterns.map(\.need))
        w.bools(patterns.map(\.yields))
        // Family names repeat: each is kept once, and each phrase points at its family.
        var groups: [String] = [], groupOf: [Int32] = [], seen: [String: Int32] = [:]
        for p in patterns {
            if seen[p.group] == nil { seen[p.group] = Int32(groups.count); groups.append(p.group) }
            groupOf.append(seen[p.group]!)
        }
        w.strings(groups)
        w.array(groupOf)
        w.strings(patterns.map(\.source))
        // (word id, value) pairs, in phrase order, grouped by word below.
        var firsts: [(id: Int32, value: Int32)] = [], nexts: [(id: Int32, value: Int32)] = []
        var anchored: [(id: Int32, value: Int32)] = []
        var numbers: [Int32] = []
        var anchorStarts: [Int32] = [0]
        for (i, c) in compiled.enumerated() {
            for (k, id) in c.firsts.enumerated() {
                firsts.append((id, Int32(i)))
                if !c.seconds.isEmpty { nexts.append((id, c.seconds[k])) }
            }
            if c.number { numbers.append(Int32(i)) }
            var anchor = anchorStarts.last!
            for set in c.anchors {
                for id in set { anchored.append((id, anchor)) }
                anchor += 1
            }
            anchorStarts.append(anchor)
        }
        let phrases = groupedByWord(firsts, wordCount: wordCount)
        w.array(phrases.offsets)
        w.array(phrases.list)
        // Only the concerning phrases have them (an empty array for the other indexes).
        w.array(groupedByWord(nexts, wordCount: wordCount).list)
        w.array(numbers)
        w.array(anchorStarts)
        let anchors = groupedByWord(anchored, wordCount: wordCount)
        w.array(anchors.offsets)
        w.array(anchors.list)
    }

    /// The pairs' values grouped by word id (a stable counting sort: within a word, in the
    /// pairs' order), and where each word's values start: one offset per word id, and two more.
    static func groupedByWord(_ pairs: [(id: Int32, value: Int32)], wordCount: Int) -> (offsets: [Int32], list: [Int32]) {
        var offsets = [Int32](repeating: 0, count: wordCount + 2)
        for pair in pairs { offsets[Int(pair.id) + 1] += 1 }
        for id in 0..<wordCount { offsets[id + 1] += offsets[id] }
        offsets[wordCount + 1] = offsets[wordCount]
        var next = offsets  // where the next value of each word goes
        var list = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            list[Int(next[Int(pair.id)])] = pair.value
            next[Int(pair.id)] += 1
        }
        return (offsets, list)
    }

    init(reading r: inout SafetyTableReader) throws {
        let starts = try r.view(Int32.self), vetoes = try r.view(Int32.self), needs = try r.view(Int32.self)
        let yields = try r.bools(), groups = try r.strings(), groupOf = try r.view(Int32.self), sources = try r.stringTable()
        let p = starts.count
        guard [vetoes.count, needs.count, yields.count, groupOf.count, sources.count].allSatisfy({ $0 == p }),
              groupOf.allSatisfy({ $0 >= 0 && Int($0) < groups.count }) else { throw SafetyTableReader.Malformed() }
        self.init(starts: starts, vetoes: vetoes, needs: needs, yields: yields, groups: groups, groupOf: groupOf,
                  sources: sources, offsets: try r.view(Int32.self), list: try r.view(Int32.self),
                  listNext: try r.view(Int32.self), numberFirst: try r.view(Int32.self), anchorStarts: try r.view(Int32.self),
                  anchorOffsets: try r.view(Int32.self), anchored: try r.view(Int32.self))
    }
}

extension SafetyLexiconBuilder {
    /// Writes the frozen lexicon (read back by `SafetyLexicon.init(reading:)`).
    func encode(_ w: inout SafetyTableWriter) {
        func keys(_ list: [SafetyLexicon.FuzzyKey]) {
            w.int(list.count)
            for key in list {
                w.array(key.bytes)
                w.int(key.mask)
                w.int(key.id)
            }
        }
        w.array(slots)
        w.int(slotMask)
        w.array(entryHash)
        w.array(entryStart)
        w.array(entryLength)
        w.array(pool)
        w.array(outputStart)
        w.array(outputCount)
        w.array(outputs)
        w.bools(endsInIng)
        w.int(fuzzyBuckets.count)
        for bucket in fuzzyBuckets { keys(bucket) }
        keys(censorKeys)
        w.strings(names)
    }
}

extension SafetyLexicon {
    init(reading r: inout SafetyTableReader) throws {
        func keys() throws -> [FuzzyKey] {
            try (0..<r.count()).map { _ in
                FuzzyKey(bytes: try r.array(UInt8.self), mask: try r.int(UInt32.self), id: try r.int(Int32.self))
            }
        }
        self.init(slots: try r.view(Int32.self), slotMask: try r.intField(), entryHash: try r.view(UInt64.self),
                  entryStart: try r.view(Int32.self), entryLength: try r.view(Int32.self), pool: try r.view(UInt8.self),
                  outputStart: try r.view(Int32.self), outputCount: try r.view(Int32.self), outputs: try r.view(Int32.self),
                  endsInIng: try r.bools(), fuzzyBuckets: try (0..<r.count()).map { _ in try keys() },
                  censorKeys: try keys(), names: try r.stringTable())
    }
}
