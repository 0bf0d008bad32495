#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// An entry's identity in history: the paths it had (renames followed), and the places where
/// the same words sit under another path (copies).
enum GitPathHistory {
    /// Paths the entry had before or after a rename, found on the commits where one of
    /// `paths` appeared or disappeared, and between HEAD and the index (a staged `git mv`).
    ///
    /// A pair (removed path, added path) of one commit is a rename when git's rename detection
    /// (libgit2's, at git's default 50% similarity) pairs them, or when both files carry the
    /// entry's front-matter `id`.
    ///
    /// Commits whose parents after the first are not earlier versions (a stash's index and
    /// untracked-files commits) are compared with their first parent only.
    ///
    /// With `idMoves`, an `id` that leaves one path (removed, or replaced by a version with
    /// another `id`) and arrives at another (added, or replacing a version with another `id`)
    /// in the same commit is a rename too: two files whose names were swapped, or a file moved
    /// and another put at its old name.
    ///
    /// - Returns: each rename found, the commit (nil: the index) and path after it, the parent
    ///   and path before it. Paths not in `paths` among them are the same entry.
    static func renames(of paths: Set<String>, rewriter: GitHistoryRewriter, repository: GitRepository,
                        database: GitObjectDatabase, firstParentOnly: Set<ObjectID> = [], idMoves: Bool = false) throws -> [Rename] {
        let ids = entryIDs(of: paths, rewriter: rewriter, repository: repository, database: database)
        var found: [Rename] = []
        var idOfBlob: [ObjectID: String?] = [:]
        func id(_ blob: ObjectID?) -> String? {
            guard let blob else { return nil }
            if let known = idOfBlob[blob] { return known }
            let value = try? database.read(blob, { _, data in frontMatterID(data) })
            idOfBlob[blob] = .some(value ?? nil)
            return value ?? nil
        }
        func consider(_ changes: [Change], commit: ObjectID?, parent: ObjectID) throws {
            var removed = changes.filter { $0.kind == .deleted }
            var added = changes.filter { $0.kind == .added }
            if idMoves {
                // A version replaced by one with another id: its id left the path, the new one arrived.
                for change in changes where change.kind == .other {
                    let before = id(change.oldBlob)
                    let after = id(change.newBlob)
                    guard before != after else { continue }
                    if before != nil { removed.append(change) }
                    if after != nil { added.append(change) }
                }
            }
            for change in changes where change.kind == .renamed && (paths.contains(change.oldPath) || paths.contains(change.newPath)) {
                found.append(Rename(commit: commit, newPath: change.newPath, parent: parent, oldPath: change.oldPath))
            }
            guard !ids.isEmpty else { return }
            let removedOurs = removed.filter { paths.contains($0.oldPath) }
            let addedOurs = added.filter { paths.contains($0.newPath) }
            for ours in removedOurs {
                for change in added where !paths.contains(change.newPath) {
                    if let blob = change.newBlob, let id = try? database.read(blob, { _, data in frontMatterID(data) }), ids.contains(id) {
                        found.append(Rename(commit: commit, newPath: change.newPath, parent: parent, oldPath: ours.oldPath))
                    }
                }
            }
            for ours in addedOurs {
                for change in removed where !paths.contains(change.oldPath) {
                    if let blob = change.oldBlob, let id = try? database.read(blob, { _, data in frontMatterID(data) }), ids.contains(id) {
                        found.append(Rename(commit: commit, newPath: ours.newPath, parent: parent, oldPath: change.oldPath))
                    }
                }
            }
        }
        var changesBetween: [[ObjectID]: [Change]] = [:]
        var examined = rewriter.presenceChanges
        if idMoves {
            // Where a version at one of the paths took the place of one with another id, that id
            // may have moved to another path (names swapped) while the paths stayed present.
            var seen = Set(examined.compactMap { pair in pair.parent.map { [pair.commit, $0] } })
            for (commit, blobs) in rewriter.presenceOfCommit {
                for parent in rewriter.oldParents[commit] ?? [] {
                    guard let before = rewriter.presenceOfCommit[parent], !seen.contains([commit, parent]) else { continue }
                    let changedID = blobs.contains { path, blob in
                        guard let old = before[path], old != blob else { return false }
                        let now = id(blob)
                        let then = id(old)
                        return now != nil && then != nil && now != then
                    }
                    if changedID {
                        seen.insert([commit, parent])
                        examined.append((commit, parent))
                    }
                }
            }
        }
        for (commit, parent) in examined {
            guard let parent, let newTree = rewriter.oldTrees[commit], let oldTree = rewriter.oldTrees[parent] else { continue }
            if firstParentOnly.contains(commit), rewriter.oldParents[commit]?.first != parent { continue }
            if changesBetween[[oldTree, newTree]] == nil { changesBetween[[oldTree, newTree]] = try repository.changes(from: oldTree, to: newTree) }
            try consider(changesBetween[[oldTree, newTree]]!, commit: commit, parent: parent)
        }
        if let head = try repository.headCommit() { try consider(repository.stagedChanges(), commit: nil, parent: head) }
        return found
    }

