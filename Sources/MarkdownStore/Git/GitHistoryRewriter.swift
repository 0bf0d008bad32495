#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites history so that no tree holds a file at one of the given paths (except versions
/// named in `keep`: a newer entry written at a path where an older one was let go).
///
/// Works on raw objects: a rewritten tree is the old tree's bytes with entries removed or a
/// subtree id replaced, and a rewritten commit is the old commit's bytes with its `tree` and
/// `parent` lines replaced (author, committer, dates, encoding and message are kept byte for
/// byte; a `gpgsig` header is dropped because it no longer matches). New objects stay in memory
/// (`newObjects`) until the pack writer puts them on disk, so a crash never leaves refs pointing
/// at objects that are not there.
///
/// Everything is memoised by object id (and, for folders on the way to a purged path, by folder):
/// each distinct tree is read once, and commits before the first one that held such a path map
/// to themselves, so the untouched prefix of history is reused as it is.
///
/// While rewriting it also records what identity resolution and the copy check need: every
/// blob that was at a purged path (``purgedBlobs``) and the commits where a purged path
/// appeared or disappeared (``presenceChanges``), where a rename may have happened.
final class GitHistoryRewriter {
    private let database: GitObjectDatabase
    private let matcher: GitPathMatcher
    /// Commits whose shape must survive (a stash's commits): never dropped, parents never merged.
    private let preserveShape: Set<ObjectID>

    /// Objects created by the rewrite, by id.
    private(set) var newObjects: [ObjectID: GitNewObject] = [:]
    /// The same ids in the order they were made (a tree's suggested delta base comes first).
    private(set) var newObjectOrder: [ObjectID] = []
    /// Every tree and blob the rewritten trees reach (new ids), filled while rewriting.
    private(set) var treesAndBlobs: Set<ObjectID> = []
    /// Old commit → new commit; a nil value means the commit was dropped and had no parent left.
    private(set) var commitMap: [ObjectID: ObjectID?] = [:]
    /// Commits dropped because they only changed purged paths.
    private(set) var dropped: Set<ObjectID> = []
    /// Tree and parents of every commit in the new history (kept and rewritten), by new id.
    private(set) var newCommits: [ObjectID: (tree: ObjectID, parents: [ObjectID])] = [:]
    /// How many commits were rewritten or dropped.
    private(set) var changedCommits = 0
    /// Every blob found at a purged path, in any commit or tree rewritten (the empty blob left out:
    /// it holds no words).
    private(set) var purgedBlobs: Set<ObjectID> = []
    /// Commits (with the parent compared) where the set of purged paths present changed.
    private(set) var presenceChanges: [(commit: ObjectID, parent: ObjectID?)] = []

    private struct FolderTree: Hashable {
        let folder: Int
        let id: ObjectID

