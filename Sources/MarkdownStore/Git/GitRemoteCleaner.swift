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
