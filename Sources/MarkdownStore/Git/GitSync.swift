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
    /// The remote's history is in the quarantine (not in the object store) and checked;
    /// nothing else changed.
    case fetched
    /// The reconciled history exists as commits no reference points at yet.
    case historyBuilt
    /// The purge the sync owes is recorded, and what was fetched moved into the object store;
    /// nothing visible changed yet.
    case purgeRecorded
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

/// How to sync: which remote, how to reach it, which files a journal holds.
public struct GitSyncSettings {
    /// A remote URL or path to sync with, stored as `origin` once a sync with it succeeds; nil
    /// to use `origin` as it is.
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
    /// Where `GIT_SSL_CAINFO` is read, and what git's credential helpers run with (`PATH`, `HOME`).
    public var environment: [String: String]
    /// The only files a synced journal holds.
    public var layout: GitSyncLayout
    /// Called at each durable step (tests only).
    public var checkpoint: ((GitSyncCheckpoint) throws -> Void)?
    /// The https user name and password of this sync, asked for once and shared by every
    /// connection and round (a copy of these settings shares it too).
    let credentials: GitCredentialHelper

    public init(remoteURL: String?, workingDirectory: String, sshDirectory: String, sshAgentAvailable: Bool,
                localUser: String, knownHostsFiles: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                layout: GitSyncLayout = GitSyncLayout(), checkpoint: ((GitSyncCheckpoint) throws -> Void)? = nil) {
        self.environment = environment
        credentials = GitCredentialHelper(environment: environment)
        self.remoteURL = remoteURL
        self.workingDirectory = workingDirectory
        self.sshDirectory = sshDirectory
        self.sshAgentAvailable = sshAgentAvailable
        self.localUser = localUser
        self.knownHostsFiles = knownHostsFiles
        self.layout = layout
        self.checkpoint = checkpoint
    }
}

/// Everything a sync found before changing anything: the three trees (base, this computer,
/// the remote), checked against the layout, and how the remote's history relates to the base.
public struct GitSyncSnapshot: Sendable {
    /// How the remote's `main` relates to the commit this computer last synced with.
    public enum History: Equatable, Sendable {
        /// This computer never synced with a remote (or its record of it is gone).
        case noBase
        /// The remote is where this computer left it.
        case unchanged
        /// The remote's history contains the base: others added to it.
        case movedOn
        /// The remote's `main` is an ancestor of the base: it went back in time.
        case wentBack
        /// The remote's history no longer contains the base: rewritten (by say after a let-go,
        /// or by something else; the journal records tell which).
        case rewritten
    }

    /// The remote, as a person reads its address.
    public let remoteDisplay: String
    /// The remote's address as it will be stored.
    public let remoteURL: String
    /// The remote is a folder on this computer.
    public let remoteIsFolder: Bool
    /// This computer's files (HEAD), by path.
    public let local: [String: GitSyncFile]
    /// The files of the base commit (`refs/say/synced`, rewritten here when an entry was let go
    /// since); nil when there is no base.
    public let base: [String: GitSyncFile]?
    /// The files the remote held at the last sync, as recorded then: read only when a let-go
    /// here rewrote the base (`baseRewrittenHere`), the one time they are needed; empty otherwise.
    public let basePaths: Set<String>
    /// The journal id recorded at the last sync.
    public let baseJournal: String?
    /// The remote's address at the last sync.
    public let baseURL: String?
    /// A let-go here rewrote the base since the last sync (so paths missing from it were purged here).
    public let baseRewrittenHere: Bool
    /// The remote's files; nil when the remote has no history yet.
    public let remote: [String: GitSyncFile]?
    /// How the remote's history relates to the base.
    public let history: History
    /// Short ids, for messages: the remote's main, and where this computer last left it.
    public let remoteCommit: String?
    public let baseCommit: String?
}

