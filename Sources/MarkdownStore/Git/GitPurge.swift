#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// The moments in a purge after which the state on disk is durable. Tests throw from
/// `GitRepository.purgeCheckpoint` at each one to prove `resumePendingPurge()` converges.
enum PurgeCheckpoint: Equatable, CaseIterable, Sendable {
    /// The pending-purge record is on disk.
    case recordWritten
    /// The files are gone from the working tree and the index.
    case workingTreeCleaned
    /// The new pack (everything the rewritten refs reach) is on disk, next to the old packs.
    case packWritten
    /// One ref has been moved to the rewritten history, the others not yet.
    case firstRefUpdated
    /// Refs, reflogs, ORIG_HEAD and FETCH_HEAD are done.
    case refsUpdated
    /// One old pack has been deleted, the others not yet.
    case firstOldPackRemoved
    /// Old packs, loose objects and object caches are gone; only the record remains.
    case objectsRemoved
}

/// What to do when the words of the entry being let go also sit at a path that is not the
/// entry's (a copy the person made).
public enum GitPurgeCopies: Sendable, Equatable {
    /// Change nothing and report the copies (``GitPurgeCopiesFound``), so the person can decide.
    case refuse
    /// Remove the copies too, from the working tree and all history.
    case remove
    /// Let the entry go and leave the copies where they are (the report names them).
    case keep
}

/// The same words as the entry were found at other paths; nothing was changed.
public struct GitPurgeCopiesFound: Error, Equatable, Sendable, LocalizedError {
    /// The paths (relative to the working tree) that hold an exact copy of a version of the entry.
    public let paths: [String]
    /// Those of `paths` that are other entries the journal lists (say wrote them): a version
    /// of theirs has the same bytes as a version of the entry.
    public let entries: [String]

    public init(paths: [String], entries: [String] = []) {
        self.paths = paths
        self.entries = entries
    }

    public var errorDescription: String? {
        Self.describe(paths: paths, entries: entries) + "; nothing was changed"
    }

    /// "the same words are also in …", naming other entries as entries and the rest as files
    /// say did not write.
    public static func describe(paths: [String], entries: [String]) -> String {
        let others = paths.filter { !entries.contains($0) }
        var parts: [String] = []
        if !entries.isEmpty {
            parts.append((entries.count == 1 ? "a version of another entry say lists, " : "versions of other entries say lists, ")
                + entries.joined(separator: ", "))
        }
        if !others.isEmpty { parts.append(others.joined(separator: ", ") + ", which say did not write") }
        return "the same words are also in " + parts.joined(separator: "; and in ")
    }
}

/// What a purge did.
public struct GitPurgeReport: Sendable, Equatable {
    /// Every path the entry had (those asked for, and where renames in history led), sorted.
    public var paths: [String] = []
    /// Copies removed too (with ``GitPurgeCopies/remove``).
    public var removedCopies: [String] = []
    /// Copies left in place (with ``GitPurgeCopies/keep``): the words are still there.
    public var keptCopies: [String] = []
    /// Other entries the journal lists whose version now is the same words as a version of the
    /// entry (with ``GitPurgeCopies/remove``): they stay as they are, and so do those words.
    public var entriesWithTheSameWords: [String] = []
    /// Copies whose file in the folder has changes not committed (with
    /// ``GitPurgeCopies/remove``): the copied versions left the history and the index, and the
    /// file stays as it is.
    public var changedCopies: [String] = []
    /// The person's own messages (an annotated tag's, a commit's) that hold a version of the
    /// entry: "tag <name>", "commit <id>". Left as they are: say never rewrites them.
    public var messagesWithTheWords: [String] = []
}

extension GitRepository {
    /// Where an interrupted purge is remembered: the paths, hex-encoded.
    var pendingPurgePath: String { gitdir + "say/pending-purge" }

    /// Whether a let-go was started and not finished (the next purge or sync finishes it).
    public var hasPendingPurge: Bool { access(pendingPurgePath, F_OK) == 0 }

    /// Paths, the versions kept at some of them, and the paths where only copies go.
    private static let copiesRecordHeader = "say-it-later pending-purge 4"
    /// Paths, and the versions kept at some of them.
    private static let recordHeader = "say-it-later pending-purge 3"
    /// Paths only (written when nothing is kept, so an earlier version of say can still finish it).
    private static let pathsOnlyRecordHeader = "say-it-later pending-purge 2"
    private static let oldRecordHeader = "say-it-later pending-purge 1"

    /// Removes every version of an entry from the working tree, the index, every history the
    /// repository keeps, and the object store, so that nothing of it is left for
    /// `git cat-file --batch-all-objects` to find, and changes nothing else.
    ///
    /// **Identity.** An entry is its path history: the paths given, and every path it had in
    /// the history being rewritten, following renames made in git (git's rename detection on
    /// the commits where one of its paths appeared or disappeared, and the entry's front-matter
    /// `id`). A file at any other path is never touched because of its name. When an exact
    /// copy of a version sits at another path, `copies` decides (by default nothing changes).
    ///
    /// **Where history lives.** Branches, tags of every kind (on commits, trees or the entry's
    /// own blobs), remote-tracking refs, HEAD (also detached), the index, stashes (rewritten
    /// only when they reach the entry, otherwise untouched with their reflog), notes (moved to
    /// the rewritten commits, as `notes.rewrite` does; the note of a dropped commit goes with
    /// it), `refs/original`, reflogs, `ORIG_HEAD` and `FETCH_HEAD`.
    ///
    /// **Refused before anything changes**, with the reason and what to do: a merge, rebase,
    /// cherry-pick, revert, bisect, am or notes merge in progress; a HEAD that is a symbolic
    /// link; an object store or refs shared through symbolic links (see
    /// ``sharedStoreParts(inGitFolder:)``); other working trees (`git worktree`), or a
    /// journal that is itself one; borrowed objects (`objects/info/alternates`); a shallow or a
    /// partial clone (see ``refuseIncompleteHistory(function:then:)``); a split index;
    /// temporary packs another git command is writing or left; a lock of git's held by anyone
    /// else (see ``GitLockSet``); grafts, or a replacement keyed by a commit the rewrite
    /// changes (both would stop applying). A replacement keyed by a version let go goes.
    ///
    /// **Steps**, each safe to repeat: git's locks are taken (index, HEAD, packed-refs, every
    /// ref); history is rewritten in memory; the paths are written to `.git/say/pending-purge`
    /// and flushed; the files leave the working tree and the index; one new pack of everything
    /// still reachable is written; refs move; the locks are released; old packs and loose
    /// objects that existed when the purge began are deleted; the record is removed. A crash
    /// anywhere after the record leaves it, and `resumePendingPurge()` finishes the job.
    ///
    /// - Parameters:
    ///   - entryPaths: the entry's path relative to the working tree (`entries/2026/11/x.md`);
    ///     several entries may be given at once.
    ///   - copies: what to do with exact copies at other paths.
    ///   - keeping: versions that stay where they are at a purged path, by path: a newer entry
    ///     written where one was let go (sync's purges only). Its file in the working tree is
    ///     left as it is, and the index keeps it.
    ///   - listedEntries: for the let-go of one entry the journal lists, the paths of every
    ///     entry it lists (asked only when a copy is found). With it, a file's life at a path
    ///     ends where a version with another front-matter `id` takes its place, an `id` that
    ///     leaves one path for another in one commit is a rename (two entries whose names were
    ///     swapped), and a copy in another listed entry is named as that entry and its current
    ///     version is never removed. Without it (sync), a path's history is the entry's as a whole.
    /// - Returns: the paths removed, and the copies removed or kept.
    /// - Throws: ``GitPurgeCopiesFound`` (nothing changed); `GitError` with the reason and what
    ///   to do; `MarkdownStoreError` for file system failures.
    ///
    /// **Copies.** A copy is a version (a blob) at another path with the same bytes as a version
    /// of the entry. With ``GitPurgeCopies/remove`` only those versions leave the history and the
    /// index; every other version at that path stays, and the file in the folder goes only when
    /// it is such a copy and the same as the index (no change that is not committed).
    @discardableResult
    public func purge(entryPaths: Set<String>, copies: GitPurgeCopies = .refuse, keeping: [String: Set<ObjectID>] = [:],
                      listedEntries: (() -> Set<String>)? = nil) throws -> GitPurgeReport {
        for path in entryPaths { try Self.validateRelativePath(path) }
        try refuseUnsupportedRepository()
        let pending = try pendingPurge()
        let paths = entryPaths.union(pending?.paths ?? [])
        guard !paths.isEmpty else { return GitPurgeReport() }
        // A path a pending purge takes whole stays taken whole.
        var keep = keeping.filter { entryPaths.contains($0.key) && pending?.paths.contains($0.key) != true }
        for (path, blobs) in pending?.keep ?? [:] where !entryPaths.contains(path) || keeping[path] != nil {
            keep[path, default: []].formUnion(blobs)
        }
        // A path where a pending purge takes only copies stays so, unless it is asked for now.
        let only = (pending?.only ?? [:]).filter { !entryPaths.contains($0.key) }
        return try runPurge(paths, resolve: entryPaths, copies: copies, keep: keep, only: only, listedEntries: listedEntries)
    }

