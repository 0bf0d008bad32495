#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// The apply step: what the sync rules decided becomes history, files, references and a push,
/// in an order that a kill at any point leaves something the next sync finishes:
///
/// 1. the reconciled history is built as commits no reference points at, in the quarantine
///    that holds what the fetch brought (see `GitFetchQuarantine`);
/// 2. the purge the sync owes is recorded (`.git/say/sync-purge`), then the quarantine's objects
///    move into the repository's store;
/// 3. working-tree files and the index are written, then flushed (a file of the person's that
///    is untracked or changed since the last commit is left as it is and reported);
/// 4. the branch moves to the new history and the base to the remote's commit;
/// 5. let-go entries are purged from this repository, and the record removed;
/// 6. the push, under a lease on the commit fetched (a rewrite only ever under the lease);
/// 7. the base moves to what was pushed, and `origin` is stored;
/// 8. a folder remote is repacked after a rewrite, and what still holds a let-go entry there
///    is reported.
extension GitSyncSession {
    /// Applies `application`.
    ///
    /// - Returns: what happened besides the files.
    /// - Throws: `GitSyncRemoteMoved` when the remote moved before the push (run the round
    ///   again); `GitSyncError`, `GitError`, `MarkdownStoreError`.
    public func apply(_ application: GitSyncApplication) throws -> GitSyncOutcome {
        // Every lock libgit2 takes here is recorded, so a kill never leaves one that blocks.
        let outcome = try GitLocks.whileLibgit2Writes(gitFolder: repository.gitdir, lockPaths: repository.syncLockPaths) {
            try applyLocked(application)
        }
        // The sync worked: an https password the helpers gave is good (git approves it the same way).
        settings.credentials.approve()
        return outcome
    }

    private func applyLocked(_ application: GitSyncApplication) throws -> GitSyncOutcome {
        // Loose objects libgit2 writes (new trees, commits, copies) go through temporary files too.
        try repository.withPendingWrites([GitPendingWrites.looseObjects(in: repository.gitdir + "objects/")]) {
            try applyRecorded(application)
        }
    }

    private func applyRecorded(_ application: GitSyncApplication) throws -> GitSyncOutcome {
        guard let remoteHead, let remoteFiles = snapshot.remote else {
            // Nothing was fetched: the journal record's commit goes to the store.
            try quarantine.accept()
            return try startRemote(application)
        }
        // A let-go received here rewrites this repository's history: refused, before anything
        // changes, wherever a let-go would be (another working tree, a shared object store…).
        if !application.purge.isEmpty { try repository.refuseUnsupportedRepository(then: "sync again") }
        var outcome = GitSyncOutcome()
        let (head, final, newBlobs) = try buildHistory(application, remoteHead: remoteHead, remoteFiles: remoteFiles)
        if let (first, second) = GitSyncValidation.collision(in: final.keys) {
            throw GitSyncError.unsyncableLocal(path: GitSyncValidation.displayPath(second),
                                               reason: "its name differs from \(GitSyncValidation.displayPath(first)) only in case or Unicode form")
        }
        try settings.checkpoint?(.historyBuilt)

        if !application.purge.isEmpty {
            let record = GitSyncPathRecord(header: GitSyncPathRecord.purgeHeader, paths: application.purge, keep: application.purgeKeeping)
            try AtomicFile.write(record.rendered(), to: repository.syncPurgePath)
        }
        // The remote is accepted: what was fetched, and the history built on it, join the store
        // (after the purge they call for is recorded, so a kill from here on still purges).
        try quarantine.accept()
        try settings.checkpoint?(.purgeRecorded)

        outcome.kept = try repository.whileWritingFiles { try writeWorkingTree(final: final, newBlobs: newBlobs) }
        try settings.checkpoint?(.workingTreeWritten)

        if try repository.referenceTarget(GitRepository.trackingReference) != remoteHead {
            try repository.setReference(GitRepository.trackingReference, to: remoteHead, message: "say: fetch")
        }
        if head != localHead { try repository.setReference("refs/heads/main", to: head, message: "say: sync") }
        if baseCommit != remoteHead || baseRecord?.remote != remoteHead || baseRecord?.url != address.url {
            try repository.setReference(GitRepository.syncedReference, to: remoteHead, message: "say: sync")
            // What was let go here stays noted until the sync finishes.
            try repository.writeSyncBase(GitSyncBase(remote: remoteHead, journal: application.journal, url: address.url,
                                                     paths: Set(remoteFiles.keys), pending: repository.pendingLetGo()))
        }
        try settings.checkpoint?(.branchMoved)

        if !application.purge.isEmpty {
            try repository.purgeLetGo(application.purge, keeping: application.purgeKeeping)
            try AtomicFile.remove(repository.syncPurgePath)
        }
        try settings.checkpoint?(.purged)

        guard var newHead = try repository.headCommit() else { throw GitError.wrapper("the branch lost its commits", function: "sync") }
        // Unless a purge or the record changed the history, its files are the reconciled ones.
        var pushedFiles: [String: GitSyncFile]? = newHead == head ? final : nil
        if newHead != remoteHead {
            let fastForward = try repository.hasObject(remoteHead) && repository.contains(remoteHead, inHistoryOf: newHead)
            if !fastForward, let record = application.rewriteRecord {
                // A rewrite carries the record say advanced, so other computers can tell it from
                // a rollback or a rewrite by anything else.
                try repository.whileWritingFiles { try writeWorkingFile(settings.layout.recordFile, record) }
                if let commit = try repository.commit(paths: [settings.layout.recordFile], message: "Let go") {
                    newHead = commit
                    pushedFiles = nil
                }
            }
            try push(newHead, lease: remoteHead, force: !fastForward)
            outcome.pushed = true
            outcome.rewroteRemote = !fastForward
        }
        try recordBase(newHead, journal: application.journal, paths: pushedFiles.map { Set($0.keys) })
        try cleanFolderRemote(&outcome, application)
        return outcome
    }