        /// As `ObjectID` does: the name is already a good hash; the folder number is mixed in.
        func _rawHashValue(seed: Int) -> Int {
            id._rawHashValue(seed: seed ^ folder &* 0x2545_F491)
        }
    }
    /// Rewritten trees of folders on the way to a purged path, by folder and old id.
    private var treeMap: [FolderTree: ObjectID] = [:]
    /// Purged paths present in a rewritten folder tree, with their blobs (only non-empty sets are kept).
    private var presentIn: [FolderTree: [String: ObjectID]] = [:]
    /// Trees away from every purged path, already handed to the collector, with their paths.
    private var collected: [ObjectID: String] = [:]
    /// The path of every file the rewritten folders held (the collector lists the rest).
    private var scannedFiles = Set<String>()
    private var treeAtTwoPaths = false
    /// The path of every file (blob or link, not a submodule) any tree of the history held, in
    /// any commit walked; nil when a tree was met at two paths, so that its files were only
    /// listed at one. Set by `finishCollecting`.
    private(set) var filePaths: Set<String>?
    /// The original tree of every commit rewritten, by commit.
    private(set) var oldTrees: [ObjectID: ObjectID] = [:]
    /// The purged paths each rewritten commit held, with their blobs (commits that held none are left out).
    private(set) var presenceOfCommit: [ObjectID: [String: ObjectID]] = [:]
    /// The parents of every commit rewritten, as they were.
    private(set) var oldParents: [ObjectID: [ObjectID]] = [:]
    private var tagMap: [ObjectID: ObjectID?] = [:]
    private var blobFreeTrees: [ObjectID: ObjectID] = [:]
    private var rawCommits: [ObjectID: [UInt8]] = [:]
    private var headers: [ObjectID: (tree: ObjectID, parents: [ObjectID])] = [:]
    /// The last new tree made at each path: consecutive versions of a folder differ by an entry
    /// or two, so the pack writer stores a new tree as a delta against that one.
    private var lastTreeAtPath: [String: ObjectID] = [:]
    private var lastScannedAtPath: [String: GitScannedTree] = [:]
    /// Gathers what lies under the trees away from every purged path (see `GitTreeCollector`).
    private let collector: GitTreeCollector
    private static let emptyBlob = ObjectID(hex: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")!  // a valid literal

    /// Versions left in place at a purged path (a newer entry written where one was let go):
    /// path → blobs. Everywhere else in that path's history the path goes.
    private let keep: [String: Set<ObjectID>]
    /// Paths where only some versions go (copies of the entry at paths that are not its own):
    /// path → the versions removed. Every other version there stays.
    private let only: [String: Set<ObjectID>]

    /// - Parameters:
    ///   - only: paths where only the versions named go (see ``only``); takes precedence over `keep`.
    ///   - collectorDatabase: a second database (its own pack reader) for gathering the
    ///     untouched trees on another thread while the rewrite goes on; nil gathers them inline.
    init(database: GitObjectDatabase, paths: Set<String>, preserveShape: Set<ObjectID> = [], keep: [String: Set<ObjectID>] = [:],
         only: [String: Set<ObjectID>] = [:], collectorDatabase: GitObjectDatabase? = nil) {
        self.database = database
        collector = GitTreeCollector(database: collectorDatabase ?? database, inBackground: collectorDatabase != nil)
        matcher = GitPathMatcher(paths)
        self.preserveShape = preserveShape
        self.keep = keep.filter { paths.contains($0.key) && !$0.value.isEmpty }
        self.only = only.filter { paths.contains($0.key) }
    }

    /// Whether the entry at `path` + `name` holding `id` is one of the versions kept.
    private func isKept(_ id: ObjectID, name: UnsafeRawBufferPointer, path: String) -> Bool {
        guard !keep.isEmpty || !only.isEmpty else { return false }
        let full = path + String(decoding: name, as: UTF8.self)
        if let removed = only[full] { return !removed.contains(id) }
        return keep[full]?.contains(id) == true
    }

    /// The tree with every purged path removed (`path` is where the tree sits, `""` for a
    /// commit's root; folders left empty are removed too). Returns `GitRawObject.emptyTree`
    /// when nothing is left.
    func rewriteTree(_ id: ObjectID, path: String = "") throws -> ObjectID {
        guard let folder = matcher.folderIndex[path] else {
            try collect(id, path: path)
            return id
        }
        let key = FolderTree(folder: folder, id: id)
        if let known = treeMap[key] { return known }
        let (kind, raw) = try database.readArray(id)
        guard kind == .tree else { throw GitRawObject.malformed("tree") }
        let previous = lastScannedAtPath[path]
        var edits: [(range: Range<Int>, replacement: ObjectID?)] = []
        var present: [String: ObjectID] = [:]
        let starts: [Int32] = try raw.withUnsafeBytes { data in
            // The previous version of this folder usually differs by an entry or two. Entries
            // inside the common byte prefix, or inside the common byte suffix from an entry
            // boundary that is also one in the previous version, are the same entries: their
            // ids were added to `treesAndBlobs` then, and when that version needed no edit they
            // need none now, so they are not even parsed.
            guard let previous else { return try scan(data, from: 0, startsBefore: [], previous: nil, edits: &edits, present: &present, path: path, folder: folder) }
            let (prefix, suffix) = previous.bytes.withUnsafeBytes { GitBytes.commonEnds($0, data) }
            var first = 0
            if previous.clean {
                // The first previous entry that does not end inside the common prefix.
                while first < previous.starts.count, previous.end(of: first) <= prefix { first += 1 }
            }
            // When every previous entry lies in the common prefix, the new entries follow them.
            let resumeAt = first < previous.starts.count ? Int(previous.starts[first]) : previous.bytes.count
            let common = Common(prefixLength: prefix, suffixLength: suffix, shift: previous.bytes.count - data.count)
            return try scan(data, from: previous.clean ? min(resumeAt, data.count) : 0, startsBefore: previous.starts[0 ..< (previous.clean ? first : 0)],
                            previous: (previous, common), edits: &edits, present: &present, path: path, folder: folder)
        }
        lastScannedAtPath[path] = GitScannedTree(bytes: raw, starts: starts, clean: edits.isEmpty)
        if !present.isEmpty { presentIn[key] = present }
        let result: ObjectID
        if edits.isEmpty {
            result = id
        } else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(raw.count)
            var position = 0
            for edit in edits {
                bytes.append(contentsOf: raw[position ..< edit.range.lowerBound])
                if let replacement = edit.replacement {
                    // Keep mode and name; only the 20-byte id at the end changes.
                    bytes.append(contentsOf: raw[edit.range.lowerBound ..< edit.range.upperBound - 20])
                    replacement.append(to: &bytes)
                }
                position = edit.range.upperBound
            }
            bytes.append(contentsOf: raw[position...])
            if bytes.isEmpty {
                result = GitRawObject.emptyTree
            } else {
                result = try add(bytes, kind: .tree, deltaBase: lastTreeAtPath[path])
                lastTreeAtPath[path] = result
            }
        }
        treeMap[key] = result
        return result
    }

