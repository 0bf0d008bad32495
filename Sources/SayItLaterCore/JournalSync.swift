import Foundation
import MarkdownStore

/// How `say sync` should run.
public struct SyncOptions: Sendable, Hashable {
    /// A URL or path to sync with (stored as `origin` once a sync with it succeeds); nil to use
    /// the stored one.
    public var remote: String?
    /// Work out what a sync would do and change nothing.
    public var dryRun: Bool
    /// Let go of many entries at once without asking (for scripts).
    public var assumeYes: Bool
    /// Treat the remote as new to this computer: keep everything on both sides and remove
    /// nothing that was not let go (the way back after a remote was restored or rewritten).
    public var rejoin: Bool
    /// The journal's sync key, given to this computer (kept once a sync with it works).
    public var key: SyncKey?

    public init(remote: String? = nil, dryRun: Bool = false, assumeYes: Bool = false, rejoin: Bool = false, key: SyncKey? = nil) {
        self.remote = remote
        self.dryRun = dryRun
        self.assumeYes = assumeYes
        self.rejoin = rejoin
        self.key = key
    }
}

/// What a sync is about to remove from this computer, when it is enough to ask first.
public struct SyncRemovalQuestion: Sendable, Hashable {
    /// Entries let go on another computer, to be let go here too.
    public var paths: [String]
    /// Entries on this computer now.
    public var total: Int
    /// The let-go lines behind them could not be checked: they are not sealed with the journal's
    /// sync key (`hasKey`: this computer holds one), so another computer without the key, or
    /// someone who can write to the remote, wrote them.
    public var unchecked = false
    public var hasKey = true
}

/// What `say sync` did (or, for a dry run, would do), in counts and paths.
public struct SyncReport: Sendable, Hashable, Codable {
    /// Entries new or changed on the remote, now here.
    public var newHere = 0
    /// Entries new or changed here (conflict copies included), now on the remote.
    public var sent = 0
    /// Entries let go on another device, unchanged here: gone from here too.
    public var letGoElsewhere = 0
    /// Entries changed on both devices: the remote version stays, this one's became a copy.
    public var conflictCopies = 0
    /// Entries changed here but let go on another device: the let-go won.
    public var letGoWon = 0
    /// Entries let go here, now gone from the remote and its history.
    public var letGoSent = 0
    /// Entries deleted here outside say (not let go), brought back.
    public var restoredHere = 0
    /// Entries missing from the remote without having been let go, put back there.
    public var restoredOnRemote = 0
    /// Files of the person's left as they were where the sync would have written.
    public var kept: [String] = []
    /// The remote was empty: this journal started it.
    public var startedRemote = false
    /// Versioning was off and sync turned it on.
    public var versioningTurnedOn = false
    /// The remote, as `origin` holds it (no password).
    public var remote = ""
    /// Nothing was changed: this is what a sync would do.
    public var dryRun = false
    /// For a dry run: the entries a sync would let go here (let go on another computer).
    public var wouldLetGo: [String] = []
    /// References in a folder remote that still reach a let-go entry.
    public var remoteStillHolds: [String] = []
    /// Temporary files in a folder remote that a git command left (say did not make them).
    public var remoteLeftovers: [String] = []
    /// Why a folder remote that received a rewritten history was left as it was (its object
    /// store may still hold the old versions), or nil.
    public var remoteNotCleaned: String? = nil

    public init() {}

    /// The calm one-line summary ("2 new here, 1 sent, 1 let go elsewhere.").
    public var summary: String { Copy.syncSummary(self) }
}

/// Why `say sync` could not finish, in the person's words (see `Copy.syncError`).
public enum SyncError: Error, Equatable, Sendable, LocalizedError {
    /// No `--remote` given, and none stored yet.
    case noRemote
    /// The address uses a transport say never uses.
    case unsupportedTransport(remote: String, scheme: String)
    /// The remote could not be reached (no such folder, no route, refused).
    case unreachable(remote: String)
    /// The ssh server refused every key offered.
    case authenticationFailed(remote: String)
    /// The https server asked for a user name and password and no credential helper gave one.
    case noCredentials(remote: String)
    /// The https server refused what the credential helper gave.
    case credentialsRefused(remote: String)
    /// The https server asked for credentials and there is no git to ask helpers for them.
    case gitNotFound(remote: String)
    /// The address holds a password.
    case passwordInAddress(remote: String)
    /// The https server's certificate is not trusted (`authorities`: the file trusted instead of
    /// the system's, and where it was set).
    case certificateNotTrusted(remote: String, authorities: String?)
    /// The certificate authority file could not be read.
    case certificateAuthoritiesUnreadable(path: String, setting: String)
    /// The ssh server is not in known_hosts.
    case unknownHost(host: String, port: Int, fingerprint: String?)
    /// The ssh server's key differs from the one known_hosts holds.
    case hostKeyChanged(host: String, port: Int, fingerprint: String?)
    /// The remote has history that is not a say journal's.
    case notAJournal(remote: String)
    /// The remote's history cannot be read (git's `detail`).
    case damagedRemote(remote: String, detail: String)
    /// The remote has branches, and none is `main`.
    case noMainBranch(remote: String, branches: [String])
    /// The remote is a folder that is neither empty nor a repository.
    case notARepository(remote: String)
    /// The remote is a folder holding a git repository whose format say's git library cannot
    /// open (git's `detail` names the extension).
    case unsupportedRemoteFormat(remote: String, detail: String)
    /// The remote is a working copy with main checked out.
    case checkedOutRemote(remote: String)
    /// The remote holds something say never writes, or something unsafe.
    case unsafeRemote(path: String, reason: String)
    /// This journal holds a file sync cannot carry.
    case unsyncableLocal(path: String, reason: String)
    /// The remote holds another journal than this one.
    case differentJournal(remote: String)
    /// The remote went back to an earlier state than this computer last synced with.
    case wentBack(remote: String, seen: String, left: String)
    /// The remote's history was rewritten by something other than say.
    case rewrittenElsewhere(remote: String, seen: String, left: String)
    /// The remote this computer synced with is empty now.
    case remoteEmptied(remote: String)
    /// The sync would let go of many entries here and nobody confirmed it.
    case needsConfirmation(count: Int, total: Int)
    /// The sync would let go of entries by let-go lines this computer cannot check, and nobody
    /// confirmed it (`hasKey`: this computer holds a sync key).
    case uncheckedLetGo(count: Int, hasKey: Bool)
    /// The key given with --key is not the one the remote's record is sealed with.
    case notTheSyncKey(remote: String)
    /// The journal record (`.say-journal`) on the remote (`remote`) or in this journal (nil) is
    /// there and cannot be read as one.
    case unreadableRecord(remote: String?)
    /// The record would grow larger than say reads.
    case recordTooLarge
    /// The remote's record no longer lists a let-go this computer synced (an older record put
    /// back, or lines removed, by something other than say).
    case lostLetGo(remote: String)
    /// The remote's history holds a version of an entry its record says was let go (old history
    /// put back by something other than say).
    case letGoInRemoteHistory(remote: String)
    /// The remote's history cannot be reconciled (another cause).
    case diverged(reason: String)
    /// Other devices kept pushing while this one tried.
    case remoteKeptMoving
    /// The remote refused the update.
    case rejected(message: String)
    /// A folder remote's own settings forbid replacing its history, which a let-go needs.
    case rewriteForbidden(remote: String)
    /// An entry let go on another computer has exact copies (at these paths) in the history this
    /// computer would send; nothing was changed.
    case letGoCopies(paths: [String])