    /// The front-matter `id`s of the entry: those of the versions at its paths, and of its files.
    static func entryIDs(of paths: Set<String>, rewriter: GitHistoryRewriter, repository: GitRepository,
                         database: GitObjectDatabase) -> Set<String> {
        var ids = Set<String>()
        for blob in rewriter.purgedBlobs {
            if let id = try? database.read(blob, { _, data in frontMatterID(data) }) { ids.insert(id) }
        }
        for path in paths {
            if let data = FileManager.default.contents(atPath: repository.workdir + path),
               let id = data.withUnsafeBytes({ frontMatterID($0) }) { ids.insert(id) }
        }
        return ids
    }

    /// One rename: the file at `oldPath` in `parent` is the file at `newPath` in `commit` (nil:
    /// the index).
    struct Rename {
        let commit: ObjectID?
        let newPath: String
        let parent: ObjectID
        let oldPath: String
    }

    /// Which versions at the entry's paths are the entry, when a path held other files too: a
    /// path is reused after the entry left it (renamed away or removed), or a name the entry
    /// once had is given to a file of the person's own. Each stretch of history in which a path
    /// holds a file without a break (from commit to parent, or from the index to HEAD), is one
    /// file's life there; lives joined by a rename, by a version in common or by the same
    /// front-matter `id` are one file. The entry is the file whose life holds what the folder
    /// and the index have at `entryPaths` now. With `splitByID`, a life also ends where a
    /// version with another front-matter `id` takes the place of one with an `id` (another
    /// entry's file, or a page of the person's, put at the path).
    ///
    /// - Returns: the paths the entry had, and the versions at them that belong to other files
    ///   (to keep); nil when nothing at `entryPaths` is in the history or the index (everything
    ///   at the paths is the entry's).
    static func lifetimes(entryPaths: Set<String>, paths: Set<String>, order: [ObjectID], rewriter: GitHistoryRewriter,
                          renames: [Rename], repository: GitRepository, database: GitObjectDatabase, splitByID: Bool = false) throws
        -> (paths: Set<String>, others: [String: Set<ObjectID>])? {
        struct Node: Hashable { let commit: ObjectID?; let path: String }
        var nodes: [Node] = []
        var number: [Node: Int] = [:]
        var blobOf: [ObjectID] = []
        func add(_ node: Node, _ blob: ObjectID) {
            guard number[node] == nil else { return }
            number[node] = nodes.count
            nodes.append(node)
            blobOf.append(blob)
        }
        for commit in order {
            for (path, blob) in rewriter.presenceOfCommit[commit] ?? [:] where paths.contains(path) { add(Node(commit: commit, path: path), blob) }
        }
        let index = try GitIndex(repository: repository.handle)
        for path in paths {
            if let entry = git_index_get_bypath(index.handle, path, 0) { add(Node(commit: nil, path: path), ObjectID(entry.pointee.id)) }
        }
        guard !nodes.isEmpty else { return nil }
        var parent = Array(nodes.indices)
        func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node { parent[node] = parent[parent[node]]; node = parent[node] }
            return node
        }
        func join(_ a: Int?, _ b: Int?) {
            guard let a, let b else { return }
            parent[root(a)] = root(b)
        }
        let head = try repository.headCommit()
        var idOfBlob: [ObjectID: String?] = [:]
        func id(_ position: Int) -> String? {
            let blob = blobOf[position]
            if idOfBlob.index(forKey: blob) == nil { idOfBlob[blob] = .some(try? database.read(blob) { _, data in frontMatterID(data) }) }
            return idOfBlob[blob] ?? nil
        }
        // A life goes on from parent to commit, and from HEAD to the index (with `splitByID`,
        // not across a change of front-matter id).
        func goOn(_ position: Int, _ before: Int?) {
            guard let before else { return }
            if splitByID, let now = id(position), let then = id(before), now != then { return }
            join(position, before)
        }
        for (node, position) in number {
            if let commit = node.commit {
                for before in rewriter.oldParents[commit] ?? [] { goOn(position, number[Node(commit: before, path: node.path)]) }
            } else if let head {
                goOn(position, number[Node(commit: head, path: node.path)])
            }
        }
        for rename in renames { join(number[Node(commit: rename.commit, path: rename.newPath)], number[Node(commit: rename.parent, path: rename.oldPath)]) }
        // A version or an id in common is the same file (a file removed and brought back).
        var firstWithBlob: [ObjectID: Int] = [:]
        var firstWithID: [String: Int] = [:]
        for position in nodes.indices {
            let blob = blobOf[position]
            if let other = firstWithBlob[blob] { join(position, other) } else { firstWithBlob[blob] = position }
            if idOfBlob.index(forKey: blob) == nil { idOfBlob[blob] = .some(try? database.read(blob) { _, data in frontMatterID(data) }) }
            if let id = idOfBlob[blob] ?? nil {
                if let other = firstWithID[id] { join(position, other) } else { firstWithID[id] = position }
            }
        }
        // The entry: what the index and HEAD hold at its paths, and what its file holds.
        var anchors: [Int] = []
        for path in entryPaths {
            if let position = number[Node(commit: nil, path: path)] { anchors.append(position) }
            if let head, let position = number[Node(commit: head, path: path)] { anchors.append(position) }
            var oid = git_oid()
            if git_odb_hashfile(&oid, repository.workdir + path, GIT_OBJECT_BLOB) == 0, let position = firstWithBlob[ObjectID(oid)] {
                anchors.append(position)
            }
            if let data = FileManager.default.contents(atPath: repository.workdir + path),
               let id = data.withUnsafeBytes({ frontMatterID($0) }), let position = firstWithID[id] {
                anchors.append(position)
            }
        }
        guard !anchors.isEmpty else { return nil }
        let entry = Set(anchors.map(root))
        var entryPathsFound = Set<String>()
        var others: [String: Set<ObjectID>] = [:]
        for position in nodes.indices {
            if entry.contains(root(position)) {
                entryPathsFound.insert(nodes[position].path)
            } else {
                others[nodes[position].path, default: []].insert(blobOf[position])
            }
        }
        return (entryPathsFound.union(entryPaths), others)
    }

    /// Paths outside `paths` that hold an exact copy of a version of the entry: anywhere in the
    /// rewritten history, or in the index.
    static func copies(of rewriter: GitHistoryRewriter, paths: Set<String>, commits: [ObjectID], repository: GitRepository,
                       database: GitObjectDatabase) throws -> [String] {
        let purged = rewriter.purgedBlobs
        guard !purged.isEmpty else { return [] }
        var result = Set<String>()
        let index = try GitIndex(repository: repository.handle)
        for position in 0 ..< git_index_entrycount(index.handle) {
            guard let entry = git_index_get_byindex(index.handle, position), purged.contains(ObjectID(entry.pointee.id)),
                  let path = gitString(from: entry.pointee.path), !paths.contains(path) else { continue }
            result.insert(path)
        }
        guard !purged.isDisjoint(with: rewriter.treesAndBlobs) || !result.isEmpty else { return [] }
        // Where in history: each distinct tree read once.
        var memo: [ObjectID: [String]] = [:]
        func find(_ tree: ObjectID) throws -> [String] {
            if let known = memo[tree] { return known }
            var here: [String] = []
            var subtrees: [(String, ObjectID)] = []
            try database.read(tree) { _, data in
                try GitRawObject.forEachTreeEntry(data) { entry in
                    let name = String(decoding: entry.name, as: UTF8.self)
                    if entry.isTree { subtrees.append((name, entry.id)) } else if !entry.isGitlink, purged.contains(entry.id) { here.append(name) }
                }
            }
            for (name, subtree) in subtrees { here += try find(subtree).map { name + "/" + $0 } }
            memo[tree] = here
            return here
        }
        for commit in commits {
            guard let tree = rewriter.oldTrees[commit] else { continue }
            for path in try find(tree) where !paths.contains(path) { result.insert(path) }
        }
        return result.sorted()
    }

    /// The `id:` value of a document's front matter (lowercased, quotes removed), or nil.
    static func frontMatterID(_ data: UnsafeRawBufferPointer) -> String? {
        let text = String(decoding: data.prefix(16 * 1024), as: UTF8.self)
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })[...]
        guard let first = lines.first, first.trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF} \t")) == "---" else { return nil }
        lines = lines.dropFirst()
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { return nil }
            guard line.hasPrefix("id:") else { continue }
            let value = line.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value.lowercased()
        }
        return nil
    }

    /// One file changed between two trees.
    struct Change {
        enum Kind { case added, deleted, renamed, other }
        let kind: Kind
        let oldPath: String
        let newPath: String
        let oldBlob: ObjectID?
        let newBlob: ObjectID?
    }
}

