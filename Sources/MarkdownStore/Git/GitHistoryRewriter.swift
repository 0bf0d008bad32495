#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites history so that no tree holds an entry with one of the given names.
///
/// Works on raw objects: a rewritten tree is the old tree's bytes with entries removed or a
/// subtree id replaced, and a rewritten commit is the old commit's bytes with its `tree` and
/// `parent` lines replaced (author, committer, dates, encoding and message are kept byte for
/// byte; a `gpgsig` header is dropped because it no longer matches). New objects stay in memory
/// (`newObjects`) until the pack writer puts them on disk, so a crash never leaves refs pointing
/// at objects that are not there.
///
/// Everything is memoised by object id: each distinct tree is read once, and commits before the
/// first one that held such a name map to themselves, so the untouched prefix of history is
/// reused as it is.
final class GitHistoryRewriter {
    private let database: GitObjectDatabase
    private let names: [[UInt8]]

    /// Objects created by the rewrite, by id.
    private(set) var newObjects: [ObjectID: GitNewObject] = [:]
    /// Every tree and blob the rewritten trees reach (new ids), filled while rewriting.
    private(set) var treesAndBlobs: Set<ObjectID> = []
    /// Old commit → new commit; a nil value means the commit was dropped and had no parent left.
    private(set) var commitMap: [ObjectID: ObjectID?] = [:]
    /// Tree and parents of every commit in the new history (kept and rewritten), by new id.
    private(set) var newCommits: [ObjectID: (tree: ObjectID, parents: [ObjectID])] = [:]
    /// How many commits were rewritten or dropped.
    private(set) var changedCommits = 0

    private var treeMap: [ObjectID: ObjectID] = [:]
    private var oldTrees: [ObjectID: ObjectID] = [:]
    private var tagMap: [ObjectID: ObjectID?] = [:]

    init(database: GitObjectDatabase, names: Set<String>) {
        self.database = database
        self.names = names.sorted().map { Array($0.utf8) }
    }

    private func matches(_ name: UnsafeRawBufferPointer) -> Bool {
        for candidate in names where candidate.count == name.count {
            if candidate.withUnsafeBytes({ gitBytesEqual($0, name) }) { return true }
        }
        return false
    }

    /// The tree with every entry named like a purged file removed, at any depth (folders left
    /// empty are removed too). Returns `GitRawObject.emptyTree` when nothing is left.
    func rewriteTree(_ id: ObjectID) throws -> ObjectID {
        if let known = treeMap[id] { return known }
        let result: ObjectID = try database.read(id) { kind, data in
            guard kind == .tree else { throw GitRawObject.malformed("tree") }
            var edits: [(range: Range<Int>, replacement: ObjectID?)] = []
            try GitRawObject.forEachTreeEntry(data) { entry in
                if matches(entry.name) {
                    edits.append((entry.range, nil))
                } else if entry.isTree {
                    let rewritten = try rewriteTree(entry.id)
                    if rewritten == GitRawObject.emptyTree && entry.id != GitRawObject.emptyTree {
                        edits.append((entry.range, nil))
                    } else {
                        if rewritten != entry.id { edits.append((entry.range, rewritten)) }
                        treesAndBlobs.insert(rewritten)
                    }
                } else if !entry.isGitlink {
                    treesAndBlobs.insert(entry.id)
                }
            }
            if edits.isEmpty { return id }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(data.count)
            var position = 0
            for edit in edits {
                bytes.append(contentsOf: data[position ..< edit.range.lowerBound])
                if let replacement = edit.replacement {
                    // Keep mode and name; only the 20-byte id at the end changes.
                    bytes.append(contentsOf: data[edit.range.lowerBound ..< edit.range.upperBound - 20])
                    replacement.append(to: &bytes)
                }
                position = edit.range.upperBound
            }
            bytes.append(contentsOf: data[position...])
            if bytes.isEmpty { return GitRawObject.emptyTree }
            return try add(bytes, kind: .tree)
        }
        treeMap[id] = result
        return result
    }