    public var errorDescription: String? { Copy.syncError(self) }

    init(_ error: GitSyncError) {
        switch error {
        case .noRemote: self = .noRemote
        case let .unsupportedTransport(remote, scheme): self = .unsupportedTransport(remote: remote, scheme: scheme)
        case let .unreachable(remote, _): self = .unreachable(remote: remote)
        case let .authenticationFailed(remote): self = .authenticationFailed(remote: remote)
        case let .noCredentials(remote): self = .noCredentials(remote: remote)
        case let .credentialsRefused(remote): self = .credentialsRefused(remote: remote)
        case let .gitNotFound(remote): self = .gitNotFound(remote: remote)
        case let .passwordInAddress(remote): self = .passwordInAddress(remote: remote)
        case let .certificateNotTrusted(remote, authorities): self = .certificateNotTrusted(remote: remote, authorities: authorities)
        case let .certificateAuthoritiesUnreadable(path, setting): self = .certificateAuthoritiesUnreadable(path: path, setting: setting)
        case let .unknownHost(host, port, fingerprint): self = .unknownHost(host: host, port: port, fingerprint: fingerprint)
        case let .hostKeyChanged(host, port, fingerprint): self = .hostKeyChanged(host: host, port: port, fingerprint: fingerprint)
        case let .notAJournal(remote): self = .notAJournal(remote: remote)
        case let .noMainBranch(remote, branches): self = .noMainBranch(remote: remote, branches: branches)
        case let .damagedRemote(remote, detail): self = .damagedRemote(remote: remote, detail: detail)
        case let .notARepository(remote): self = .notARepository(remote: remote)
        case let .unsupportedRemoteFormat(remote, detail): self = .unsupportedRemoteFormat(remote: remote, detail: detail)
        case let .checkedOutRemote(remote): self = .checkedOutRemote(remote: remote)
        case let .unsafeRemote(path, reason): self = .unsafeRemote(path: path, reason: reason)
        case let .unsyncableLocal(path, reason): self = .unsyncableLocal(path: path, reason: reason)
        case let .diverged(reason): self = .diverged(reason: reason)
        case .remoteKeptMoving: self = .remoteKeptMoving
        case let .rejected(_, message): self = .rejected(message: message)
        case let .rewriteForbidden(remote): self = .rewriteForbidden(remote: remote)
        }
    }
}

extension Journal {
    /// How many rounds of fetch, reconcile and push before giving up on a remote that keeps moving.
    static let syncAttempts = 4

    /// Syncs the journal with the person's own git remote: fetch, reconcile entry by entry
    /// (see `SyncPlan`), push. Sync needs versioning, so it turns versioning on when it is off;
    /// if that first sync fails, versioning is off again and the journal as it was.
    ///
    /// - Parameters:
    ///   - options: the remote, and whether this is a dry run, confirmed, or a rejoin.
    ///   - environment: where `HOME` (for `~/.ssh`), `SSH_AUTH_SOCK`, `USER` and `GIT_SSL_CAINFO`
    ///     come from; git's credential helpers run in it.
    ///   - workingDirectory: what a relative remote path is relative to.
    ///   - confirm: asked before letting go here of many entries let go elsewhere (more than
    ///     three, or at least half of this journal's); false stops with nothing changed.
    /// - Returns: what happened (or would happen).
    /// - Throws: `SyncError` for what the person can act on, `JournalError` otherwise.
    public func sync(_ options: SyncOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                     workingDirectory: String = FileManager.default.currentDirectoryPath,
                     confirm: (SyncRemovalQuestion) -> Bool = { _ in false }) throws -> SyncReport {
        try sync(options, environment: environment, workingDirectory: workingDirectory, confirm: confirm, checkpoint: nil)
    }