extension GitRepository {
    /// Files changed between two trees, renames paired by libgit2's rename detection.
    /// Calls `git_diff_tree_to_tree`, `git_diff_find_similar`.
    func changes(from old: ObjectID, to new: ObjectID) throws -> [GitPathHistory.Change] {
        var oldTree: OpaquePointer?
        var newTree: OpaquePointer?
        try old.withOID { try gitCheck(git_tree_lookup(&oldTree, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(oldTree) }
        try new.withOID { try gitCheck(git_tree_lookup(&newTree, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(newTree) }
        var diff: OpaquePointer?
        try gitCheck(git_diff_tree_to_tree(&diff, handle, oldTree, newTree, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        return try Self.renamedChanges(diff)
    }

    /// Files staged differently from HEAD (a `git mv` not yet committed), renames paired.
    /// Calls `git_diff_tree_to_index`, `git_diff_find_similar`.
    func stagedChanges() throws -> [GitPathHistory.Change] {
        guard let headTree = try lookupHeadTree() else { return [] }
        defer { git_tree_free(headTree) }
        let index = try GitIndex(repository: handle)
        var diff: OpaquePointer?
        try gitCheck(git_diff_tree_to_index(&diff, handle, headTree, index.handle, nil), "git_diff_tree_to_index")
        defer { git_diff_free(diff) }
        return try Self.renamedChanges(diff)
    }

    private static func renamedChanges(_ diff: OpaquePointer?) throws -> [GitPathHistory.Change] {
        var options = git_diff_find_options()
        try gitCheck(git_diff_find_options_init(&options, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init")
        options.flags = GIT_DIFF_FIND_RENAMES.rawValue
        try gitCheck(git_diff_find_similar(diff, &options), "git_diff_find_similar")
        var result: [GitPathHistory.Change] = []
        for number in 0 ..< git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, number) else { continue }
            let kind: GitPathHistory.Change.Kind
            switch delta.pointee.status {
            case GIT_DELTA_ADDED: kind = .added
            case GIT_DELTA_DELETED: kind = .deleted
            case GIT_DELTA_RENAMED: kind = .renamed
            default: kind = .other
            }
            let oldFile = delta.pointee.old_file
            let newFile = delta.pointee.new_file
            var oldID = oldFile.id
            var newID = newFile.id
            result.append(GitPathHistory.Change(kind: kind, oldPath: gitString(from: oldFile.path) ?? "", newPath: gitString(from: newFile.path) ?? "",
                                                oldBlob: git_oid_is_zero(&oldID) == 1 ? nil : ObjectID(oldID),
                                                newBlob: git_oid_is_zero(&newID) == 1 ? nil : ObjectID(newID)))
        }
        return result
    }
}

/// Moves notes to the commits that replaced the ones they annotate, as `notes.rewrite` does.
enum GitNotesEditor {
    /// A new notes commit (and the trees it needs), made in memory, or nil when no note of
    /// `notesCommit` annotates a commit in `mapping`.
    ///
    /// - Parameters:
    ///   - mapping: old commit → its replacement, or nil when it was dropped (its note goes with
    ///     it).
    ///   - newObjects: objects made in memory and not yet on disk (the notes commit itself, when
    ///     the rewrite took a copy of the entry out of its notes), read before the database.
    static func move(notesCommit: ObjectID, mapping: [ObjectID: ObjectID?], database: GitObjectDatabase,
                     repository: GitRepository, newObjects: [ObjectID: GitNewObject] = [:]) throws -> (commit: ObjectID, objects: [(ObjectID, GitNewObject)])? {
        func readArray(_ id: ObjectID) throws -> (kind: GitObjectKind, bytes: [UInt8]) {
            if let object = newObjects[id] { return (object.kind, object.bytes) }
            return try database.readArray(id)
        }
        let commitObject = try readArray(notesCommit)
        guard commitObject.kind == .commit else { throw GitRawObject.malformed("commit") }
        let root = try commitObject.bytes.withUnsafeBytes { try GitRawObject.parseCommit($0).tree }
        var objects: [(ObjectID, GitNewObject)] = []
        var additions: [(name: [UInt8], blob: ObjectID, mode: [UInt8])] = []
        func edit(_ tree: ObjectID, prefix: String) throws -> ObjectID? {
            var entries: [(name: [UInt8], mode: [UInt8], id: ObjectID, isTree: Bool)] = []
            var changed = false
            let raw = try readArray(tree).bytes
            try raw.withUnsafeBytes { data in
                try GitRawObject.forEachTreeEntry(data) { entry in
                    let name = Array(entry.name)
                    let mode = Array(data[entry.range.lowerBound ..< entry.range.lowerBound + (data[entry.range].firstIndex(of: 0x20)! - entry.range.lowerBound)])
                    let full = prefix + String(decoding: name, as: UTF8.self)
                    if entry.isTree {
                        entries.append((name, mode, entry.id, true))
                    } else if let annotated = ObjectID(hex: full), let target = mapping[annotated] {
                        changed = true
                        if let target { additions.append((Array(target.description.utf8), entry.id, mode)) }
                    } else {
                        entries.append((name, mode, entry.id, false))
                    }
                }
            }
            for index in entries.indices where entries[index].isTree {
                let inner = try edit(entries[index].id, prefix: prefix + String(decoding: entries[index].name, as: UTF8.self))
                if inner != entries[index].id {
                    changed = true
                    entries[index].id = inner ?? GitRawObject.emptyTree
                }
            }
            entries.removeAll { $0.isTree && $0.id == GitRawObject.emptyTree }
            if prefix.isEmpty, !additions.isEmpty {
                changed = true
                for addition in additions where !entries.contains(where: { $0.name == addition.name }) {
                    entries.append((addition.name, addition.mode, addition.blob, false))
                }
            }
            guard changed else { return tree }
            guard !entries.isEmpty else { return nil }
            // git's order: names compared as bytes, a folder as if its name ended in "/".
            entries.sort { ($0.isTree ? $0.name + [0x2F] : $0.name).lexicographicallyPrecedes($1.isTree ? $1.name + [0x2F] : $1.name) }
            var bytes: [UInt8] = []
            for entry in entries {
                bytes += entry.mode + [0x20] + entry.name + [0]
                entry.id.append(to: &bytes)
            }
            let id = try GitObjectDatabase.hash(bytes, kind: .tree)
            objects.append((id, GitNewObject(kind: .tree, bytes: bytes)))
            return id
        }
        let newRoot = try edit(root, prefix: "") ?? GitRawObject.emptyTree
        guard newRoot != root else { return nil }
        if newRoot == GitRawObject.emptyTree { objects.append((newRoot, GitNewObject(kind: .tree, bytes: []))) }
        let signature = try GitSignature(repository: repository.handle)
        let person = signature.line
        var commit: [UInt8] = Array("tree ".utf8)
        newRoot.appendHex(to: &commit)
        commit += Array("\nparent ".utf8)
        notesCommit.appendHex(to: &commit)
        commit += Array("\nauthor \(person)\ncommitter \(person)\n\nNotes moved to the rewritten commits\n".utf8)
        let id = try GitObjectDatabase.hash(commit, kind: .commit)
        objects.append((id, GitNewObject(kind: .commit, bytes: commit)))
        return (id, objects)
    }
}

extension GitSignature {
    /// `Name <email> 1700000000 +0100`, as a commit header holds it.
    var line: String {
        let name = gitString(from: handle.pointee.name) ?? ""
        let email = gitString(from: handle.pointee.email) ?? ""
        let offset = Int(handle.pointee.when.offset)
        let sign = offset < 0 ? "-" : "+"
        let zone = String(format: "%@%02d%02d", sign, abs(offset) / 60, abs(offset) % 60)
        return "\(name) <\(email)> \(handle.pointee.when.time) \(zone)"
    }
}