    // MARK: History

    /// The reconciled history: the remote's, then each local commit since the base with its
    /// changes to the `send` paths (author, date and message kept), then commits for sends not
    /// reached that way, restores, each new file (conflict copies, merges), and removals with the record.
    private func buildHistory(_ application: GitSyncApplication, remoteHead: ObjectID, remoteFiles: [String: GitSyncFile])
        throws -> (head: ObjectID, final: [String: GitSyncFile], newBlobs: [ObjectID: [UInt8]]) {
        let local = snapshot.local
        // Nothing came from elsewhere: this computer's history goes as it is.
        if let localHead, snapshot.history == .unchanged, baseCommit == remoteHead, application.restore.isEmpty,
           application.newFiles.isEmpty, application.remove.isEmpty, application.record == nil,
           Set(local.keys).union(remoteFiles.keys).allSatisfy({ local[$0] == remoteFiles[$0] || application.send.contains($0) }),
           try repository.contains(remoteHead, inHistoryOf: localHead) {
            return (localHead, local, [:])
        }
        var head = remoteHead
        var tree = try repository.treeID(ofCommit: remoteHead)
        var final = remoteFiles
        var newBlobs: [ObjectID: [UInt8]] = [:]

        func commit(_ changes: [String: GitSyncFile?], like: ObjectID?, message: String) throws {
            guard !changes.isEmpty else { return }
            let newTree = try repository.updatedTree(tree, changes.mapValues { $0.map { GitTreeFile(blob: $0.blob, mode: $0.mode) } })
            for (path, file) in changes { final[path] = file }
            guard newTree != tree else { return }
            head = try repository.createCommit(tree: newTree, parent: head, like: like, message: message)
            tree = newTree
        }

        if let localHead, !application.send.isEmpty {
            var hidden = [remoteHead]
            if let baseCommit, try repository.hasObject(baseCommit) { hidden.append(baseCommit) }
            for local in try repository.commits(from: localHead, hiding: hidden) {
                let changes = try treeChanges(of: local).filter { application.send.contains($0.key) }
                try commit(changes, like: local, message: "")
            }
        }
        var missing: [String: GitSyncFile?] = [:]
        for path in application.send where final[path] != local[path] { missing[path] = .some(local[path]) }
        try commit(missing, like: nil, message: "Sync")
        try commit(application.restore.mapValues { .some($0) }, like: nil, message: "Restore")
        for copy in application.newFiles {
            try GitRepository.validateRelativePath(copy.path)
            let blob = try repository.createBlob(copy.bytes)
            newBlobs[blob] = copy.bytes
            try commit([copy.path: GitSyncFile(blob: blob, mode: 0o100644)], like: nil, message: copy.message)
        }
        var last: [String: GitSyncFile?] = [:]
        for path in application.remove { last[path] = .some(nil) }
        if let record = application.record {
            let blob = try repository.createBlob(record)
            newBlobs[blob] = record
            last[settings.layout.recordFile] = GitSyncFile(blob: blob, mode: 0o100644)
        }
        try commit(last, like: nil, message: application.remove.isEmpty ? "Sync" : "Let go")
        return (head, final, newBlobs)
    }