    /// Finishes a purge that a crash or a kill interrupted. Call it before anything else that
    /// reads or writes the repository.
    ///
    /// - Returns: true when a purge was pending and is now complete.
    /// - Throws: as `purge(entryPaths:copies:)`.
    @discardableResult
    public func resumePendingPurge() throws -> Bool {
        guard let pending = try pendingPurge() else { return false }
        try refuseUnsupportedRepository()
        try runPurge(pending.paths, resolve: [], copies: .keep, keep: pending.keep, only: pending.only)
        return true
    }

    /// The paths in the pending-purge record, or nil when there is none.
    func pendingPurgePaths() throws -> Set<String>? {
        try pendingPurge()?.paths
    }

    /// The paths in the pending-purge record and the versions kept at them, or nil when there
    /// is none. A record of an earlier version of say (file names) is read as those names under
    /// `entries/`, found in the index and HEAD.
    func pendingPurge() throws -> (paths: Set<String>, keep: [String: Set<ObjectID>], only: [String: Set<ObjectID>])? {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: pendingPurgePath))
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw MarkdownStoreError.io(path: pendingPurgePath, operation: "read the pending purge", errno: EIO)
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        if lines.first == Self.oldRecordHeader {
            let names = Set(lines.dropFirst())
            return (Set(try trackedPaths(under: "entries/").filter { names.contains(($0 as NSString).lastPathComponent) }), [:], [:])
        }
        guard lines.first == Self.copiesRecordHeader || lines.first == Self.recordHeader || lines.first == Self.pathsOnlyRecordHeader else {
            throw GitError.wrapper("the pending let-go record \(pendingPurgePath) is not readable", function: "resumePendingPurge",
                                   advice: "if you moved files into .git/say by hand, move them back; otherwise remove that file and let the entry go again")
        }
        var paths = Set<String>()
        var keep: [String: Set<ObjectID>] = [:]
        var only: [String: Set<ObjectID>] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            // `<path in hex>`, then the versions kept there, if any: ` <id> <id>…`; or, where
            // only copies go, ` only <id> <id>…`: the versions removed there.
            var fields = line.split(separator: " ").map(String.init)
            let onlyCopies = fields.count > 1 && fields[1] == "only" && lines.first == Self.copiesRecordHeader
            if onlyCopies { fields.remove(at: 1) }
            guard let first = fields.first, let bytes = Self.unhex(first) else {
                throw GitError.wrapper("the pending let-go record \(pendingPurgePath) is damaged", function: "resumePendingPurge",
                                       advice: "remove that file and let the entry go again")
            }
            let path = String(decoding: bytes, as: UTF8.self)
            paths.insert(path)
            let kept = fields.dropFirst().compactMap(ObjectID.init(hex:))
            guard kept.count == fields.count - 1 else {
                throw GitError.wrapper("the pending let-go record \(pendingPurgePath) is damaged", function: "resumePendingPurge",
                                       advice: "remove that file and let the entry go again")
            }
            if onlyCopies {
                only[path, default: []].formUnion(kept)
            } else if !kept.isEmpty {
                keep[path, default: []].formUnion(kept)
            }
        }
        return (paths, keep, only)
    }

    private func writePendingRecord(_ paths: Set<String>, keep: [String: Set<ObjectID>], only: [String: Set<ObjectID>]) throws {
        var lines = [!only.isEmpty ? Self.copiesRecordHeader : keep.isEmpty ? Self.pathsOnlyRecordHeader : Self.recordHeader]
        for path in paths.sorted() {
            if let removed = only[path] {
                lines.append(([Self.hex(Array(path.utf8)), "only"] + removed.sorted().map(\.description)).joined(separator: " "))
                continue
            }
            lines.append(([Self.hex(Array(path.utf8))] + (keep[path] ?? []).sorted().map(\.description)).joined(separator: " "))
        }
        try AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: pendingPurgePath)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private static func unhex(_ text: String) -> [UInt8]? {
        let units = Array(text.utf8)
        guard units.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: units.count, by: 2) {
            guard let high = GitRawObject.hexValue(units[index]), let low = GitRawObject.hexValue(units[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// Paths in the index or HEAD's tree under `prefix`.
    private func trackedPaths(under prefix: String) throws -> Set<String> {
        var result = Set<String>()
        if let head = try headCommit() { result.formUnion(try files(ofCommit: head).keys.filter { $0.hasPrefix(prefix) }) }
        let index = try GitIndex(repository: handle)
        for position in 0 ..< git_index_entrycount(index.handle) {
            if let entry = git_index_get_byindex(index.handle, position), let path = gitString(from: entry.pointee.path), path.hasPrefix(prefix) {
                result.insert(path)
            }
        }
        return result
    }

    private func checkpoint(_ point: PurgeCheckpoint, _ locks: GitLockSet?) throws {
        do {
            try purgeCheckpoint?(point)
        } catch {
            // A simulated crash: leave the locks as a killed process would.
            locks?.abandonAsIfKilled()
            throw error
        }
    }

    // MARK: The run

    @discardableResult
    private func runPurge(_ requested: Set<String>, resolve: Set<String>, copies: GitPurgeCopies, keep: [String: Set<ObjectID>],
                          only: [String: Set<ObjectID>] = [:], listedEntries: (() -> Set<String>)? = nil) throws -> GitPurgeReport {
        let startPacks = try FolderContents.names(in: gitdir + "objects/pack/").filter { $0.hasPrefix("pack-") }
        let startLoose = try looseObjectFiles()
        let references = try self.references()
        // Every file a purge may write is locked before anything changes.
        var targets = [gitdir + "index", gitdir + "HEAD", gitdir + "packed-refs"]
        targets += references.map { gitdir + $0.name }
        let locks = try GitLockSet(gitFolder: gitdir, targets: targets)
        var plan = try GitPurgePlan(repository: self, references: references, paths: requested, resolve: resolve, copies: copies, keep: keep,
                                    only: only, listedEntries: listedEntries)
        defer { plan.close() }

        // New note trees, in memory only: decided before the record, like the rest of the plan.
        plan.addNotes(try plan.notesUpdates())

        try writePendingRecord(plan.paths, keep: plan.keep, only: plan.only)
        try checkpoint(.recordWritten, locks)

        // git's own files that may hold the words (COMMIT_EDITMSG, rr-cache, lost-found), while
        // the versions can still be read: a resumed purge no longer finds them.
        try GitPurgeLeftovers.remove(in: gitdir) { try plan.purgedVersions() }

        // Working tree and index, on a second thread while the new objects are gathered: the
        // job uses only its own index copy and libgit2's thread-safe object database.
        let repository = handle
        let workdir = workdir
        let staging = gitdir + "say/index-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let paths = plan.paths
        let keep = plan.keep
        let only = plan.only
        let indexPath = gitdir + "index"
        let indexJob = GitBackgroundJob {
            try Self.cleanWorkingTreeAndIndex(repository: repository, indexPath: indexPath, staging: staging, workdir: workdir, paths: paths,
                                              keep: keep, only: only)
        }
        let indexRoots: [ObjectID]
        do {
            indexRoots = try indexJob.wait()
        } catch {
            try? FolderContents.remove(staging)
            throw error
        }
        if access(staging, F_OK) == 0 { try locks.install(staging, as: indexPath) }
        try checkpoint(.workingTreeCleaned, locks)

        // One new pack of everything reachable, on disk before any ref moves.
        // Its temporary files are recorded first, so a kill before they are renamed into place
        // leaves nothing the next run does not remove.
        let newPack = try withPendingWrites([GitPendingWrites.packs(in: gitdir + "objects/pack/")]) {
            try plan.writePack(indexRoots: indexRoots)
        }
        try checkpoint(.packWritten, locks)

        // Refs: notes first (a crash after them still finds the old commits to map), then the
        // stash, then everything else.
        let writer = GitReferenceWriter(gitFolder: gitdir, locks: locks)
        var first = true
        for (name, target) in plan.notes.sorted(by: { $0.key < $1.key }) {
            try writer.apply(updates: [name: target], deletions: [], peel: plan.peel)
            if first { try checkpoint(.firstRefUpdated, locks); first = false }
        }
        try plan.writeStash(locks: locks)
        try writer.apply(updates: plan.updates, deletions: plan.deletions, peel: plan.peel)
        if first, !plan.updates.isEmpty { try checkpoint(.firstRefUpdated, locks) }
        if let head = plan.newDetachedHead {
            if let target = head {
                var bytes: [UInt8] = []
                target.appendHex(to: &bytes)
                try locks.write(bytes + [0x0A], to: gitdir + "HEAD")
            } else {
                try locks.write(Array("ref: refs/heads/main\n".utf8), to: gitdir + "HEAD")
            }
        }
        // Reflogs reach the old history; the stash's own reflog is the stash, kept (rewritten).
        for name in try FolderContents.names(in: gitdir + "logs") where name != "refs" { try FolderContents.remove(gitdir + "logs/" + name) }
        for name in try FolderContents.names(in: gitdir + "logs/refs") where name != "stash" { try FolderContents.remove(gitdir + "logs/refs/" + name) }
        rmdir(gitdir + "logs/refs")  // only when empty
        rmdir(gitdir + "logs")
        try FolderContents.remove(gitdir + "ORIG_HEAD")
        try FolderContents.remove(gitdir + "FETCH_HEAD")
        try AtomicFile.syncFolder(gitdir)
        try locks.release()
        try checkpoint(.refsUpdated, nil)

        // Old objects: only what existed when the purge began (a git command started since
        // keeps its own), and loose copies of what the new pack now holds.
        let packFolder = gitdir + "objects/pack/"
        let keepFiles: Set<String> = newPack.map { [$0 + ".pack", $0 + ".idx"] } ?? []
        let oldPackFiles = startPacks.filter { !keepFiles.contains($0) }
        // Indexes first: a pack without its index is invisible to git and libgit2.
        for (number, file) in (oldPackFiles.filter { $0.hasSuffix(".idx") } + oldPackFiles.filter { !$0.hasSuffix(".idx") }).enumerated() {
            try FolderContents.remove(packFolder + file)
            if number == 0 { try checkpoint(.firstOldPackRemoved, nil) }
        }
        try AtomicFile.syncFolder(packFolder)
        let objectsFolder = gitdir + "objects/"
        let packed = plan.packedObjects
        // (The empty tree, which writing the index's tree may store, git knows without it.)
        for (id, file) in try looseObjectFiles() where startLoose[id] != nil || packed.contains(id) || id == GitRawObject.emptyTree {
            try FolderContents.remove(objectsFolder + file)
        }
        for folder in try FolderContents.names(in: objectsFolder) where folder.utf8.count == 2 && folder.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            rmdir(objectsFolder + folder)  // only when empty
        }
        try FolderContents.remove(objectsFolder + "info/commit-graph")
        try FolderContents.remove(objectsFolder + "info/commit-graphs")
        try FolderContents.remove(objectsFolder + "info/packs")
        try FolderContents.remove(packFolder + "multi-pack-index")
        try AtomicFile.syncFolder(objectsFolder)
        try checkpoint(.objectsRemoved, nil)

        // libgit2 still has the deleted packs open: start afresh.
        try reopen()
        try AtomicFile.remove(pendingPurgePath)
        return plan.report
    }

    /// Loose object files (`ab/cdef…`) by object id.
    private func looseObjectFiles() throws -> [ObjectID: String] {
        var result: [ObjectID: String] = [:]
        let objectsFolder = gitdir + "objects/"
        for folder in try FolderContents.names(in: objectsFolder) where folder.utf8.count == 2 && folder.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            for name in try FolderContents.names(in: objectsFolder + folder) {
                if let id = ObjectID(hex: folder + name) { result[id] = folder + "/" + name }
            }
        }
        return result
    }

    /// Removes the files from the working tree and from a copy of the index, and writes that
    /// copy (with its tree) to `staging`, for the caller to install under the index lock. Runs
    /// on its own thread: it touches its own index and libgit2's thread-safe object database.
    ///
    /// - Returns: what the index keeps reachable (its tree, or its blobs while it has
    ///   conflicts): the cache-tree names trees git expects to exist.
    private static func cleanWorkingTreeAndIndex(repository: OpaquePointer, indexPath: String, staging: String, workdir: String,
                                                 paths: Set<String>, keep: [String: Set<ObjectID>],
                                                 only: [String: Set<ObjectID>]) throws -> [ObjectID] {
        func removeFile(_ path: String) throws {
            var info = stat()
            if lstat(workdir + path, &info) == 0, Platform.fileType(info.st_mode) != S_IFDIR { try AtomicFile.remove(workdir + path) }
        }
        if keep.isEmpty && only.isEmpty {
            for path in paths.sorted() { try removeFile(path) }
            if let objects = try cleanIndexAsFile(indexPath: indexPath, staging: staging, workdir: workdir, paths: paths) { return objects }
        }
        guard let bytes = FileManager.default.contents(atPath: indexPath) else {
            for path in paths.sorted() { try removeFile(path) }
            return []
        }
        try AtomicFile.write(bytes, to: staging)
        var raw: OpaquePointer?
        try gitCheck(git_index_open(&raw, staging), "git_index_open")
        guard let index = raw else { throw GitError.wrapper("no index returned", function: "git_index_open") }
        defer { git_index_free(index) }
        for path in paths.sorted() {
            // A path where only copies go: the index entry goes when it is a copy, and the file
            // only when it is that same copy (a file changed since is the person's work).
            if let removed = only[path] {
                guard let staged = git_index_get_bypath(index, path, 0).map({ ObjectID($0.pointee.id) }), removed.contains(staged) else { continue }
                if copyFileGoes(workdir: workdir, path: path, staged: staged) { try removeFile(path) }
                try gitCheck(git_index_remove_bypath(index, path), "git_index_remove_bypath")
                continue
            }
            // A path where a version is kept may hold another file now (the person's, or a newer
            // entry): the file and its index entry stay when the index or the file holds such a version.
            if let kept = keep[path], !kept.isEmpty {
                var oid = git_oid()
                let file = git_odb_hashfile(&oid, workdir + path, GIT_OBJECT_BLOB) == 0 ? ObjectID(oid) : nil
                let staged = git_index_get_bypath(index, path, 0).map { ObjectID($0.pointee.id) }
                if let staged, kept.contains(staged) { continue }
                if let file, kept.contains(file) { continue }
            }
            try removeFile(path)
            try gitCheck(git_index_remove_bypath(index, path), "git_index_remove_bypath")
        }
        // Resolve-undo records may name old versions of a purged file; they are only a
        // convenience for `git checkout -m`.
        try gitCheck(git_index_reuc_clear(index), "git_index_reuc_clear")
        var indexTree = git_oid()
        let written = git_index_write_tree_to(&indexTree, index, repository)
        var roots: [ObjectID] = []
        if written == GIT_EUNMERGED.rawValue {
            for position in 0 ..< git_index_entrycount(index) {
                guard let entry = git_index_get_byindex(index, position), entry.pointee.mode & 0o170000 != 0o160000 else { continue }
                roots.append(ObjectID(entry.pointee.id))
            }
        } else {
            try gitCheck(written, "git_index_write_tree_to")
            // git knows the empty tree without storing it.
            if ObjectID(indexTree) != GitRawObject.emptyTree { roots.append(ObjectID(indexTree)) }
        }
        try gitCheck(git_index_write(index), "git_index_write")
        return roots
    }

    /// Whether the file at `path` in the folder is byte for byte `staged` (a copy the index
    /// holds), so removing it loses nothing that is not committed.
    static func copyFileGoes(workdir: String, path: String, staged: ObjectID) -> Bool {
        var info = stat()
        guard lstat(workdir + path, &info) == 0, Platform.fileType(info.st_mode) == S_IFREG else { return false }
        var oid = git_oid()
        guard git_odb_hashfile(&oid, workdir + path, GIT_OBJECT_BLOB) == 0 else { return false }
        return ObjectID(oid) == staged
    }

    /// The index without `paths`, changed as a file (`GitIndexFile`: their entries taken out,
    /// the cache-tree above them invalidated, resolve-undo records dropped) and written to
    /// `staging`; nil, with nothing written, when the index is one to leave to libgit2 (a
    /// conflict at a path, say).
    ///
    /// - Returns: what the index keeps reachable: the blobs of its entries and the trees its
    ///   still valid cache-tree entries name (git expects those to exist).
    private static func cleanIndexAsFile(indexPath: String, staging: String, workdir: String, paths: Set<String>) throws -> [ObjectID]? {
        guard let file = try GitMappedFile(path: indexPath) else { return nil }
        let changes = paths.sorted().map { GitIndexFile.Change(path: Array($0.utf8), entry: nil) }
        let patched = GitIndexFile.patched(file.raw, stamp: file.modified, changes: changes, droppingResolveUndo: true) {
            GitIndexFile.file(at: workdir, $0, holds: $1)
        }
        guard let patched else { return nil }
        try withExtendedLifetime(file) { try GitIndexFile.write(patched.pieces, from: file.raw, to: staging) }
        return patched.objects
    }

    // MARK: Refusals

    /// Why a let-go would be refused now, in the words of that refusal (the same checks,
    /// made before anything changes); nil when it would not. Reads only.
    public func letGoRefusal() -> String? {
        do {
            try refuseUnsupportedRepository(then: "let go")
            // The purge takes git's own locks first: one a git command holds (or left) stops it.
            try GitLocks.clearLeftovers(gitFolder: gitdir)
            for lock in ["index.lock", "HEAD.lock", "packed-refs.lock"] where access(gitdir + lock, F_OK) == 0 {
                throw GitLocks.busy(gitdir + lock)
            }
            return nil
        } catch {
            let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            return reason.hasSuffix("; nothing was changed") ? String(reason.dropLast("; nothing was changed".count)) : reason
        }
    }

    /// Throws, with the reason and what to do, when the repository is in a state or of a kind
    /// the purge cannot handle. Reads only.
    func refuseUnsupportedRepository(then retry: String = "let go again") throws {
        let nothingChanged = "nothing was changed"
        let state = git_repository_state_t(UInt32(try gitCheck(git_repository_state(handle), "git_repository_state")))
        let operation: String?
        switch state {
        case GIT_REPOSITORY_STATE_NONE: operation = nil
        case GIT_REPOSITORY_STATE_MERGE: operation = "merge"
        case GIT_REPOSITORY_STATE_REVERT, GIT_REPOSITORY_STATE_REVERT_SEQUENCE: operation = "revert"
        case GIT_REPOSITORY_STATE_CHERRYPICK, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE: operation = "cherry-pick"
        case GIT_REPOSITORY_STATE_BISECT: operation = "bisect"
        case GIT_REPOSITORY_STATE_APPLY_MAILBOX, GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE: operation = "am"
        default: operation = "rebase"
        }
        if let operation {
            let abort = operation == "bisect" ? "`git bisect reset`" : "`git \(operation) --continue` or `git \(operation) --abort`"
            throw GitError.wrapper("a git \(operation) is in progress in the journal", function: "purge",
                                   advice: "finish it (\(abort)), then \(retry); \(nothingChanged)")
        }
        // `git notes merge` keeps its partial commit only in NOTES_MERGE_PARTIAL, which no ref
        // reaches: a repack would drop it, and the conflicts stay keyed by the old commit ids.
        // (`git notes merge --commit` leaves NOTES_MERGE_WORKTREE behind, empty.)
        let notesConflicts = try FolderContents.names(in: gitdir + "NOTES_MERGE_WORKTREE")
        if access(gitdir + "NOTES_MERGE_PARTIAL", F_OK) == 0 || access(gitdir + "NOTES_MERGE_REF", F_OK) == 0 || !notesConflicts.isEmpty {
            throw GitError.wrapper("a git notes merge is in progress in the journal (.git/NOTES_MERGE_PARTIAL)", function: "purge",
                                   advice: "finish it (`git notes merge --commit` or `git notes merge --abort`), then \(retry); \(nothingChanged)")
        }
        // Grafts are keyed by commit ids a rewrite changes: they would silently stop applying.
        var grafts = stat()
        if lstat(gitdir + "info/grafts", &grafts) == 0, grafts.st_size > 0 {
            throw GitError.wrapper("the journal's git repository has grafts (.git/info/grafts), keyed by commit ids a let-go changes, so they would stop applying",
                                   function: "purge",
                                   advice: "turn them into replacements, which a let-go carries over: `git replace --convert-graft-file` in the journal folder; then \(retry); \(nothingChanged)")
        }
        try refuseSymbolicLinkHead(function: "purge", then: retry)
        if let shared = try Self.sharedStoreParts(inGitFolder: gitdir) {
            throw GitError.wrapper("the journal's git repository shares \(shared.joined(separator: ", ")) with another repository or working folder through a symbolic link: a let-go would delete objects and history that are not the journal's",
                                   function: "purge",
                                   advice: "make the journal a repository of its own (`git clone` it into a new folder and use that as the journal, or replace each link with a copy of what it points to), then \(retry); \(nothingChanged)")
        }
        let common = gitString(from: git_repository_commondir(handle)).map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? gitdir
        if gitCanonicalPath(common) != gitCanonicalPath(gitdir) {
            throw GitError.wrapper("the journal is one of several working trees of the repository in \(common)", function: "purge",
                                   advice: "say can rewrite history only in a repository with one working tree: make the journal a repository of its own (`git clone`), then let go there; \(nothingChanged)")
        }
        let worktrees = try FolderContents.names(in: gitdir + "worktrees")
        if !worktrees.isEmpty {
            var locked: [String] = []
            let places = worktrees.map { name -> String in
                let pointer = (try? String(contentsOfFile: gitdir + "worktrees/" + name + "/gitdir", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let place = pointer.map { ($0 as NSString).deletingLastPathComponent } ?? name
                // `git worktree lock` (perhaps on purpose: on removable media); remove refuses it.
                guard let reason = try? String(contentsOfFile: gitdir + "worktrees/" + name + "/locked", encoding: .utf8) else { return place }
                locked.append(place)
                let text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
                return place + (text.isEmpty ? ", locked" : ", locked: \"\(text)\"")
            }
            let unlock = locked.isEmpty ? ""
                : "\(locked.count == 1 ? "it is" : "they are") locked (`git worktree lock`): run "
                + locked.map { "`git worktree unlock \($0)`" }.joined(separator: ", ") + " first if you mean to remove "
                + (locked.count == 1 ? "it" : "them") + "; "
            throw GitError.wrapper("the repository has other working trees (\(places.joined(separator: "; "))), whose checkouts and history say would not reach",
                                   function: "purge",
                                   advice: unlock + "remove them with `git worktree remove <path>` (`git worktree prune` for ones already deleted), then \(retry); \(nothingChanged)")
        }
        for file in ["objects/info/alternates", "objects/info/http-alternates"] {
            let path = gitdir + file
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                let stores = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
                throw GitError.wrapper("the repository borrows objects from \(stores.joined(separator: ", ")) (\(file)), where the entry's words would stay",
                                       function: "purge",
                                       advice: "copy what it borrows with `git repack -a -d`, remove .git/\(file), then \(retry); \(nothingChanged)")
            }
        }
        try refuseIncompleteHistory(function: "purge", then: retry)
        if let damaged = try Self.damagedReference(inGitFolder: gitdir) {
            throw GitError.wrapper("the journal's git references are damaged (\(damaged)): the history only they reach would be lost",
                                   function: "purge", advice: "`git fsck` in the journal folder shows what is wrong; mend it, then \(retry); \(nothingChanged)")
        }
        if let alternates = ProcessInfo.processInfo.environment["GIT_ALTERNATE_OBJECT_DIRECTORIES"], !alternates.isEmpty {
            throw GitError.wrapper("GIT_ALTERNATE_OBJECT_DIRECTORIES names other object stores (\(alternates)), where the entry's words would stay",
                                   function: "purge", advice: "unset it, then \(retry); \(nothingChanged)")
        }
        if try FolderContents.names(in: gitdir).contains(where: { $0.hasPrefix("sharedindex.") }) {
            throw GitRepository.splitIndexError
        }
        // A pack a killed (or running) git command is writing or left: git reads `.tmp-*.idx`
        // beside the real packs, and the others still hold whatever it was copying. Only
        // whoever made them can tell whether they are in use, like a lock of theirs.
        let leftovers = try GitRemoteCleaner.foreignTemporaryFiles(inGitFolder: gitdir)
        if !leftovers.isEmpty {
            let named = leftovers.count <= 4 ? leftovers.joined(separator: ", ")
                : leftovers.prefix(4).joined(separator: ", ") + " and \(leftovers.count - 4) more"
            throw GitError.wrapper("the journal's object store holds temporary files of a git command that is running or stopped part-way (\(named) in .git), which may hold the entry's words",
                                   function: "purge",
                                   advice: "if no git command is running in the journal, delete them, then \(retry); \(nothingChanged)")
        }
    }

    /// The parts of the git folder that are symbolic links to elsewhere (`objects`, a folder or
    /// pack in it, `refs` or a folder in it, `packed-refs`, `logs`, `config`, `info`,
    /// `rr-cache`, `index`, `shallow`): what git's `contrib/workdir/git-new-workdir` links, or
    /// one object store kept for several repositories. What a purge deletes there belongs to
    /// the others too. Nil when there is none.
    static func sharedStoreParts(inGitFolder gitdir: String) throws -> [String]? {
        func isLink(_ relative: String) -> Bool {
            var info = stat()
            return lstat(gitdir + relative, &info) == 0 && Platform.fileType(info.st_mode) == S_IFLNK
        }
        var found: [String] = []
        for name in ["objects", "refs", "packed-refs", "logs", "config", "info", "rr-cache", "index", "shallow", "worktrees"] where isLink(name) {
            found.append(name)
        }
        if !found.contains("objects") {
            for name in try FolderContents.names(in: gitdir + "objects") where isLink("objects/" + name) { found.append("objects/" + name) }
            if !found.contains("objects/pack") {
                for name in try FolderContents.names(in: gitdir + "objects/pack") where isLink("objects/pack/" + name) {
                    found.append("objects/pack/" + name)
                }
            }
        }
        if !found.contains("refs") {
            var folders = ["refs"]
            while let folder = folders.popLast() {
                for name in try FolderContents.names(in: gitdir + folder) {
                    let relative = folder + "/" + name
                    var info = stat()
                    guard lstat(gitdir + relative, &info) == 0 else { continue }
                    if Platform.fileType(info.st_mode) == S_IFLNK { found.append(relative) }
                    else if Platform.fileType(info.st_mode) == S_IFDIR { folders.append(relative) }
                }
            }
        }
        if !found.contains("logs"), isLink("logs/refs") { found.append("logs/refs") }
        return found.isEmpty ? nil : found.sorted()
    }

    /// Throws when HEAD is a symbolic link (`core.preferSymlinkRefs`): git reads it as the
    /// branch it points to, say's git library as a detached HEAD, and a rewrite would leave the
    /// checkout detached.
    func refuseSymbolicLinkHead(function: String, then retry: String) throws {
        var info = stat()
        guard lstat(gitdir + "HEAD", &info) == 0, Platform.fileType(info.st_mode) == S_IFLNK else { return }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(gitdir + "HEAD", &buffer, buffer.count - 1)
        let target = count > 0 ? String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let branch = target.hasPrefix("refs/") ? target : "refs/heads/main"
        throw GitError.wrapper("the journal's .git/HEAD is a symbolic link (core.preferSymlinkRefs)\(target.isEmpty ? "" : " to \(target)"), which say's git library cannot read as the branch it points to",
                               function: function,
                               advice: "make it a plain file with `git config core.preferSymlinkRefs false && git symbolic-ref HEAD \(branch)` in the journal folder, then \(retry); nothing was changed")
    }

    /// Throws, with what to do, when part of the history is not here: a shallow clone
    /// (`.git/shallow`) cuts it short, and a partial clone (packs marked `.promisor`) left files
    /// on the server. Neither can be rewritten or compared with a remote's; a purge would fail
    /// half-way, on the first missing object.
    func refuseIncompleteHistory(function: String, then retry: String) throws {
        if git_repository_is_shallow(handle) == 1 {
            throw GitError.wrapper("the journal is a shallow clone (.git/shallow): the history before it is not here", function: function,
                                   advice: "fetch the rest with `git fetch --unshallow`, then \(retry); nothing was changed")
        }
        if try FolderContents.names(in: gitdir + "objects/pack/").contains(where: { $0.hasSuffix(".promisor") }) {
            throw GitError.wrapper("the journal is a partial clone (git clone --filter): some of its history is only on the server",
                                   function: function,
                                   advice: "clone the remote again without --filter and use that clone as the journal, then \(retry); nothing was changed")
        }
    }

    /// Where HEAD, `packed-refs` or a loose ref under `refs/` of the git folder `gitdir` holds
    /// something git would not read as a reference, or nil. libgit2 may pass over such a ref,
    /// and a purge or a remote's clean keeps only what the refs it reads reach: the rest of the
    /// history would go with the entry.
    static func damagedReference(inGitFolder gitdir: String) throws -> String? {
        func isObjectName<S: StringProtocol>(_ text: S) -> Bool {
            text.utf8.count == 40 && text.utf8.allSatisfy { GitRawObject.hexValue($0) != nil } && text.utf8.contains { $0 != UInt8(ascii: "0") }
        }
        func isReference(_ text: String) -> Bool {  // as git reads a loose ref: trailing white space is allowed
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return line.hasPrefix("ref: refs/") || line == "ref: HEAD" ? !line.contains("\n") : isObjectName(line)
        }
        if let text = try? String(contentsOfFile: gitdir + "HEAD", encoding: .utf8), !isReference(text) { return "HEAD" }
        if let text = try? String(contentsOfFile: gitdir + "packed-refs", encoding: .utf8) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                if line.hasPrefix("#") && number == 0 { continue }
                if line.hasPrefix("^"), isObjectName(line.dropFirst()) { continue }
                let parts = line.split(separator: " ", maxSplits: 1)
                if parts.count == 2, isObjectName(parts[0]), parts[1].hasPrefix("refs/") { continue }
                return "packed-refs, line \(number + 1)"
            }
        }
        var folders = ["refs"]
        while let folder = folders.popLast() {
            for name in try FolderContents.names(in: gitdir + folder) where !name.hasSuffix(".lock") {
                let relative = folder + "/" + name
                var info = stat()
                guard lstat(gitdir + relative, &info) == 0 else { continue }
                switch Platform.fileType(info.st_mode) {
                case S_IFDIR: folders.append(relative)
                case S_IFREG:
                    guard let text = try? String(contentsOfFile: gitdir + relative, encoding: .utf8), isReference(text) else { return relative }
                default: return relative
                }
            }
        }
        return nil
    }

    /// The error for a split index (libgit2 cannot read one).
    static let splitIndexError = GitError.wrapper(
        "the journal's git index is split (core.splitIndex), which say's git library cannot read", function: "open",
        advice: "run `git update-index --no-split-index && git config core.splitIndex false` in the journal folder, then try again")
}

