#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// A file in a tree: its blob and mode (0o100644, 0o100755 or 0o120000).
struct GitTreeFile: Hashable {
    let blob: ObjectID
    let mode: UInt32
}

/// The reads and writes sync needs beyond committing files of the working tree: whole trees as
/// path maps, blobs, new trees and commits built in memory, references. Each handle is freed in
/// the function that looked it up.
extension GitRepository {
    /// Every file of a commit's tree, by path (`entries/2026/11/name.md`).
    ///
    /// - Throws: `GitError`. Calls `git_commit_lookup`, `git_commit_tree`, `git_tree_entry_byindex`.
    func files(ofCommit commit: ObjectID) throws -> [String: GitTreeFile] {
        try files(ofTree: treeID(ofCommit: commit))
    }

    /// The tree a commit records. Calls `git_commit_lookup`, `git_commit_tree_id`.
    func treeID(ofCommit commit: ObjectID) throws -> ObjectID {
        var raw: OpaquePointer?
        try commit.withOID { try gitCheck(git_commit_lookup(&raw, handle, $0), "git_commit_lookup") }
        defer { git_commit_free(raw) }
        guard let id = git_commit_tree_id(raw) else { throw GitError.wrapper("a commit without a tree", function: "git_commit_tree_id") }
        return ObjectID(id)
    }

    /// Every file of a tree, by path. Calls `git_tree_lookup`, `git_tree_entry_byindex`.
    func files(ofTree tree: ObjectID) throws -> [String: GitTreeFile] {
        var result: [String: GitTreeFile] = [:]
        try collect(tree: tree, prefix: "", into: &result)
        return result
    }

