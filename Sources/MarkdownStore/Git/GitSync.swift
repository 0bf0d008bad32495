#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// A conflict copy made by the layer that knows what the files are: where it goes, what it
/// holds, and the commit message that adds it (which names no words of it).
public struct GitSyncCopy: Equatable, Sendable {
    public var path: String
    public var bytes: [UInt8]
    public var message: String

    public init(path: String, bytes: [UInt8], message: String) {
        self.path = path
        self.bytes = bytes
        self.message = message
    }
}

/// The durable steps of a sync; tests throw from `GitSyncSettings.checkpoint` at each one to
/// show that running the sync again converges.
public enum GitSyncCheckpoint: String, CaseIterable, Sendable {
    /// The remote's references are listed; nothing changed yet.
    case listed
    /// The remote's history is in the local object store.
    case fetched
    /// The reconciled history exists as commits no reference points at yet.
    case historyBuilt
    /// Working-tree files and the index hold the reconciled state.
    case workingTreeWritten
    /// The branch points at the reconciled history, and the base at the fetched commit.
    case branchMoved
    /// Entries let go on either side are purged from this repository.
    case purged
    /// The remote holds the new history.
    case pushed
    /// The base points at what was pushed.
    case baseRecorded
}

/// How to sync: which remote, how to reach it, how to keep both sides of a conflict.
public struct GitSyncSettings {
    /// A remote URL or path to sync with, stored as `origin`; nil to use `origin` as it is.
    public var remoteURL: String?
    /// What relative local paths in `remoteURL` are relative to.
    public var workingDirectory: String
    /// Where ssh key files and `known_hosts` are (`~/.ssh`).
    public var sshDirectory: String
    /// Whether to ask an ssh agent for keys first (`SSH_AUTH_SOCK` is set).
    public var sshAgentAvailable: Bool
    /// The user name for ssh URLs that name none.
    public var localUser: String
    /// The known_hosts files to trust, in order (`~/.ssh/known_hosts`, `/etc/ssh/ssh_known_hosts`).
    public var knownHostsFiles: [String]
    /// The folder whose files are entries: only those get conflict copies and are purged.
    public var entriesFolder: String
    /// How many times to fetch and reconcile again when the remote moves during a sync.
    public var maximumAttempts: Int
    /// Turns the local version of a file changed on both sides into a copy with its own path;
    /// nil keeps only the remote version (for files that are not entries).
    public var makeConflictCopy: (_ path: String, _ localBytes: [UInt8]) throws -> GitSyncCopy?
    /// A new journal id, written into `.say-journal` when a journal first goes to an empty remote.
    public var newJournalID: () -> String
    /// Called at each durable step (tests only).
    public var checkpoint: ((GitSyncCheckpoint) throws -> Void)?

    public init(remoteURL: String?, workingDirectory: String, sshDirectory: String, sshAgentAvailable: Bool,
                localUser: String, knownHostsFiles: [String], entriesFolder: String = "entries", maximumAttempts: Int = 4,
                makeConflictCopy: @escaping (_ path: String, _ localBytes: [UInt8]) throws -> GitSyncCopy?,
                newJournalID: @escaping () -> String = { UUID().uuidString.lowercased() },
                checkpoint: ((GitSyncCheckpoint) throws -> Void)? = nil) {
        self.remoteURL = remoteURL
        self.workingDirectory = workingDirectory
        self.sshDirectory = sshDirectory
        self.sshAgentAvailable = sshAgentAvailable
        self.localUser = localUser
        self.knownHostsFiles = knownHostsFiles
        self.entriesFolder = entriesFolder
        self.maximumAttempts = maximumAttempts
        self.makeConflictCopy = makeConflictCopy
        self.newJournalID = newJournalID
        self.checkpoint = checkpoint
    }
}

