#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// Cleans a remote repository in a local folder (a USB drive, a mounted share) after a
/// rewritten history was pushed to it: a forced push only moves the reference, and the old
/// commits, trees and blobs stay in the remote's object store until something drops them.
///
/// The same repack as a purge (`GitPackWriter`): one new pack of every object the remote's
/// references reach, old packed bytes copied as they are, then the old packs, loose objects,
/// reflogs and object caches deleted. Only packs and loose objects that existed when the clean
/// started are deleted, so objects a concurrent push adds are never touched.
enum GitRemoteCleaner {
    /// Repacks the repository at `path` (bare, or a working tree's `.git`) so that it keeps
    /// only reachable objects.
    ///
    /// - Throws: `GitError`, `MarkdownStoreError`. Calls `git_repository_open_ext`,
    ///   `git_reference_iterator_new`, `git_odb_read`.
    static func keepOnlyReachable(repositoryAt path: String) throws {
        try LibGit2.ensureInitialized()
        var raw: OpaquePointer?
        try gitCheck(git_repository_open_ext(&raw, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), "git_repository_open_ext")
        guard let repository = raw else { throw GitError.wrapper("no repository returned", function: "git_repository_open_ext") }
        defer { git_repository_free(repository) }
        guard var gitdir = gitString(from: git_repository_path(repository)) else {
            throw GitError.wrapper("the remote has no git folder", function: "git_repository_path")
        }
        if !gitdir.hasSuffix("/") { gitdir += "/" }
        if let damaged = try GitRepository.damagedReference(inGitFolder: gitdir) {
            throw GitError.wrapper("the remote's git references are damaged (\(damaged)): cleaning it would lose the history only they reach",
                                   function: "clean", advice: "`git fsck` in the remote's folder shows what is wrong; the old versions stay there until it is mended and you sync again")
        }
        let packFolder = gitdir + "objects/pack/"
        let objectsFolder = gitdir + "objects/"

        // What exists now: only these are deleted at the end.
        let oldPackFiles = try FolderContents.names(in: packFolder).filter { $0.hasPrefix("pack-") }
        var oldLoose: [String] = []
        for folder in try FolderContents.names(in: objectsFolder) where folder.utf8.count == 2 && folder.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            for name in try FolderContents.names(in: objectsFolder + folder) { oldLoose.append(objectsFolder + folder + "/" + name) }
        }

        let database = try GitObjectDatabase(repository: repository)
        let packs = try GitExistingPack.all(in: packFolder, only: oldPackFiles)
        database.packReader = try GitPackReader(packs: packs)

        var keep = Set<ObjectID>()
        for reference in try GitRepository.references(in: repository) {
            guard let target = reference.target else { continue }
            try GitReachability.closure(of: target, into: &keep) { id, body in try database.read(id, body) }
        }

        let writer = try GitPackWriter(database: database, newObjects: [:], keep: keep)
        for pack in packs { try writer.copy(from: pack) }
        try writer.writeRemaining()
        let newPack = try writer.finish(packFolder: packFolder)
        let newFiles: Set<String> = newPack.map { [$0 + ".pack", $0 + ".idx"] } ?? []

        // Reflogs would keep the old history reachable for git.
        try FolderContents.remove(gitdir + "logs")
        let stale = oldPackFiles.filter { !newFiles.contains($0) }
        // Indexes first: a pack without its index is invisible to git and libgit2.
        for name in stale.filter({ $0.hasSuffix(".idx") }) + stale.filter({ !$0.hasSuffix(".idx") }) {
            try FolderContents.remove(packFolder + name)
        }
        for file in oldLoose { try FolderContents.remove(file) }
        try FolderContents.remove(objectsFolder + "info/commit-graph")
        try FolderContents.remove(objectsFolder + "info/commit-graphs")
        try FolderContents.remove(objectsFolder + "info/packs")
        try FolderContents.remove(packFolder + "multi-pack-index")
        try AtomicFile.syncFolder(packFolder)
        try AtomicFile.syncFolder(objectsFolder)
    }
}

extension GitRemoteCleaner {
    /// Why the folder remote `other` must not be repacked to what its references reach, or nil:
    /// a working copy (its index, and the HEADs and indexes of its other working trees, reach
    /// objects no reference does: staged changes), a repository with other working trees, or
    /// an object store shared with another repository through a symbolic link.
    static func reasonNotToClean(_ other: GitLocalTransfer.Repository) throws -> String? {
        if git_repository_is_bare(other.handle) == 0 {
            return "is a working copy (git keeps its staged changes, which no branch reaches)"
        }
        if try !FolderContents.names(in: other.gitdir + "worktrees").isEmpty {
            return "has other working trees (git worktree), whose staged changes no branch reaches"
        }
        if let shared = try GitRepository.sharedStoreParts(inGitFolder: other.gitdir) {
            return "shares \(shared.joined(separator: ", ")) with another repository through a symbolic link"
        }
        return nil
    }

