import Crypto
import CryptoExtras
import Foundation

/// What is stored instead of the passcode: PBKDF2-HMAC-SHA256 of the passcode with a random
/// 16-byte salt, many iterations, 32 bytes out. Checking a guess costs as much as making it,
/// which is what slows down anyone trying passcodes.
///
/// Its text form, one line: `$pbkdf2-sha256$<iterations>$<salt>$<hash>` with salt and hash in
/// unpadded base64url.
public struct PasscodeVerifier: Sendable, Hashable {
    /// The iteration count for new verifiers: one check takes about 135 ms on an idle 2-core
    /// x86-64 development machine (release build), comfortably over the 100 ms we aim for and
    /// above OWASP's 600,000 for PBKDF2-HMAC-SHA256. See the README, "The lock".
    public static let defaultIterations = 1_000_000
    /// The fewest iterations a stored verifier may claim; anything less is refused as tampered.
    public static let minimumIterations = 210_000
    /// Passcodes shorter than this are refused when the lock is turned on.
    public static let minimumLength = 4

    public let iterations: Int
    public let salt: [UInt8]
    public let hash: [UInt8]

    /// Makes a verifier for a new passcode.
    ///
    /// - Parameters:
    ///   - passcode: the passcode; compared after Unicode normalisation (NFC), so the same
    ///     letters typed on another keyboard still match.
    ///   - iterations: PBKDF2 iterations, at least `minimumIterations`.
    ///   - salt: 16 random bytes unless a test passes its own.
    /// - Throws: `LockError.passcodeTooShort`, or `LockError.damaged` for too few iterations.
    public init(passcode: String, iterations: Int = PasscodeVerifier.defaultIterations, salt: [UInt8]? = nil) throws {
        guard passcode.count >= Self.minimumLength else { throw LockError.passcodeTooShort(minimum: Self.minimumLength) }
        guard iterations >= Self.minimumIterations else { throw LockError.damaged("too few iterations") }
        var generator = SystemRandomNumberGenerator()
        let salt = salt ?? (0 ..< 16).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
        self.iterations = iterations
        self.salt = salt
        self.hash = try Self.derive(passcode, salt: salt, iterations: iterations)
    }

    /// Reads the text form.
    ///
    /// - Throws: `LockError.damaged` when it is not a verifier this program writes.
    public init(text: String) throws {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "pbkdf2-sha256",
              let iterations = Int(parts[2]), iterations >= Self.minimumIterations, iterations <= 100_000_000,
              let salt = Base64URL.decode(parts[3]), salt.count >= 16,
              let hash = Base64URL.decode(parts[4]), hash.count == 32
        else { throw LockError.damaged("the passcode check is not in the expected form") }
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// The text form: `$pbkdf2-sha256$<iterations>$<salt>$<hash>`.
    public var text: String {
        "$pbkdf2-sha256$\(iterations)$\(Base64URL.encode(salt))$\(Base64URL.encode(hash))"
    }

    /// A fingerprint of this check, `sha256:<hex>`: the SHA-256 of its text form. A journal's
    /// lock mark holds it, so the journal opens only with this very check. It holds no
    /// secret: without the salt, which is not in it, it cannot be used to test passcodes.
    public var fingerprint: String {
        "sha256:" + SHA256.hash(data: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `passcode` is the one this verifier was made from. Takes the full PBKDF2 cost,
    /// and compares in constant time.
    public func matches(_ passcode: String) -> Bool {
        guard let candidate = try? Self.derive(passcode, salt: salt, iterations: iterations), candidate.count == hash.count else {
            return false
        }
        var difference: UInt8 = 0
        for (left, right) in zip(candidate, hash) { difference |= left ^ right }
        return difference == 0
    }

    private static func derive(_ passcode: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        let bytes = Array(passcode.precomposedStringWithCanonicalMapping.utf8)
        // BoringSSL's PBKDF2 wants a non-empty buffer; an empty guess can never match anyway.
        guard !bytes.isEmpty else { throw LockError.passcodeTooShort(minimum: minimumLength) }
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: bytes, salt: salt, using: .sha256, outputByteCount: 32,
                                                     unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Array($0) }
    }
}

/// Why the lock could not do what was asked, in the person's words.
public enum LockError: Error, Equatable, Sendable, LocalizedError {
    /// A new passcode is too short.
    case passcodeTooShort(minimum: Int)
    /// The stored lock settings are not readable.
    case damaged(String)
    /// The lock's check is in the system keyring, and the keyring cannot be reached now.
    case keyringUnreachable(String)
    /// The keyring refused to store, read or remove the check.
    case keyring(String)
    /// The journal records that it is locked, but the settings folder (and the keyring) hold
    /// no check that opens it: the settings were moved, or belong to someone else.
    case journalLockedElsewhere(journal: String, settings: String)

    public var errorDescription: String? {
        switch self {
        case let .passcodeTooShort(minimum):
            return "a passcode needs at least \(minimum) characters"
        case let .damaged(reason):
            return "the lock's settings are damaged (\(reason)); the README's \"Reset the lock\" says how to start again"
        case let .keyringUnreachable(reason):
            return "the lock's passcode check is kept in the system keyring, which cannot be reached right now (\(reason))"
        case let .keyring(reason):
            return "the system keyring said: \(reason)"
        case let .journalLockedElsewhere(journal, settings):
            return "the journal \(journal) is locked, and the passcode check that opens it is not in \(settings) "
                + "(or the system keyring); if you moved your settings folder, point XDG_CONFIG_HOME back at it, "
                + "else the README's \"Reset the lock\" says how to start again"
        }
    }
}
