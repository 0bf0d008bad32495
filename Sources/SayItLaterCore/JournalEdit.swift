import Foundation
import MarkdownStore

/// What came of an edit made in the person's own editor (`say edit`).
public enum EditOutcome: Equatable, Sendable {
    /// The file was left as it was.
    case unchanged
    /// The edit was saved (and, in a versioned journal, committed).
    case saved(Entry)
    /// The entry's file changed while the editor was open (another edit, a hand edit, a
    /// sync): the edit was saved, and the file as it had become is kept as a new entry (the
    /// same bytes but a new `id:` line, the same date), as sync keeps an entry changed on
    /// two computers.
    case savedBesideChange(Entry, copyID: String)
    /// The entry was let go while the editor was open: nothing was written, so it stays gone.
    case letGo
}

extension Journal {
    /// An entry's file as it is on disk, front matter and all, for editing.
    ///
    /// - Throws: `JournalError.storage` when it cannot be read, or is not UTF-8 text.
    public func fileText(of summary: EntrySummary) throws -> String {
        let bytes = try storage { try store.readBytes(summary.path) }
        _ = try storage { try FrontMatterDocument.parse(bytes, path: summary.path) }  // text, and readable
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The full path of an entry's file.
    public func absolutePath(of summary: EntrySummary) -> String {
        store.absolutePath(summary.path)
    }

    /// Saves an entry's file as the person edited it.
    ///
    /// The edited text must read back (front matter and all), or nothing is written. The
    /// `safety` flag follows the edited words, as if they had just been kept (without the
    /// support screen). In a versioned journal the edit is committed as `Edit <id>`, with no
    /// words of the entry.
    ///
    /// `original` is the file as it was when the edit began (``fileText(of:)``). When the file
    /// is gone by now, the entry was let go meanwhile and nothing is written (``EditOutcome/letGo``);
    /// when it holds something else, both are kept (``EditOutcome/savedBesideChange(_:copyID:)``).
    ///
    /// - Throws: `JournalError.storage` when the edit does not read (the reason names the
    ///   line), is too long, or cannot be written; nothing is changed then.
    public func edit(_ summary: EntrySummary, from original: String? = nil, to edited: String) throws -> EditOutcome {
        let bytes = Array(edited.utf8)
        guard bytes.count <= Self.longestText + DirectoryScanner.frontMatterLimit else {
            throw JournalError.textTooLong(limit: Self.longestText)
        }
        var document = try storage { try FrontMatterDocument.parse(bytes, path: summary.path) }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        var info = stat()
        if original != nil, lstat(store.absolutePath(summary.path), &info) != 0, errno == ENOENT { return .letGo }
        let existing = try? store.readBytes(summary.path)
        let concerning = needsSupport(EntryFile.entry(from: document, path: summary.path, modified: summary.date).text)
        let recorded = EntryFile.entry(from: document, path: summary.path, modified: summary.date).safety
        if concerning != recorded { document = document.setting("safety", to: concerning ? "true" : "false") }
        let rendered = Array(document.rendered().utf8)
        // Written as the person left it, except for the safety line.
        let final = concerning != recorded ? rendered : bytes
        if existing == final { return .unchanged }
        // Changed since the edit began: what it became is kept as a new entry first, so the
        // write below loses nothing.
        var copy: GitSyncCopy?
        if let original, existing != Array(original.utf8) {
            guard let existing else { throw JournalError.storage(.io(path: summary.path, operation: "read the file", errno: EIO)) }
            let made = SyncConflictCopy.entry(at: summary.path, bytes: existing)
            if (try? store.readBytes(made.path)) != made.bytes {
                guard !store.exists(made.path) else {
                    throw JournalError.storage(.io(path: made.path, operation: "keep the changed entry as a copy", errno: EEXIST))
                }
                try storage { try store.writeBytes(made.bytes, to: made.path) }
                record(made.path, message: made.message)
            }
            copy = made
        }
        try storage { try store.writeBytes(final, to: summary.path) }
        record(summary.path, message: "Edit " + EntryFile.tag(forPath: summary.path))
        let saved = try storage { try store.read(summary.path) }
        let entry = EntryFile.entry(from: saved, path: summary.path, modified: summary.date)
        if let copy { return .savedBesideChange(entry, copyID: EntryFile.tag(forPath: copy.path)) }
        return .saved(entry)
    }
}