/// What a sync did, by path.
public struct GitSyncReport: Equatable, Sendable {
    /// Files new or changed on the remote, now here.
    public var received: [String] = []
    /// Files new or changed here, now on the remote (conflict copies are listed on their own).
    public var sent: [String] = []
    /// Files let go on another device, unchanged here: removed and purged here.
    public var letGoElsewhere: [String] = []
    /// Files changed here but let go on another device: the let-go won, removed and purged.
    public var letGoWon: [String] = []
    /// Conflict copies made here (their new paths): both sides had changed the file.
    public var conflictCopies: [String] = []
    /// Files let go here, now gone from the remote and its history.
    public var letGoSent: [String] = []
    /// The remote had no history: this journal started it.
    public var remoteWasEmpty = false
    /// The remote's history was replaced by a rewritten one (after a let-go), under a lease.
    public var rewroteRemote = false
    /// The remote is a local folder and say repacked it to drop unreachable objects.
    public var cleanedRemote = false
    /// Fetch-reconcile-push rounds it took (more than one when the remote moved meanwhile).
    public var attempts = 1

    public init() {}
}

/// What this device last synced with: the remote commit, the journal's id, and the files it
/// held (names only: they carry no words), so entries let go here since can be told from
/// entries added on the remote. Kept in `.git/say/sync-base` beside `refs/say/synced`.
struct GitSyncBase: Equatable {
    var remote: ObjectID
    var journal: String
    var paths: Set<String>

    static let header = "say-it-later sync-base 1"

    func rendered() -> [UInt8] {
        var text = Self.header + "\nremote \(remote)\njournal \(journal)\n"
        for path in paths.sorted() { text += "path " + path + "\n" }
        return Array(text.utf8)
    }

    static func parse(_ bytes: [UInt8]) -> GitSyncBase? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header else { return nil }
        var remote: ObjectID?
        var journal: String?
        var paths = Set<String>()
        for line in lines.dropFirst() {
            if line.hasPrefix("remote ") { remote = ObjectID(hex: String(line.dropFirst(7))) }
            else if line.hasPrefix("journal ") { journal = String(line.dropFirst(8)) }
            else if line.hasPrefix("path ") { paths.insert(String(line.dropFirst(5))) }
        }
        guard let remote, let journal else { return nil }
        return GitSyncBase(remote: remote, journal: journal, paths: paths)
    }
}

/// How one file is reconciled between the base, this device and the remote.
enum GitSyncDecision: Equatable {
    /// Both sides agree (or neither changed it).
    case same
    /// Changed or added here only: this side's version goes to the remote.
    case local
    /// Changed or added on the remote only: its version comes here.
    case remote
    /// Changed differently on both sides: the remote version stays, the local one becomes a copy.
    case conflict
    /// Let go (or removed) here: gone from the remote too, whatever it holds.
    case letGoHere
    /// Let go on the remote and unchanged here.
    case letGoElsewhere
    /// Let go on the remote but changed here: the let-go wins.
    case letGoWon
    /// Gone on both sides.
    case goneBoth

    /// The three-way rule, by file: `base` is the file when this device last synced (nil: not
    /// there), `local` and `remote` the file now on each side (nil: not there).
    static func decide(base: GitTreeFile?, local: GitTreeFile?, remote: GitTreeFile?) -> GitSyncDecision {
        guard let base else {
            switch (local, remote) {
            case (nil, nil): return .same
            case (.some, nil): return .local
            case (nil, .some): return .remote
            case let (local?, remote?): return local == remote ? .same : .conflict
            }
        }
        if local == remote { return local == nil ? .goneBoth : .same }
        if local == base { return remote == nil ? .letGoElsewhere : .remote }
        if remote == base { return local == nil ? .letGoHere : .local }
        if remote == nil { return .letGoWon }
        if local == nil { return .letGoHere }
        return .conflict
    }
}

extension GitRepository {
    /// The reference holding the remote commit this device last synced with.
    static let syncedReference = "refs/say/synced"
    /// Where the fetched remote branch is kept (a remote-tracking ref: a purge drops it when it
    /// reaches a let-go entry).
    static let trackingReference = "refs/remotes/origin/main"
    /// The file that marks a repository as a say journal, with the journal's id.
    public static let journalMarker = ".say-journal"