    /// `sync`, with a function called at each durable step of the apply (tests throw from it
    /// to stop a sync there, as a kill would).
    func sync(_ options: SyncOptions, environment: [String: String], workingDirectory: String,
              confirm: (SyncRemovalQuestion) -> Bool, checkpoint: ((GitSyncCheckpoint) throws -> Void)?) throws -> SyncReport {
        // A repository that is there but cannot be opened is never replaced by a new one.
        if let repositoryProblem { throw repositoryProblem }
        guard repository == nil else {
            return try syncVersioned(options, environment: environment, workingDirectory: workingDirectory, confirm: confirm, checkpoint: checkpoint)
        }
        // Versioning goes on for this sync; a dry run or a failure turns it off again, and
        // removes the files it made.
        let madeFiles = [".gitignore", ".say-journal"].map { folders.journal + "/" + $0 }.filter { !FileManager.default.fileExists(atPath: $0) }
        func undo() throws {
            try disableVersioning()
            for path in madeFiles { try versioning { try AtomicFile.remove(path) } }
        }
        try create()
        try enableVersioning()
        do {
            var report = try syncVersioned(options, environment: environment, workingDirectory: workingDirectory, confirm: confirm,
                                           checkpoint: checkpoint)
            if options.dryRun { try undo() } else { report.versioningTurnedOn = true }
            return report
        } catch {
            try? undo()
            throw error
        }
    }

    private func syncVersioned(_ options: SyncOptions, environment: [String: String], workingDirectory: String,
                               confirm: (SyncRemovalQuestion) -> Bool, checkpoint: ((GitSyncCheckpoint) throws -> Void)?) throws -> SyncReport {
        guard let repository else { throw JournalError.unusableJournal(path: folders.journal, reason: "versioning could not be turned on") }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        // What a killed sync or let-go left (temporary files too): safe to finish under the lock;
        // then edits made in an editor are committed, so they sync.
        try gitSync { try repository.finishInterruptedSync(entriesFolder: EntryFile.folder) }
        if !options.dryRun { try commitOutsideChanges(in: repository, firstMessage: nil) }

        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let settings = GitSyncSettings(
            remoteURL: options.remote?.isEmpty == true ? nil : options.remote,
            workingDirectory: workingDirectory,
            sshDirectory: home + "/.ssh",
            sshAgentAvailable: !(environment["SSH_AUTH_SOCK"] ?? "").isEmpty,
            localUser: environment["USER"] ?? environment["LOGNAME"] ?? "git",
            knownHostsFiles: [home + "/.ssh/known_hosts", "/etc/ssh/ssh_known_hosts"],
            environment: environment,
            layout: Self.syncLayout,
            checkpoint: checkpoint)
        var confirmedCount = 0
        var confirmedUnverified = Set<String>()
        let keptKey = try syncKey()
        for _ in 1 ... Self.syncAttempts {
            let session = try gitSync { try repository.beginSync(settings) }
            // Whatever this round fetched stays only if its apply accepted the remote.
            defer { session.end() }
            let key = options.key ?? keptKey
            var round = try SyncRound(snapshot: session.snapshot, rejoin: options.rejoin, read: { file in try self.gitSync { try session.bytes(file) } },
                                      versions: { paths, remote in try self.gitSync { try session.versions(of: paths, remote: remote) } },
                                      pendingLetGo: Self.pendingLetGo(in: repository), key: key,
                                      remoteHistory: { try self.gitSync { try session.remoteHistoryVersions() } },
                                      historyToSend: { try self.gitSync { try session.localHistoryVersions() } })
            if let given = options.key, let remoteKey = round.remoteKeyID, remoteKey != given.id {
                throw SyncError.notTheSyncKey(remote: session.snapshot.remoteDisplay)
            }
            // A key given with --key that the remote's record names is this journal's: kept now,
            // so a sync that stops at a question below does not need it typed again.
            if !options.dryRun, let given = options.key, given != keptKey, round.remoteKeyID == given.id {
                try keepSyncKey(given, in: repository)
            }
            var report = round.report
            report.remote = session.snapshot.remoteDisplay
            let removed = round.plan.removedHere
            if options.dryRun {
                report.dryRun = true
                report.wouldLetGo = removed
                return report
            }
            let total = session.snapshot.local.keys.filter(Self.syncLayout.isEntry).count
            // Let-go lines nobody with this journal's key wrote are asked about, every time,
            // whatever their number (--yes answers only the question below).
            let unchecked = round.removedByUnverified
            if !unchecked.isEmpty, !round.unverified.isSubset(of: confirmedUnverified) {
                guard confirm(SyncRemovalQuestion(paths: unchecked, total: total, unchecked: true, hasKey: key != nil)) else {
                    throw SyncError.uncheckedLetGo(count: unchecked.count, hasKey: key != nil)
                }
                confirmedUnverified.formUnion(round.unverified)
            }
            if Self.needsConfirmation(removing: removed.count, of: total), removed.count > confirmedCount, !options.assumeYes {
                guard confirm(SyncRemovalQuestion(paths: removed, total: total)) else {
                    throw SyncError.needsConfirmation(count: removed.count, total: total)
                }
                confirmedCount = removed.count
            }
            // The first computer to sync a journal whose record has no key makes one; a key
            // given with --key is kept once the remote's record is known to be sealed with it.
            // A computer without the key never makes one for a journal whose records it synced
            // named a key (a remote that lost its key line was changed by someone else).
            var sealingKey = key
            if sealingKey == nil, round.remoteKeyID == nil, round.knownKeyID == nil { sealingKey = SyncKey.make() }
            if let sealingKey, sealingKey != keptKey { try keepSyncKey(sealingKey, in: repository) }
            round.sealRecord(with: sealingKey, vouched: round.unverified.isSubset(of: confirmedUnverified))
            // Never a record no computer could read back.
            if let record = round.application.record, record.count > JournalRecord.largest { throw SyncError.recordTooLarge }
            // What this sync purges, before anything is (a stopped sync's purge is finished by the next run).
            try storage { try Self.addPendingLetGo(round.purgedBaseVersions, in: repository) }
            let outcome: GitSyncOutcome
            do {
                outcome = try gitSync { try session.apply(round.application) }
            } catch is GitSyncRemoteMoved {
                continue
            }
            report.kept = outcome.kept
            report.remoteStillHolds = outcome.remoteStillHolds
            report.remoteLeftovers = outcome.remoteLeftovers
            report.remoteNotCleaned = outcome.remoteNotCleaned
            return report
        }
        throw SyncError.remoteKeptMoving
    }