/// What the sync rules decided, for the apply step: the final state by path, and what to
/// purge. The final tree is the remote's, with `send` paths as they are here, `restore` paths
/// set to a known version, `newFiles` written, `remove` paths taken out, and the record replaced.
public struct GitSyncApplication {
    /// Paths whose version on this computer goes to the remote (local commits are replayed).
    public var send: Set<String> = []
    /// Paths set to a version this computer holds (missing on one side without a let-go).
    public var restore: [String: GitSyncFile] = [:]
    /// Files made by this sync: conflict copies, merged files. Each is its own commit.
    public var newFiles: [GitSyncCopy] = []
    /// Paths taken out of the final tree (let go).
    public var remove: Set<String> = []
    /// Paths purged from this repository's history.
    public var purge: Set<String> = []
    /// Versions that stay at some purged paths: a newer entry written where one was let go.
    public var purgeKeeping: [String: Set<ObjectID>] = [:]
    /// The journal record's new contents; nil when it stays as the remote has it.
    public var record: [UInt8]?
    /// The record to push when the push replaces the remote's history (a let-go).
    public var rewriteRecord: [UInt8]?
    /// Whether a path is let go, for reporting what still holds one in a folder remote.
    public var isLetGo: (String) -> Bool = { _ in false }
    /// The journal's id, kept with the base.
    public var journal = ""

    public init() {}

    /// Whether applying changes nothing here or on the remote.
    var isEmpty: Bool { send.isEmpty && restore.isEmpty && newFiles.isEmpty && remove.isEmpty && purge.isEmpty && record == nil }
}

/// What applying a sync did besides the files.
public struct GitSyncOutcome: Equatable, Sendable {
    /// The remote holds new history.
    public var pushed = false
    /// The remote's history was replaced by a rewritten one (after a let-go), under a lease.
    public var rewroteRemote = false
    /// The remote is a folder and say repacked it to drop unreachable objects.
    public var cleanedRemote = false
    /// Files of the person's in the working tree left as they were (untracked, or changed
    /// since the last commit) where the sync would have written: the sync's version is in
    /// the branch, theirs on disk.
    public var kept: [String] = []
    /// References in a folder remote, other than its main, that still reach a let-go entry.
    public var remoteStillHolds: [String] = []
    /// Temporary files in a folder remote that say did not make (a git command stopped part-way).
    public var remoteLeftovers: [String] = []
    /// Why a folder remote that received a rewritten history was not cleaned ("it is a working
    /// copy…"), so the old versions may stay in its object store; nil when it was (or had not to be).
    public var remoteNotCleaned: String? = nil

    public init() {}
}

/// The remote's main moved between listing and pushing: run the whole round again.
public struct GitSyncRemoteMoved: Error, Equatable, Sendable {
    public init() {}
}

extension GitRepository {
    /// The reference holding the remote commit this device last synced with.
    static let syncedReference = "refs/say/synced"
    /// Where the fetched remote branch is kept (a remote-tracking ref: a purge drops it when it
    /// reaches a let-go entry).
    static let trackingReference = "refs/remotes/origin/main"

    /// Throws, with what can be done, unless HEAD is on `main`, the branch sync uses: check
    /// `main` out when it is there, rename the journal's branch to it when it is not.
    func refuseBranchOtherThanMain() throws {
        let head = try headBranch()
        guard head != "refs/heads/main" else { return }
        var main: OpaquePointer?
        let hasMain = git_reference_lookup(&main, handle, "refs/heads/main") == 0
        git_reference_free(main)
        guard let head, head.hasPrefix("refs/heads/"), !hasMain else {
            let now = head.map { "on " + ($0.hasPrefix("refs/heads/") ? String($0.dropFirst("refs/heads/".count)) : $0) } ?? "detached"
            throw GitError.wrapper("HEAD is \(now), not on the branch main that sync uses", function: "sync",
                                   advice: hasMain ? "`git checkout main` in the journal folder, then sync again; nothing was changed"
                                       : "check the journal's branch out and name it main (`git branch -m main` once it is checked out), then sync again; nothing was changed")
        }
        let branch = String(head.dropFirst("refs/heads/".count))
        throw GitError.wrapper("the journal's branch is called \(branch), and sync uses a branch called main", function: "sync",
                               advice: "rename it with `git branch -m \(branch) main` in the journal folder, then sync again; nothing was changed")
    }