    var syncBasePath: String { gitdir + "say/sync-base" }
    /// Present while a local-folder remote may still hold objects of a rewritten history.
    var remoteCleaningPath: String { gitdir + "say/remote-needs-cleaning" }

    /// Syncs the branch `main` with the remote: fetches, reconciles by file against the base,
    /// replays local commits on top of the remote's, pushes, and records the new base.
    ///
    /// The rules, by file, against the remote commit last synced with (see `GitSyncDecision`):
    /// new on either side is added; changed on one side takes that side; changed on both keeps
    /// the remote version and makes a copy of the local one (`makeConflictCopy`); gone from the
    /// remote and unchanged here is removed and purged here; gone from the remote and changed
    /// here: the let-go wins. Anything let go here is purged before pushing, and the rewritten
    /// history replaces the remote's under a lease on the commit that was fetched: the push
    /// stops if the remote's main moved, and the whole round runs again (at most
    /// `maximumAttempts` times). A remote in a local folder is then repacked so it keeps only
    /// reachable objects.
    ///
    /// Crash-safe: the working tree is written before the branch moves, the base advances to
    /// the fetched commit only once the branch holds it, and an interrupted purge or remote
    /// clean-up is finished by the next run.
    ///
    /// - Parameter settings: the remote and how to reach it.
    /// - Returns: what changed, by path.
    /// - Throws: `GitSyncError` for what a person can act on (unreachable, authentication,
    ///   host key, not a journal, diverged, the remote kept moving), `GitError`,
    ///   `MarkdownStoreError`.
    public func sync(_ settings: GitSyncSettings) throws -> GitSyncReport {
        try resumePendingPurge()
        guard try gitCheck(git_repository_state(handle), "git_repository_state") == GIT_REPOSITORY_STATE_NONE.rawValue else {
            throw GitError.wrapper("a merge, rebase or similar git operation is in progress; finish or abort it first", function: "sync")
        }
        guard try headBranch() == "refs/heads/main" else {
            throw GitError.wrapper("HEAD is not on the branch main; check main out first", function: "sync")
        }
        // The remote is opened again for each connection: a purge reopens the repository, and
        // a `git_remote` must not outlive the repository handle it was made with.
        let address: GitRemoteAddress
        // A new address is stored as origin now (libgit2 connects through the configured remote)
        // and put back as it was if the sync fails, so a mistyped URL changes nothing.
        var previousURL: String?? = nil  // .some: origin changes now, and what it was before
        if let url = settings.remoteURL {
            address = GitRemoteAddress(url, workingDirectory: settings.workingDirectory)
            let previous = try GitRemote.open(repository: handle, name: "origin", url: nil)?.url
            if previous != address.url { previousURL = .some(previous) }
            guard try GitRemote.open(repository: handle, name: "origin", url: address.url) != nil else { throw GitSyncError.noRemote }
        } else {
            guard let url = try GitRemote.open(repository: handle, name: "origin", url: nil)?.url else { throw GitSyncError.noRemote }
            address = GitRemoteAddress(url, workingDirectory: settings.workingDirectory)
        }
        do {
            return try syncRounds(address: address, settings: settings)
        } catch let error as GitSyncError {
            // Nothing was pushed to the new address: origin goes back to what it was, so a
            // mistyped URL changes nothing. (`handle` is read now: a purge may have replaced it.)
            if let previousURL {
                if let previous = previousURL {
                    _ = git_remote_set_url(handle, "origin", previous)
                } else {
                    _ = git_remote_delete(handle, "origin")
                }
            }
            throw error
        }
    }