/// Everything a purge decides before it changes anything: the paths, the rewritten history,
/// the new targets of refs, notes and the stash. Only memory is written until `writePack`.
struct GitPurgePlan {
    private let repository: GitRepository
    private let database: GitObjectDatabase
    private let packs: [GitExistingPack]
    private var rewriter: GitHistoryRewriter
    /// The final paths purged.
    private(set) var paths: Set<String>
    /// Versions that stay at a purged path (another file's, or a newer entry's), by path.
    private(set) var keep: [String: Set<ObjectID>] = [:]
    /// Paths where only copies of the entry go: the versions removed there, by path.
    private(set) var only: [String: Set<ObjectID>] = [:]
    private(set) var report = GitPurgeReport()
    private(set) var updates: [String: ObjectID] = [:]
    private(set) var deletions = Set<String>()
    private(set) var notes: [String: ObjectID] = [:]
    /// `.some(nil)`: the detached HEAD's commit was dropped entirely.
    private(set) var newDetachedHead: ObjectID?? = nil
    private var roots: [ObjectID] = []
    private var stash: [GitReflogLine] = []
    private var newStash: [GitReflogLine]? = nil
    private var notesInputs: [(name: String, commit: ObjectID)] = []
    /// Every object the new pack holds, once written.
    private(set) var packedObjects = Set<ObjectID>()