    /// Starts a sync: finishes whatever an interrupted sync or purge left, connects to the
    /// remote, fetches its `main`, and checks everything against `settings.layout` (the remote's
    /// tree, object sizes from headers, this journal's own files). Nothing the person can see
    /// changes: files, branches and the remote are untouched until `GitSyncSession.apply`.
    ///
    /// - Throws: `GitSyncError` for what a person can act on, `GitError`, `MarkdownStoreError`.
    public func beginSync(_ settings: GitSyncSettings) throws -> GitSyncSession {
        try finishInterruptedSync()
        guard try gitCheck(git_repository_state(handle), "git_repository_state") == GIT_REPOSITORY_STATE_NONE.rawValue else {
            throw GitError.wrapper("a merge, rebase or similar git operation is in progress; finish or abort it first", function: "sync")
        }
        try refuseIncompleteHistory(function: "sync", then: "sync again")
        try refuseSymbolicLinkHead(function: "sync", then: "sync again")
        try refuseBranchOtherThanMain()
        let configured = try GitRemote.configuredURL(repository: handle, name: "origin")
        let typed = settings.remoteURL ?? configured
        guard let typed, !typed.isEmpty else { throw GitSyncError.noRemote }
        let address = GitRemoteAddress(typed, workingDirectory: settings.workingDirectory)
        // say stores the address it syncs with as `origin`: one the person set up for something
        // else (not the one say last synced with) is theirs, and stays as it is.
        if settings.remoteURL != nil, let configured, !configured.isEmpty, configured != address.url, readSyncBase()?.url != configured {
            throw GitError.wrapper("the journal already has a git remote called origin (\(configured)) that say did not set up, and say keeps the address it syncs with as origin; nothing was changed",
                                   function: "sync",
                                   advice: "keep yours under another name with `git remote rename origin <name>` in the journal folder, then sync again")
        }
        if case let .unsupported(scheme) = address.kind {
            throw GitSyncError.unsupportedTransport(remote: address.display, scheme: scheme)
        }
        // A password typed into the address would end up in .git/config: a credential helper keeps it instead.
        if address.holdsPassword { throw GitSyncError.passwordInAddress(remote: address.display) }
        var authorities: GitCertificateAuthorities? = nil
        if case .https = address.kind {
            authorities = try GitCertificateAuthorities.configured(environment: settings.environment, repository: handle)
        }
        return try GitSyncSession(repository: self, address: address, settings: settings, storedURL: settings.remoteURL == nil ? typed : nil,
                                  certificateAuthorities: authorities)
    }

    /// Finishes what a killed sync left: what its fetch brought (removed, unless the remote was
    /// accepted; see `GitFetchQuarantine`), an interrupted purge (the purge's own record, then the
    /// purge a sync recorded before changing any file), the temporary files of its writes in the
    /// working tree, and those its push left in a folder remote. Call it while holding the
    /// journal's lock (so no other writer's temporary file is in use).
    ///
    /// - Parameter entriesFolder: the folder of entry files, searched for temporary files.
    /// - Throws: `GitError`, `MarkdownStoreError`.
    public func finishInterruptedSync(entriesFolder: String = GitSyncLayout().entriesFolder) throws {
        if access(workingTreeWritesPath, F_OK) == 0 {
            try removeTemporaryFiles(under: workdir + entriesFolder)
            // The journal record's and `.gitignore`'s, at the root.
            for name in try FolderContents.names(in: String(workdir.dropLast())) where AtomicFile.isTemporary(name: name)
                && [GitSyncLayout().recordFile, ".gitignore"].contains(where: { name.hasPrefix("." + $0 + AtomicFile.temporaryMarker) }) {
                try FolderContents.remove(workdir + name)
            }
            try AtomicFile.remove(workingTreeWritesPath)
        }
        // What a fetch brought: gone unless its remote was accepted (then in the store, before
        // any purge that may be owed looks at the store).
        try finishInterruptedFetch()
        try resumePendingPurge()
        if let owed = readRecord(syncPurgePath, { GitSyncPathRecord.parse($0, header: GitSyncPathRecord.purgeHeader) }) {
            if !owed.paths.isEmpty { try purgeLetGo(owed.paths, keeping: owed.keep) }
            try AtomicFile.remove(syncPurgePath)
        }
        try removePendingWriteLeftovers()
        // Half-written records of say's own (`.git/say/.<name>.tmp-…`): nothing else writes there.
        for name in try FolderContents.names(in: gitdir + "say") where AtomicFile.isTemporary(name: name) {
            try FolderContents.remove(gitdir + "say/" + name)
        }
        // Lock files a killed say provably left (see `GitLocks`).
        try GitLocks.clearLeftovers(gitFolder: gitdir)
    }

