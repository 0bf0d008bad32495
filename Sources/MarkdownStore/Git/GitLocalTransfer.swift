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

    /// Opens the folder remote at `path` for a sync, refusing what sync must not touch: a folder
    /// that is neither empty nor a repository, and a working tree with `main` checked out (moving
    /// a checked-out branch would leave its files out of step). An empty folder becomes a bare
    /// repository whose HEAD names `main`.
    ///
    /// - Throws: `GitSyncError.unreachable`, `.notARepository`, `.checkedOutRemote`.
    ///   Calls `git_repository_open_ext`, `git_repository_init_ext`.
    static func openRemote(path: String, display: String) throws -> Repository {
        var info = stat()
        guard stat(path, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR else {
            throw GitSyncError.unreachable(remote: display, detail: "no folder at \(path)")
        }
        if try FolderContents.names(in: path).isEmpty {
            try LibGit2.ensureInitialized()
            var options = git_repository_init_options()
            try gitCheck(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)), "git_repository_init_options_init")
            options.flags = GIT_REPOSITORY_INIT_BARE.rawValue | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
            var raw: OpaquePointer?
            try "main".withCString { head in
                options.initial_head = head
                try gitCheck(git_repository_init_ext(&raw, path, &options), "git_repository_init_ext")
            }
            git_repository_free(raw)
        }
        let repository: Repository
        do {
            repository = try Repository(path: path)
        } catch let error as GitError where error.isNotFound {
            throw GitSyncError.notARepository(remote: display)
        } catch let error as GitError {
            throw GitSyncError.formatRefused(error, remote: display) ?? GitSyncError.unreachable(remote: display, detail: error.message)
        }
        if git_repository_is_bare(repository.handle) == 0 {
            var head: OpaquePointer?
            if git_reference_lookup(&head, repository.handle, "HEAD") == 0 {
                defer { git_reference_free(head) }
                if gitString(from: git_reference_symbolic_target(head)) == "refs/heads/main" {
                    throw GitSyncError.checkedOutRemote(remote: display)
                }
            }
        }
        return repository
    }

    /// The remote's `refs/heads/main`, or nil when it has none. Calls `git_reference_name_to_id`.
    static func mainBranch(_ repository: OpaquePointer) throws -> ObjectID? {
        // A symbolic main follows another branch: a push would move that one, never main, and
        // every sync would find the remote "moved" again.
        var reference: OpaquePointer?
        if git_reference_lookup(&reference, repository, "refs/heads/main") == 0 {
            defer { git_reference_free(reference) }
            if git_reference_type(reference) == GIT_REFERENCE_SYMBOLIC {
                let target = git_reference_symbolic_target(reference).map { String(cString: $0) } ?? "another reference"
                throw GitSyncError.unsafeRemote(path: "refs/heads/main", reason: "a symbolic reference to \(target), not a branch of its own")
            }
        }
        var current = git_oid()
        let found = git_reference_name_to_id(&current, repository, "refs/heads/main")
        if found == GIT_ENOTFOUND.rawValue { return nil }
        try gitCheck(found, "git_reference_name_to_id")
        return ObjectID(current)
    }

    /// The largest commit or tag object a transfer reads.
    static let largestCommit = 1 << 20

    /// Copies into `destination` every object reachable from `tips` in `source` that
    /// `destination` does not have yet, as one new pack in `destinationPacks` (its pack folder,
    /// or a quarantine's), flushed to disk before returning.
    ///
    /// A commit or tree the destination has is taken to come with everything it reaches, as
    /// in any repository that is not corrupt, so the walk stops there. Every object's size is
    /// read from its header before it is read or copied: a commit or tag over 1 MiB, a tree
    /// over 16 MiB or a file over the entry limit stops the copy before anything is written.
    ///
    /// - Parameter checkSizes: check sizes (objects coming from a remote).
    /// - Returns: how many objects were copied.
    /// - Throws: `GitSyncError.unsafeRemote` for an object too large, `GitError`,
    ///   `MarkdownStoreError`. Calls `git_repository_odb`, `git_odb_exists`, `git_odb_read_header`.
    @discardableResult
    static func copyObjects(from source: OpaquePointer, sourceGitdir: String, to destination: OpaquePointer,
                            destinationPacks: String, tips: [ObjectID], checkSizes: Bool = false) throws -> Int {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, destination), "git_repository_odb")
        defer { git_odb_free(odb) }
        // The destination may have gained packs since it was opened.
        _ = git_odb_refresh(odb)
        func destinationHas(_ id: ObjectID) -> Bool { id.withOID { git_odb_exists(odb, $0) } == 1 }
        var sourceODB: OpaquePointer?
        try gitCheck(git_repository_odb(&sourceODB, source), "git_repository_odb")
        defer { git_odb_free(sourceODB) }
        func checkSize(_ id: ObjectID) throws {
            guard checkSizes else { return }
            var size = 0
            var type = GIT_OBJECT_INVALID
            try id.withOID { try gitCheck(git_odb_read_header(&size, &type, sourceODB, $0), "git_odb_read_header") }
            let limit: Int
            switch type {
            case GIT_OBJECT_BLOB: limit = GitSyncValidation.largestEntry
            case GIT_OBJECT_TREE: limit = GitSyncValidation.largestTree
            default: limit = largestCommit
            }
            guard size <= limit else {
                throw GitSyncError.unsafeRemote(path: "object \(id)", reason: "an object of \(size) bytes, larger than say reads (\(limit) bytes)")
            }
        }

        let database = try GitObjectDatabase(repository: source)
        // A few objects (one new entry) are read through libgit2 and written whole; many (a new
        // computer's first sync) are read from the mapped packs and their packed bytes copied.
        let packFolder = sourceGitdir + "objects/pack/"
        var packs: [GitExistingPack]? = nil
        func loadPacks() throws {
            let found = try GitExistingPack.all(in: packFolder)
            database.packReader = try GitPackReader(packs: found)
            packs = found
        }

        var keep = Set<ObjectID>()
        var seen = Set<ObjectID>()
        var stack = tips
        while let id = stack.popLast() {
            guard seen.insert(id).inserted, !destinationHas(id) else { continue }
            if packs == nil, keep.count >= 256 { try loadPacks() }
            try checkSize(id)
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
                            try checkSize(entry.id)
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
        for pack in packs ?? [] { try writer.copy(from: pack) }
        try writer.writeRemaining()
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

extension GitLocalTransfer {
    /// Whether the repository has any reference besides HEAD (other branches, tags).
    /// Calls `git_reference_iterator_new`.
    /// The names of the repository's branches (`refs/heads/…`, without the prefix), sorted.
    static func branches(_ repository: OpaquePointer) throws -> [String] {
        var iterator: OpaquePointer?
        try gitCheck(git_reference_iterator_glob_new(&iterator, repository, "refs/heads/*"), "git_reference_iterator_glob_new")
        defer { git_reference_iterator_free(iterator) }
        var names: [String] = []
        while names.count < 1000 {
            var reference: OpaquePointer?
            let status = git_reference_next(&reference, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try gitCheck(status, "git_reference_next")
            defer { git_reference_free(reference) }
            if let name = git_reference_name(reference) { names.append(String(String(cString: name).dropFirst("refs/heads/".count))) }
        }
        return names.sorted()
    }

    static func hasOtherReferences(_ repository: OpaquePointer) throws -> Bool {
        var iterator: OpaquePointer?
        try gitCheck(git_reference_iterator_new(&iterator, repository), "git_reference_iterator_new")
        defer { git_reference_iterator_free(iterator) }
        var reference: OpaquePointer?
        let status = git_reference_next(&reference, iterator)
        if status == GIT_ITEROVER.rawValue { return false }
        try gitCheck(status, "git_reference_next")
        git_reference_free(reference)
        return true
    }
}
