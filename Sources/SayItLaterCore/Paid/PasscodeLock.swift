import Foundation
import MarkdownStore

/// Where the lock's passcode check is kept.
public enum LockStorage: Sendable, Hashable {
    /// In `<config>/lock`, readable only by the owner (0600).
    case file(path: String)
    /// In the system keyring, with `<config>/lock` saying so.
    case keyring(name: String)

    /// How it is named to the person: a path, or "the macOS Keychain".
    public var description: String {
        switch self {
        case let .file(path): return "\(path) (readable only by you)"
        case let .keyring(name): return name
        }
    }
}

/// What turning the lock on did.
public struct LockTurnedOn: Sendable, Hashable {
    /// Where the check went.
    public let storage: LockStorage
    /// Why a keyring that was there did not keep the check (so it went to the file), in the
    /// keyring's own words; nil when it did, or when there is no keyring.
    public let keyringRefusal: String?
}

/// The optional passcode asked before say shows anything kept (a paid feature).
///
/// Files in the settings folder `$XDG_CONFIG_HOME/say-it-later` (0600, folder 0700):
/// - `lock`: present only while the lock is on. `lock: on`, then `store: file` with
///   `verifier: $pbkdf2-sha256$…`, or `store: keyring` when the verifier is in the system
///   keyring. With the keyring out of reach the lock stays shut rather than open.
/// - `lock-attempts`: the number of tries in a row not yet followed by a right one, and when
///   the last was counted, so the wait between tries grows across runs too. Every try is
///   counted before it is checked, under the settings folder's lock (`.say-lock`), so tries
///   from many processes at once take turns. Removed after a right passcode.
/// - `lock-journals`: the journals marked as locked with this check, one path per line, so
///   turning the lock off unmarks them all.
///
/// Each locked journal also records it in `<journal>/.say-locked` (see `JournalLockMark`), so
/// other settings cannot open it. The passcode itself is never stored. No entry is touched by
/// the lock: it guards say's screens and commands, not the files.
public struct PasscodeLock: Sendable {
    /// The settings folder.
    public let folder: String
    /// The system keyring to keep the check in, or nil for the file.
    public let keyring: Keyring?
    private let clock: @Sendable () -> Date
    private let sleep: @Sendable (TimeInterval) -> Void

    static let settingsName = "lock"
    static let attemptsName = "lock-attempts"
    static let journalsName = "lock-journals"
    /// How long a try waits for other processes' tries (each waits its turn, then its delay).
    static let turnTimeout: TimeInterval = 15 * 60

    /// - Parameters:
    ///   - folder: the settings folder, `UserFolders.config`.
    ///   - keyring: `SystemKeyring.find(environment:)`, or nil for the file.
    ///   - clock: now (tests pass a fixed one).
    ///   - sleep: waits that many seconds (tests pass one that moves their clock).
    public init(folder: String, keyring: Keyring?, clock: @escaping @Sendable () -> Date = Date.init,
                sleep: @escaping @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.folder = folder
        self.keyring = keyring
        self.clock = clock
        self.sleep = sleep
    }

    public var settingsPath: String { folder + "/" + Self.settingsName }
    public var attemptsPath: String { folder + "/" + Self.attemptsName }

    // MARK: State

    /// Where the check is kept while the lock is on; nil when it is off.
    ///
    /// - Throws: `LockError.damaged`, or `JournalError.storage` when the file cannot be read.
    public func status() throws -> LockStorage? {
        guard let fields = try readFields(Self.settingsName) else { return nil }
        guard fields["lock"] == "on" else { throw LockError.damaged("\(settingsPath) does not say the lock is on") }
        switch fields["store"] {
        case "file": return .file(path: settingsPath)
        case "keyring": return .keyring(name: keyring?.name ?? "the system keyring")
        default: throw LockError.damaged("\(settingsPath) does not say where the passcode check is kept")
        }
    }

    /// The stored check; nil when the lock is off.
    ///
    /// - Throws: `LockError.keyringUnreachable` when it is in a keyring that cannot be
    ///   reached now, `LockError.damaged`, or `JournalError.storage`.
    public func verifier() throws -> PasscodeVerifier? {
        guard let storage = try status() else { return nil }
        switch storage {
        case .file:
            guard let text = try readFields(Self.settingsName)?["verifier"] else {
                throw LockError.damaged("\(settingsPath) has no passcode check")
            }
            return try PasscodeVerifier(text: text)
        case .keyring:
            guard let keyring else { throw LockError.keyringUnreachable("no keyring is available in this session") }
            guard let text = try keyring.read() else {
                throw LockError.damaged("the lock's passcode check is missing from \(keyring.name)")
            }
            return try PasscodeVerifier(text: text)
        }
    }