    private func syncRounds(address: GitRemoteAddress, settings: GitSyncSettings) throws -> GitSyncReport {
        var attempt = 0
        while true {
            attempt += 1
            do {
                var report = try syncOnce(address: address, settings: settings)
                report.attempts = attempt
                if access(remoteCleaningPath, F_OK) == 0 {
                    if let folder = address.localPath {
                        try GitRemoteCleaner.keepOnlyReachable(repositoryAt: folder)
                        report.cleanedRemote = true
                    }
                    try AtomicFile.remove(remoteCleaningPath)
                }
                return report
            } catch is GitRemote.LeaseBroken {
                if attempt >= settings.maximumAttempts { throw GitSyncError.remoteKeptMoving(attempts: attempt) }
            }
        }
    }

    /// The `origin` remote's address as a person would read it (no password); nil when none.
    ///
    /// - Throws: `GitError`. Calls `git_remote_lookup`.
    public func syncRemoteDisplay() throws -> String? {
        guard let url = try GitRemote.open(repository: handle, name: "origin", url: nil)?.url else { return nil }
        return GitRemoteAddress(url, workingDirectory: "/").display
    }

    // MARK: One round

    /// The `origin` remote, opened on the current repository handle.
    private func openRemote() throws -> GitRemote {
        guard let remote = try GitRemote.open(repository: handle, name: "origin", url: nil) else { throw GitSyncError.noRemote }
        return remote
    }

    private func syncOnce(address: GitRemoteAddress, settings: GitSyncSettings) throws -> GitSyncReport {
        let base = try readSyncBase()
        let baseCommit = try referenceTarget(Self.syncedReference)
        let local = try headCommit()
        // One connection lists the remote and, when it moved, downloads it. The remote handle
        // is gone before anything below can reopen the repository.
        var fastPath = false
        let remoteHead: ObjectID? = try {
            let context = transportContext(address, settings)
            let remote = try openRemote()
            defer { remote.disconnect() }
            let heads: [String: ObjectID]
            do {
                heads = try remote.connectAndList(context)
            } catch let error as GitError {
                throw Self.connectionFailure(error, address: address)
            }
            try settings.checkpoint?(.listed)
            guard let remoteHead = heads["refs/heads/main"] else {
                if !heads.isEmpty { throw GitSyncError.notAJournal(remote: address.display) }
                return nil
            }
            if let base, let baseCommit, let local, base.remote == remoteHead, try contains(baseCommit, inHistoryOf: local) {
                fastPath = true
                return remoteHead
            }
            if let folder = address.localPath {
                // A folder on this computer: its packed objects are copied as they are.
                remote.disconnect()
                let other = try GitLocalTransfer.Repository(path: folder)
                try GitLocalTransfer.copyObjects(from: other.handle, sourceGitdir: other.gitdir, to: handle,
                                                 destinationGitdir: gitdir, tips: [remoteHead])
                return remoteHead
            }
            do {
                try remote.download(["+refs/heads/main:" + Self.trackingReference], context)
            } catch let error as GitError {
                throw Self.connectionFailure(error, address: address)
            }
            return remoteHead
        }()
        guard let remoteHead else {
            return try startRemote(address: address, settings: settings)
        }
        if fastPath, let base, let baseCommit, let local {
            return try pushLocalChanges(address: address, settings: settings, base: base,
                                        baseCommit: baseCommit, local: local, remoteHead: remoteHead)
        }
        try setReference(Self.trackingReference, to: remoteHead, message: "say: fetch")
        try settings.checkpoint?(.fetched)
        return try reconcile(address: address, settings: settings, base: baseCommit == nil ? nil : base,
                             baseCommit: baseCommit, remoteHead: remoteHead)
    }

