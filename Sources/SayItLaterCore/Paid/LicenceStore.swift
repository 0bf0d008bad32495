import Foundation
import MarkdownStore

/// Whether this person has unlocked the paid features.
public enum LicenceState: Sendable, Equatable {
    /// No key stored: lock, export and reflection are locked.
    case none
    /// A verified key.
    case valid(Licence)
    /// A stored key that no longer verifies (edited by hand, or from a test build).
    case invalid(LicenceError)

    /// The licence, when the paid features are unlocked.
    public var licence: Licence? {
        if case let .valid(licence) = self { return licence }
        return nil
    }
}

/// The paid features, named the way the locked-feature message and the README name them.
public enum PaidFeature: String, Sendable, CaseIterable {
    case lock
    case export
    case reflection
}

/// Where the licence key lives: `<config>/licence` (0600, folder 0700), the key text as pasted
/// (whitespace removed) and a line break. It is verified every time it is read, so editing the
/// file by hand cannot unlock anything.
public struct LicenceStore: Sendable {
    /// The settings folder, `$XDG_CONFIG_HOME/say-it-later`.
    public let folder: String
    public let verifier: LicenceVerifier

    static let fileName = "licence"

    public init(folder: String, verifier: LicenceVerifier) {
        self.folder = folder
        self.verifier = verifier
    }

    /// The key file's full path.
    public var path: String { folder + "/" + Self.fileName }

    /// The stored licence, verified.
    ///
    /// - Throws: `JournalError.storage` when a key file exists but cannot be read.
    public func state() throws -> LicenceState {
        let store = DocumentStore(root: folder)
        guard store.exists(Self.fileName) else { return .none }
        let bytes: [UInt8]
        do {
            bytes = try store.readBytes(Self.fileName)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        do {
            return .valid(try verifier.verify(String(decoding: bytes, as: UTF8.self)))
        } catch let error as LicenceError {
            return .invalid(error)
        }
    }

    /// Whether the paid features are unlocked. A key file that cannot be read counts as locked.
    public var isUnlocked: Bool { (try? state())?.licence != nil }

    /// Verifies a key and, when it is good, stores it (replacing any earlier key).
    ///
    /// - Returns: the licence.
    /// - Throws: `LicenceError` when the key is refused (nothing is stored then), or
    ///   `JournalError.storage` when it cannot be written.
    @discardableResult
    public func unlock(with keyText: String) throws -> Licence {
        let licence = try verifier.verify(keyText)
        let parts = try LicenceKey.parts(of: keyText)
        do {
            try AtomicFile.write(Array((parts.text + "\n").utf8), to: path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        return licence
    }
}