    init(repository: GitRepository, references: [GitReference], paths requested: Set<String>, resolve: Set<String>,
         copies: GitPurgeCopies, keep: [String: Set<ObjectID>] = [:], only: [String: Set<ObjectID>] = [:],
         listedEntries: (() -> Set<String>)? = nil) throws {
        self.repository = repository
        let gitdir = repository.gitdir
        database = try GitObjectDatabase(repository: repository.handle)
        let packFolder = gitdir + "objects/pack/"
        let packs = try GitExistingPack.all(in: packFolder)
        self.packs = packs
        let packReader = try GitPackReader(packs: packs)
        database.packReader = packReader
        // The untouched trees are gathered on a second thread, through a reader of its own.
        let collectorDatabase = try GitObjectDatabase(repository: repository.handle)
        collectorDatabase.packReader = try GitPackReader(alongside: packReader)
        // A shallow clone's graph, if any, would name parents that are not there.
        if !FileManager.default.fileExists(atPath: gitdir + "shallow") {
            database.commitGraph = try GitCommitGraph(path: gitdir + "objects/info/commit-graph")
        }

        // What the rewrite starts from.
        let detachedHead = try gitCheck(git_repository_head_detached(repository.handle), "git_repository_head_detached") == 1
            ? try repository.headCommit() : nil
        stash = try GitReflogLine.read(gitdir + "logs/refs/stash")
        var tips: [ObjectID] = references.compactMap { Self.alwaysDeleted($0.name) ? nil : $0.target }
        if let detachedHead { tips.append(detachedHead) }
        tips += stash.map(\.new)
        var preserve = Set<ObjectID>()
        for line in stash {
            preserve.insert(line.new)
            if let parents = try? Self.parents(of: line.new, database: database) { preserve.formUnion(parents.dropFirst()) }
        }

        var paths = requested
        // With versions to keep given (sync's purges), those say which versions stay; otherwise
        // the entry's own stretches of history at its paths do.
        // (A pending purge's paths, requested but not resolved, are taken whole, as recorded.)
        let followLifetimes = !keep.keys.contains(where: resolve.contains)
        let takenWhole = requested.subtracting(resolve)
        var keep = keep
        var only = only
        var listed: Set<String>?
        var removedCopyPaths = Set<String>()
        var rewriter: GitHistoryRewriter
        var order: [ObjectID] = []
        var rounds = 0
        var lifetimesSettled = false
        var removedFiles: [GitPastFile]?
        // A stash's index and untracked-files commits are not earlier versions of its tree.
        let stashCommits = Set(stash.map(\.new))
        while true {
            rounds += 1
            rewriter = GitHistoryRewriter(database: database, paths: paths, preserveShape: preserve, keep: keep, only: only,
                                          collectorDatabase: collectorDatabase)
            var commitTips: [ObjectID] = []
            for tip in Set(tips).sorted() {
                if let commit = try Self.peelToCommit(tip, database: database) { commitTips.append(commit) }
            }
            order = try rewriter.topologicalOrder(from: commitTips)
            for commit in order { try rewriter.rewriteCommit(commit) }
            try rewriter.finishCollecting()
            guard !resolve.isEmpty, rounds < 16 else { break }
            if !lifetimesSettled {
                let renames = try GitPathHistory.renames(of: paths, rewriter: rewriter, repository: repository, database: database,
                                                         firstParentOnly: stashCommits, idMoves: listedEntries != nil)
                var renamed = Set(renames.flatMap { [$0.oldPath, $0.newPath] })
                if listedEntries != nil {
                    // A file removed (moved out of the folder) and brought back later under
                    // another name is followed by its front-matter `id`: its earlier paths, no
                    // longer in HEAD or the index, whose versions carry the entry's `id`.
                    if removedFiles == nil {
                        // The rewrite has listed every path of the history: most often HEAD still
                        // has them all, and nothing was removed to look for.
                        let head = try repository.headCommit()
                        let walked = head.map { rewriter.commitMap[$0] != nil } == true
                        removedFiles = try repository.pastFiles(under: "", amongPaths: walked ? rewriter.filePaths : nil)
                    }
                    let ids = GitPathHistory.entryIDs(of: paths, rewriter: rewriter, repository: repository, database: database)
                    renamed.formUnion(removedFiles!.filter { !$0.ids.isDisjoint(with: ids) }.map(\.path))
                }
                if !renamed.isSubset(of: paths) {
                    paths.formUnion(renamed)
                    continue
                }
                // The paths settled: which versions at them are the entry's.
                lifetimesSettled = true
                if followLifetimes, let lives = try GitPathHistory.lifetimes(entryPaths: resolve, paths: paths, order: order, rewriter: rewriter, renames: renames,
                                                            repository: repository, database: database, splitByID: listedEntries != nil),
                   lives.paths != paths || !lives.others.isEmpty {
                    paths = lives.paths.union(requested)
                    for (path, blobs) in lives.others where paths.contains(path) && !takenWhole.contains(path) {
                        keep[path, default: []].formUnion(blobs)
                    }
                    continue
                }
            }
            let copyPaths = try GitPathHistory.copies(of: rewriter, paths: paths, commits: order, repository: repository, database: database)
            if !copyPaths.isEmpty {
                let named = try Self.describeCopies(copyPaths, references: references, database: database)
                // Copies in other entries the journal lists are named as entries, never as files say did not write.
                if listed == nil, let listedEntries { listed = listedEntries().subtracting(resolve) }
                let entryCopies = zip(copyPaths, named).filter { listed?.contains($0.0) == true }
                switch copies {
                case .refuse:
                    throw GitPurgeCopiesFound(paths: named, entries: entryCopies.map(\.1))
                case .remove:
                    // Only the versions that are copies go, never another listed entry as it is now.
                    let versions = rewriter.purgedBlobs
                    for path in copyPaths {
                        var removed = versions
                        if listed?.contains(path) == true { removed.subtract(try Self.currentVersions(at: path, repository: repository)) }
                        only[path, default: []].formUnion(removed)
                    }
                    removedCopyPaths.formUnion(copyPaths)
                    paths.formUnion(copyPaths)
                    continue
                case .keep:
                    report.keptCopies = named
                }
            }
            break
        }
        self.rewriter = rewriter
        self.paths = paths
        self.keep = keep.filter { paths.contains($0.key) && !$0.value.isEmpty }
        self.only = only.filter { paths.contains($0.key) }
        report.paths = paths.subtracting(removedCopyPaths).subtracting(only.keys).sorted()
        report.messagesWithTheWords = GitMessageCopies.find(versions: rewriter.purgedBlobs, commits: order, references: references,
                                                            commitMap: rewriter.commitMap, database: database)
        if !removedCopyPaths.isEmpty {
            // What stays of each copy: another entry's current version, a file changed since.
            let current = try removedCopyPaths.sorted().filter { listed?.contains($0) == true }.map { path in
                (path, try Self.currentVersions(at: path, repository: repository))
            }
            let stillThere = current.filter { !$0.1.isDisjoint(with: rewriter.purgedBlobs) }.map(\.0)
            let index = try GitIndex(repository: repository.handle)
            let changed = removedCopyPaths.sorted().filter { path in
                guard let removed = only[path], let staged = git_index_get_bypath(index.handle, path, 0).map({ ObjectID($0.pointee.id) }),
                      removed.contains(staged) else { return false }
                return access(repository.workdir + path, F_OK) == 0
                    && !GitRepository.copyFileGoes(workdir: repository.workdir, path: path, staged: staged)
            }
            let names = Dictionary(uniqueKeysWithValues: zip(removedCopyPaths.sorted(),
                                                             try Self.describeCopies(removedCopyPaths.sorted(), references: references, database: database)))
            report.entriesWithTheSameWords = stillThere.compactMap { names[$0] }
            report.changedCopies = changed.compactMap { names[$0] }
            report.removedCopies = removedCopyPaths.sorted().filter { !stillThere.contains($0) }.compactMap { names[$0] }
        }

        // New targets.
        for reference in references {
            guard let target = reference.target else { continue }
            if Self.alwaysDeleted(reference.name) {
                deletions.insert(reference.name)
            } else if reference.name == "refs/stash" {
                continue  // with its reflog, below
            } else if let key = Self.replacedObject(reference.name), rewriter.purgedBlobs.contains(key), !rewriter.treesAndBlobs.contains(key) {
                // A replacement keyed by a version let go goes with it, as a note on it does.
                deletions.insert(reference.name)
            } else if let key = Self.replacedObject(reference.name), rewriter.dropped.contains(key) || rewriter.commitMap[key].map({ $0 != key }) == true {
                // Keyed by a commit the rewrite changes: it would silently stop applying, and
                // say does not remake the person's replacements.
                let short = String(key.description.prefix(7))
                throw GitError.wrapper("your git replacement of commit \(short) (\(reference.name)) is keyed by a commit a let-go rewrites, so it would stop applying",
                                       function: "purge",
                                       advice: "remove it (`git replace -d \(short)` in the journal folder), let go again, and make the replacement anew for the rewritten commit; nothing was changed")
            } else if let rewritten = try rewriter.rewriteTarget(target) {
                if rewritten != target { updates[reference.name] = rewritten }
                roots.append(rewritten)
                if reference.name.hasPrefix("refs/notes/") { notesInputs.append((reference.name, rewritten)) }
            } else {
                deletions.insert(reference.name)
            }
        }
        // A symbolic ref (a remote's HEAD, an alias of the person's) whose branch goes would be
        // a broken ref: it goes too, as does one naming it.
        var symbolicDeleted = true
        while symbolicDeleted {
            symbolicDeleted = false
            for reference in references where reference.target == nil && !deletions.contains(reference.name) {
                if let target = reference.symbolicTarget, deletions.contains(target) {
                    deletions.insert(reference.name)
                    symbolicDeleted = true
                }
            }
        }
        if let detachedHead {
            let rewritten = try rewriter.rewriteTarget(detachedHead)
            if rewritten != detachedHead { newDetachedHead = .some(rewritten) }
            if let rewritten { roots.append(rewritten) }
        }
        // The stash: untouched unless one of its commits changed.
        let mapped = try stash.map { line -> GitReflogLine in
            guard let new = try rewriter.rewriteTarget(line.new) else { throw GitError.wrapper("a stash lost its commit", function: "purge") }
            return GitReflogLine(old: line.old, new: new, rest: line.rest)
        }
        if mapped.map(\.new) != stash.map(\.new) {
            var chained: [GitReflogLine] = []
            for line in mapped {
                let old = chained.last?.new ?? line.old
                chained.append(GitReflogLine(old: old, new: line.new, rest: line.rest))
            }
            newStash = chained
        }
        roots += (newStash ?? stash).map(\.new)
    }

