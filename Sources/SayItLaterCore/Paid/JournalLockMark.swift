import Foundation
import MarkdownStore

/// The journal's own record that it is locked: `<journal>/.say-locked` (0600).
///
/// The lock's passcode check lives in the person's settings folder (or keyring), but a journal
/// found through other settings (`XDG_CONFIG_HOME` pointed elsewhere) must not open: this file
/// says the journal is locked, and with which check. It holds only the check's fingerprint
/// (`PasscodeVerifier.fingerprint`, a SHA-256 of the check, no salt), so it tells nobody
/// anything about the passcode.
///
/// It lives in the journal folder itself, so it holds whether or not the journal is versioned
/// and survives `say git off`. It never syncs: say commits only entry files, a sync brings only
/// entry files, `.say-journal` and `.gitignore` from a remote, and in a versioned journal the
/// name is also listed in `.git/info/exclude` so the person's own `git add -A` leaves it out.
/// The scanner skips hidden files, so it is never read as an entry.
///
/// Its text:
/// ```
/// # Say It Later: this journal is locked. Remove this file only to reset a forgotten lock.
/// locked: sha256:<hex>
/// ```
public struct JournalLockMark: Sendable, Hashable {
    /// The file's name in the journal folder.
    public static let fileName = ".say-locked"
    static let heading = "# Say It Later: this journal is locked. Remove this file only to reset a forgotten lock."

    /// The journal folder.
    public let journal: String

    public init(journal: String) {
        self.journal = journal
    }

    /// The file's full path.
    public var path: String { journal + "/" + Self.fileName }

    /// The fingerprint of the check that opens the journal, or nil when it is not marked.
    ///
    /// - Throws: `LockError.damaged` when the mark is there but cannot be read or says nothing
    ///   the lock understands: a mark that cannot be read keeps the journal shut, never open.
    public func fingerprint() throws -> String? {
        let store = DocumentStore(root: journal)
        // A link, a folder or anything else by that name counts as a mark too: shut, not open.
        guard store.exists(Self.fileName) else { return nil }
        guard let bytes = try? store.readBytes(Self.fileName) else {
            throw LockError.damaged("\(path) cannot be read")
        }
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("locked:") {
            let value = line.dropFirst("locked:".count).trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("sha256:"), value.count == 7 + 64 { return value }
        }
        throw LockError.damaged("\(path) does not say which passcode check opens the journal")
    }

    /// Marks the journal as locked with the check `fingerprint`, creating the folder (0700)
    /// if needed. In a versioned journal, also lists the file in `.git/info/exclude`.
    ///
    /// - Throws: `JournalError.storage` when the file cannot be written.
    public func write(fingerprint: String) throws {
        do {
            try AtomicFile.write(Array("\(Self.heading)\nlocked: \(fingerprint)\n".utf8), to: path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        excludeFromGit()
    }

    /// Removes the mark; no mark is not an error.
    ///
    /// - Throws: `JournalError.storage` when it cannot be removed.
    public func remove() throws {
        guard DocumentStore(root: journal).exists(Self.fileName) else { return }
        do {
            try AtomicFile.remove(path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }

    /// Lists the mark in the repository's own `.git/info/exclude` (never synced, never
    /// committed), so `git status` and `git add -A` leave it alone. Best effort: say itself
    /// never commits it either way.
    func excludeFromGit() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: journal + "/.git", isDirectory: &isFolder), isFolder.boolValue else { return }
        let exclude = journal + "/.git/info/exclude"
        let existing = (try? String(contentsOfFile: exclude, encoding: .utf8)) ?? ""
        let line = "/" + Self.fileName
        guard !existing.split(separator: "\n").contains(Substring(line)) else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + line + "\n"
        try? AtomicFile.write(Array(text.utf8), to: exclude)
    }
}
