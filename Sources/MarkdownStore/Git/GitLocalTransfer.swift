#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// Fetch and push between two repositories on this computer (a remote on a USB drive, a mounted
/// share, `file://`), without libgit2's transport.
///
/// libgit2's local transport builds a new pack with its packbuilder, which recomputes deltas:
/// the first push of a 10,000-entry journal took about 20 s and wrote a pack several times larger
/// than git's, and every later fetch from it was slower too. Here the objects the other side
/// lacks are found by walking from the tips and stopping at whatever it already has, then
/// written as one pack with `GitPackWriter`, which copies their packed bytes as they are (the
/// same writer a purge uses). Updating the remote's branch is a compare-and-swap
/// (`git_reference_create_matching`), so the lease of a push is checked atomically.
enum GitLocalTransfer {
    /// A repository opened by path (bare or not). Owns the handle.
    final class Repository {
        let handle: OpaquePointer
        let gitdir: String

        init(path: String) throws {
            try LibGit2.ensureInitialized()
            var raw: OpaquePointer?
            try gitCheck(git_repository_open_ext(&raw, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), "git_repository_open_ext")
            guard let raw else { throw GitError.wrapper("no repository returned", function: "git_repository_open_ext") }
            handle = raw
            let folder = gitString(from: git_repository_path(raw)) ?? path
            gitdir = folder.hasSuffix("/") ? folder : folder + "/"
        }

        deinit { git_repository_free(handle) }
    }

    /// Copies into `destination` every object reachable from `tips` in `source` that
    /// `destination` does not have yet, as one new pack (flushed to disk before returning).
    ///
    /// A commit or tree the destination has is taken to come with everything it reaches, as
    /// in any repository that is not corrupt, so the walk stops there.
    ///
    /// - Returns: how many objects were copied.
    /// - Throws: `GitError`, `MarkdownStoreError`. Calls `git_repository_odb`, `git_odb_exists`.
    @discardableResult
    static func copyObjects(from source: OpaquePointer, sourceGitdir: String, to destination: OpaquePointer,
                            destinationGitdir: String, tips: [ObjectID]) throws -> Int {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, destination), "git_repository_odb")
        defer { git_odb_free(odb) }
        // The destination may have gained packs since it was opened.
        _ = git_odb_refresh(odb)
        func destinationHas(_ id: ObjectID) -> Bool { id.withOID { git_odb_exists(odb, $0) } == 1 }

        let database = try GitObjectDatabase(repository: source)
        let packFolder = sourceGitdir + "objects/pack/"
        let packs = try GitExistingPack.all(in: packFolder)
        database.packReader = try GitPackReader(packs: packs)

        var keep = Set<ObjectID>()
        var seen = Set<ObjectID>()
        var stack = tips
        while let id = stack.popLast() {
            guard seen.insert(id).inserted, !destinationHas(id) else { continue }
            keep.insert(id)
            try database.read(id) { kind, data in
                switch kind {
                case .commit:
                    let header = try GitRawObject.parseCommit(data)
                    stack.append(header.tree)
                    stack.append(contentsOf: header.parents)
                case .tree:
                    try GitRawObject.forEachTreeEntry(data) { entry in
                        if entry.isGitlink { return }
                        if entry.isTree {
                            stack.append(entry.id)
                        } else if seen.insert(entry.id).inserted, !destinationHas(entry.id) {
                            keep.insert(entry.id)
                        }
                    }
                case .tag:
                    stack.append(try GitRawObject.parseTag(data).target)
                case .blob:
                    break
                }
            }
        }
        guard !keep.isEmpty else { return 0 }
        let writer = try GitPackWriter(database: database, newObjects: [:], keep: keep)
        for pack in packs { try writer.copy(from: pack) }
        try writer.writeRemaining()
        let destinationPacks = destinationGitdir + "objects/pack/"
        try AtomicFile.makeFolders(destinationPacks)
        _ = try writer.finish(packFolder: destinationPacks)
        _ = git_odb_refresh(odb)
        return keep.count
    }

    /// Moves `reference` in `repository` from `expected` (nil: it must not exist) to `target`,
    /// atomically: nothing changes when it points elsewhere by then.
    ///
    /// - Returns: false when the reference was not at `expected`.
    /// - Throws: `GitError` for anything else. Calls `git_reference_create_matching`.
    static func compareAndSwap(_ repository: OpaquePointer, reference: String, expected: ObjectID?, target: ObjectID,
                               message: String) throws -> Bool {
        var created: OpaquePointer?
        let result: Int32
        if let expected {
            var current = expected.oid
            result = target.withOID { git_reference_create_matching(&created, repository, reference, $0, 1, &current, message) }
        } else {
            result = target.withOID { git_reference_create(&created, repository, reference, $0, 0, message) }
        }
        if result == GIT_EMODIFIED.rawValue || result == GIT_EEXISTS.rawValue || result == GIT_ENOTFOUND.rawValue { return false }
        try gitCheck(result, "git_reference_create_matching")
        git_reference_free(created)
        return true
    }

    /// Points a fresh repository's HEAD at `refs/heads/main` (an old `git init --bare` may have
    /// made it `master`), so a clone of the remote checks the journal out. Calls `git_repository_set_head`.
    static func pointHeadAtMain(_ repository: OpaquePointer) {
        var head: OpaquePointer?
        guard git_reference_lookup(&head, repository, "HEAD") == 0 else { return }
        defer { git_reference_free(head) }
        if gitString(from: git_reference_symbolic_target(head)) != "refs/heads/main" {
            _ = git_repository_set_head(repository, "refs/heads/main")
        }
    }
}
