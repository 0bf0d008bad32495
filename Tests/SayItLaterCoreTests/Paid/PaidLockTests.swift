import Foundation
import MarkdownStore
import SayItLaterCore
import TestSupport
import Testing

/// A keyring in memory, so the keyring path is tested without a desktop session.
final class MemoryKeyring: Keyring, @unchecked Sendable {
    var secret: String?
    var refuses = false
    var unreachable = false
    var name: String { "the test keyring" }

    func read() throws -> String? {
        if unreachable { throw LockError.keyringUnreachable("no session bus") }
        return secret
    }

    func write(_ secret: String) throws {
        if refuses { throw LockError.keyring("refused") }
        self.secret = secret
    }

    func delete() throws {
        secret = nil
    }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    var now = UTCTime.parseISO8601("2026-11-22T03:42:00Z")!
}

/// What a lock's sleep was asked to wait.
final class Slept: @unchecked Sendable {
    var seconds: [TimeInterval] = []
}

@Suite("Paid: passcode lock")
struct PaidLockTests {
    /// Few iterations keep these tests quick; the cost of the real count is tested on its own.
    let iterations = PasscodeVerifier.minimumIterations

    @Test func theVerifierIsSaltedPBKDF2AndNeverThePasscode() throws {
        let salt = Array(0 ..< 16).map(UInt8.init)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations, salt: salt)
        // RFC 8018 PBKDF2-HMAC-SHA256, checked against Python's hashlib.pbkdf2_hmac.
        #expect(verifier.text == "$pbkdf2-sha256$210000$AAECAwQFBgcICQoLDA0ODw$" + Self.expectedHash)
        #expect(!verifier.text.contains("tulip"))
        #expect(try PasscodeVerifier(text: verifier.text) == verifier)
        #expect(verifier.matches("tulip-4721"))
        #expect(!verifier.matches("tulip-4722"))
        #expect(!verifier.matches(""))
        let other = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        #expect(other.salt != verifier.salt && other.hash != verifier.hash)
        #expect(other.salt.count == 16)
    }

    /// base64url of PBKDF2-HMAC-SHA256("tulip-4721", salt 00…0f, 210000 iterations, 32 bytes), from
    /// `python3 -c "import hashlib; hashlib.pbkdf2_hmac('sha256', b'tulip-4721', bytes(range(16)), 210000, 32)"`.
    static let expectedHash = "by4Lw1y-oZ8f_jWSmsZtNuacBLeVYXep90nw3OQp7us"

    @Test func composedAndDecomposedLettersMatch() throws {
        let verifier = try PasscodeVerifier(passcode: "caf\u{E9}s", iterations: iterations)
        #expect(verifier.matches("cafe\u{301}s"))
    }

    @Test func theDefaultCostIsSlow() throws {
        #expect(PasscodeVerifier.defaultIterations >= 600_000)
        let start = Date()
        let verifier = try PasscodeVerifier(passcode: "tulip-4721")
        let made = Date().timeIntervalSince(start)
        let checkStart = Date()
        #expect(verifier.matches("tulip-4721"))
        let checked = Date().timeIntervalSince(checkStart)
        #expect(made >= 0.1, "making took \(made) s")
        #expect(checked >= 0.1, "checking took \(checked) s")
    }

    @Test func weakOrDamagedVerifiersAreRefused() throws {
        #expect(throws: LockError.passcodeTooShort(minimum: 4)) { try PasscodeVerifier(passcode: "abc", iterations: iterations) }
        #expect(throws: LockError.self) { try PasscodeVerifier(passcode: "abcd", iterations: 1000) }
        let good = try PasscodeVerifier(passcode: "abcd", iterations: iterations).text
        for bad in ["", "abcd", good.replacingOccurrences(of: "$210000$", with: "$1000$"), good.replacingOccurrences(of: "sha256", with: "sha1"),
                    String(good.dropLast(4)), "$sha256$" + good] {
            #expect(throws: LockError.self, "\(bad)") { try PasscodeVerifier(text: bad) }
        }
    }

    @Test func onInAFileThenCheckAndOff() throws {
        let home = TemporaryFolder("say-lock")
        let clock = TestClock()
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil, clock: { clock.now })
        #expect(try lock.status() == nil)
        #expect(try lock.check("anything"))  // off: nothing to check
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        let turnedOn = try lock.turnOn(verifier)
        #expect(turnedOn.storage == .file(path: home.url("config/lock")) && turnedOn.keyringRefusal == nil)
        #expect(try lock.status() == .file(path: home.url("config/lock")))
        #expect(String(decoding: try home.read("config/lock"), as: UTF8.self) == "lock: on\nstore: file\nverifier: \(verifier.text)\n")
        #expect(try home.mode("config/lock") == 0o600)
        #expect(try home.mode("config") == 0o700)
        #expect(try lock.verifier() == verifier)
        #expect(try lock.check("tulip-4721"))
        #expect(try !lock.check("wrong"))
        try lock.turnOff()
        #expect(try lock.status() == nil)
        #expect(home.files() == [])
    }

    @Test func wrongTriesWaitLongerEachTime() throws {
        let home = TemporaryFolder("say-lock")
        let clock = TestClock()
        let slept = Slept()
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil, clock: { clock.now },
                                sleep: { seconds in slept.seconds.append(seconds); clock.now += seconds })
        try lock.turnOn(PasscodeVerifier(passcode: "tulip-4721", iterations: iterations))
        #expect(lock.secondsToWait() == 0)
        var waits: [Int] = []
        var announced: [Int] = []
        for _ in 1 ... 5 {
            // Each try is made at once: the lock itself makes it wait for the delay it owes.
            #expect(try !lock.check("wrong", waiting: { announced.append($0) }))
            waits.append(lock.secondsToWait())
        }
        #expect(waits == [1, 2, 4, 8, 16])
        #expect(announced == [1, 2, 4, 8])
        #expect(slept.seconds == [1, 2, 4, 8])
        #expect(String(decoding: try home.read("config/lock-attempts"), as: UTF8.self) == "failures: 5\nlast: 2026-11-22T03:42:15Z\n")
        clock.now += 10
        #expect(lock.secondsToWait() == 6)
        clock.now += 6
        #expect(lock.secondsToWait() == 0)
        // A new lock object (a new run of say) remembers.
        #expect(try PasscodeLock(folder: home.url("config"), keyring: nil, clock: { clock.now }).attempts().failures == 5)
        #expect(try lock.check("tulip-4721"))
        #expect(lock.secondsToWait() == 0)
        #expect(home.files() == ["config/lock"])
        #expect((1 ... 10).map(PasscodeLock.delay(afterFailures:)) == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
    }

    @Test func inAKeyringTheFileOnlyPointsThere() throws {
        let home = TemporaryFolder("say-lock")
        let keyring = MemoryKeyring()
        let lock = PasscodeLock(folder: home.url("config"), keyring: keyring)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        let turnedOn = try lock.turnOn(verifier)
        #expect(turnedOn.storage == .keyring(name: "the test keyring") && turnedOn.keyringRefusal == nil)
        #expect(keyring.secret == verifier.text)
        #expect(String(decoding: try home.read("config/lock"), as: UTF8.self) == "lock: on\nstore: keyring\n")
        #expect(try lock.check("tulip-4721"))
        #expect(try !lock.check("tulip"))

        // Out of reach, the lock stays shut instead of opening.
        keyring.unreachable = true
        #expect(throws: LockError.keyringUnreachable("no session bus")) { try lock.check("tulip-4721") }
        #expect(throws: LockError.keyringUnreachable("no keyring is available in this session")) {
            try PasscodeLock(folder: home.url("config"), keyring: nil).verifier()
        }
        keyring.unreachable = false
        try lock.turnOff()
        #expect(keyring.secret == nil)
        #expect(home.files() == [])
    }

    @Test func aKeyringThatRefusesFallsBackToTheFile() throws {
        let home = TemporaryFolder("say-lock")
        let keyring = MemoryKeyring()
        keyring.refuses = true
        let lock = PasscodeLock(folder: home.url("config"), keyring: keyring)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        let turnedOn = try lock.turnOn(verifier)
        #expect(turnedOn.storage == .file(path: home.url("config/lock")))
        #expect(turnedOn.keyringRefusal == "refused")
        #expect(try lock.check("tulip-4721"))
    }

    @Test func aMissingKeyringItemIsDamageNotAnOpenDoor() throws {
        let home = TemporaryFolder("say-lock")
        try home.write("lock: on\nstore: keyring\n", to: "config/lock")
        let lock = PasscodeLock(folder: home.url("config"), keyring: MemoryKeyring())
        #expect(throws: LockError.damaged("the lock's passcode check is missing from the test keyring")) { try lock.check("x") }
        try home.write("lock: on\nstore: file\nverifier: $md5$abc\n", to: "config/lock")
        #expect(throws: LockError.damaged("the passcode check is not in the expected form")) { try lock.check("x") }
        #expect(LockError.damaged("x").errorDescription
            == "the lock's settings are damaged (x); the README's \"Reset the lock\" says how to start again")
    }

    @Test func theKeyringIsChosenFromTheEnvironment() {
        #expect(SystemKeyring.find(environment: ["SAY_KEYRING": "off", "PATH": "/usr/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:x"]) == nil)
        #if !canImport(Security)
        // No secret-tool on this PATH: the file.
        #expect(SystemKeyring.find(environment: ["PATH": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:x"]) == nil)
        // No session bus: the file.
        #expect(SystemKeyring.find(environment: ["PATH": "/usr/bin:/bin"]) == nil)
        #endif
    }

    // MARK: Tries cannot be raced

    @Test func aTryIsCountedBeforeThePasscodeIsChecked() throws {
        let home = TemporaryFolder("say-lock")
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil)
        // A slow check (several million iterations) leaves time to look while it runs.
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: 8_000_000)
        try lock.turnOn(verifier)
        let done = Flag()
        let started = Date()
        let thread = Thread { _ = try? lock.check("wrong", against: verifier); done.set() }
        thread.start()
        var seen: TimeInterval?
        while !done.isSet {
            if seen == nil, let text = try? home.read("config/lock-attempts"), String(decoding: text, as: UTF8.self).hasPrefix("failures: 1\n") {
                seen = Date().timeIntervalSince(started)
            }
            usleep(1000)
        }
        let took = Date().timeIntervalSince(started)
        // Counted at the start of the check, long before its answer (not in the instant after it).
        let countedAt = try #require(seen, "the try was not counted while the passcode was checked")
        #expect(countedAt < took / 2, "counted after \(countedAt) s of a \(took) s check")
        #expect(try lock.attempts().failures == 1)
    }

    @Test func triesFromManyThreadsTakeTurns() throws {
        let home = TemporaryFolder("say-lock")
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        try lock.turnOn(verifier)
        let started = Date()
        let times = Times()
        let group = DispatchGroup()
        for _ in 0 ..< 3 {
            group.enter()
            Thread { _ = try? lock.check("wrong", against: verifier); times.add(Date().timeIntervalSince(started)); group.leave() }.start()
        }
        group.wait()
        // One at once, then 1 s later, then 2 s more: about 3 s for the third.
        let sorted = times.values.sorted()
        #expect(sorted.count == 3)
        #expect(sorted[1] >= 1 && sorted[2] >= 3, "\(sorted)")
        #expect(try lock.attempts().failures == 3)
    }

    // MARK: The journal records that it is locked

    @Test func aMarkedJournalOpensOnlyWithItsOwnCheck() throws {
        let home = TemporaryFolder("say-lock")
        let journal = home.url("journal")
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil)
        #expect(try lock.verifier(forJournal: journal) == nil)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        try lock.turnOn(verifier, journal: journal)
        #expect(try lock.verifier(forJournal: journal) == verifier)
        let mark = String(decoding: try home.read("journal/.say-locked"), as: UTF8.self)
        #expect(mark == "# Say It Later: this journal is locked. Remove this file only to reset a forgotten lock.\nlocked: \(verifier.fingerprint)\n")
        #expect(!mark.contains(verifier.text) && !mark.contains(Base64URLText.of(verifier.salt)))
        #expect(try home.mode("journal/.say-locked") == 0o600)
        #expect(try lock.markedJournals() == [journal])

        // Other settings, empty or with a lock of their own, do not open it.
        let empty = PasscodeLock(folder: home.url("elsewhere"), keyring: nil)
        #expect(throws: LockError.journalLockedElsewhere(journal: journal, settings: home.url("elsewhere"))) {
            try empty.verifier(forJournal: journal)
        }
        let other = PasscodeLock(folder: home.url("other"), keyring: nil)
        try other.turnOn(PasscodeVerifier(passcode: "mine-1234", iterations: iterations))
        #expect(throws: LockError.journalLockedElsewhere(journal: journal, settings: home.url("other"))) {
            try other.verifier(forJournal: journal)
        }
        // …while an unmarked journal is covered by whichever settings are in use.
        #expect(try empty.verifier(forJournal: home.url("unmarked")) == nil)

        // A mark that cannot be read keeps it shut.
        try home.write("locked: who knows\n", to: "journal/.say-locked")
        #expect(throws: LockError.self) { try lock.verifier(forJournal: journal) }
        try FileManager.default.removeItem(atPath: home.url("journal/.say-locked"))
        try FileManager.default.createSymbolicLink(atPath: home.url("journal/.say-locked"), withDestinationPath: "/dev/null")
        #expect(throws: LockError.self) { try empty.verifier(forJournal: journal) }
    }

    @Test func turningTheLockOffUnmarksEveryJournalItMarked() throws {
        let home = TemporaryFolder("say-lock")
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil)
        let verifier = try PasscodeVerifier(passcode: "tulip-4721", iterations: iterations)
        try lock.turnOn(verifier, journal: home.url("one"))
        try FileManager.default.createDirectory(atPath: home.url("two"), withIntermediateDirectories: true)
        try lock.mark(journal: home.url("two"), with: verifier)
        try lock.mark(journal: home.url("not-made-yet"), with: verifier)
        #expect(try lock.markedJournals() == [home.url("one"), home.url("two")])
        // A journal marked by another lock is not this lock's to open.
        let stranger = try PasscodeVerifier(passcode: "other-5678", iterations: iterations)
        try JournalLockMark(journal: home.url("three")).write(fingerprint: stranger.fingerprint)
        try lock.turnOff(journal: home.url("three"))
        #expect(home.files(includeHidden: true) == ["three/.say-locked"])
    }

    @Test func inAVersionedJournalGitLeavesTheMarkAlone() throws {
        let home = TemporaryFolder("say-lock")
        try FileManager.default.createDirectory(atPath: home.url("journal/.git/info"), withIntermediateDirectories: true)
        try home.write("*.tmp\n", to: "journal/.git/info/exclude")
        let lock = PasscodeLock(folder: home.url("config"), keyring: nil)
        try lock.turnOn(PasscodeVerifier(passcode: "tulip-4721", iterations: iterations), journal: home.url("journal"))
        #expect(String(decoding: try home.read("journal/.git/info/exclude"), as: UTF8.self) == "*.tmp\n/.say-locked\n")
    }
}

/// Set once, read from another thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Times collected from several threads.
final class Times: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [TimeInterval] = []
    var values: [TimeInterval] { lock.withLock { collected } }
    func add(_ time: TimeInterval) { lock.withLock { collected.append(time) } }
}

/// base64url without padding, as the verifier's text writes the salt.
enum Base64URLText {
    static func of(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
