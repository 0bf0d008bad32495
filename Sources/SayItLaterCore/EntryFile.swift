import Foundation
import MarkdownStore

/// How an entry is written as a front-matter document, and read back from one.
///
/// The format, documented in the README:
/// ```
/// ---
/// id: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c
/// date: 2026-11-22T03:42:00Z
/// feeling: lighter
/// safety: false
/// ---
/// The text, exactly as written.
/// ```
/// Reading is forgiving: a missing or invalid value never hides the entry.
enum EntryFile {
    static let folder = "entries"

    /// The 8 hex digits that name a file in commit messages: from a sharded file name, else a
    /// hash of the path (never a word of the name, which a person may have typed).
    static func tag(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let parsed = ShardedPath.parse(fileName: name), parsed.tag.count == 8,
           parsed.tag.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            return parsed.tag
        }
        return UUID.derived(fromPath: path).shortID
    }

    static func path(for id: UUID, date: Date) -> String {
        ShardedPath.make(folder: folder, date: date, tag: id.shortID)
    }

    /// `2026-11-22T03:42:00Z`, with milliseconds (`…:00.125Z`) when the time has them, so
    /// entries kept in the same second still list in the order they were kept.
    static func dateText(_ date: Date) -> String {
        let whole = UTCTime(date).iso8601
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) - Int(date.timeIntervalSince1970.rounded(.down)) * 1000
        guard milliseconds > 0 else { return whole }
        let digits = String(milliseconds)  // 1 to 999, padded to three digits
        return String(whole.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// A new document for an entry, or `existing` updated so its unknown keys survive.
    static func document(for entry: Entry, updating existing: FrontMatterDocument? = nil) -> FrontMatterDocument {
        var document = existing ?? FrontMatterDocument(body: "")
        document = document
            .setting("id", to: entry.id.lowercasedString)
            .setting("date", to: dateText(entry.date))
            .setting("feeling", to: entry.feeling?.rawValue ?? "unknown")
            .setting("safety", to: entry.safety ? "true" : "false")
        // One line ending is added for editors; reading removes exactly one, so text round-trips.
        document.body = entry.text + "\n"
        return document
    }

    static func entry(from document: FrontMatterDocument, path: String, modified: Date) -> Entry {
        var text = document.body
        if text.hasSuffix("\r\n") { text.removeLast() } else if text.hasSuffix("\n") { text.removeLast() }
        return Entry(
            id: id(document.fields, path: path),
            text: text,
            date: date(document.fields, path: path, modified: modified).date,
            feeling: document.fields["feeling"].flatMap(Feeling.init(text:)),
            safety: safety(document.fields),
            path: path)
    }

    /// The summary of a listed file, and a note when one of its fields could not be read.
    static func summary(from document: DocumentSummary) -> (EntrySummary, note: ScanProblem?) {
        let (date, note) = date(document.fields, path: document.relativePath, modified: document.modified)
        let summary = EntrySummary(
            id: id(document.fields, path: document.relativePath),
            date: date,
            feeling: document.fields["feeling"].flatMap(Feeling.init(text:)),
            safety: safety(document.fields),
            preview: document.firstLine,
            path: document.relativePath)
        return (summary, note.map { ScanProblem(relativePath: document.relativePath, reason: $0) })
    }

    /// The front-matter keys a listing reads, in the order ``summary(from:)-(DocumentView)`` asks for them.
    static let listedKeys = ["id", "date", "feeling", "safety"]

    /// The summary of a listed file, read from the scan's view of it (on the scan's thread),
    /// and a note when one of its fields could not be read. Reads the same as
    /// ``summary(from:)-(DocumentSummary)`` does from all the fields.
    @Sendable static func summary(from document: DocumentView) -> (EntrySummary, note: ScanProblem?) {
        let path = document.relativePath
        let id = document.withValue(0) { $0.flatMap(UUID.init(canonicalUTF8:)) } ?? UUID.derived(fromPath: path)
        let (date, note) = document.withValue(1) { text -> (Date, String?) in
            if let text, let date = WrittenDate.parse(text, timeZone: { .current }) { return (date, nil) }
            return undated(written: text.map { String(decoding: $0, as: UTF8.self) }, path: path, modified: document.modified)
        }
        let feeling = document.withValue(2) { text -> Feeling? in
            guard let text else { return nil }
            if text.elementsEqual("lighter".utf8) { return .lighter }
            if text.elementsEqual("same".utf8) { return .same }
            if text.elementsEqual("heavier".utf8) { return .heavier }
            return Feeling(text: String(decoding: text, as: UTF8.self))
        }
        let safety = document.withValue(3) { text -> Bool in
            guard let text else { return false }
            guard text.allSatisfy({ $0 < 0x80 }) else { return isSafetyTrue(String(decoding: text, as: UTF8.self)) }
            func isWord(_ word: StaticString) -> Bool {
                word.withUTF8Buffer { lower in
                    lower.count == text.count && zip(lower, text).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
                }
            }
            return isWord("true") || isWord("yes") || isWord("on")
        }
        let summary = EntrySummary(id: id, date: date, feeling: feeling, safety: safety, preview: document.firstLine, path: path)
        return (summary, note.map { ScanProblem(relativePath: path, reason: $0) })
    }

    private static func id(_ fields: [String: String], path: String) -> UUID {
        fields["id"].flatMap(UUID.init(canonical:)) ?? UUID.derived(fromPath: path)
    }

    /// The `date` field (see `WrittenDate` for the forms read), else the date in the file name,
    /// else the file's modification time; with a note when a `date` was there but unreadable.
    static func date(_ fields: [String: String], path: String, modified: Date) -> (date: Date, note: String?) {
        if let text = fields["date"], let date = WrittenDate.parse(text, timeZone: .current) { return (date, nil) }
        return undated(written: fields["date"], path: path, modified: modified)
    }

    /// The date of a file whose `date` field is missing or unreadable (`written`): from its
    /// name, else its modification time; with a note when a `date` was written.
    private static func undated(written: String?, path: String, modified: Date) -> (date: Date, note: String?) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let fromName = ShardedPath.parse(fileName: name)?.date
        guard let text = written, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return (fromName ?? modified, nil) }
        return (fromName ?? modified, Copy.unreadableDate(datedByName: fromName != nil))
    }

    private static func safety(_ fields: [String: String]) -> Bool {
        fields["safety"].map(isSafetyTrue) ?? false
    }

    private static func isSafetyTrue(_ text: String) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        default: return false
        }
    }
}