    /// Releases the mapped packs' readers.
    func close() {}

    /// The copies as a person knows them: a path in a notes tree (the annotated object's id,
    /// perhaps fanned out as `ab/cdef…`) is "a git note on commit <short id> (refs/notes/…)";
    /// any other path is itself.
    static func describeCopies(_ paths: [String], references: [GitReference], database: GitObjectDatabase) throws -> [String] {
        let notesRefs = references.filter { $0.name.hasPrefix("refs/notes/") && $0.target != nil }
        guard !notesRefs.isEmpty else { return paths }
        // Which notes refs' histories hold each notes path.
        var holders: [String: [String]] = [:]
        let candidates = paths.filter { path in
            let hex = path.replacingOccurrences(of: "/", with: "")
            return hex.utf8.count == 40 && ObjectID(hex: hex) != nil
        }
        guard !candidates.isEmpty else { return paths }
        for reference in notesRefs {
            guard let tip = reference.target, let tipCommit = try peelToCommit(tip, database: database) else { continue }
            var queue = [tipCommit]
            var seen: Set<ObjectID> = [tipCommit]
            while let commit = queue.popLast() {
                let header: GitRawObject.CommitHeader
                do {
                    header = try database.read(commit) { kind, data in
                        guard kind == .commit else { throw GitRawObject.malformed("commit") }
                        return try GitRawObject.parseCommit(data)
                    }
                } catch let error as GitError where error.isNotFound {
                    continue
                }
                for path in candidates where holders[path]?.contains(reference.name) != true {
                    if try treeHolds(header.tree, path: path, database: database) { holders[path, default: []].append(reference.name) }
                }
                for parent in header.parents where seen.insert(parent).inserted { queue.append(parent) }
            }
        }
        return paths.map { path in
            guard let names = holders[path], let annotated = ObjectID(hex: path.replacingOccurrences(of: "/", with: "")) else { return path }
            let kind = (try? database.kind(of: annotated)).map { $0 == .commit ? "commit" : "\($0)" } ?? "commit"
            return "a git note on \(kind) \(annotated.description.prefix(7)) (\(names.sorted().joined(separator: ", ")))"
        }
    }

