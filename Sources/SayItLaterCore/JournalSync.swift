import Crypto
import Foundation
import MarkdownStore

/// What `say sync` did, in counts (the summary line and `--json` are made from these).
public struct SyncReport: Sendable, Hashable, Codable {
    /// Entries new or changed on the remote, now here.
    public var newHere: Int
    /// Entries new or changed here (conflict copies included), now on the remote.
    public var sent: Int
    /// Entries let go on another device, unchanged here: gone from here too.
    public var letGoElsewhere: Int
    /// Entries changed on both devices: the remote version stays, this one's became a copy.
    public var conflictCopies: Int
    /// Entries changed here but let go on another device: the let-go won.
    public var letGoWon: Int
    /// Entries let go here, now gone from the remote and its history.
    public var letGoSent: Int
    /// The remote was empty: this journal started it.
    public var startedRemote: Bool
    /// Versioning was off and sync turned it on.
    public var versioningTurnedOn: Bool
    /// The remote, as `origin` holds it (no password).
    public var remote: String

    public init(newHere: Int = 0, sent: Int = 0, letGoElsewhere: Int = 0, conflictCopies: Int = 0, letGoWon: Int = 0,
                letGoSent: Int = 0, startedRemote: Bool = false, versioningTurnedOn: Bool = false, remote: String = "") {
        self.newHere = newHere
        self.sent = sent
        self.letGoElsewhere = letGoElsewhere
        self.conflictCopies = conflictCopies
        self.letGoWon = letGoWon
        self.letGoSent = letGoSent
        self.startedRemote = startedRemote
        self.versioningTurnedOn = versioningTurnedOn
        self.remote = remote
    }

    /// The calm one-line summary ("2 new here, 1 sent, 1 let go elsewhere.").
    public var summary: String { Copy.syncSummary(self) }
}

/// Why `say sync` could not finish, in the person's words (see `Copy.syncError`).
public enum SyncError: Error, Equatable, Sendable, LocalizedError {
    /// No `--remote` given, and none stored yet.
    case noRemote
    /// The remote could not be reached (no such folder, no route, refused).
    case unreachable(remote: String)
    /// The ssh server refused every key offered.
    case authenticationFailed(remote: String)
    /// The ssh server is not in known_hosts.
    case unknownHost(host: String, port: Int, fingerprint: String?)
    /// The ssh server's key differs from the one known_hosts holds.
    case hostKeyChanged(host: String, port: Int, fingerprint: String?)
    /// The remote has history that is not a say journal's.
    case notAJournal(remote: String)
    /// The remote's history cannot be reconciled with what this device last synced with.
    case diverged(reason: String)
    /// Other devices kept pushing while this one tried.
    case remoteKeptMoving
    /// The remote refused the update.
    case rejected(message: String)

    public var errorDescription: String? { Copy.syncError(self) }

    init(_ error: GitSyncError) {
        switch error {
        case .noRemote: self = .noRemote
        case let .unreachable(remote, _): self = .unreachable(remote: remote)
        case let .authenticationFailed(remote): self = .authenticationFailed(remote: remote)
        case let .unknownHost(host, port, fingerprint): self = .unknownHost(host: host, port: port, fingerprint: fingerprint)
        case let .hostKeyChanged(host, port, fingerprint): self = .hostKeyChanged(host: host, port: port, fingerprint: fingerprint)
        case let .notAJournal(remote): self = .notAJournal(remote: remote)
        case let .diverged(reason): self = .diverged(reason: reason)
        case .remoteKeptMoving: self = .remoteKeptMoving
        case let .rejected(_, message): self = .rejected(message: message)
        }
    }
}