    /// The lock files libgit2 may take in this repository while a sync applies: the index,
    /// HEAD, the configuration (origin), packed refs and the references sync moves.
    var syncLockPaths: [String] {
        ["index", "HEAD", "config", "packed-refs", "refs/heads/main", GitRepository.syncedReference, GitRepository.trackingReference]
            .map { gitdir + $0 + ".lock" }
    }

    /// Removes the hidden temporary files (`.<name>.tmp-<pid>-<random>`) of writes that never
    /// finished, in `folder` and its year and month folders; links are never followed.
    private func removeTemporaryFiles(under folder: String) throws {
        var info = stat()
        guard lstat(folder, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR else { return }
        for name in try FolderContents.names(in: folder) {
            let path = folder + "/" + name
            if AtomicFile.isTemporary(name: name) {
                try FolderContents.remove(path)
            } else if name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), lstat(path, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR {
                // Year and month folders: the only places sync writes.
                try removeTemporaryFiles(under: path)
            }
        }
    }

    /// The one place sync purges entries from this repository's history (`keeping`: newer
    /// entries at some of those paths, which stay).
    func purgeLetGo(_ paths: Set<String>, keeping: [String: Set<ObjectID>] = [:]) throws {
        _ = try purge(entryPaths: paths, copies: .keep, keeping: keeping)
    }

    /// The version of `path` in the commit this computer last synced with (`refs/say/synced`);
    /// nil when there is none.
    ///
    /// - Throws: `GitError`.
    public func syncedVersion(of path: String) throws -> ObjectID? {
        guard let base = try referenceTarget(Self.syncedReference) else { return nil }
        return try files(inTree: treeID(ofCommit: base), at: [path])[path]?.blob
    }

    /// The `origin` remote's address as a person would read it (no password); nil when none.
    ///
    /// - Throws: `GitError`. Calls `git_config_get_string`.
    public func syncRemoteDisplay() throws -> String? {
        guard let url = try GitRemote.configuredURL(repository: handle, name: "origin") else { return nil }
        return GitRemoteAddress(url, workingDirectory: "/").display
    }

    /// A failure to reach the remote, in words: a missing folder or server is unreachable; a
    /// folder that is not a git repository is not a journal.
    static func connectionFailure(_ error: GitError, address: GitRemoteAddress) -> Error {
        if let folder = address.localPath {
            if let refused = GitSyncError.formatRefused(error, remote: address.display) { return refused }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
               error.errorClass != Int(GIT_ERROR_OS.rawValue) || error.message.contains("not a git repository")
               || error.message.contains("could not find repository") {
                return GitSyncError.notARepository(remote: address.display)
            }
        }
        return GitSyncError.unreachable(remote: address.display, detail: error.message)
    }
}

/// One sync in progress: what `GitRepository.beginSync` found, and the step that applies what
/// the sync rules decided. Use it once, on one thread, while holding the journal's lock.
public final class GitSyncSession {
    let repository: GitRepository
    let address: GitRemoteAddress
    let settings: GitSyncSettings
    public let snapshot: GitSyncSnapshot
    /// The remote's main and this computer's HEAD when the snapshot was taken.
    let remoteHead: ObjectID?
    let localHead: ObjectID?
    /// `refs/say/synced` and the sync-base record, when there is a base.
    let baseCommit: ObjectID?
    let baseRecord: GitSyncBase?
    /// `origin`'s URL as configured, when the sync uses it as it is.
    let storedURL: String?
    /// Where what this sync fetches and builds waits until `apply` accepts it.
    let quarantine: GitFetchQuarantine
    /// The only certificate authorities an https remote is checked against; nil: the system's.
    let certificateAuthorities: GitCertificateAuthorities?