    /// First push into an empty remote: the journal gets its marker, and all of it goes.
    private func startRemote(address: GitRemoteAddress, settings: GitSyncSettings) throws -> GitSyncReport {
        var files = try headCommit().map { try self.files(ofCommit: $0) } ?? [:]
        var journal = try files[Self.journalMarker].flatMap { try journalID(in: $0) }
        if journal == nil {
            let id = settings.newJournalID()
            try AtomicFile.write(Array(Self.markerText(id).utf8), to: workdir + Self.journalMarker)
            try commit(paths: [Self.journalMarker], message: "Start syncing")
            journal = id
        }
        guard let local = try headCommit(), let journal else { throw GitError.wrapper("no commit to push", function: "sync") }
        files = try self.files(ofCommit: local)
        try push(address: address, settings: settings, local: local, lease: .some(nil), force: false)
        try recordBase(local, journal: journal, paths: Set(files.keys), settings: settings)
        var report = GitSyncReport()
        report.remoteWasEmpty = true
        report.sent = files.keys.filter { isEntry($0, settings) }.sorted()
        return report
    }

    /// The remote has not moved since the last sync: push what changed here.
    private func pushLocalChanges(address: GitRemoteAddress, settings: GitSyncSettings, base: GitSyncBase,
                                  baseCommit: ObjectID, local: ObjectID, remoteHead: ObjectID) throws -> GitSyncReport {
        let baseFiles = try files(ofCommit: baseCommit)
        let localFiles = try files(ofCommit: local)
        var report = GitSyncReport()
        // Let go here since the last sync: the purge took them out of the base too.
        let letGoHere = base.paths.filter { baseFiles[$0] == nil && localFiles[$0] == nil }
        // Removed here outside a let-go (deleted in a shell): a let-go all the same.
        let removed = baseFiles.keys.filter { localFiles[$0] == nil }
        report.letGoSent = (letGoHere.union(removed)).filter { isEntry($0, settings) }.sorted()
        report.sent = localFiles.filter { baseFiles[$0.key] != $0.value }.map(\.key).filter { isEntry($0, settings) }.sorted()
        guard local != baseCommit || !letGoHere.isEmpty else { return report }
        try settings.checkpoint?(.historyBuilt)
        let purgePaths = Set(removed.filter { isEntry($0, settings) })
        if !purgePaths.isEmpty { try purge(entryPaths: purgePaths, copies: .keep) }
        try settings.checkpoint?(.purged)
        guard var head = try headCommit() else { throw GitError.wrapper("the branch lost its commits", function: "sync") }
        let fastForward = try hasObject(remoteHead) && contains(remoteHead, inHistoryOf: head)
        if !fastForward { head = try markRewrite(head, replacing: remoteHead) }
        try push(address: address, settings: settings, local: head, lease: .some(remoteHead), force: !fastForward)
        report.rewroteRemote = !fastForward
        try recordBase(head, journal: base.journal, paths: Set(try files(ofCommit: head).keys), settings: settings)
        return report
    }

