#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CGit2

/// The four kinds of git object, numbered as in the pack format.
enum GitObjectKind: UInt8 {
    case commit = 1
    case tree = 2
    case blob = 3
    case tag = 4

    init?(_ type: git_object_t) {
        switch type {
        case GIT_OBJECT_COMMIT: self = .commit
        case GIT_OBJECT_TREE: self = .tree
        case GIT_OBJECT_BLOB: self = .blob
        case GIT_OBJECT_TAG: self = .tag
        default: return nil
        }
    }

    var type: git_object_t {
        switch self {
        case .commit: return GIT_OBJECT_COMMIT
        case .tree: return GIT_OBJECT_TREE
        case .blob: return GIT_OBJECT_BLOB
        case .tag: return GIT_OBJECT_TAG
        }
    }
}

/// An object made in memory during a rewrite, written to disk only inside the new pack.
struct GitNewObject {
    let kind: GitObjectKind
    let bytes: [UInt8]
    /// Another new object this one probably differs little from (a delta candidate).
    var deltaBase: ObjectID? = nil
}

/// The repository's object database: raw reads (libgit2 resolves packs, deltas and loose files)
/// and object hashing. Owns one reference to the `git_odb`.
final class GitObjectDatabase {
    let handle: OpaquePointer

    /// Reads packed objects directly when set (see `GitPackReader`); libgit2 reads the rest.
    var packReader: GitPackReader?
    /// Tree and parents of the commits git's commit-graph file lists, when there is one.
    var commitGraph: GitCommitGraph?

    init(repository: OpaquePointer) throws {
        var raw: OpaquePointer?
        try gitCheck(git_repository_odb(&raw, repository), "git_repository_odb")
        guard let raw else { throw GitError.wrapper("no object database returned", function: "git_repository_odb") }
        handle = raw
    }

    deinit { git_odb_free(handle) }

    /// Calls `body` with the object's kind and its uncompressed contents, which are only valid
    /// inside `body`. Calls `git_odb_read`.
    func read<Result>(_ id: ObjectID, _ body: (GitObjectKind, UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        if let packReader, let object = try packReader.object(id) {
            return try object.bytes.withUnsafeBytes { try body(object.kind, $0) }
        }
        var object: OpaquePointer?
        try id.withOID { try gitCheck(git_odb_read(&object, handle, $0), "git_odb_read") }
        defer { git_odb_object_free(object) }
        guard let kind = GitObjectKind(git_odb_object_type(object)) else {
            throw GitError.wrapper("object \(id) has an unknown type", function: "git_odb_read")
        }
        return try body(kind, UnsafeRawBufferPointer(start: git_odb_object_data(object), count: git_odb_object_size(object)))
    }

    /// The object's kind and contents as an array (no copy when it comes from a mapped pack).
    func readArray(_ id: ObjectID) throws -> (kind: GitObjectKind, bytes: [UInt8]) {
        if let packReader, let object = try packReader.object(id) { return object }
        return try read(id) { kind, data in (kind, Array(data)) }
    }

    /// The object's kind without inflating more than its header. Calls `git_odb_read_header`.
    func kind(of id: ObjectID) throws -> GitObjectKind {
        if let packReader, let object = try packReader.object(id) { return object.kind }
        var size = 0
        var type = GIT_OBJECT_INVALID
        try id.withOID { try gitCheck(git_odb_read_header(&size, &type, handle, $0), "git_odb_read_header") }
        guard let kind = GitObjectKind(type) else { throw GitError.wrapper("object \(id) has an unknown type", function: "git_odb_read_header") }
        return kind
    }

    /// The name git gives these bytes as an object of this kind: the SHA-1 of
    /// `"<kind> <size>\0"` followed by the bytes. Computed here rather than with
    /// `git_odb_hash`, whose collision-detecting SHA-1 costs half again as much; the objects are
    /// our own rewrites of objects already in the repository, and `git fsck` re-checks every name.
    static func hash(_ bytes: [UInt8], kind: GitObjectKind) throws -> ObjectID {
        var hasher = GitSHA1()
        let keyword: String
        switch kind {
        case .commit: keyword = "commit"
        case .tree: keyword = "tree"
        case .blob: keyword = "blob"
        case .tag: keyword = "tag"
        }
        hasher.update(Array("\(keyword) \(bytes.count)\0".utf8))
        hasher.update(bytes)
        return hasher.finish().withUnsafeBytes { ObjectID(bytes: $0.baseAddress!) }  // 20 bytes
    }
}

/// Git's raw object syntax, parsed without copying.
enum GitRawObject {
    /// The empty tree's well-known name.
    static let emptyTree = ObjectID(hex: "4b825dc642cb6eb9a060e54bf8d69288fbee4904")!  // a valid literal