    init(repository: GitRepository, address: GitRemoteAddress, settings: GitSyncSettings, storedURL: String?,
         certificateAuthorities: GitCertificateAuthorities?) throws {
        self.storedURL = storedURL
        self.certificateAuthorities = certificateAuthorities
        self.repository = repository
        self.address = address
        self.settings = settings
        let layout = settings.layout
        var baseRecord = repository.readSyncBase()
        var baseCommit = try repository.referenceTarget(GitRepository.syncedReference)
        if baseCommit == nil || baseRecord == nil { baseCommit = nil; baseRecord = nil }
        let base = try baseCommit.map { commit in try repository.files(ofCommit: commit).mapValues { GitSyncFile(blob: $0.blob, mode: $0.mode) } }
        let localHead = try repository.headCommit()
        let local = try localHead.map {
            try GitSyncValidation.files(ofTree: try repository.treeID(ofCommit: $0), repository: repository.handle, layout: layout, side: .local,
                                        known: base)
        } ?? [:]
        // A .gitignore every other computer would refuse from the remote is never sent.
        if let file = local[".gitignore"], file != base?[".gitignore"], layout.otherFiles.contains(".gitignore"),
           let problem = GitSyncValidation.gitignoreProblem(try repository.boundedBlobBytes(file.blob, limit: GitSyncValidation.largestRootFile),
                                                            layout: layout) {
            throw GitSyncError.unsyncableLocal(path: ".gitignore", reason: problem)
        }

        // Everything the fetch brings, and everything built from it, waits here until `apply`
        // accepts it: a remote refused now or by the journal's rules leaves nothing behind.
        let quarantine = try GitFetchQuarantine(repository: repository)
        let remoteHead: ObjectID?
        var remote: [String: GitSyncFile]? = nil
        var history = GitSyncSnapshot.History.noBase
        do {
            let downloaded: [String]
            (remoteHead, downloaded) = try Self.fetch(repository: repository, address: address, settings: settings,
                                                      needsRecord: baseRecord == nil, quarantine: quarantine,
                                                      certificateAuthorities: certificateAuthorities)
            try settings.checkpoint?(.listed)
            if let remoteHead {
                // Where this computer left it was checked then; anything else is checked now.
                let unchanged = baseCommit == remoteHead
                let files = try unchanged ? base ?? [:]
                    : Self.readingRemote(address) {
                        try Self.examineRemote(remoteHead, repository: repository, downloaded: downloaded, quarantine: quarantine, local: local,
                                               settings: settings)
                    }
                // Without a record and never synced, it is not a journal; having synced with it,
                // the journal's rules decide what its loss means.
                guard files[layout.recordFile] != nil || baseRecord != nil else { throw GitSyncError.notAJournal(remote: address.display) }
                remote = files
                history = try Self.readingRemote(address) {
                    try Self.history(of: remoteHead, base: baseRecord?.remote, baseCommit: baseCommit, repository: repository)
                }
            }
            try Self.checkNames(local: local, remote: remote ?? [:], base: base)
            try Self.checkHistoryToSend(from: localHead, hiding: [remoteHead, baseCommit], repository: repository, layout: layout, known: local)
            try settings.checkpoint?(.fetched)
        } catch {
            quarantine.discard()
            throw error
        }
        self.quarantine = quarantine
        self.localHead = localHead
        self.remoteHead = remoteHead
        self.baseCommit = baseCommit
        self.baseRecord = baseRecord
        snapshot = GitSyncSnapshot(
            remoteDisplay: address.display, remoteURL: address.url, remoteIsFolder: address.localPath != nil,
            // The base's file list matters only when a let-go here rewrote the base.
            local: local, base: base,
            basePaths: baseCommit != nil && baseCommit != baseRecord?.remote ? baseRecord?.paths ?? [] : [],
            baseJournal: baseRecord?.journal,
            baseURL: baseRecord?.url, baseRewrittenHere: baseCommit != nil && baseCommit != baseRecord?.remote,
            remote: remote, history: history,
            remoteCommit: remoteHead.map { String($0.description.prefix(7)) },
            baseCommit: baseRecord.map { String($0.remote.description.prefix(7)) })
    }