    deinit {
        collector.stop()
    }

    /// Hands a tree away from every purged path (at `path`) to the collector, once.
    private func collect(_ id: ObjectID, path: String) throws {
        if let at = collected[id] {
            if at != path { treeAtTwoPaths = true }
            return
        }
        collected[id] = path
        try collector.add(id, path: path)
    }

    /// Waits for the collector and adds what it gathered to `treesAndBlobs`. Call after the
    /// last `rewriteCommit`, before `treesAndBlobs` is read.
    func finishCollecting() throws {
        treesAndBlobs.formUnion(try collector.finish())
        filePaths = treeAtTwoPaths || collector.treeAtTwoPaths ? nil : scannedFiles.union(collector.files)
    }

    private struct Common {
        let prefixLength: Int
        let suffixLength: Int
        /// previous.count - current.count: add it to a current offset to get the previous one.
        let shift: Int
    }

    /// Parses entries from `from` and records edits. With a previous version, stops at the
    /// shared tail when that version was clean; otherwise only skips hashing known entries.
    private func scan(_ data: UnsafeRawBufferPointer, from: Int, startsBefore: ArraySlice<Int32>,
                      previous: (tree: GitScannedTree, common: Common)?, edits: inout [(range: Range<Int>, replacement: ObjectID?)],
                      present: inout [String: ObjectID], path: String, folder: Int) throws -> [Int32] {
        var starts = Array(startsBefore)
        starts.reserveCapacity((previous?.tree.starts.count ?? 16) + 4)
        var position = from
        var suffixStart = Int.max
        let names = matcher.names[folder]
        let subfolders = matcher.subfolders[folder]
        while position < data.count {
            if suffixStart == .max, let (tree, common) = previous, position >= data.count - common.suffixLength,
               tree.isStart(position + common.shift) {
                suffixStart = position
                if tree.clean {
                    // The rest is the previous version's tail, entry for entry.
                    let first = tree.index(ofStart: position + common.shift)
                    for start in tree.starts[first...] { starts.append(start - Int32(common.shift)) }
                    break
                }
            }
            let entry = try GitRawObject.treeEntry(in: data, at: position)
            starts.append(Int32(position))
            position = entry.range.upperBound
            let known = previous.map { entry.range.upperBound <= $0.common.prefixLength } == true || entry.range.lowerBound >= suffixStart
            if !entry.isTree, !names.isEmpty, GitPathMatcher.contains(names, entry.name), !isKept(entry.id, name: entry.name, path: path) {
                edits.append((entry.range, nil))
                let name = String(decoding: entry.name, as: UTF8.self)
                present[path + name] = entry.id
                if !entry.isGitlink { scannedFiles.insert(path + name) }
                if !entry.isGitlink && entry.id != Self.emptyBlob { purgedBlobs.insert(entry.id) }
            } else if entry.isTree {
                let rewritten: ObjectID
                if !subfolders.isEmpty, GitPathMatcher.contains(subfolders, entry.name) {
                    let childPath = path + String(decoding: entry.name, as: UTF8.self) + "/"
                    rewritten = try rewriteTree(entry.id, path: childPath)
                    if let child = matcher.folderIndex[childPath], let inside = presentIn[FolderTree(folder: child, id: entry.id)] {
                        present.merge(inside) { old, _ in old }
                    }
                } else {
                    if !known { try collect(entry.id, path: path + String(decoding: entry.name, as: UTF8.self) + "/") }
                    rewritten = entry.id
                }
                if rewritten == GitRawObject.emptyTree && entry.id != GitRawObject.emptyTree {
                    edits.append((entry.range, nil))
                } else {
                    if rewritten != entry.id { edits.append((entry.range, rewritten)) }
                    if !known { treesAndBlobs.insert(rewritten) }
                }
            } else if !entry.isGitlink && !known {
                treesAndBlobs.insert(entry.id)
                scannedFiles.insert(path + String(decoding: entry.name, as: UTF8.self))
            }
        }
        return starts
    }