    /// Rewrites one commit; its parents must have been rewritten already (walk parents first).
    func rewriteCommit(_ id: ObjectID) throws {
        if commitMap[id] != nil { return }
        try database.read(id) { kind, data in
            guard kind == .commit else { throw GitRawObject.malformed("commit") }
            let header = try GitRawObject.parseCommit(data)
            oldTrees[id] = header.tree
            let tree = try rewriteTree(header.tree)
            var parents: [ObjectID] = []
            for parent in header.parents {
                let mapped: ObjectID?
                if let known = commitMap[parent] { mapped = known } else { mapped = parent }  // outside the walk: keep
                if let mapped, !parents.contains(mapped) { parents.append(mapped) }
            }
            if tree == header.tree && parents == header.parents {
                commitMap[id] = .some(id)
                newCommits[id] = (tree, parents)
                treesAndBlobs.insert(tree)
                return
            }
            changedCommits += 1
            // Drop a commit that became empty (same tree as its new parent); keep one that was
            // empty to begin with, and keep merges.
            if header.parents.count <= 1 && parents.count <= 1 {
                let oldParentTree: ObjectID? = header.parents.isEmpty ? GitRawObject.emptyTree : oldTrees[header.parents[0]]
                let newParentTree: ObjectID? = parents.isEmpty ? GitRawObject.emptyTree : newCommits[parents[0]]?.tree
                if let oldParentTree, let newParentTree, tree == newParentTree, header.tree != oldParentTree {
                    commitMap[id] = .some(parents.first)
                    return
                }
            }
            var bytes: [UInt8] = Array("tree ".utf8)
            bytes.reserveCapacity(data.count + 64)
            tree.appendHex(to: &bytes)
            bytes.append(0x0A)
            for parent in parents {
                bytes.append(contentsOf: "parent ".utf8)
                parent.appendHex(to: &bytes)
                bytes.append(0x0A)
            }
            Self.appendHeadersDroppingSignature(data, from: header.restStart, to: &bytes)
            if tree == GitRawObject.emptyTree { newObjects[tree] = GitNewObject(kind: .tree, bytes: []) }
            let newID = try add(bytes, kind: .commit)
            commitMap[id] = .some(newID)
            newCommits[newID] = (tree, parents)
            treesAndBlobs.insert(tree)
        }
    }

    /// What a ref pointing at `id` must point at after the rewrite: the same id when nothing it
    /// reaches changed, a new id, or nil when everything it reached was dropped.
    func rewriteTarget(_ id: ObjectID) throws -> ObjectID? {
        if let mapped = commitMap[id] { return mapped }
        if let mapped = tagMap[id] { return mapped }
        switch try database.kind(of: id) {
        case .commit:
            return id  // not part of the walk (never pushed): left alone
        case .blob:
            return id
        case .tree:
            let tree = try rewriteTree(id)
            if tree == GitRawObject.emptyTree && id != tree { newObjects[tree] = GitNewObject(kind: .tree, bytes: []) }
            return tree
        case .tag:
            let result: ObjectID? = try database.read(id) { _, data in
                let (target, restStart) = try GitRawObject.parseTag(data)
                guard let newTarget = try rewriteTarget(target) else { return nil }
                if newTarget == target { return id }
                var bytes: [UInt8] = Array("object ".utf8)
                newTarget.appendHex(to: &bytes)
                bytes.append(0x0A)
                bytes.append(contentsOf: data[restStart...])
                return try add(bytes, kind: .tag)
            }
            tagMap[id] = .some(result)
            return result
        }
    }

    private func add(_ bytes: [UInt8], kind: GitObjectKind) throws -> ObjectID {
        let id = try GitObjectDatabase.hash(bytes, kind: kind)
        newObjects[id] = GitNewObject(kind: kind, bytes: bytes)
        return id
    }

    /// Copies commit headers and message from `start`, leaving out `gpgsig`/`gpgsig-sha256`
    /// headers (and their continuation lines), which would no longer verify.
    static func appendHeadersDroppingSignature(_ data: UnsafeRawBufferPointer, from start: Int, to bytes: inout [UInt8]) {
        var position = start
        var skipping = false
        while position < data.count {
            if data[position] == 0x0A {  // blank line: the message follows, copied as is
                bytes.append(contentsOf: data[position...])
                return
            }
            var end = position
            while end < data.count, data[end] != 0x0A { end += 1 }
            let lineEnd = min(end + 1, data.count)
            let line = UnsafeRawBufferPointer(rebasing: data[position ..< lineEnd])
            if line.first == 0x20 {
                if !skipping { bytes.append(contentsOf: line) }
            } else {
                skipping = line.starts(with: "gpgsig ".utf8) || line.starts(with: "gpgsig-sha256 ".utf8)
                if !skipping { bytes.append(contentsOf: line) }
            }
            position = lineEnd
        }
    }
}

@inline(__always)
func gitBytesEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.count == 0 }
    return memcmp(left, right, lhs.count) == 0
}