    /// Every commit a push would carry (those the remote's main and the last synced commit do
    /// not reach) holds only files sync carries, not only the newest: a file the person removed
    /// from the folder would still travel in the history.
    ///
    /// - Throws: `GitSyncError.unsyncableLocal` naming the first file sync cannot carry.
    private static func checkHistoryToSend(from head: ObjectID?, hiding: [ObjectID?], repository: GitRepository, layout: GitSyncLayout,
                                           known: [String: GitSyncFile]) throws {
        guard let head else { return }
        var hidden: [ObjectID] = []
        for commit in hiding.compactMap({ $0 }) where try repository.hasObject(commit) { hidden.append(commit) }
        var trees = Set<ObjectID>()
        for commit in try repository.commits(from: head, hiding: hidden) {
            let tree = try repository.treeID(ofCommit: commit)
            guard trees.insert(tree).inserted else { continue }
            _ = try GitSyncValidation.files(ofTree: tree, repository: repository.handle, layout: layout, side: .local, known: known)
        }
    }

    /// Runs `body`, which only reads the remote's references or objects: a failure of git's own
    /// there (not of the operating system or of memory) is damage on the remote, and named so.
    private static func readingRemote<T>(_ address: GitRemoteAddress, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError where error.errorClass != 1 && error.errorClass != 2 {
            throw GitSyncError.damagedRemote(remote: address.display, detail: error.message)
        }
    }

    /// The remote's files, every check passed: its main is a commit, its objects are within
    /// the size limits (from their headers), its tree holds only the layout's files, and its
    /// `.gitignore` hides no entry.
    private static func examineRemote(_ head: ObjectID, repository: GitRepository, downloaded: [String], quarantine: GitFetchQuarantine,
                                      local: [String: GitSyncFile], settings: GitSyncSettings) throws -> [String: GitSyncFile] {
        if !downloaded.isEmpty {
            try GitSyncValidation.checkObjectSizes(packs: downloaded, folder: quarantine.packFolder, repository: repository.handle)
        }
        var kind = GIT_OBJECT_INVALID
        var size = 0
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, repository.handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        try head.withOID { try gitCheck(git_odb_read_header(&size, &kind, odb, $0), "git_odb_read_header") }
        guard kind == GIT_OBJECT_COMMIT, size <= GitLocalTransfer.largestCommit else {
            throw GitSyncError.unsafeRemote(path: "refs/heads/main", reason: "not a commit say can read")
        }
        let files = try GitSyncValidation.files(ofTree: try repository.treeID(ofCommit: head), repository: repository.handle,
                                                layout: settings.layout, side: .remote)
        if let file = files[".gitignore"], file != local[".gitignore"], settings.layout.otherFiles.contains(".gitignore"),
           let problem = GitSyncValidation.gitignoreProblem(try repository.blobBytes(file.blob), layout: settings.layout) {
            throw GitSyncError.unsafeRemote(path: ".gitignore", reason: problem)
        }
        return files
    }

    /// How the remote's `main` relates to the commit this computer last synced with.
    ///
    /// The base reference moves before the record of it (`.git/say/sync-base`): when a kill
    /// came between the two, the reference already names the remote's main, and that counts.
    private static func history(of head: ObjectID, base: ObjectID?, baseCommit: ObjectID?,
                                repository: GitRepository) throws -> GitSyncSnapshot.History {
        guard let base else { return .noBase }
        if base == head || baseCommit == head { return .unchanged }
        guard try repository.hasObject(base) else { return .rewritten }
        if try repository.contains(base, inHistoryOf: head) { return .movedOn }
        if try repository.contains(head, inHistoryOf: base) { return .wentBack }
        return .rewritten
    }

    /// No two paths, on one side or across both, that one file system would take for the same
    /// file (the sync would write one over the other). Paths the base already held were checked
    /// then: a few new ones are compared with their own folder only (a clash needs one).
    private static func checkNames(local: [String: GitSyncFile], remote: [String: GitSyncFile], base: [String: GitSyncFile]?) throws {
        var candidates: Set<String>
        if let base {
            let new = Set(local.keys.filter { base[$0] == nil }).union(remote.keys.filter { base[$0] == nil })
            if new.isEmpty { return }
            if new.count <= 64 {
                let folders = Set(new.map { ($0 as NSString).deletingLastPathComponent + "/" })
                candidates = new
                for path in local.keys where folders.contains(where: { path.hasPrefix($0) }) { candidates.insert(path) }
                for path in remote.keys where folders.contains(where: { path.hasPrefix($0) }) { candidates.insert(path) }
            } else {
                candidates = Set(local.keys).union(remote.keys)
            }
        } else {
            candidates = Set(local.keys).union(remote.keys)
        }
        guard let (first, second) = GitSyncValidation.collision(in: candidates) else { return }
        let reason = "its name differs from \(GitSyncValidation.displayPath(first)) only in case or Unicode form"
        if local[first] != nil, local[second] != nil, remote[first] == nil || remote[second] == nil {
            throw GitSyncError.unsyncableLocal(path: GitSyncValidation.displayPath(second), reason: reason)
        }
        throw GitSyncError.unsafeRemote(path: GitSyncValidation.displayPath(second), reason: reason)
    }