    // MARK: Let-go versions

    /// The version lines (keyed hashes, as in the journal record; never a word or a plain hash)
    /// of the versions the last sync left here of entries purged here since (by a let-go, or by
    /// a sync stopped before it finished), by path line: kept with the record of the last sync
    /// (`.git/say/sync-base`) until a sync finishes. A sync tells by them whether another
    /// computer let the same versions go already (then what the remote holds at that path is a
    /// newer entry, which stays).
    static func pendingLetGo(in repository: GitRepository) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for line in repository.pendingLetGo() {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count == 2 { result[fields[0], default: []].insert(fields[1]) }
        }
        return result
    }

    static func addPendingLetGo(_ lines: [String: Set<String>], in repository: GitRepository) throws {
        try repository.addPendingLetGo(Set(lines.flatMap { token, versions in versions.map { token + " " + $0 } }))
    }

    /// Before an entry at `path` is let go: notes the version of it the last sync left here
    /// (nothing when the journal never synced).
    func recordLetGoVersion(_ path: String, in repository: GitRepository) throws {
        guard let data = FileManager.default.contents(atPath: folders.journal + "/" + Self.syncLayout.recordFile),
              let record = JournalRecord.parse(Array(data)),
              let version = try versioning({ try repository.syncedVersion(of: path) }) else { return }
        let tokens = JournalRecord.Tokens(journal: record.id)
        try storage { try Self.addPendingLetGo([tokens.token(for: path): [tokens.token(for: path, version: version)]], in: repository) }
    }

    /// More than three entries, or at least two that are half of this journal or more.
    static func needsConfirmation(removing count: Int, of total: Int) -> Bool {
        count > 3 || (count >= 2 && count * 2 >= total)
    }

    /// The files a synced journal holds: entries in `entries/YYYY/MM/`, the record, `.gitignore`.
    static let syncLayout = GitSyncLayout(entriesFolder: EntryFile.folder, recordFile: ".say-journal",
                                          otherFiles: [".gitignore"], entryExtension: ".md")

    /// Runs a sync step, turning store errors into the journal's.
    func gitSync<T>(_ body: () throws -> T) throws -> T {
        do {
            return try versioning(body)
        } catch let error as GitSyncError {
            throw SyncError(error)
        }
    }
}

/// One round of a sync decided: the records checked against the history the remote shows, the
/// let-go evidence gathered, the plan made, and what the apply step must do.
struct SyncRound {
    let plan: SyncPlan
    private(set) var application: GitSyncApplication
    let report: SyncReport
    /// The version lines of the base's versions at the paths this round purges, by path line.
    let purgedBaseVersions: [String: Set<String>]
    /// The public name of the key that sealed the remote's record (nil: none).
    let remoteKeyID: String?
    /// Let-go lines on the remote that this computer cannot vouch for (not sealed with its key,
    /// or it has none, and not in the record it last synced or holds) and carries into the record
    /// it writes: with its key, only those that let something go here, which the person is asked
    /// about; the rest are left out.
    let unverified: Set<String>
    /// The entries whose files or history this round removes because of those lines.
    let removedByUnverified: [String]
    /// The public name of the key in the records this computer synced or holds (nil: none): a
    /// computer without the key never makes a second one for a journal that has one.
    let knownKeyID: String?
    /// The generation this round writes unless the person confirmed the let-go that came with
    /// the remote's (a computer with the key takes a generation only on evidence it can check).
    private let ownGeneration: Int
    /// The record this round writes, before it is sealed.
    private let merged: JournalRecord
    private let remoteRecord: JournalRecord?
    private let remoteExists: Bool