    /// The remote moved: reconcile file by file, rebuild on top of it, purge, push.
    private func reconcile(address: GitRemoteAddress, settings: GitSyncSettings, base: GitSyncBase?,
                           baseCommit: ObjectID?, remoteHead: ObjectID) throws -> GitSyncReport {
        let remoteFiles = try files(ofCommit: remoteHead)
        guard let marker = remoteFiles[Self.journalMarker], let journal = try journalID(in: marker) else {
            throw GitSyncError.notAJournal(remote: address.display)
        }
        if let base, base.journal != journal {
            throw GitSyncError.diverged(reason: "the remote holds a different journal than the one this device last synced with")
        }
        if let baseCommit, base?.remote != remoteHead, baseCommit != remoteHead, try contains(remoteHead, inHistoryOf: baseCommit) {
            throw GitSyncError.diverged(reason: "the remote went back to an earlier state than this device last synced with")
        }
        let local = try headCommit()
        let localFiles = try local.map { try files(ofCommit: $0) } ?? [:]
        let baseFiles = try baseCommit.map { try files(ofCommit: $0) } ?? [:]
        // Let go here since the last sync (purged, so gone from the base commit as well).
        let letGoHere = (base?.paths ?? []).filter { baseFiles[$0] == nil && localFiles[$0] == nil }

        var report = GitSyncReport()
        var takeLocal = Set<String>()
        var conflicts: [String] = []
        var removeFromRemote: [String] = []
        var workingTree: [(path: String, bytes: [UInt8]?)] = []
        var purgePaths = Set<String>()
        let paths = Set(baseFiles.keys).union(localFiles.keys).union(remoteFiles.keys).union(letGoHere)
        for path in paths.sorted() {
            let entry = isEntry(path, settings)
            let decision: GitSyncDecision
            if letGoHere.contains(path) {
                decision = remoteFiles[path] == nil ? .goneBoth : .letGoHere
                // Purged here already; the fetched history brought it back only if the remote has it.
                if remoteFiles[path] != nil, entry { purgePaths.insert(path) }
            } else {
                decision = GitSyncDecision.decide(base: baseFiles[path], local: localFiles[path], remote: remoteFiles[path])
                if entry, [.letGoHere, .letGoElsewhere, .letGoWon, .goneBoth].contains(decision) {
                    purgePaths.insert(path)
                }
            }
            switch decision {
            case .same, .goneBoth:
                break
            case .local:
                takeLocal.insert(path)
                if entry { report.sent.append(path) }
            case .remote:
                workingTree.append((path, try blobBytes(remoteFiles[path]!.blob)))  // .remote means the remote has it
                if entry { report.received.append(path) }
            case .conflict:
                conflicts.append(path)
            case .letGoHere:
                removeFromRemote.append(path)
                if entry { report.letGoSent.append(path) }
            case .letGoElsewhere:
                workingTree.append((path, nil))
                if entry { report.letGoElsewhere.append(path) }
            case .letGoWon:
                workingTree.append((path, nil))
                if entry { report.letGoWon.append(path) }
            }
        }

        // History: the remote's, then each local commit since the base with its changes to the
        // files this side wins, then conflict copies, then what was let go here.
        var head = remoteHead
        var tree = try treeID(ofCommit: remoteHead)
        var applied: [String: GitTreeFile?] = [:]
        if let local, !takeLocal.isEmpty {
            for commit in try commits(from: local, hiding: [baseCommit, remoteHead].compactMap { $0 }) {
                let after = try files(ofCommit: commit)
                let before = try firstParent(of: commit).map { try files(ofCommit: $0) } ?? [:]
                var changes: [String: GitTreeFile?] = [:]
                for path in Set(after.keys).union(before.keys) where takeLocal.contains(path) && after[path] != before[path] {
                    changes[path] = .some(after[path])
                    applied[path] = .some(after[path])
                }
                guard !changes.isEmpty else { continue }
                let newTree = try updatedTree(tree, changes)
                guard newTree != tree else { continue }
                head = try createCommit(tree: newTree, parent: head, like: commit, message: "")
                tree = newTree
            }
        }
        var missing: [String: GitTreeFile?] = [:]
        for path in takeLocal where applied[path] == nil || applied[path]! != localFiles[path] {  // checked for nil first
            missing[path] = .some(localFiles[path])
        }
        if !missing.isEmpty {
            let newTree = try updatedTree(tree, missing)
            if newTree != tree {
                head = try createCommit(tree: newTree, parent: head, like: nil, message: "Sync")
                tree = newTree
            }
        }
        var copyWrites: [(path: String, bytes: [UInt8]?)] = []
        for path in conflicts {
            guard let localFile = localFiles[path], let remoteFile = remoteFiles[path] else { continue }
            let remoteBytes = try blobBytes(remoteFile.blob)
            if isEntry(path, settings), let copy = try settings.makeConflictCopy(path, try blobBytes(localFile.blob)) {
                try Self.validateRelativePath(copy.path)
                let blob = try createBlob(copy.bytes)
                let newTree = try updatedTree(tree, [copy.path: GitTreeFile(blob: blob, mode: 0o100644)])
                if newTree != tree {
                    head = try createCommit(tree: newTree, parent: head, like: nil, message: copy.message)
                    tree = newTree
                }
                // The copy is on disk before the local version is replaced: nothing is lost.
                copyWrites.append((copy.path, copy.bytes))
                report.conflictCopies.append(copy.path)
            } else if isEntry(path, settings) {
                report.received.append(path)
            }
            workingTree.append((path, remoteBytes))
        }
        if !removeFromRemote.isEmpty {
            let newTree = try updatedTree(tree, Dictionary(uniqueKeysWithValues: removeFromRemote.map { ($0, GitTreeFile?.none) }))
            if newTree != tree {
                head = try createCommit(tree: newTree, parent: head, like: nil, message: "Let go")
                tree = newTree
            }
        }
        try settings.checkpoint?(.historyBuilt)

        // This device takes the reconciled state: files first, then the branch, then the base.
        try applyToWorkingTree(copyWrites + workingTree)
        try settings.checkpoint?(.workingTreeWritten)
        try setReference("refs/heads/main", to: head, message: "say: sync")
        try setReference(Self.syncedReference, to: remoteHead, message: "say: sync")
        try writeSyncBase(GitSyncBase(remote: remoteHead, journal: journal, paths: Set(remoteFiles.keys)))
        try settings.checkpoint?(.branchMoved)

        if !purgePaths.isEmpty { try purge(entryPaths: purgePaths, copies: .keep) }
        try settings.checkpoint?(.purged)
        guard var newHead = try headCommit() else { throw GitError.wrapper("the branch lost its commits", function: "sync") }
        if newHead != remoteHead {
            let fastForward = try hasObject(remoteHead) && contains(remoteHead, inHistoryOf: newHead)
            if !fastForward { newHead = try markRewrite(newHead, replacing: remoteHead) }
            try push(address: address, settings: settings, local: newHead, lease: .some(remoteHead), force: !fastForward)
            report.rewroteRemote = !fastForward
        } else {
            try settings.checkpoint?(.pushed)
        }
        try recordBase(newHead, journal: journal, paths: Set(try files(ofCommit: newHead).keys), settings: settings)
        report.sent.sort()
        report.conflictCopies.sort()
        return report
    }