    /// The files a commit changed against its first parent (all of them for a root commit):
    /// path → new file, or nil for a removal. Calls `git_diff_tree_to_tree`.
    private func treeChanges(of commit: ObjectID) throws -> [String: GitSyncFile?] {
        let newTree = try repository.treeID(ofCommit: commit)
        let oldTree = try repository.firstParent(of: commit).map { try repository.treeID(ofCommit: $0) }
        var newHandle: OpaquePointer?
        var oldHandle: OpaquePointer?
        try newTree.withOID { try gitCheck(git_tree_lookup(&newHandle, repository.handle, $0), "git_tree_lookup") }
        defer { git_tree_free(newHandle) }
        if let oldTree { try oldTree.withOID { try gitCheck(git_tree_lookup(&oldHandle, repository.handle, $0), "git_tree_lookup") } }
        defer { if let oldHandle { git_tree_free(oldHandle) } }
        var diff: OpaquePointer?
        try gitCheck(git_diff_tree_to_tree(&diff, repository.handle, oldHandle, newHandle, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        var changes: [String: GitSyncFile?] = [:]
        for index in 0 ..< git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            switch delta.status {
            case GIT_DELTA_DELETED:
                if let path = gitString(from: delta.old_file.path) { changes[path] = .some(nil) }
            case GIT_DELTA_ADDED, GIT_DELTA_MODIFIED, GIT_DELTA_TYPECHANGE:
                guard let path = gitString(from: delta.new_file.path) else { continue }
                let mode = UInt32(delta.new_file.mode)
                changes[path] = mode & 0o170000 == 0o100000 ? GitSyncFile(blob: ObjectID(delta.new_file.id), mode: mode) : .some(nil)
            default:
                continue
            }
        }
        return changes
    }

    // MARK: First push

    /// An empty remote: the journal record goes in first (a commit of its own), then all of
    /// this journal's history.
    private func startRemote(_ application: GitSyncApplication) throws -> GitSyncOutcome {
        guard let record = application.record else { throw GitError.wrapper("no journal record to start the remote with", function: "sync") }
        let recordFile = settings.layout.recordFile
        if let current = snapshot.local[recordFile], try repository.blobBytes(current.blob) == record {
            // Already recorded by an earlier, interrupted first sync.
        } else {
            try repository.whileWritingFiles { try writeWorkingFile(recordFile, record) }
            try repository.commit(paths: [recordFile], message: "Start syncing")
        }
        try settings.checkpoint?(.historyBuilt)
        guard let head = try repository.headCommit() else { throw GitError.wrapper("no commit to push", function: "sync") }
        try push(head, lease: nil, force: false)
        var outcome = GitSyncOutcome()
        outcome.pushed = true
        try recordBase(head, journal: application.journal)
        return outcome
    }

    // MARK: Push

    /// Pushes `local` to the remote's main, only if the remote's main is still `lease` (nil:
    /// it must not exist); `force` replaces history, and only ever under that lease.
    private func push(_ local: ObjectID, lease: ObjectID?, force: Bool) throws {
        if let folder = address.localPath {
            try pushToFolder(folder, local: local, lease: lease, force: force)
        } else {
            let context = Self.transportContext(repository: repository, address: address, settings: settings,
                                                certificateAuthorities: certificateAuthorities)
            context.lease = .some(lease)
            let remote = try GitRemote.anonymous(repository: repository.handle, url: address.url)
            do {
                try remote.push([(force ? "+" : "") + "refs/heads/main:refs/heads/main"], context)
            } catch is GitRemote.LeaseBroken {
                throw GitSyncRemoteMoved()
            } catch let error as GitError {
                if error.code == Int(GIT_ENONFASTFORWARD.rawValue) { throw GitSyncRemoteMoved() }
                throw GitRepository.connectionFailure(error, address: address)
            } catch let GitSyncError.rejected(_, message) where message.contains("fast-forward") || message.contains("fetch first")
                        || message.contains("stale") {
                // Someone pushed between the listing and this push: fetch and reconcile again.
                throw GitSyncRemoteMoved()
            }
        }
        try settings.checkpoint?(.pushed)
        try repository.setReference(GitRepository.trackingReference, to: local, message: "say: push")
    }

    /// A push into a repository in a folder: the lease is checked, the missing objects are
    /// copied as one pack (its temporary files recorded first, so a killed push's are removed
    /// by the next run), and the branch moves only if it still points where it did
    /// (compare-and-swap), so another computer pushing at the same moment is never overwritten.
    /// A rewrite (`force`) is refused, with nothing changed there, when the person forbade one in
    /// the remote's own settings (`receive.denyNonFastForwards`), as git's own push would be.
    private func pushToFolder(_ folder: String, local: ObjectID, lease: ObjectID?, force: Bool) throws {
        let other = try GitLocalTransfer.openRemote(path: folder, display: address.display)
        guard try GitLocalTransfer.mainBranch(other.handle) == lease else { throw GitSyncRemoteMoved() }
        try GitLocalTransfer.refuseForeignObjectStore(gitdir: other.gitdir)
        if force {
            if GitRepository.configFlag("receive.denyNonFastForwards", in: other.handle) {
                throw GitSyncError.rewriteForbidden(remote: address.display)
            }
            // Written before the old history is replaced, removed once the remote is repacked.
            try AtomicFile.write(Array("say-it-later remote-needs-cleaning 1\n".utf8), to: repository.remoteCleaningPath)
        }
        try repository.withPendingWrites([GitPendingWrites.packs(in: other.gitdir + "objects/pack/")]) {
            try GitLocalTransfer.copyObjects(from: repository.handle, sourceGitdir: repository.gitdir, to: other.handle,
                                             destinationPacks: other.gitdir + "objects/pack/", tips: [local])
        }
        let locks = ["refs/heads/main", "HEAD", "packed-refs"].map { other.gitdir + $0 + ".lock" }
        try GitLocks.whileLibgit2Writes(gitFolder: other.gitdir, lockPaths: locks) {
            guard try GitLocalTransfer.compareAndSwap(other.handle, reference: "refs/heads/main", expected: lease, target: local,
                                                      message: "say: sync") else {
                throw GitSyncRemoteMoved()
            }
            if lease == nil { GitLocalTransfer.pointHeadAtMain(other.handle) }
        }
    }

    /// After a push (or when nothing had to go): the base is what the remote now holds, and
    /// the address is stored as `origin`.
    private func recordBase(_ commit: ObjectID, journal: String, paths: Set<String>? = nil) throws {
        // The remote's record names everything let go here now: nothing stays pending.
        if baseCommit != commit || baseRecord?.remote != commit || baseRecord?.url != address.url || !repository.pendingLetGo().isEmpty {
            try repository.setReference(GitRepository.syncedReference, to: commit, message: "say: sync")
            let paths = try paths ?? Set(repository.files(ofCommit: commit).keys)
            try repository.writeSyncBase(GitSyncBase(remote: commit, journal: journal, url: address.url, paths: paths))
        }
        if storedURL != address.url { try GitRemote.store(repository: repository.handle, name: "origin", url: address.url) }
        try settings.checkpoint?(.baseRecorded)
    }

    // MARK: Cleaning a folder remote

    /// After a rewritten history went to a folder remote (now, or in a run that was
    /// interrupted): repack it so only reachable objects stay, then report the references
    /// other than main that still reach a let-go entry, and temporary files say did not make.
    /// The record of the clean-up stays while something still holds a let-go entry.
    private func cleanFolderRemote(_ outcome: inout GitSyncOutcome, _ application: GitSyncApplication) throws {
        guard let folder = address.localPath, access(repository.remoteCleaningPath, F_OK) == 0 else { return }
        let other = try GitLocalTransfer.openRemote(path: folder, display: address.display)
        try GitLocalTransfer.refuseForeignObjectStore(gitdir: other.gitdir)
        // What only the remote's own git knows to keep (a working copy's index and checkouts,
        // another repository's objects) is never dropped: such a remote is left as it is, and
        // named, until it is bare and its own.
        if let reason = try GitRemoteCleaner.reasonNotToClean(other) {
            outcome.remoteNotCleaned = reason
        } else {
            try repository.withPendingWrites([GitPendingWrites.packs(in: other.gitdir + "objects/pack/")]) {
                try GitRemoteCleaner.keepOnlyReachable(repositoryAt: folder)
            }
            outcome.cleanedRemote = true
        }
        outcome.remoteStillHolds = try GitRemoteCleaner.referencesReaching(repositoryAt: folder, except: "refs/heads/main",
                                                                            isLetGo: application.isLetGo)
        outcome.remoteLeftovers = try GitRemoteCleaner.foreignTemporaryFiles(repositoryAt: folder)
        if outcome.remoteStillHolds.isEmpty, outcome.remoteNotCleaned == nil { try AtomicFile.remove(repository.remoteCleaningPath) }
    }
}