    /// Lists the remote and brings its `main` into the quarantine when it is not here yet: from
    /// a folder, its tree and every object's size are checked in place before anything is
    /// copied; from a server, libgit2 downloads it and the new pack files are returned, for the
    /// caller to check. Nothing reaches the repository's own store here (see `GitFetchQuarantine`).
    ///
    /// - Returns: the remote's main (nil when the remote has no history), and the pack files
    ///   a download added to the quarantine.
    private static func fetch(repository: GitRepository, address: GitRemoteAddress, settings: GitSyncSettings,
                              needsRecord: Bool, quarantine: GitFetchQuarantine,
                              certificateAuthorities: GitCertificateAuthorities?) throws -> (ObjectID?, [String]) {
        if let folder = address.localPath {
            let other = try GitLocalTransfer.openRemote(path: folder, display: address.display)
            // Refused before anything changes here, as the push and the clean-up would be.
            try GitLocalTransfer.refuseForeignObjectStore(gitdir: other.gitdir)
            guard let head = try readingRemote(address, { try GitLocalTransfer.mainBranch(other.handle) }) else {
                let branches = try GitLocalTransfer.branches(other.handle)
                if !branches.isEmpty { throw GitSyncError.noMainBranch(remote: address.display, branches: branches) }
                if try GitLocalTransfer.hasOtherReferences(other.handle) { throw GitSyncError.notAJournal(remote: address.display) }
                return (nil, [])
            }
            // Checked where it is, before a byte of it is copied here; what git cannot read
            // there is the remote's damage, never this journal's.
            if try !repository.hasObject(head) {
                try readingRemote(address) {
                    var kind = GIT_OBJECT_INVALID
                    var size = 0
                    var odb: OpaquePointer?
                    try gitCheck(git_repository_odb(&odb, other.handle), "git_repository_odb")
                    defer { git_odb_free(odb) }
                    try head.withOID { try gitCheck(git_odb_read_header(&size, &kind, odb, $0), "git_odb_read_header") }
                    guard kind == GIT_OBJECT_COMMIT, size <= GitLocalTransfer.largestCommit else {
                        throw GitSyncError.unsafeRemote(path: "refs/heads/main", reason: "not a commit say can read")
                    }
                    var commit: OpaquePointer?
                    try head.withOID { try gitCheck(git_commit_lookup(&commit, other.handle, $0), "git_commit_lookup") }
                    let tree = git_commit_tree_id(commit).map { ObjectID($0) }
                    git_commit_free(commit)
                    guard let tree else { throw GitSyncError.unsafeRemote(path: "refs/heads/main", reason: "a commit without a tree") }
                    let files = try GitSyncValidation.files(ofTree: tree, repository: other.handle, layout: settings.layout, side: .remote)
                    guard files[settings.layout.recordFile] != nil || !needsRecord else { throw GitSyncError.notAJournal(remote: address.display) }
                    try GitLocalTransfer.copyObjects(from: other.handle, sourceGitdir: other.gitdir, to: repository.handle,
                                                     destinationPacks: quarantine.packFolder, tips: [head], checkSizes: true)
                }
            }
            return (head, [])
        }
        let context = transportContext(repository: repository, address: address, settings: settings,
                                       certificateAuthorities: certificateAuthorities)
        let remote = try GitRemote.anonymous(repository: repository.handle, url: address.url)
        defer { remote.disconnect() }
        let heads: [String: ObjectID]
        do {
            heads = try remote.connectAndList(context)
        } catch let error as GitError {
            throw GitRepository.connectionFailure(error, address: address)
        }
        guard let head = heads["refs/heads/main"] else {
            let branches = heads.keys.filter { $0.hasPrefix("refs/heads/") }.map { String($0.dropFirst("refs/heads/".count)) }.sorted()
            if !branches.isEmpty { throw GitSyncError.noMainBranch(remote: address.display, branches: Array(branches.prefix(1000))) }
            if !heads.isEmpty { throw GitSyncError.notAJournal(remote: address.display) }
            return (nil, [])
        }
        if try repository.hasObject(head) { return (head, []) }
        do {
            // Objects only: libgit2 moves no reference here (the tracking ref moves in `apply`).
            try remote.download(["+refs/heads/main:" + GitRepository.trackingReference], context)
        } catch let error as GitError {
            throw GitRepository.connectionFailure(error, address: address)
        }
        try repository.refreshObjects()
        return (head, try quarantine.packs())
    }