    // MARK: Steps

    /// Pushes `local` to the remote's main; `force` replaces history (only ever under `lease`).
    private func push(address: GitRemoteAddress, settings: GitSyncSettings, local: ObjectID,
                      lease: ObjectID??, force: Bool) throws {
        if force, address.localPath != nil {
            // Written before the old history is replaced, removed once the remote is repacked.
            try AtomicFile.write(Array("say-it-later remote-needs-cleaning 1\n".utf8), to: remoteCleaningPath)
        }
        if let folder = address.localPath {
            try pushToFolder(folder, local: local, lease: lease, force: force)
            try settings.checkpoint?(.pushed)
            try setReference(Self.trackingReference, to: local, message: "say: push")
            return
        }
        let context = transportContext(address, settings)
        context.lease = lease
        do {
            try openRemote().push([(force ? "+" : "") + "refs/heads/main:refs/heads/main"], context)
        } catch let error as GitError {
            if error.code == Int(GIT_ENONFASTFORWARD.rawValue) { throw GitRemote.LeaseBroken() }
            throw Self.connectionFailure(error, address: address)
        } catch let GitSyncError.rejected(_, message) where message.contains("fast-forward") || message.contains("fetch first")
                    || message.contains("stale") {
            // Someone pushed between the listing and this push: fetch and reconcile again.
            throw GitRemote.LeaseBroken()
        }
        try settings.checkpoint?(.pushed)
        try setReference(Self.trackingReference, to: local, message: "say: push")
    }

    /// A rewritten history can end at a commit the remote had before (letting go of the newest
    /// entry drops its commit). Other devices would then see their remote go back in time, which
    /// is what a rollback looks like, and refuse it. So a rewrite that would end at an older
    /// commit gets one more commit, with the same files and a message that names nothing.
    private func markRewrite(_ head: ObjectID, replacing remoteHead: ObjectID) throws -> ObjectID {
        guard try !hasObject(remoteHead) || contains(head, inHistoryOf: remoteHead) else { return head }
        let marked = try createCommit(tree: try treeID(ofCommit: head), parent: head, like: nil, message: "Let go")
        try setReference("refs/heads/main", to: marked, message: "say: let go")
        return marked
    }