    /// Commits reachable from `tips`, parents before children (a depth-first post-order), read
    /// once and kept for `rewriteCommit`. A parent missing from the object store (the boundary
    /// of a shallow clone) is left out.
    func topologicalOrder(from tips: [ObjectID]) throws -> [ObjectID] {
        var order: [ObjectID] = []
        var seen = Set<ObjectID>()
        var stack: [(id: ObjectID, parents: [ObjectID], next: Int)] = []
        for tip in tips where seen.insert(tip).inserted {
            guard let parents = try loadCommit(tip) else { continue }
            stack.append((tip, parents, 0))
            while let top = stack.indices.last {
                if stack[top].next < stack[top].parents.count {
                    let parent = stack[top].parents[stack[top].next]
                    stack[top].next += 1
                    if seen.insert(parent).inserted, let grandparents = try loadCommit(parent) {
                        stack.append((parent, grandparents, 0))
                    }
                } else {
                    order.append(stack.removeLast().id)
                }
            }
        }
        return order
    }

    /// Tree and parents of a commit, from the commit-graph file when it lists the commit (no
    /// inflating), else from the commit itself (kept for `rewriteCommit`). Nil when missing.
    private func loadCommit(_ id: ObjectID) throws -> [ObjectID]? {
        if let graph = database.commitGraph, let entry = graph.commit(id) {
            headers[id] = entry
            return entry.parents
        }
        let object: (kind: GitObjectKind, bytes: [UInt8])
        do {
            object = try database.readArray(id)
        } catch let error as GitError where error.isNotFound {
            return nil
        }
        guard object.kind == .commit else { throw GitRawObject.malformed("commit") }
        let header = try object.bytes.withUnsafeBytes { try GitRawObject.parseCommit($0) }
        rawCommits[id] = object.bytes
        headers[id] = (header.tree, header.parents)
        return header.parents
    }

    /// Rewrites one commit; its parents must have been rewritten already (walk parents first).
    func rewriteCommit(_ id: ObjectID) throws {
        if commitMap[id] != nil { return }
        let header: (tree: ObjectID, parents: [ObjectID])
        if let known = headers.removeValue(forKey: id) {
            header = known
        } else {
            let raw = try database.readArray(id).bytes
            let parsed = try raw.withUnsafeBytes { try GitRawObject.parseCommit($0) }
            rawCommits[id] = raw
            header = (parsed.tree, parsed.parents)
        }
        oldTrees[id] = header.tree
        oldParents[id] = header.parents
        let tree = try rewriteTree(header.tree)
        // Where a purged path appears or disappears, a rename may have happened.
        let presentBlobs = matcher.folderIndex[""].flatMap { presentIn[FolderTree(folder: $0, id: header.tree)] } ?? [:]
        if !presentBlobs.isEmpty { presenceOfCommit[id] = presentBlobs }
        if header.parents.isEmpty {
            if !presentBlobs.isEmpty { presenceChanges.append((id, nil)) }
        } else {
            for parent in header.parents {
                let before = presenceOfCommit[parent] ?? [:]
                guard before.count != presentBlobs.count || before.keys.contains(where: { presentBlobs[$0] == nil }) else { continue }
                presenceChanges.append((id, parent))
            }
        }
        let keepShape = preserveShape.contains(id)
        var parents: [ObjectID] = []
        for parent in header.parents {
            let mapped: ObjectID?
            if let known = commitMap[parent] { mapped = known } else { mapped = parent }  // outside the walk: keep
            if let mapped, keepShape || !parents.contains(mapped) { parents.append(mapped) }
        }
        if tree == header.tree && parents == header.parents {
            rawCommits[id] = nil
            commitMap[id] = .some(id)
            newCommits[id] = (tree, parents)
            treesAndBlobs.insert(tree)
            return
        }
        changedCommits += 1
        // Drop a commit that became empty (same tree as its new parent); keep one that was
        // empty to begin with, and keep merges.
        if !keepShape && header.parents.count <= 1 && parents.count <= 1 {
            let oldParentTree: ObjectID? = header.parents.isEmpty ? GitRawObject.emptyTree : oldTrees[header.parents[0]]
            let newParentTree: ObjectID? = parents.isEmpty ? GitRawObject.emptyTree : newCommits[parents[0]]?.tree
            if let oldParentTree, let newParentTree, tree == newParentTree, header.tree != oldParentTree {
                rawCommits[id] = nil
                commitMap[id] = .some(parents.first)
                dropped.insert(id)
                return
            }
        }
        // Only a commit that really changes needs its bytes.
        let raw = try rawCommits.removeValue(forKey: id) ?? database.readArray(id).bytes
        let newID: ObjectID = try raw.withUnsafeBytes { data in
            let restStart = try GitRawObject.parseCommit(data).restStart
            var bytes: [UInt8] = Array("tree ".utf8)
            bytes.reserveCapacity(data.count + 64)
            tree.appendHex(to: &bytes)
            bytes.append(0x0A)
            for parent in parents {
                bytes.append(contentsOf: "parent ".utf8)
                parent.appendHex(to: &bytes)
                bytes.append(0x0A)
            }
            Self.appendHeadersDroppingSignature(data, from: restStart, to: &bytes)
            return try add(bytes, kind: .commit)
        }
        if tree == GitRawObject.emptyTree { insert(tree, GitNewObject(kind: .tree, bytes: [])) }
        commitMap[id] = .some(newID)
        newCommits[newID] = (tree, parents)
        treesAndBlobs.insert(tree)
    }