    /// The references of the repository at `path` (other than `except`) whose history still
    /// holds a file for which `isLetGo` is true, sorted. Each tree is read once, however many
    /// commits share it.
    ///
    /// - Throws: `GitError`. Calls `git_reference_iterator_new`, `git_revwalk_next`, `git_tree_lookup`.
    static func referencesReaching(repositoryAt path: String, except: String, isLetGo: (String) -> Bool) throws -> [String] {
        let other = try GitLocalTransfer.Repository(path: path)
        var iterator: OpaquePointer?
        try gitCheck(git_reference_iterator_new(&iterator, other.handle), "git_reference_iterator_new")
        defer { git_reference_iterator_free(iterator) }
        var holders: [String] = []
        var seenTrees: [String: Bool] = [:]
        while true {
            var reference: OpaquePointer?
            let status = git_reference_next(&reference, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try gitCheck(status, "git_reference_next")
            defer { git_reference_free(reference) }
            guard git_reference_type(reference) == GIT_REFERENCE_DIRECT, let name = gitString(from: git_reference_name(reference)),
                  name != except else { continue }
            var peeled: OpaquePointer?
            guard git_reference_peel(&peeled, reference, GIT_OBJECT_COMMIT) == 0, let commitObject = peeled else { continue }
            let start = ObjectID(git_object_id(commitObject))
            git_object_free(commitObject)
            let walk = try GitRevisionWalk(repository: other.handle)
            try start.withOID { try gitCheck(git_revwalk_push(walk.handle, $0), "git_revwalk_push") }
            var holds = false
            while !holds, let commit = try walk.next() {
                var raw: OpaquePointer?
                try commit.withOID { try gitCheck(git_commit_lookup(&raw, other.handle, $0), "git_commit_lookup") }
                let tree = git_commit_tree_id(raw).map { ObjectID($0) }
                git_commit_free(raw)
                if let tree { holds = try treeHolds(tree, prefix: "", repository: other.handle, isLetGo: isLetGo, seen: &seenTrees) }
            }
            if holds { holders.append(name) }
        }
        return holders.sorted()
    }

    private static func treeHolds(_ tree: ObjectID, prefix: String, repository: OpaquePointer, isLetGo: (String) -> Bool,
                                  seen: inout [String: Bool]) throws -> Bool {
        // A tree's answer depends on where it sits: the key is the tree at that place.
        let key = prefix + " " + tree.description
        if let known = seen[key] { return known }
        var raw: OpaquePointer?
        try tree.withOID { try gitCheck(git_tree_lookup(&raw, repository, $0), "git_tree_lookup") }
        defer { git_tree_free(raw) }
        var holds = false
        for position in 0 ..< git_tree_entrycount(raw) where !holds {
            guard let entry = git_tree_entry_byindex(raw, position), let name = gitString(from: git_tree_entry_name(entry)),
                  let id = git_tree_entry_id(entry) else { continue }
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: holds = try treeHolds(ObjectID(id), prefix: prefix + name + "/", repository: repository, isLetGo: isLetGo, seen: &seen)
            case GIT_OBJECT_BLOB: holds = isLetGo(prefix + name)
            default: continue
            }
        }
        seen[key] = holds
        return holds
    }

    /// Temporary files in the repository's object store that say did not make and a git
    /// command left behind (`tmp_pack_*`, `tmp_idx_*`, `incoming-*` quarantines, loose
    /// `tmp_obj_*`), as paths relative to the git folder: they may hold anything git was
    /// receiving, and only whoever made them can tell whether they are still in use.
    static func foreignTemporaryFiles(repositoryAt path: String) throws -> [String] {
        try foreignTemporaryFiles(inGitFolder: try GitLocalTransfer.Repository(path: path).gitdir)
    }

    /// ``foreignTemporaryFiles(repositoryAt:)`` for the git folder `gitdir` (ending in `/`):
    /// also the `.tmp-<pid>-pack-*` files a killed `git repack` or `git gc` leaves, whose
    /// index git reads like any other pack's.
    static func foreignTemporaryFiles(inGitFolder gitdir: String) throws -> [String] {
        var found: [String] = []
        let objects = gitdir + "objects/"
        for name in try FolderContents.names(in: objects + "pack")
        where (name.hasPrefix("tmp_") && !name.hasPrefix("tmp_say_")) || name.hasPrefix(".tmp-") {
            found.append("objects/pack/" + name)
        }
        for name in try FolderContents.names(in: objects) where name.hasPrefix("incoming-") || name.hasPrefix("tmp_") {
            found.append("objects/" + name)
        }
        // A loose object git was writing (`git add`, `hash-object`) sits beside the others
        // until it is renamed: `objects/ab/tmp_obj_*`.
        for folder in try FolderContents.names(in: objects) where folder.utf8.count == 2 && folder.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            for name in try FolderContents.names(in: objects + folder) where name.hasPrefix("tmp_obj_") {
                found.append("objects/" + folder + "/" + name)
            }
        }
        return found.sorted()
    }
}