    /// A push into a repository in a folder: the lease is checked, the missing objects are
    /// copied as one pack, and the branch moves only if it still points where it did
    /// (compare-and-swap), so another computer pushing at the same moment is never overwritten.
    private func pushToFolder(_ folder: String, local: ObjectID, lease: ObjectID??, force: Bool) throws {
        let other: GitLocalTransfer.Repository
        do {
            other = try GitLocalTransfer.Repository(path: folder)
        } catch let error as GitError {
            throw GitSyncError.unreachable(remote: folder, detail: error.message)
        }
        var current = git_oid()
        let found = git_reference_name_to_id(&current, other.handle, "refs/heads/main")
        if found != GIT_ENOTFOUND.rawValue { try gitCheck(found, "git_reference_name_to_id") }
        let currentID = found == GIT_ENOTFOUND.rawValue ? nil : ObjectID(current)
        if let lease, currentID != lease { throw GitRemote.LeaseBroken() }
        if !force, let currentID, try !(hasObject(currentID) && contains(currentID, inHistoryOf: local)) {
            throw GitRemote.LeaseBroken()
        }
        try GitLocalTransfer.copyObjects(from: handle, sourceGitdir: gitdir, to: other.handle, destinationGitdir: other.gitdir, tips: [local])
        guard try GitLocalTransfer.compareAndSwap(other.handle, reference: "refs/heads/main", expected: currentID, target: local,
                                                  message: "say: sync") else {
            throw GitRemote.LeaseBroken()
        }
        if currentID == nil { GitLocalTransfer.pointHeadAtMain(other.handle) }
    }

    /// After a push (or when nothing had to go): the base is what the remote now holds.
    private func recordBase(_ commit: ObjectID, journal: String, paths: Set<String>, settings: GitSyncSettings) throws {
        try setReference(Self.syncedReference, to: commit, message: "say: sync")
        try writeSyncBase(GitSyncBase(remote: commit, journal: journal, paths: paths))
        try settings.checkpoint?(.baseRecorded)
    }

    private func transportContext(_ address: GitRemoteAddress, _ settings: GitSyncSettings) -> GitTransportContext {
        GitTransportContext(address: address, sshDirectory: settings.sshDirectory, agentAvailable: settings.sshAgentAvailable,
                            localUser: settings.localUser, knownHostsFiles: settings.knownHostsFiles)
    }

    func readSyncBase() throws -> GitSyncBase? {
        guard let data = FileManager.default.contents(atPath: syncBasePath) else { return nil }
        return GitSyncBase.parse(Array(data))
    }

    private func writeSyncBase(_ base: GitSyncBase) throws {
        try AtomicFile.write(base.rendered(), to: syncBasePath)
    }

    /// The journal id in a `.say-journal` blob.
    private func journalID(in file: GitTreeFile) throws -> String? {
        let text = String(decoding: try blobBytes(file.blob), as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) where line.hasPrefix("id: ") {
            let id = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
            if !id.isEmpty { return id }
        }
        return nil
    }

    static func markerText(_ id: String) -> String {
        "say-it-later journal\nid: \(id)\n"
    }

    private func isEntry(_ path: String, _ settings: GitSyncSettings) -> Bool {
        path.hasPrefix(settings.entriesFolder + "/")
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A failure to reach the remote, in words: a missing folder or server is unreachable; a
    /// folder that is not a git repository is not a journal.
    static func connectionFailure(_ error: GitError, address: GitRemoteAddress) -> Error {
        if let folder = address.localPath {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
               error.errorClass != Int(GIT_ERROR_OS.rawValue) || error.message.contains("not a git repository")
               || error.message.contains("could not find repository") {
                return GitSyncError.notAJournal(remote: address.display)
            }
        }
        return GitSyncError.unreachable(remote: address.display, detail: error.message)
    }
}