    private func collect(tree: ObjectID, prefix: String, into result: inout [String: GitTreeFile]) throws {
        var raw: OpaquePointer?
        try tree.withOID { try gitCheck(git_tree_lookup(&raw, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(raw) }
        var subtrees: [(String, ObjectID)] = []
        for position in 0 ..< git_tree_entrycount(raw) {
            guard let entry = git_tree_entry_byindex(raw, position), let name = gitString(from: git_tree_entry_name(entry)),
                  let id = git_tree_entry_id(entry) else { continue }
            let mode = git_tree_entry_filemode(entry).rawValue
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: subtrees.append((prefix + name + "/", ObjectID(id)))
            case GIT_OBJECT_BLOB: result[prefix + name] = GitTreeFile(blob: ObjectID(id), mode: UInt32(mode))
            default: continue  // submodule links have no place in a journal
            }
        }
        for (path, subtree) in subtrees { try collect(tree: subtree, prefix: path, into: &result) }
    }

    /// The files `new` holds that `old` does not hold with the same blob at the same path
    /// (added, changed or renamed there), by path. Subtrees with the same id on both sides are
    /// skipped, so a commit costs what it changed, not the size of the journal.
    /// Calls `git_tree_lookup`, `git_tree_entry_byindex`.
    func filesChanged(from old: ObjectID?, to new: ObjectID, prefix: String = "", into result: inout [String: ObjectID]) throws {
        guard old != new else { return }
        let before = try old.map(entries(ofTree:)) ?? [:]
        for (name, entry) in try entries(ofTree: new) where before[name]?.id != entry.id {
            if entry.isTree {
                try filesChanged(from: before[name].flatMap { $0.isTree ? $0.id : nil }, to: entry.id, prefix: prefix + name + "/", into: &result)
            } else {
                result[prefix + name] = entry.id
            }
        }
    }

    /// The blobs and subtrees directly in a tree, by name (submodule links left out).
    private func entries(ofTree tree: ObjectID) throws -> [String: (id: ObjectID, isTree: Bool)] {
        var raw: OpaquePointer?
        try tree.withOID { try gitCheck(git_tree_lookup(&raw, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(raw) }
        var result: [String: (id: ObjectID, isTree: Bool)] = [:]
        for position in 0 ..< git_tree_entrycount(raw) {
            guard let entry = git_tree_entry_byindex(raw, position), let name = gitString(from: git_tree_entry_name(entry)),
                  let id = git_tree_entry_id(entry) else { continue }
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: result[name] = (ObjectID(id), true)
            case GIT_OBJECT_BLOB: result[name] = (ObjectID(id), false)
            default: continue
            }
        }
        return result
    }

    /// The files of a tree at `paths` (those it holds as regular files or links), by path.
    /// Calls `git_tree_lookup`, `git_tree_entry_bypath`.
    func files(inTree tree: ObjectID, at paths: Set<String>) throws -> [String: GitTreeFile] {
        var raw: OpaquePointer?
        try tree.withOID { try gitCheck(git_tree_lookup(&raw, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(raw) }
        var result: [String: GitTreeFile] = [:]
        for path in paths {
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, raw, path)
            if found == GIT_ENOTFOUND.rawValue { continue }
            try gitCheck(found, "git_tree_entry_bypath")
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB, let id = git_tree_entry_id(entry) else { continue }
            result[path] = GitTreeFile(blob: ObjectID(id), mode: UInt32(git_tree_entry_filemode(entry).rawValue))
        }
        return result
    }

    /// A blob's bytes. Calls `git_blob_lookup`, `git_blob_rawcontent`.
    func blobBytes(_ id: ObjectID) throws -> [UInt8] {
        var raw: OpaquePointer?
        try id.withOID { try gitCheck(git_blob_lookup(&raw, handle, $0), "git_blob_lookup") }
        defer { git_blob_free(raw) }
        let size = Int(git_blob_rawsize(raw))
        guard size > 0, let content = git_blob_rawcontent(raw) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// Stores bytes as a blob. Calls `git_blob_create_from_buffer`.
    func createBlob(_ bytes: [UInt8]) throws -> ObjectID {
        var oid = git_oid()
        _ = try bytes.withUnsafeBytes { raw in
            try gitCheck(git_blob_create_from_buffer(&oid, handle, raw.baseAddress, raw.count), "git_blob_create_from_buffer")
        }
        return ObjectID(oid)
    }

    /// A new tree: `base` with each path set to a file or removed (nil).
    ///
    /// - Parameters:
    ///   - base: the tree to start from; nil for an empty one.
    ///   - changes: path → new file, or nil to remove it.
    /// - Returns: the new tree's id. Calls `git_tree_create_updated`.
    func updatedTree(_ base: ObjectID?, _ changes: [String: GitTreeFile?]) throws -> ObjectID {
        var baseTree: OpaquePointer? = nil
        if let base { try base.withOID { try gitCheck(git_tree_lookup(&baseTree, handle, $0), "git_tree_lookup") } }
        defer { if let baseTree { git_tree_free(baseTree) } }
        let updates = GitTreeUpdates()
        for (path, file) in changes.sorted(by: { $0.key < $1.key }) {
            if let file {
                try updates.upsert(path, id: file.blob.oid, mode: git_filemode_t(rawValue: file.mode))
            } else {
                try updates.remove(path, from: baseTree)
            }
        }
        if updates.isEmpty, let base { return base }
        return ObjectID(try updates.tree(on: baseTree, in: handle))
    }

    /// Creates a commit without moving any reference.
    ///
    /// - Parameters:
    ///   - tree: its tree.
    ///   - parent: its one parent, or nil for a root commit.
    ///   - like: a commit whose author, committer and message are reused (a replayed commit
    ///     keeps them, so replaying the same change twice gives the same commit); when nil,
    ///     the user's identity (else say's own) and `message`.
    ///   - message: the message when `like` is nil.
    /// - Returns: the new commit. Calls `git_commit_create`.
    func createCommit(tree: ObjectID, parent: ObjectID?, like: ObjectID?, message: String) throws -> ObjectID {
        var treeHandle: OpaquePointer?
        try tree.withOID { try gitCheck(git_tree_lookup(&treeHandle, handle, $0), "git_tree_lookup") }
        defer { git_tree_free(treeHandle) }
        var parentHandle: OpaquePointer? = nil
        if let parent { try parent.withOID { try gitCheck(git_commit_lookup(&parentHandle, handle, $0), "git_commit_lookup") } }
        defer { if let parentHandle { git_commit_free(parentHandle) } }
        var parents: [OpaquePointer?] = parentHandle.map { [$0] } ?? []
        var oid = git_oid()
        if let like {
            var original: OpaquePointer?
            try like.withOID { try gitCheck(git_commit_lookup(&original, handle, $0), "git_commit_lookup") }
            defer { git_commit_free(original) }
            _ = try parents.withUnsafeMutableBufferPointer { buffer in
                try gitCheck(git_commit_create(&oid, handle, nil, git_commit_author(original), git_commit_committer(original),
                                               git_commit_message_encoding(original), git_commit_message(original), treeHandle,
                                               buffer.count, buffer.baseAddress), "git_commit_create")
            }
        } else {
            let signature = try GitSignature(repository: handle)
            _ = try parents.withUnsafeMutableBufferPointer { buffer in
                try gitCheck(git_commit_create(&oid, handle, nil, signature.handle, signature.handle, nil, message, treeHandle,
                                               buffer.count, buffer.baseAddress), "git_commit_create")
            }
        }
        return ObjectID(oid)
    }

    /// The first parent of a commit, nil for a root. Calls `git_commit_parent_id`.
    func firstParent(of commit: ObjectID) throws -> ObjectID? {
        var raw: OpaquePointer?
        try commit.withOID { try gitCheck(git_commit_lookup(&raw, handle, $0), "git_commit_lookup") }
        defer { git_commit_free(raw) }
        guard git_commit_parentcount(raw) > 0, let parent = git_commit_parent_id(raw, 0) else { return nil }
        return ObjectID(parent)
    }

    /// Commits reachable from `tip` but from none of `hidden`, oldest first.
    /// Calls `git_revwalk_push`, `git_revwalk_hide`.
    func commits(from tip: ObjectID, hiding hidden: [ObjectID]) throws -> [ObjectID] {
        let walk = try GitRevisionWalk(repository: handle)
        try gitCheck(git_revwalk_sorting(walk.handle, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue), "git_revwalk_sorting")
        try tip.withOID { try gitCheck(git_revwalk_push(walk.handle, $0), "git_revwalk_push") }
        for commit in hidden {
            try commit.withOID { try gitCheck(git_revwalk_hide(walk.handle, $0), "git_revwalk_hide") }
        }
        var result: [ObjectID] = []
        while let next = try walk.next() { result.append(next) }
        return result
    }

    /// Whether `commit` is `ancestor` or has it in its history. Calls `git_graph_descendant_of`.
    func contains(_ ancestor: ObjectID, inHistoryOf commit: ObjectID) throws -> Bool {
        if ancestor == commit { return true }
        var a = commit.oid
        var b = ancestor.oid
        return try gitCheck(git_graph_descendant_of(handle, &a, &b), "git_graph_descendant_of") == 1
    }

    /// Whether the object database holds `id`. Calls `git_odb_exists`.
    func hasObject(_ id: ObjectID) throws -> Bool {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        return id.withOID { git_odb_exists(odb, $0) } == 1
    }

    /// What a direct reference points at; nil when it does not exist.
    /// Calls `git_reference_name_to_id`.
    func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let result = git_reference_name_to_id(&oid, handle, name)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try gitCheck(result, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// Points a reference at `target` (creating or moving it), or removes it when nil.
    /// Calls `git_reference_create`, `git_reference_remove`.
    func setReference(_ name: String, to target: ObjectID?, message: String) throws {
        // libgit2 locks the ref (and packed-refs to remove one): recorded, see GitLocks.
        try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: [gitdir + name + ".lock", gitdir + "packed-refs.lock"]) {
            try setReferenceUnrecorded(name, to: target, message: message)
        }
    }

    private func setReferenceUnrecorded(_ name: String, to target: ObjectID?, message: String) throws {
        guard let target else {
            let result = git_reference_remove(handle, name)
            if result != GIT_ENOTFOUND.rawValue { try gitCheck(result, "git_reference_remove") }
            return
        }
        var reference: OpaquePointer?
        try target.withOID { try gitCheck(git_reference_create(&reference, handle, name, $0, 1, message), "git_reference_create") }
        git_reference_free(reference)
    }

    /// The branch HEAD names (`refs/heads/main`), also on an unborn branch; nil when detached.
    /// Calls `git_reference_lookup`, `git_reference_symbolic_target`.
    func headBranch() throws -> String? {
        var head: OpaquePointer?
        try gitCheck(git_reference_lookup(&head, handle, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(head) }
        return gitString(from: git_reference_symbolic_target(head))
    }

    /// Brings working-tree files and the index to new contents: writes each file atomically
    /// (0600, `AtomicFile.write`), removes each nil one, then stages the same state, so
    /// `git status` stays clean.
    ///
    /// - Parameter changes: path → new bytes, or nil to remove the file; written in order.
    /// - Throws: `MarkdownStoreError`, `GitError`. Calls `git_index_add_bypath`,
    ///   `git_index_remove_bypath`, `git_index_write`.
    func applyToWorkingTree(_ changes: [(path: String, bytes: [UInt8]?)]) throws {
        guard !changes.isEmpty else { return }
        for change in changes {
            try Self.validateRelativePath(change.path)
            let full = workdir + change.path
            // The store's one atomic write: each file flushed and renamed into place, so the
            // files are on disk before the branch moves (see `sync`).
            if let bytes = change.bytes {
                try AtomicFile.write(bytes, to: full)
            } else {
                try AtomicFile.remove(full)
            }
        }
        try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: [gitdir + "index.lock"]) { try stage(changes) }
    }

    private func stage(_ changes: [(path: String, bytes: [UInt8]?)]) throws {
        let index = try GitIndex(repository: handle)
        for change in changes {
            if change.bytes != nil {
                try gitCheck(git_index_add_bypath(index.handle, change.path), "git_index_add_bypath")
            } else {
                let result = git_index_remove_bypath(index.handle, change.path)
                try gitCheck(result, "git_index_remove_bypath")
            }
        }
        try index.write()
    }

}