    /// What a ref pointing at `id` must point at after the rewrite: the same id when nothing it
    /// reaches changed, a new id, or nil when everything it reached was dropped (or it is one of
    /// the purged blobs). Call after every commit has been rewritten.
    func rewriteTarget(_ id: ObjectID) throws -> ObjectID? {
        if let mapped = commitMap[id] { return mapped }
        if let mapped = tagMap[id] { return mapped }
        switch try database.kind(of: id) {
        case .commit:
            return id  // not part of the walk (never pushed): left alone
        case .blob:
            return purgedBlobs.contains(id) ? nil : id
        case .tree:
            // A tree named directly (not through a commit): its paths are not the journal's,
            // so the entry's words are found by their blobs.
            let tree = try removingPurgedBlobs(from: id)
            if tree == GitRawObject.emptyTree && id != tree { insert(tree, GitNewObject(kind: .tree, bytes: [])) }
            return tree
        case .tag:
            let result: ObjectID? = try database.read(id) { _, data in
                let (target, restStart) = try GitRawObject.parseTag(data)
                guard let newTarget = try rewriteTarget(target) else { return nil }
                if newTarget == target { return id }
                var bytes: [UInt8] = Array("object ".utf8)
                newTarget.appendHex(to: &bytes)
                bytes.append(0x0A)
                // What was signed changed: the signature would no longer verify.
                Self.appendHeadersDroppingSignature(data, from: restStart, to: &bytes)
                bytes.removeSubrange(Self.tagSignatureStart(bytes)...)
                return try add(bytes, kind: .tag)
            }
            tagMap[id] = .some(result)
            return result
        }
    }

    /// The tree without any purged blob, at any depth (folders left empty are removed).
    func removingPurgedBlobs(from id: ObjectID) throws -> ObjectID {
        if let known = blobFreeTrees[id] { return known }
        let raw = try database.readArray(id).bytes
        var bytes: [UInt8] = []
        var changed = false
        try raw.withUnsafeBytes { data in
            try GitRawObject.forEachTreeEntry(data) { entry in
                var replacement: ObjectID? = entry.id
                if entry.isTree {
                    let inner = try removingPurgedBlobs(from: entry.id)
                    replacement = inner == GitRawObject.emptyTree && entry.id != inner ? nil : inner
                } else if !entry.isGitlink, purgedBlobs.contains(entry.id) {
                    replacement = nil
                }
                if replacement != entry.id { changed = true }
                guard let replacement else { return }
                bytes.append(contentsOf: data[entry.range.lowerBound ..< entry.range.upperBound - 20])
                replacement.append(to: &bytes)
                if entry.isTree { treesAndBlobs.insert(replacement) } else if !entry.isGitlink { treesAndBlobs.insert(replacement) }
            }
        }
        let result = !changed ? id : bytes.isEmpty ? GitRawObject.emptyTree : try add(bytes, kind: .tree)
        blobFreeTrees[id] = result
        return result
    }

    private func add(_ bytes: [UInt8], kind: GitObjectKind, deltaBase: ObjectID? = nil) throws -> ObjectID {
        let id = try GitObjectDatabase.hash(bytes, kind: kind)
        insert(id, GitNewObject(kind: kind, bytes: bytes, deltaBase: deltaBase))
        return id
    }