extension Journal {
    /// Syncs the journal with the person's own git remote: fetch, reconcile entry by entry,
    /// push (see `GitRepository.sync` for the rules). Sync needs versioning, so it turns
    /// versioning on when it is off (the report says so).
    ///
    /// - Parameters:
    ///   - remote: a URL or path to store as `origin` (the first time, or to change it); nil
    ///     to use the stored one.
    ///   - environment: where `HOME` (for `~/.ssh`), `SSH_AUTH_SOCK` and `USER` come from.
    ///   - workingDirectory: what a relative remote path is relative to.
    /// - Returns: the counts of what happened.
    /// - Throws: `SyncError` for what the person can act on, `JournalError` otherwise.
    public func sync(remote: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                     workingDirectory: String = FileManager.default.currentDirectoryPath) throws -> SyncReport {
        var turnedOn = false
        if repository == nil {
            try create()
            try enableVersioning()
            turnedOn = true
        }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        guard let repository else { throw JournalError.unusableJournal(path: folders.journal, reason: "versioning could not be turned on") }
        try versioning { _ = try repository.resumePendingPurge() }
        // Temporary files a killed say (or sync) left behind: safe to remove under the lock.
        var leftovers: [String] = []
        _ = store.scan(EntryFile.folder, leftovers: &leftovers) { _ in }
        for path in leftovers { try? AtomicFile.remove(store.absolutePath(path)) }
        try commitOutsideChanges(in: repository, firstMessage: nil)

        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let settings = GitSyncSettings(
            remoteURL: remote?.isEmpty == true ? nil : remote,
            workingDirectory: workingDirectory,
            sshDirectory: home + "/.ssh",
            sshAgentAvailable: !(environment["SSH_AUTH_SOCK"] ?? "").isEmpty,
            localUser: environment["USER"] ?? environment["LOGNAME"] ?? "git",
            knownHostsFiles: [home + "/.ssh/known_hosts", "/etc/ssh/ssh_known_hosts"],
            entriesFolder: EntryFile.folder,
            makeConflictCopy: { path, bytes in Self.conflictCopy(of: path, bytes: bytes) })
        let result: GitSyncReport
        do {
            result = try versioning { try repository.sync(settings) }
        } catch let error as GitSyncError {
            throw SyncError(error)
        }
        let stored = try? versioning { try repository.syncRemoteDisplay() }
        return SyncReport(newHere: result.received.count, sent: result.sent.count, letGoElsewhere: result.letGoElsewhere.count,
                          conflictCopies: result.conflictCopies.count, letGoWon: result.letGoWon.count,
                          letGoSent: result.letGoSent.count, startedRemote: result.remoteWasEmpty,
                          versioningTurnedOn: turnedOn, remote: (stored ?? nil) ?? remote ?? "")
    }

    /// The local version of an entry changed on both devices, as a new entry: same date, same
    /// text and feeling, a new id (so a new file name). The id is derived from the entry's path
    /// and bytes, so a sync interrupted and run again makes the same copy, not a second one.
    /// A file that cannot be parsed is copied byte for byte under the new name.
    static func conflictCopy(of path: String, bytes: [UInt8]) -> GitSyncCopy {
        var hasher = SHA256()
        hasher.update(data: Array("say-it-later conflict copy\u{0}\(path)\u{0}".utf8))
        hasher.update(data: bytes)
        var raw = Array(hasher.finalize().prefix(16))
        raw[6] = (raw[6] & 0x0F) | 0x50  // version 5: name-based
        raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
        let id = UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                             raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let document = try? FrontMatterDocument.parse(bytes, path: path) else {
            let date = ShardedPath.parse(fileName: name)?.date ?? Date(timeIntervalSince1970: 0)
            return GitSyncCopy(path: EntryFile.path(for: id, date: date), bytes: bytes, message: "Keep " + id.shortID)
        }
        let date = document.fields["date"].flatMap(UTCTime.parseISO8601) ?? ShardedPath.parse(fileName: name)?.date
            ?? Date(timeIntervalSince1970: 0)
        let copy = document.setting("id", to: id.lowercasedString)
        return GitSyncCopy(path: EntryFile.path(for: id, date: date), bytes: Array(copy.rendered().utf8), message: "Keep " + id.shortID)
    }
}