    /// Whether the tree holds a file at `path`.
    private static func treeHolds(_ tree: ObjectID, path: String, database: GitObjectDatabase) throws -> Bool {
        var current = tree
        let components = path.split(separator: "/").map { Array($0.utf8) }
        for (number, component) in components.enumerated() {
            let found: (id: ObjectID, isTree: Bool)? = try database.read(current) { _, data in
                var result: (ObjectID, Bool)?
                try GitRawObject.forEachTreeEntry(data) { entry in
                    if result == nil, Array(entry.name) == component { result = (entry.id, entry.isTree) }
                }
                return result
            }
            guard let found else { return false }
            if number == components.count - 1 { return !found.isTree }
            guard found.isTree else { return false }
            current = found.id
        }
        return false
    }

    /// The versions at `path` now: in the index, in HEAD's tree, and the file in the folder.
    static func currentVersions(at path: String, repository: GitRepository) throws -> Set<ObjectID> {
        var result = Set<ObjectID>()
        let index = try GitIndex(repository: repository.handle)
        if let entry = git_index_get_bypath(index.handle, path, 0) { result.insert(ObjectID(entry.pointee.id)) }
        if let head = try repository.headCommit(), let blob = try repository.files(ofCommit: head)[path]?.blob { result.insert(blob) }
        var oid = git_oid()
        if git_odb_hashfile(&oid, repository.workdir + path, GIT_OBJECT_BLOB) == 0 { result.insert(ObjectID(oid)) }
        return result
    }