    /// Takes in an object made outside the rewrite (a notes tree or commit), to be packed.
    func adopt(_ id: ObjectID, _ object: GitNewObject) {
        insert(id, object)
    }

    private func insert(_ id: ObjectID, _ object: GitNewObject) {
        if newObjects.updateValue(object, forKey: id) == nil { newObjectOrder.append(id) }
    }

    /// Where a tag's signature starts (its message's last line that begins like one, as git
    /// reads it: PGP, SSH or X.509), or the end when it has none.
    static func tagSignatureStart(_ tag: [UInt8]) -> Int {
        let markers = ["-----BEGIN PGP SIGNATURE-----", "-----BEGIN PGP MESSAGE-----", "-----BEGIN SSH SIGNATURE-----",
                       "-----BEGIN SIGNED MESSAGE-----"].map { Array($0.utf8) }
        // The message starts after the first blank line.
        var position = 0
        while position < tag.count {
            guard let end = tag[position...].firstIndex(of: 0x0A) else { return tag.count }
            if end == position { position += 1; break }
            position = end + 1
        }
        var start = tag.count
        while position < tag.count {
            if markers.contains(where: { tag[position...].starts(with: $0) }) { start = position }
            position = (tag[position...].firstIndex(of: 0x0A) ?? tag.count - 1) + 1
        }
        return start
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

/// The paths being purged, arranged by folder so a tree is matched against only the names of
/// its own folder, and only folders on the way to a purged path are looked into.
struct GitPathMatcher {
    /// Folder path (`""`, `"entries/"`, `"entries/2026/11/"`) → its number.
    let folderIndex: [String: Int]
    /// Per folder number: the file names purged directly in it (sorted raw bytes).
    let names: [[[UInt8]]]
    /// Per folder number: the names of its subfolders that lead to a purged path.
    let subfolders: [[[UInt8]]]

    init(_ paths: Set<String>) {
        var index: [String: Int] = [:]
        var names: [[[UInt8]]] = []
        var subfolders: [[[UInt8]]] = []
        func number(_ folder: String) -> Int {
            if let known = index[folder] { return known }
            index[folder] = names.count
            names.append([])
            subfolders.append([])
            return names.count - 1
        }
        for path in paths.sorted() {
            let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var folder = ""
            for component in components.dropLast() {
                let parent = number(folder)
                if !subfolders[parent].contains(Array(component.utf8)) { subfolders[parent].append(Array(component.utf8)) }
                folder += component + "/"
            }
            let parent = number(folder)
            if let last = components.last { names[parent].append(Array(last.utf8)) }
        }
        folderIndex = index
        self.names = names
        self.subfolders = subfolders
    }

    static func contains(_ candidates: [[UInt8]], _ name: UnsafeRawBufferPointer) -> Bool {
        for candidate in candidates where candidate.count == name.count {
            if candidate.withUnsafeBytes({ gitBytesEqual($0, name) }) { return true }
        }
        return false
    }
}

/// Byte comparisons a word at a time.
enum GitBytes {
    /// The lengths of the longest common prefix and the longest common suffix (not overlapping
    /// the prefix in the shorter buffer).
    static func commonEnds(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> (prefix: Int, suffix: Int) {
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return (0, 0) }
        let limit = min(a.count, b.count)
        var prefix = 0
        while prefix + 8 <= limit, pa.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == pb.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) {
            prefix += 8
        }
        while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        let room = limit - prefix
        while suffix + 8 <= room,
              pa.loadUnaligned(fromByteOffset: a.count - suffix - 8, as: UInt64.self) == pb.loadUnaligned(fromByteOffset: b.count - suffix - 8, as: UInt64.self) {
            suffix += 8
        }
        while suffix < room, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (prefix, suffix)
    }
}

@inline(__always)
func gitBytesEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.count == 0 }
    return memcmp(left, right, lhs.count) == 0
}

/// A tree read during a rewrite, kept until the next version of the same folder is read.
struct GitScannedTree {
    let bytes: [UInt8]
    /// Offsets where entries start, ascending.
    let starts: [Int32]
    /// No entry needed an edit.
    let clean: Bool

    func end(of index: Int) -> Int {
        index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count
    }

    func index(ofStart offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func isStart(_ offset: Int) -> Bool {
        let index = index(ofStart: offset)
        return index < starts.count && Int(starts[index]) == offset
    }
}