    /// - Parameters:
    ///   - read: the bytes of a file the snapshot lists.
    ///   - versions: every version the given paths held in the history of the remote (true) or of
    ///     this computer (false).
    ///   - pendingLetGo: for entries let go on this computer since the last sync, the version
    ///     lines of the versions the last sync left here (see `Journal.letGo`), by path line.
    ///   - key: this computer's sync key, which tells the remote's let-go lines it can vouch for.
    ///   - remoteHistory: every version of every file in the remote's commits this computer did
    ///     not hold at its last sync, by path (read only when something was let go).
    ///   - historyToSend: every version of every file in this computer's commits the remote does
    ///     not hold, by path (read only when an entry let go elsewhere goes here).
    /// - Throws: `SyncError` when the remote is refused (another journal, gone back, rewritten
    ///   by something other than say, emptied), with nothing changed.
    init(snapshot: GitSyncSnapshot, rejoin: Bool, read: (GitSyncFile) throws -> [UInt8],
         versions: (Set<String>, _ remote: Bool) throws -> [String: Set<ObjectID>] = { _, _ in [:] },
         pendingLetGo: [String: Set<String>] = [:], key: SyncKey? = nil,
         remoteHistory: () throws -> [String: Set<ObjectID>] = { [:] },
         historyToSend: () throws -> [String: Set<ObjectID>] = { [:] },
         newJournalID: () -> String = { UUID().uuidString.lowercased() }) throws {
        let layout = Journal.syncLayout
        let recordFile = layout.recordFile
        let remote = snapshot.remoteDisplay
        /// A record that is there but cannot be read stops the sync: taken as absent, it would
        /// read as a rewritten history, and a rejoin would forget every let-go it holds.
        func record(_ files: [String: GitSyncFile]?, onRemote: Bool) throws -> JournalRecord? {
            guard let file = files?[recordFile] else { return nil }
            guard let record = JournalRecord.parse(try read(file)) else {
                throw SyncError.unreadableRecord(remote: onRemote ? remote : nil)
            }
            return record
        }
        let remoteRecord = try record(snapshot.remote, onRemote: true)
        let localRecord = try record(snapshot.local, onRemote: false)
        let baseRecord = try record(snapshot.base, onRemote: false)
        // Whether this computer's key sealed the remote's record as it is (id, generation, lines).
        let remoteSealed = key.map { remoteRecord?.isSealed(by: $0) ?? false } ?? false
        // A generation so high that the next rewrite would write one say refuses is not taken
        // (a computer with the key takes none it did not seal), so every record say writes is
        // one it reads back.
        if let remoteRecord, remoteRecord.generation > JournalRecord.largestGenerationTaken, key == nil || remoteSealed {
            throw SyncError.unreadableRecord(remote: remote)
        }
        let seen = snapshot.remoteCommit ?? "nothing"
        let left = snapshot.baseCommit ?? "nothing"
        if snapshot.remote != nil, remoteRecord == nil {
            // A journal's remote that lost its record was rewritten by something other than say.
            guard snapshot.base != nil else { throw SyncError.notAJournal(remote: remote) }
            if !rejoin { throw SyncError.rewrittenElsewhere(remote: remote, seen: seen, left: left) }
        }

        if let remoteRecord {
            for known in [localRecord?.id, baseRecord?.id, snapshot.baseJournal].compactMap({ $0 }).filter({ !$0.isEmpty })
            where known != remoteRecord.id {
                throw SyncError.differentJournal(remote: remote)
            }
        } else if snapshot.base != nil, snapshot.baseURL == snapshot.remoteURL, !rejoin {
            throw SyncError.remoteEmptied(remote: remote)
        }
        let baseGeneration = baseRecord?.generation ?? 0
        let baseTokens = baseRecord?.letGo ?? []
        var rewriteUnsealed = false
        if let remoteRecord, !rejoin {
            let keptEvery = baseTokens.isSubset(of: remoteRecord.letGo)
            switch snapshot.history {
            case .noBase, .unchanged:
                break
            case .wentBack:
                throw SyncError.wentBack(remote: remote, seen: seen, left: left)
            case .movedOn:
                if !keptEvery { throw SyncError.lostLetGo(remote: remote) }
                if remoteRecord.generation < baseGeneration {
                    throw SyncError.rewrittenElsewhere(remote: remote, seen: seen, left: left)
                }
            case .rewritten:
                if remoteRecord.generation < baseGeneration || !keptEvery {
                    throw SyncError.wentBack(remote: remote, seen: seen, left: left)
                }
                if remoteRecord.generation == baseGeneration {
                    throw SyncError.rewrittenElsewhere(remote: remote, seen: seen, left: left)
                }
                // Anyone who can write to the remote can raise the generation: a rewrite is
                // say's own only when this computer's key sealed it. Otherwise only a let-go
                // the person is asked about (from a computer without the key) can explain it.
                // The record this computer wrote itself (a sync stopped after its push, before it
                // noted the remote's new commit) is its own evidence.
                rewriteUnsealed = !remoteSealed && remoteRecord != localRecord
            }
        }

        // The evidence: every record's let-go lines, and entries purged here since the last sync
        // (the purge took them out of the base, which the last sync recorded them in).
        let journalID = remoteRecord?.id ?? localRecord?.id ?? baseRecord?.id ?? snapshot.baseJournal.flatMap { $0.isEmpty ? nil : $0 }
            ?? newJournalID()
        var letGoHere = Set<String>()
        if snapshot.baseRewrittenHere, let base = snapshot.base {
            letGoHere = snapshot.basePaths.filter { layout.isEntry($0) && base[$0] == nil }
        }
        let hasher = JournalRecord.Tokens(journal: journalID)
        let records = [remoteRecord, baseRecord, localRecord].compactMap { $0 }
        var tokens = records.reduce(into: Set<String>()) { $0.formUnion($1.letGo) }
        var versionTokens: [String: Set<String>] = [:]
        for record in records {
            for (token, versions) in record.letGoVersions { versionTokens[token, default: []].formUnion(versions) }
        }
        // What this computer let go: the versions of those paths the remote's history holds, and
        // the one it last synced, unless another computer let that one go already (then what the
        // remote holds there now is a newer entry, written since).
        // The versions the remote's history holds at paths let go here (the entry's id is read
        // from them, to follow it when another computer renamed it).
        var letGoHereVersions: [String: [GitSyncFile]] = [:]
        if !letGoHere.isEmpty {
            let remoteVersions = try versions(letGoHere, true)
            for path in letGoHere {
                let token = hasher.token(for: path)
                let mine = pendingLetGo[token] ?? []
                var named = mine
                if mine.isDisjoint(with: remoteRecord?.letGoVersions[token] ?? []) {
                    for blob in remoteVersions[path] ?? [] { named.insert(hasher.token(for: path, version: blob)) }
                    letGoHereVersions[path] = (remoteVersions[path] ?? []).map { GitSyncFile(blob: $0, mode: 0o100644) }
                }
                // A path line goes only with the versions it stands for (alone, it would stand
                // for the whole path, newer entries too).
                guard !named.isEmpty else { continue }
                tokens.insert(token)
                versionTokens[token, default: []].formUnion(named)
            }
        }
        let basePathTokens = baseRecord?.letGo ?? []
        func lines(_ paths: Set<String>, _ versions: [String: Set<String>]) -> Set<String> {
            paths.union(versions.flatMap { token, set in set.map { token + " " + $0 } })
        }
        let baseLines = lines(baseTokens, baseRecord?.letGoVersions ?? [:])
        // Lines this computer vouches for: what it synced and holds, its own let-go, and the
        // remote's when its seal is this computer's key's.
        var unverified = Set<String>()
        if let remoteRecord, !(key.map(remoteRecord.isSealed(by:)) ?? false) {
            unverified = remoteRecord.letGoLines.subtracting(baseLines).subtracting(localRecord?.letGoLines ?? [])
        }

        let local = snapshot.local
        let remoteFiles = snapshot.remote ?? [:]
        let base = rejoin || snapshot.history == .noBase ? nil : snapshot.base
        /// Whether a record names this version (`blob`) of `path`.
        func isLetGoVersion(_ path: String, _ blob: ObjectID) -> Bool {
            guard let versions = versionTokens[hasher.token(for: path)], !versions.isEmpty else { return false }
            return versions.contains(hasher.token(for: path, version: blob))
        }
        var ids: [ObjectID: String?] = [:]
        /// The front-matter id of a version (nil: none, or unreadable).
        func entryID(_ file: GitSyncFile?) -> String? {
            guard let file else { return nil }
            if let known = ids[file.blob] { return known }
            let id = (try? read(file)).flatMap(FrontMatterID.of)
            ids[file.blob] = id
            return id
        }
        /// Whether `file`, at `path` on one side (`files`), is still the entry the base held there
        /// (or an edit of it), not another page put at its name: not when their front-matter ids
        /// differ, nor when the base's entry lives on that side under a name new since the base
        /// (git mv, with or without an edit).
        func stillTheEntry(_ path: String, _ file: GitSyncFile, on files: [String: GitSyncFile]) -> Bool {
            guard let was = base?[path] else { return false }
            if file == was { return true }
            let id = entryID(was)
            if let id, let now = entryID(file), now != id { return false }
            return !files.contains { other in
                other.key != path && base?[other.key] == nil && layout.isEntry(other.key)
                    && (other.value.blob == was.blob || (id != nil && entryID(other.value) == id))
            }
        }
        /// Whether `file` is the entry let go at `from` under another name: a version let go there,
        /// or one with the front-matter id of a let-go version the base or the remote's history
        /// held there.
        func isMovedEntry(from: String, _ file: GitSyncFile) -> Bool {
            if isLetGoVersion(from, file.blob) { return true }
            guard let id = entryID(file) else { return false }
            let letGo = ([base?[from]].compactMap { $0 } + (letGoHereVersions[from] ?? [])).filter { isLetGoVersion(from, $0.blob) }
            return letGo.contains { entryID($0) == id }
        }
        func sides(_ path: String) -> LetGoSides {
            let here = letGoHere.contains(path)
            let token = hasher.token(for: path)
            guard tokens.contains(token) else { return LetGoSides(here: here) }
            guard let versions = versionTokens[token], !versions.isEmpty else {
                // A path line alone (an earlier version of say's let-go) stands for the whole
                // path, in the sync that first brings it here (with no base to tell, every time);
                // never for what this computer holds at a path it let go itself, which is newer,
                // nor while the remote holds a file there: that let-go took the file off the
                // remote, so one there now was written after it.
                let whole = !here && (base == nil || !basePathTokens.contains(token)) && remoteFiles[path] == nil
                return LetGoSides(local: whole, remote: whole, base: whole, here: here)
            }
            func named(_ file: GitSyncFile?) -> Bool { file.map { isLetGoVersion(path, $0.blob) } ?? false }
            let baseNamed = named(base?[path])
            // An edit here of a version that was let go goes with it; another page put at its
            // name here, once the entry moved on, does not.
            let editedHere = baseNamed && local[path].map { stillTheEntry(path, $0, on: local) } ?? false
            return LetGoSides(local: named(local[path]) || editedHere, remote: named(remoteFiles[path]),
                              base: baseNamed, here: here)
        }

        // A path the same on all three sides was decided when it was last synced; it needs
        // deciding again only when new let-go lines arrived.
        var paths = letGoHere
        if lines(tokens, versionTokens).isSubset(of: baseLines), let base {
            for (path, file) in local where base[path] != file || remoteFiles[path] != file { paths.insert(path) }
            for (path, file) in remoteFiles where base[path] != file || local[path] != file { paths.insert(path) }
            for (path, file) in base where local[path] != file || remoteFiles[path] != file { paths.insert(path) }
        } else {
            paths.formUnion(local.keys)
            paths.formUnion(remoteFiles.keys)
            paths.formUnion(base?.keys ?? [:].keys)
        }
        paths.remove(recordFile)
        var letGoSides: [String: LetGoSides] = [:]
        for path in paths where layout.isEntry(path) {
            let found = sides(path)
            if found.any { letGoSides[path] = found }
        }
        // An entry renamed (git mv) on one side while another computer let it go: a file new to
        // that side, holding a version let go at a name the side no longer has, is that entry.
        // It goes too, with let-go lines of its own, so every computer follows.
        var movedFrom: [String: String] = [:]
        let origins = letGoHere.union((base ?? [:]).keys.filter { layout.isEntry($0) && tokens.contains(hasher.token(for: $0)) })
        let originsInOrder = origins.sorted()
        for path in paths.sorted() where !origins.isEmpty && layout.isEntry(path) && letGoSides[path] == nil && base?[path] == nil {
            func origin(on files: [String: GitSyncFile]) -> String? {
                guard let file = files[path] else { return nil }
                return originsInOrder.first { from in
                    let gone = files[from].map { base?[from] != nil && !stillTheEntry(from, $0, on: files) } ?? true
                    return gone && isMovedEntry(from: from, file)
                }
            }
            let here = origin(on: local), there = origin(on: remoteFiles)
            guard let from = here ?? there else { continue }
            letGoSides[path] = LetGoSides(local: here != nil, remote: there != nil)
            movedFrom[path] = from
            let token = hasher.token(for: path)
            tokens.insert(token)
            for file in [local[path], remoteFiles[path]].compactMap({ $0 }) where isMovedEntry(from: from, file) {
                versionTokens[token, default: []].insert(hasher.token(for: path, version: file.blob))
            }
        }
        var plan = SyncPlan.make(paths: paths, base: base, local: local, remote: remoteFiles, sides: letGoSides, isEntry: layout.isEntry)
        // An entry renamed on one side (git mv: its old name gone, and the same version, or one
        // with the same front-matter id, at a new one) is not an entry deleted there: the old
        // name goes on the other side too, where it was unchanged, and the new one travels as any
        // new file does. Nothing is lost: the entry stays under its new name.
        if let base {
            for (side, other, action) in [(local, remoteFiles, SyncAction.send), (remoteFiles, local, SyncAction.take)] {
                let newFiles = side.filter { base[$0.key] == nil && layout.isEntry($0.key) }
                guard !newFiles.isEmpty else { continue }
                let newVersions = Set(newFiles.values.map(\.blob))
                var newIDs: Set<String>?
                for (path, file) in base where layout.isEntry(path) && side[path] == nil && other[path] == file && letGoSides[path] == nil {
                    if !newVersions.contains(file.blob) {
                        let ids = newIDs ?? Set(newFiles.values.compactMap(entryID))
                        newIDs = ids
                        guard let id = entryID(file), ids.contains(id) else { continue }
                    }
                    plan.actions[path] = action
                }
            }
        }
        // Where a newer entry stays at a path whose older versions go: the newer one's versions.
        var keptVersions: [String: Set<ObjectID>] = [:]
        for (side, action) in [(true, SyncAction.letGoTakeNewer), (false, .letGoSendNewer)] {
            let kept = Set(plan.paths(action))
            guard !kept.isEmpty else { continue }
            for (path, blobs) in try versions(kept, side) {
                keptVersions[path] = blobs.filter { !isLetGoVersion(path, $0) }
            }
            for path in kept {
                // The version that stays, whatever its history holds.
                if let file = side ? remoteFiles[path] : local[path] { keptVersions[path, default: []].insert(file.blob) }
            }
        }
        let isLetGo: (String) -> Bool = { path in layout.isEntry(path) && tokens.contains(hasher.token(for: path)) }
        let unverifiedPaths = Set(unverified.map { String($0.prefix(while: { $0 != " " })) })

        // A rewritten history that was accepted never takes an entry back to a version this
        // computer had before the one it last synced (a rollback dressed as say's rewrite).
        if snapshot.history == .rewritten, !rejoin, let base {
            let changed = Set(remoteFiles.keys.filter { path in
                layout.isEntry(path) && remoteFiles[path] != base[path] && remoteFiles[path] != local[path] && plan.actions[path] == .take
            })
            if !changed.isEmpty {
                let earlier = try versions(changed, false)
                for path in changed {
                    guard let theirs = remoteFiles[path]?.blob, theirs != base[path]?.blob else { continue }
                    if earlier[path]?.contains(theirs) == true { throw SyncError.wentBack(remote: remote, seen: seen, left: left) }
                }
            }
        }

        var application = GitSyncApplication()
        var report = SyncReport()
        for (path, action) in plan.actions.sorted(by: { $0.key < $1.key }) {
            let entry = layout.isEntry(path)
            switch action {
            case .take:
                if entry && remoteFiles[path] != nil { report.newHere += 1 }
            case .send:
                application.send.insert(path)
                if entry && local[path] != nil { report.sent += 1 }
            case .conflict:
                guard let mine = local[path] else { continue }
                let copy = SyncConflictCopy.entry(at: path, bytes: try read(mine))
                if remoteFiles[copy.path] == nil && local[copy.path] == nil { application.newFiles.append(copy) }
                report.conflictCopies += 1
            case .merge:
                guard let mine = local[path], let theirs = remoteFiles[path] else { continue }
                let merged = SyncConflictCopy.mergedLines(remote: try read(theirs), local: try read(mine), path: path)
                application.newFiles.append(merged)
            case .restoreOnRemote:
                if let mine = local[path] { application.restore[path] = mine }
                if entry { report.restoredOnRemote += 1 }
            case .restoreHere:
                if let version = remoteFiles[path] ?? base?[path] { application.restore[path] = version }
                if entry { report.restoredHere += 1 }
            case .restoreBoth:
                if let version = base?[path] { application.restore[path] = version }
                if entry { report.restoredHere += 1 }
            case .letGoTakeNewer:
                // The remote's version is the final one already; what was let go here goes.
                application.purge.insert(path)
                application.purgeKeeping[path] = keptVersions[path] ?? []
                report.letGoElsewhere += 1
                report.newHere += 1
            case .letGoSendNewer:
                application.send.insert(path)
                application.purge.insert(path)
                application.purgeKeeping[path] = keptVersions[path] ?? []
                // An entry that moved on from here is counted under its new name.
                if !movedFrom.values.contains(path) { report.letGoSent += 1 }
                report.sent += 1
            case .letGoElsewhere, .letGoWon, .letGoSent, .letGoGone:
                application.remove.insert(path)
                if letGoHere.contains(path) || local[path] != nil || remoteFiles[path] != nil || snapshot.base?[path] != nil {
                    application.purge.insert(path)
                }
                // A renamed entry is counted once, under its old name when that is counted.
                let counted: Set<SyncAction> = [.letGoElsewhere, .letGoWon, .letGoSent]
                if let from = movedFrom[path], let fromAction = plan.actions[from], counted.contains(fromAction) { continue }
                if action == .letGoElsewhere { report.letGoElsewhere += 1 }
                if action == .letGoWon { report.letGoWon += 1 }
                if action == .letGoSent { report.letGoSent += 1 }
            }
        }

        let removedByUnverified = application.remove.union(application.purge).filter { path in
            !letGoHere.contains(path) && unverifiedPaths.contains(hasher.token(for: movedFrom[path] ?? path))
        }.sorted()
        // An unsealed rewrite is taken only with the let-go that explains it, once the person
        // answers the question about it; with none, it is like any other rewrite.
        if rewriteUnsealed, removedByUnverified.isEmpty {
            throw SyncError.rewrittenElsewhere(remote: remote, seen: seen, left: left)
        }
        // Lines this computer cannot vouch for and that let nothing go here (they name no entry
        // it has) are not carried into its record: with its key, and a record it last synced
        // that its key sealed, a record it writes holds only lines its say sealed, the person
        // confirmed, or it synced before. (Without a key, or joining, it cannot tell its other
        // computers' lines from anyone else's, and keeps them all; it seals none of them.)
        var carried = unverified
        if let key, baseRecord?.isSealed(by: key) == true {
            let asked = Set(removedByUnverified.map { hasher.token(for: movedFrom[$0] ?? $0) })
            carried = unverified.filter { asked.contains(String($0.prefix(while: { $0 != " " }))) }
            let dropped = unverified.subtracting(carried).map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
            for fields in dropped where fields.count == 2 { versionTokens[fields[0]]?.remove(fields[1]) }
            for fields in dropped where fields.count == 1 && versionTokens[fields[0], default: []].isEmpty { tokens.remove(fields[0]) }
        }
        // A record this computer writes is one every computer reads back.
        if key == nil, let remoteRecord, remoteRecord.rendered().count > JournalRecord.largest { throw SyncError.unreadableRecord(remote: remote) }
        // Taken from history without being let go, a version the record names would be back.
        if versionTokens.values.contains(where: { !$0.isEmpty }) {
            for (path, blobs) in try remoteHistory() where layout.isEntry(path) && !application.purge.contains(path) && !application.remove.contains(path) {
                if blobs.contains(where: { isLetGoVersion(path, $0) }) { throw SyncError.letGoInRemoteHistory(remote: remote) }
            }
        }

        // An exact copy, at another path, of a version let go on another computer, in the history
        // this computer would send, would bring the words back everywhere: as a let-go here does,
        // sync names it and changes nothing, and the person decides (see `Copy`).
        let letGoElsewhere = application.purge.union(application.remove).filter { layout.isEntry($0) && !letGoHere.contains($0) }
        if !letGoElsewhere.isEmpty {
            let sending = try historyToSend()
            if !sending.isEmpty {
                var letGoBlobs = Set<ObjectID>()
                for (path, blobs) in try versions(letGoElsewhere, false) { letGoBlobs.formUnion(blobs.filter { isLetGoVersion(path, $0) }) }
                for path in letGoElsewhere { if let file = base?[path], isLetGoVersion(path, file.blob) { letGoBlobs.insert(file.blob) } }
                let copies = sending.filter { path, blobs in
                    layout.isEntry(path) && !application.purge.contains(path) && !application.remove.contains(path) && !blobs.isDisjoint(with: letGoBlobs)
                }.keys.sorted()
                if !copies.isEmpty { throw SyncError.letGoCopies(paths: copies) }
            }
        }

        // A rejoin is say's own acknowledgement of the remote's new history: it advances the
        // generation, so other computers accept what it pushes as say's. A computer with the key
        // takes the remote's generation only when its key sealed it, or the person confirmed
        // the let-go that came with it (see `sealRecord`).
        let taken = JournalRecord.largestGenerationTaken
        let mine = min(max(localRecord?.generation ?? 0, baseGeneration), taken)
        let generation = max(min(remoteRecord?.generation ?? 0, taken), mine) + (rejoin ? 1 : 0)
        self.ownGeneration = key == nil || remoteSealed ? generation : mine + (rejoin ? 1 : 0)
        var merged = JournalRecord(id: journalID, generation: generation, letGo: tokens, letGoVersions: versionTokens.filter { !$0.value.isEmpty })
        // Until this computer seals it, the record keeps the remote's key and seal.
        merged.keyID = remoteRecord?.keyID
        merged.seal = remoteRecord?.seal
        application.isLetGo = isLetGo
        application.journal = journalID
        if snapshot.remote == nil {
            report.startedRemote = true
            report.sent = local.keys.filter { layout.isEntry($0) }.count
        }
        var purgedBaseVersions: [String: Set<String>] = [:]
        for path in application.purge {
            if let file = snapshot.base?[path] { purgedBaseVersions[hasher.token(for: path), default: []].insert(hasher.token(for: path, version: file.blob)) }
        }
        self.plan = plan
        self.application = application
        self.report = report
        self.purgedBaseVersions = purgedBaseVersions
        self.remoteKeyID = remoteRecord?.keyID
        self.unverified = carried
        self.removedByUnverified = removedByUnverified
        self.knownKeyID = baseRecord?.keyID ?? localRecord?.keyID
        self.merged = merged
        self.remoteRecord = remoteRecord
        self.remoteExists = snapshot.remote != nil
        sealRecord(with: nil, vouched: false)
    }

    /// Sets the record this round writes: sealed with `key` when this computer vouches for every
    /// line in it (`vouched`: the person accepted the lines it could not check); otherwise with
    /// the remote's key and seal as they were, so no line anyone else wrote is ever vouched for
    /// by this computer's seal.
    mutating func sealRecord(with key: SyncKey?, vouched: Bool) {
        var record = merged
        let sealing = key != nil && (unverified.isEmpty || vouched)
        // The remote's generation counts only with the evidence for it (see `init`).
        if !(vouched && !unverified.isEmpty) { record.generation = ownGeneration }
        if let key, sealing { record.seal(with: key) }
        application.record = !remoteExists || record != remoteRecord ? record.rendered() : nil
        var rewritten = record
        rewritten.generation = record.generation + 1
        // The seal covers the generation: the rewrite's record is sealed again.
        if let key, sealing { rewritten.seal(with: key) }
        application.rewriteRecord = rewritten.rendered()
    }
}