    /// refs/original/* (filter-branch backups) always hold the old history.
    private static func alwaysDeleted(_ name: String) -> Bool { name.hasPrefix("refs/original/") }

    /// The object a `refs/replace/<id>` ref replaces; nil for any other ref.
    static func replacedObject(_ name: String) -> ObjectID? {
        guard name.hasPrefix("refs/replace/") else { return nil }
        return ObjectID(hex: String(name.dropFirst("refs/replace/".count)))
    }

    private static func parents(of commit: ObjectID, database: GitObjectDatabase) throws -> [ObjectID] {
        try database.read(commit) { kind, data in kind == .commit ? try GitRawObject.parseCommit(data).parents : [] }
    }

    /// Follows tags down to a commit; nil when the chain ends at a tree or a blob.
    static func peelToCommit(_ id: ObjectID, database: GitObjectDatabase) throws -> ObjectID? {
        var current = id
        for _ in 0 ..< 64 {
            switch try database.kind(of: current) {
            case .commit: return current
            case .tag: current = try database.read(current) { _, data in try GitRawObject.parseTag(data).target }
            case .tree, .blob: return nil
            }
        }
        return nil
    }

    /// What a tag finally points at, for packed-refs; nil when `id` is not a tag.
    func peel(_ id: ObjectID) throws -> ObjectID? {
        var current = id
        var peeled = false
        for _ in 0 ..< 64 {
            let kind = try rewriter.newObjects[current]?.kind ?? database.kind(of: current)
            guard kind == .tag else { return peeled ? current : nil }
            peeled = true
            if let object = rewriter.newObjects[current] {
                current = try object.bytes.withUnsafeBytes { try GitRawObject.parseTag($0).target }
            } else {
                current = try database.read(current) { _, data in try GitRawObject.parseTag(data).target }
            }
        }
        return current
    }

