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

/// The optional passcode asked before say shows anything kept (a paid feature).
///
/// Files in the settings folder `$XDG_CONFIG_HOME/say-it-later` (0600, folder 0700):
/// - `lock`: present only while the lock is on. `lock: on`, then `store: file` with
///   `verifier: $pbkdf2-sha256$…`, or `store: keyring` when the verifier is in the system
///   keyring. With the keyring out of reach the lock stays shut rather than open.
/// - `lock-attempts`: the number of wrong tries in a row and when the last one was, so the
///   wait between tries grows across runs too. Removed after a right passcode.
///
/// The passcode itself is never stored. Removing `lock` (and the keyring item) turns the lock
/// off; no entry is touched, because the lock guards say's screens, not the files.
public struct PasscodeLock: Sendable {
    /// The settings folder.
    public let folder: String
    /// The system keyring to keep the check in, or nil for the file.
    public let keyring: Keyring?
    private let clock: @Sendable () -> Date

    static let settingsName = "lock"
    static let attemptsName = "lock-attempts"

    /// - Parameters:
    ///   - folder: the settings folder, `UserFolders.config`.
    ///   - keyring: `SystemKeyring.find(environment:)`, or nil for the file.
    ///   - clock: now (tests pass a fixed one).
    public init(folder: String, keyring: Keyring?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.folder = folder
        self.keyring = keyring
        self.clock = clock
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

    // MARK: Turning it on and off

    /// Turns the lock on with a new check, in the keyring when one takes it, else in the file.
    ///
    /// - Returns: where the check went.
    /// - Throws: `JournalError.storage` when the settings file cannot be written.
    @discardableResult
    public func turnOn(_ verifier: PasscodeVerifier) throws -> LockStorage {
        try clearAttempts()
        // The keyring first, then the file that points at it: a crash in between leaves the lock off.
        if let keyring, (try? keyring.write(verifier.text)) != nil, (try? keyring.read()) == verifier.text {
            try writeFields(Self.settingsName, [("lock", "on"), ("store", "keyring")])
            return .keyring(name: keyring.name)
        }
        try writeFields(Self.settingsName, [("lock", "on"), ("store", "file"), ("verifier", verifier.text)])
        return .file(path: settingsPath)
    }

    /// Turns the lock off. The caller has checked the passcode.
    ///
    /// - Throws: `JournalError.storage` when the settings file cannot be removed.
    public func turnOff() throws {
        let storage = try? status()
        try remove(Self.settingsName)
        if case .keyring = storage { try? keyring?.delete() }
        try clearAttempts()
    }

    // MARK: Checking

    /// Checks a passcode and remembers the outcome: a right one clears the wrong tries, a wrong
    /// one adds to them (so the wait before the next try grows).
    ///
    /// - Returns: whether it is right. True when the lock is off.
    /// - Throws: as `verifier()`, or `JournalError.storage`.
    public func check(_ passcode: String) throws -> Bool {
        guard let verifier = try verifier() else { return true }
        if verifier.matches(passcode) {
            try clearAttempts()
            return true
        }
        let failures = (try? attempts().failures) ?? 0
        try writeFields(Self.attemptsName, [("failures", String(failures + 1)), ("last", UTCTime(clock()).iso8601)])
        return false
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
        return max(0, Int(ready.timeIntervalSince(clock()).rounded(.up)))
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