    /// What the callbacks of one connection to a server share (keys, known hosts, credentials,
    /// certificate authorities).
    static func transportContext(repository: GitRepository, address: GitRemoteAddress, settings: GitSyncSettings,
                                 certificateAuthorities: GitCertificateAuthorities?) -> GitTransportContext {
        GitTransportContext(address: address, sshDirectory: settings.sshDirectory, agentAvailable: settings.sshAgentAvailable,
                            localUser: settings.localUser, knownHostsFiles: settings.knownHostsFiles,
                            credentials: settings.credentials, gitFolder: repository.gitdir,
                            certificateAuthorities: certificateAuthorities)
    }

    /// Ends the session. Unless `apply` accepted the remote, nothing it fetched or built stays
    /// in this repository (a dry run, a remote the journal's rules refuse, a question answered
    /// no, a failure). Call it once done with the session; the quarantine does it too when the
    /// session goes.
    public func end() {
        quarantine.discard()
    }

    /// Every version `paths` held in the history of the remote's main (`remote`) or of this
    /// computer's HEAD, by path (commits are walked once; symbolic links and submodules left out).
    ///
    /// - Throws: `GitError`.
    public func versions(of paths: Set<String>, remote: Bool) throws -> [String: Set<ObjectID>] {
        guard !paths.isEmpty, let head = remote ? remoteHead : localHead else { return [:] }
        var found: [String: Set<ObjectID>] = [:]
        var trees = Set<ObjectID>()
        for commit in try repository.commits(from: head, hiding: []) {
            let tree = try repository.treeID(ofCommit: commit)
            guard trees.insert(tree).inserted else { continue }
            for (path, file) in try repository.files(inTree: tree, at: paths) { found[path, default: []].insert(file.blob) }
        }
        return found
    }

    /// Every version of every file in the commits of the remote's main that this computer did
    /// not hold at its last sync (all of them when it has no base), by path: what a sync would
    /// take into this repository's history. Each tree is read once.
    ///
    /// - Throws: `GitError`.
    public func remoteHistoryVersions() throws -> [String: Set<ObjectID>] {
        try historyVersions(from: remoteHead, hiding: [baseCommit])
    }

    /// Every version of every file in this computer's commits that neither the remote's main
    /// nor the last synced commit holds, by path: what a push would carry. Each tree is read once.
    ///
    /// - Throws: `GitError`.
    public func localHistoryVersions() throws -> [String: Set<ObjectID>] {
        try historyVersions(from: localHead, hiding: [remoteHead, baseCommit])
    }

    private func historyVersions(from head: ObjectID?, hiding: [ObjectID?]) throws -> [String: Set<ObjectID>] {
        guard let head else { return [:] }
        var hidden: [ObjectID] = []
        for commit in hiding.compactMap({ $0 }) where try repository.hasObject(commit) { hidden.append(commit) }
        var found: [String: Set<ObjectID>] = [:]
        var trees = Set<ObjectID>()
        for commit in try repository.commits(from: head, hiding: hidden) {
            let tree = try repository.treeID(ofCommit: commit)
            guard trees.insert(tree).inserted else { continue }
            for (path, file) in try repository.files(ofTree: tree) { found[path, default: []].insert(file.blob) }
        }
        return found
    }

    /// The bytes of a file the snapshot lists (at most the entry size limit).
    ///
    /// - Throws: `GitError`; `GitSyncError.unsafeRemote` for a file too large.
    public func bytes(_ file: GitSyncFile) throws -> [UInt8] {
        try repository.boundedBlobBytes(file.blob, limit: GitSyncValidation.largestEntry)
    }
}