    /// The check that must be passed before `journal` is shown, or nil when it is open.
    ///
    /// The lock in these settings covers every journal. A journal that records it is locked
    /// (`JournalLockMark`) opens only with the very check it was locked with: settings with no
    /// check, or another one, keep it shut.
    ///
    /// - Throws: `LockError.journalLockedElsewhere`, or as `verifier()`.
    public func verifier(forJournal journal: String) throws -> PasscodeVerifier? {
        let mark = try JournalLockMark(journal: journal).fingerprint()
        let verifier = try self.verifier()
        guard let mark else { return verifier }
        guard let verifier, verifier.fingerprint == mark else {
            throw LockError.journalLockedElsewhere(journal: journal, settings: folder)
        }
        return verifier
    }

    /// Records in `journal` that it is locked with `verifier`, and remembers the journal, so
    /// turning the lock off unmarks it. Does nothing when it is already marked so, or when the
    /// journal folder does not exist yet.
    ///
    /// - Throws: `JournalError.storage` when a file cannot be written.
    public func mark(journal: String, with verifier: PasscodeVerifier) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: journal, isDirectory: &isFolder), isFolder.boolValue else { return }
        let mark = JournalLockMark(journal: journal)
        if (try? mark.fingerprint()) != verifier.fingerprint { try mark.write(fingerprint: verifier.fingerprint) }
        mark.excludeFromGit()
        let journals = try markedJournals()
        if !journals.contains(journal) { try writeJournals(journals + [journal]) }
    }

    /// The journals marked with this lock, as remembered in `lock-journals`.
    public func markedJournals() throws -> [String] {
        let store = DocumentStore(root: folder)
        guard store.exists(Self.journalsName) else { return [] }
        let bytes = try storing { try store.readBytes(Self.journalsName) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
    }

    private func writeJournals(_ journals: [String]) throws {
        try storing { try AtomicFile.write(Array(journals.map { $0 + "\n" }.joined().utf8), to: folder + "/" + Self.journalsName) }
    }

    // MARK: Turning it on and off

    /// Turns the lock on with a new check, in the keyring when one takes it, else in the file,
    /// and marks `journal` (created if needed) as locked with it.
    ///
    /// - Returns: where the check went, and why a keyring that was there did not take it.
    /// - Throws: `JournalError.storage` when a file cannot be written.
    @discardableResult
    public func turnOn(_ verifier: PasscodeVerifier, journal: String? = nil) throws -> LockTurnedOn {
        try clearAttempts()
        // The journal's mark first: a crash after it leaves the journal shut (the README's reset
        // opens it), never a lock that is on in the settings but missing from the journal.
        if let journal {
            try storing { try AtomicFile.makeFolders(journal) }
            try JournalLockMark(journal: journal).write(fingerprint: verifier.fingerprint)
            try writeJournals([journal])
        }
        // The keyring, then the file that points at it.
        var refusal: String?
        if let keyring {
            refusal = Self.refusal(of: keyring, toKeep: verifier.text)
            if refusal == nil {
                try writeFields(Self.settingsName, [("lock", "on"), ("store", "keyring")])
                return LockTurnedOn(storage: .keyring(name: keyring.name), keyringRefusal: nil)
            }
        }
        try writeFields(Self.settingsName, [("lock", "on"), ("store", "file"), ("verifier", verifier.text)])
        return LockTurnedOn(storage: .file(path: settingsPath), keyringRefusal: refusal)
    }

    /// Stores `secret` in `keyring` and reads it back: nil when it is kept, else why not.
    private static func refusal(of keyring: Keyring, toKeep secret: String) -> String? {
        do {
            try keyring.write(secret)
            return try keyring.read() == secret ? nil : "it did not give the check back as stored"
        } catch let LockError.keyring(reason), let LockError.keyringUnreachable(reason) {
            return reason
        } catch {
            return (error as? LocalizedError)?.errorDescription ?? "\(error)"
        }
    }

    /// Turns the lock off and unmarks the journals it marked (and `journal`) when their mark
    /// is this lock's. The caller has checked the passcode.
    ///
    /// - Throws: `JournalError.storage` when a file cannot be removed.
    public func turnOff(journal: String? = nil) throws {
        let storage = try? status()
        let current = try? verifier()
        for path in Set(((try? markedJournals()) ?? []) + (journal.map { [$0] } ?? [])) {
            let mark = JournalLockMark(journal: path)
            if let fingerprint = try? mark.fingerprint(), fingerprint == current?.fingerprint { try mark.remove() }
        }
        try remove(Self.settingsName)
        if case .keyring = storage { try? keyring?.delete() }
        try clearAttempts()
        try remove(Self.journalsName)
    }

    // MARK: Checking

    /// Checks a passcode and remembers the outcome: a right one clears the tries, a wrong one
    /// stays counted (so the wait before the next try grows).
    ///
    /// It cannot be raced: the settings folder's lock is held from reading the count to writing
    /// the outcome, the try waits there for its turn and then for the delay the tries before
    /// it earned, and it is counted (flushed to disk) before the passcode is checked, so a try
    /// killed while checking still counts. Ten processes at once make one immediate try; the
    /// others take their turns, 1, 2, 4 … seconds apart.
    ///
    /// - Parameters:
    ///   - passcode: the try.
    ///   - verifier: the check to pass (`verifier(forJournal:)`); nil reads `verifier()`.
    ///   - waiting: told the seconds it waits for the delay, before it sleeps.
    /// - Returns: whether it is right. True when the lock is off.
    /// - Throws: as `verifier()`, or `JournalError.storage`.
    public func check(_ passcode: String, against verifier: PasscodeVerifier? = nil,
                      waiting: (Int) -> Void = { _ in }) throws -> Bool {
        guard let verifier = try verifier ?? self.verifier() else { return true }
        let turn = try storing { try FolderLock(folder: folder, timeout: Self.turnTimeout) }
        defer { withExtendedLifetime(turn) {} }
        let (failures, last) = (try? attempts()) ?? (0, nil)
        if failures > 0, let last {
            // At most the delay itself, even if the recorded time lies in the future.
            let delay = TimeInterval(Self.delay(afterFailures: failures))
            let remaining = min(delay, last.addingTimeInterval(delay).timeIntervalSince(clock()))
            if remaining > 0 {
                waiting(Int(remaining.rounded(.up)))
                sleep(remaining)
            }
        }
        // Counted first, so a try killed while it is checked still counts…
        try writeFields(Self.attemptsName, [("failures", String(failures + 1)), ("last", wholeSecondNow())])
        guard verifier.matches(passcode) else {
            // …and the next delay runs from when this one's answer was known, however slow it was.
            try writeFields(Self.attemptsName, [("failures", String(failures + 1)), ("last", wholeSecondNow())])
            return false
        }
        try clearAttempts()
        return true
    }

    /// Now in whole seconds, rounded up, so a delay is never shortened by the rounding.
    private func wholeSecondNow() -> String {
        UTCTime(Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.up))).iso8601
    }

    /// The wrong tries in a row, and when the last was.
    public func attempts() throws -> (failures: Int, last: Date?) {
        guard let fields = try readFields(Self.attemptsName) else { return (0, nil) }
        return (Int(fields["failures"] ?? "") ?? 0, fields["last"].flatMap(UTCTime.parseISO8601))
    }

    /// How long to wait before the next try may be checked: none before the first wrong try,
    /// then 1, 2, 4, 8 … seconds after each wrong try in a row, at most `maximumDelay`.
    public func secondsToWait() -> Int {
        guard let (failures, last) = try? attempts(), failures > 0, let last else { return 0 }
        let ready = last.addingTimeInterval(TimeInterval(Self.delay(afterFailures: failures)))
        return min(Self.delay(afterFailures: failures), max(0, Int(ready.timeIntervalSince(clock()).rounded(.up))))
    }

    /// The longest wait between tries, in seconds.
    public static let maximumDelay = 60

    /// The wait after `failures` wrong tries in a row.
    public static func delay(afterFailures failures: Int) -> Int {
        guard failures > 0 else { return 0 }
        return failures > 7 ? maximumDelay : min(maximumDelay, 1 << (failures - 1))
    }

    // MARK: Files

    private func clearAttempts() throws {
        try remove(Self.attemptsName)
    }

    /// Removes a settings file; one that is not there is not an error.
    private func remove(_ name: String) throws {
        guard DocumentStore(root: folder).exists(name) else { return }
        try storing { try AtomicFile.remove(folder + "/" + name) }
    }

    /// `key: value` lines; nil when the file does not exist.
    private func readFields(_ name: String) throws -> [String: String]? {
        let store = DocumentStore(root: folder)
        guard store.exists(name) else { return nil }
        let bytes = try storing { try store.readBytes(name) }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces)] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    private func writeFields(_ name: String, _ fields: [(String, String)]) throws {
        let text = fields.map { "\($0.0): \($0.1)\n" }.joined()
        try storing { try AtomicFile.write(Array(text.utf8), to: folder + "/" + name) }
    }

    @discardableResult
    private func storing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }
}