    // MARK: Notes

    /// New notes commits (made in memory) whose notes follow the rewritten commits.
    func notesUpdates() throws -> [String: (commit: ObjectID, objects: [(ObjectID, GitNewObject)])] {
        var result: [String: (commit: ObjectID, objects: [(ObjectID, GitNewObject)])] = [:]
        var moved = rewriter.commitMap.compactMap { old, new -> (ObjectID, ObjectID?)? in
            if rewriter.dropped.contains(old) { return (old, nil) }
            guard let new, new != old else { return nil }
            return (old, new)
        }
        // A note on a version of the entry (keyed by its blob's id) goes with that version,
        // unless a copy that stays still holds the same blob.
        moved += rewriter.purgedBlobs.subtracting(rewriter.treesAndBlobs).map { ($0, nil) }
        guard !moved.isEmpty else { return result }
        let movedMap = Dictionary(moved, uniquingKeysWith: { first, _ in first })
        for input in notesInputs {
            if let edit = try GitNotesEditor.move(notesCommit: input.commit, mapping: movedMap, database: database, repository: repository,
                                                  newObjects: rewriter.newObjects) {
                result[input.name] = edit
            }
        }
        return result
    }

    /// Every version let go (the blobs found at a purged path), with its bytes.
    func purgedVersions() throws -> (ids: Set<ObjectID>, contents: [[UInt8]]) {
        let ids = rewriter.purgedBlobs
        return (ids, try ids.sorted().map { try database.readArray($0).bytes })
    }

    mutating func addNotes(_ edits: [String: (commit: ObjectID, objects: [(ObjectID, GitNewObject)])]) {
        for (name, update) in edits {
            for (id, object) in update.objects { rewriter.adopt(id, object) }
            notes[name] = update.commit
            updates[name] = nil
            roots.append(update.commit)
        }
    }

    // MARK: Writing

    /// Writes the one new pack of everything the new refs, the stash and the index reach.
    mutating func writePack(indexRoots: [ObjectID]) throws -> String? {
        let keep = try GitReachability.objects(roots: roots, extra: indexRoots, rewriter: rewriter, database: database)
        let writer = try GitPackWriter(database: database, newObjects: rewriter.newObjects, keep: keep)
        for pack in packs { try writer.copy(from: pack) }
        try writer.writeNew(in: rewriter.newObjectOrder)
        try writer.writeRemaining()
        let name = try writer.finish(packFolder: repository.gitdir + "objects/pack/")
        packedObjects = keep
        return name
    }

    /// Writes the stash's ref and reflog when a stash reached the entry.
    func writeStash(locks: GitLockSet) throws {
        guard let newStash, let top = newStash.last else { return }
        var log: [UInt8] = []
        for line in newStash { log += line.bytes }
        try AtomicFile.write(log, to: repository.gitdir + "logs/refs/stash", stagingIn: repository.gitdir + GitLocks.folder)
        var bytes: [UInt8] = []
        top.new.appendHex(to: &bytes)
        try locks.write(bytes + [0x0A], to: repository.gitdir + "refs/stash")
    }
}

/// One line of a reflog: `<old> <new> <identity> <time> <zone>\t<message>\n`.
struct GitReflogLine: Equatable {
    let old: ObjectID
    let new: ObjectID
    /// Everything after the two ids, byte for byte (from the space, up to and with the newline).
    let rest: [UInt8]

    var bytes: [UInt8] {
        var line: [UInt8] = []
        old.appendHex(to: &line)
        line.append(0x20)
        new.appendHex(to: &line)
        return line + rest
    }

    /// The lines of a reflog file, oldest first; none when it does not exist.
    static func read(_ path: String) throws -> [GitReflogLine] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var result: [GitReflogLine] = []
        for line in data.split(separator: 0x0A) {
            let bytes = Array(line)
            guard bytes.count > 82, let old = ObjectID(hex: String(decoding: bytes[0 ..< 40], as: UTF8.self)),
                  let new = ObjectID(hex: String(decoding: bytes[41 ..< 81], as: UTF8.self)) else {
                throw GitError.wrapper("the reflog \(path) is damaged", function: "purge", advice: "`git reflog` in the journal folder shows it; repair or remove it, then try again")
            }
            result.append(GitReflogLine(old: old, new: new, rest: Array(bytes[81...]) + [0x0A]))
        }
        return result
    }
}