    /// One entry of a raw tree: where its bytes are, and what it names.
    struct TreeEntry {
        /// The whole entry: mode, space, name, NUL, 20-byte id.
        let range: Range<Int>
        let name: UnsafeRawBufferPointer
        let id: ObjectID
        /// The mode as a number (0o40000 for a folder, 0o160000 for a submodule link).
        let mode: UInt32

        var isTree: Bool { mode & 0o170000 == 0o040000 }
        var isGitlink: Bool { mode & 0o170000 == 0o160000 }
    }

    /// Calls `body` with each entry of a raw tree, in order.
    static func forEachTreeEntry(_ data: UnsafeRawBufferPointer, _ body: (TreeEntry) throws -> Void) throws {
        var position = 0
        while position < data.count {
            let entry = try treeEntry(in: data, at: position)
            position = entry.range.upperBound
            try body(entry)
        }
    }

    /// Parses the tree entry that starts at `position` (`memchr` finds the name's end).
    @inline(__always)
    static func treeEntry(in data: UnsafeRawBufferPointer, at position: Int) throws -> TreeEntry {
        guard let base = data.baseAddress else { throw malformed("tree") }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let end = data.count
        var cursor = position
        var mode: UInt32 = 0
        while cursor < end, bytes[cursor] != 0x20 {
            let digit = bytes[cursor] &- 0x30
            guard digit < 8 else { throw malformed("tree") }
            mode = mode << 3 | UInt32(digit)
            cursor += 1
        }
        cursor += 1
        guard cursor < end, let nul = memchr(base + cursor, 0, end - cursor) else { throw malformed("tree") }
        let nameStart = cursor
        let nameEnd = base.distance(to: UnsafeRawPointer(nul))
        let idStart = nameEnd + 1
        guard idStart + 20 <= end, nameEnd > nameStart else { throw malformed("tree") }
        return TreeEntry(range: position ..< idStart + 20, name: UnsafeRawBufferPointer(start: base + nameStart, count: nameEnd - nameStart),
                         id: ObjectID(bytes: base + idStart), mode: mode)
    }

    /// A commit's tree and parents, and where the headers after the parent lines start.
    struct CommitHeader {
        let tree: ObjectID
        let parents: [ObjectID]
        let restStart: Int
    }

    static func parseCommit(_ data: UnsafeRawBufferPointer) throws -> CommitHeader {
        var position = 0
        guard let tree = parseIDLine(data, &position, keyword: "tree ") else { throw malformed("commit") }
        var parents: [ObjectID] = []
        while let parent = parseIDLine(data, &position, keyword: "parent ") { parents.append(parent) }
        return CommitHeader(tree: tree, parents: parents, restStart: position)
    }

    /// The object a tag points at, and where its `object` line ends.
    static func parseTag(_ data: UnsafeRawBufferPointer) throws -> (target: ObjectID, restStart: Int) {
        var position = 0
        guard let target = parseIDLine(data, &position, keyword: "object ") else { throw malformed("tag") }
        return (target, position)
    }

    /// Parses `<keyword><40 hex>\n` at `position`, advancing past it.
    static func parseIDLine(_ data: UnsafeRawBufferPointer, _ position: inout Int, keyword: StaticString) -> ObjectID? {
        let length = keyword.utf8CodeUnitCount
        guard position + length + 41 <= data.count else { return nil }
        for index in 0 ..< length where data[position + index] != keyword.utf8Start[index] { return nil }
        guard data[position + length + 40] == 0x0A else { return nil }
        var raw = (UInt64(0), UInt64(0), UInt32(0))
        let ok = withUnsafeMutableBytes(of: &raw) { out -> Bool in
            for index in 0 ..< 20 {
                guard let high = hexValue(data[position + length + 2 * index]),
                      let low = hexValue(data[position + length + 2 * index + 1]) else { return false }
                out[index] = high << 4 | low
            }
            return true
        }
        guard ok else { return nil }
        position += length + 41
        return withUnsafeBytes(of: &raw) { ObjectID(bytes: $0.baseAddress!) }  // 24 bytes, never empty
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30 ... 0x39: return byte - 0x30
        case 0x61 ... 0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    static func malformed(_ kind: String) -> GitError {
        GitError.wrapper("a malformed \(kind) object", function: "parse \(kind)")
    }
}
