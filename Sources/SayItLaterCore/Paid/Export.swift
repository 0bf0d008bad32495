import Foundation
import MarkdownStore

/// The formats `say export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A folder laid out like a journal: `entries/YYYY/MM/<name>.md`, one file per entry.
    case markdown
    /// One JSON document with every field of every entry.
    case json
    /// RFC 4180 CSV, UTF-8, one row per entry.
    case csv
    /// One self-contained printable web page.
    case html
}

/// What an export did.
public struct ExportResult: Sendable, Equatable {
    /// The entries written.
    public let count: Int
    /// The file or folder written.
    public let path: String
    /// Files in the journal that could not be read, and so are not in the export.
    public let problems: [ScanProblem]

    public init(count: Int, path: String, problems: [ScanProblem]) {
        self.count = count
        self.path = path
        self.problems = problems
    }
}

/// Why an export could not be written, in the person's words.
public enum ExportError: Error, Equatable, Sendable, LocalizedError {
    /// The output is inside the journal, where it would become part of it.
    case insideJournal(path: String)
    /// Something is already at the output path.
    case exists(path: String)
    /// A Markdown export needs an empty or new folder.
    case folderNotEmpty(path: String)

    public var errorDescription: String? {
        switch self {
        case let .insideJournal(path):
            return "\(path) is inside the journal folder; choose a place outside it"
        case let .exists(path):
            return "\(path) already exists; choose another path, or add --force to replace it"
        case let .folderNotEmpty(path):
            return "\(path) is a folder that is not empty; choose a new or empty folder, or add --force to write into it"
        }
    }
}

extension Journal {
    /// Exports every entry that can be read, newest first. The journal is only read: export
    /// never changes, adds or removes an entry.
    ///
    /// - Parameters:
    ///   - format: what to write.
    ///   - path: an absolute path outside the journal: a file, or for Markdown a folder.
    ///   - replacing: write over an existing file, or into a folder that is not empty.
    ///   - timeZone: the time zone dates are shown in on the HTML page.
    ///   - progress: called after each entry is read, with (done, total).
    /// - Returns: how many entries were written, and the files that could not be read.
    /// - Throws: `ExportError` for an unusable output path, `JournalError.storage` when an entry
    ///   cannot be read or the output cannot be written.
    @discardableResult
    public func export(_ format: ExportFormat, to path: String, replacing: Bool = false, timeZone: TimeZone = .current,
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> ExportResult {
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        try checkOutsideJournal(target)
        try checkFree(target, folder: format == .markdown, replacing: replacing)
        let listing = list()
        var entries: [Entry] = []
        entries.reserveCapacity(listing.entries.count)
        for (index, summary) in listing.entries.enumerated() {
            entries.append(try load(summary))
            progress(index + 1, listing.entries.count)
        }
        do {
            switch format {
            case .markdown:
                try AtomicFile.makeFolders(target)
                let output = DocumentStore(root: target)
                for entry in entries { try output.write(EntryFile.document(for: entry), to: entry.path) }
            case .json:
                try AtomicFile.write(Array(ExportRendering.json(entries, exported: clock()).utf8), to: target)
            case .csv:
                try AtomicFile.write(Array(ExportRendering.csv(entries).utf8), to: target)
            case .html:
                try AtomicFile.write(Array(ExportRendering.html(entries, exported: clock(), timeZone: timeZone).utf8), to: target)
            }
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        return ExportResult(count: entries.count, path: target, problems: listing.problems)
    }

    private func checkOutsideJournal(_ target: String) throws {
        func resolved(_ path: String) -> String {
            // Resolve links on the part that exists, so a link into the journal is caught too.
            var existing = URL(fileURLWithPath: path)
            var rest: [String] = []
            while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
                rest.insert(existing.lastPathComponent, at: 0)
                existing.deleteLastPathComponent()
            }
            var url = existing.resolvingSymlinksInPath()
            for part in rest { url.appendPathComponent(part) }
            return url.standardizedFileURL.path
        }
        let journalPath = resolved(folders.journal)
        let targetPath = resolved(target)
        if targetPath == journalPath || targetPath.hasPrefix(journalPath.hasSuffix("/") ? journalPath : journalPath + "/") {
            throw ExportError.insideJournal(path: target)
        }
    }

    private func checkFree(_ target: String, folder: Bool, replacing: Bool) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { return }
        if folder && isFolder.boolValue {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
            if !contents.isEmpty && !replacing { throw ExportError.folderNotEmpty(path: target) }
            return
        }
        if isFolder.boolValue || !replacing { throw ExportError.exists(path: target) }
    }
}

/// The file formats as text: pure functions, so each is tested on its own.
public enum ExportRendering {
    /// The columns of the CSV header, and the keys of each JSON entry, in order.
    public static let fields = ["id", "date", "feeling", "safety", "preview", "path", "text"]

    /// One JSON document (RFC 8259):
    /// `{"format": "say-it-later-export", "version": 1, "exported": DATE, "entries": [...]}`,
    /// each entry shaped like `say show --json`.
    public static func json(_ entries: [Entry], exported: Date) -> String {
        var out = "{\n  \"format\": \"say-it-later-export\",\n  \"version\": 1,\n"
        out += "  \"exported\": \"" + UTCTime(exported).iso8601 + "\",\n  \"entries\": ["
        out.reserveCapacity(entries.reduce(200) { $0 + $1.text.utf8.count + 300 })
        for (index, entry) in entries.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            out += "{\"id\":\"" + entry.id.uuidString.lowercased() + "\""
            out += ",\"date\":\"" + UTCTime(entry.date).iso8601 + "\""
            out += ",\"feeling\":" + (entry.feeling.map { "\"" + $0.rawValue + "\"" } ?? "null")
            out += ",\"safety\":" + (entry.safety ? "true" : "false")
            out += ",\"preview\":"
            appendJSONString(entry.summary.preview, to: &out)
            out += ",\"path\":"
            appendJSONString(entry.path, to: &out)
            out += ",\"text\":"
            appendJSONString(entry.text, to: &out)
            out += "}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// RFC 4180 CSV: a header row, then one row per entry; every field quoted, quotes doubled,
    /// rows ended by CRLF. Line breaks inside the text are kept as written. `feeling` is empty
    /// when none was recorded; `safety` is `true` or `false`.
    public static func csv(_ entries: [Entry]) -> String {
        var out = fields.map(quoted).joined(separator: ",") + "\r\n"
        for entry in entries {
            let row = [entry.id.uuidString.lowercased(), UTCTime(entry.date).iso8601, entry.feeling?.rawValue ?? "",
                       entry.safety ? "true" : "false", entry.summary.preview, entry.path, entry.text]
            out += row.map(quoted).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// One printable page: no scripts, no external files (a content security policy forbids
    /// both), a card per entry with its date, feeling and full text, and the support line on
    /// flagged entries.
    public static func html(_ entries: [Entry], exported: Date, timeZone: TimeZone) -> String {
        let dates = CardDate(timeZone: timeZone)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(Copy.appName) — \(Copy.historyHeading)</title>
            <style>
            body { font-family: Georgia, "Times New Roman", serif; color: #222; background: #fff; line-height: 1.5; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
            h1 { font-weight: normal; font-size: 1.6rem; margin: 0 0 .25rem; }
            .note { color: #666; font-size: .9rem; margin: 0 0 1.5rem; }
            .card { border: 1px solid #ccc; border-radius: 8px; padding: 1rem 1.25rem; margin: 0 0 1rem; break-inside: avoid; page-break-inside: avoid; }
            .meta { color: #666; font-size: .85rem; margin: 0 0 .5rem; }
            .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
            .support { color: #444; font-size: .85rem; border-top: 1px solid #eee; margin: .75rem 0 0; padding-top: .5rem; }
            @media print { body { margin: 0 auto; } }
            </style>
            </head>
            <body>
            <h1>\(Copy.historyHeading)</h1>

            """
        out += "<p class=\"note\">\(escaped(Copy.exportPageNote(count: entries.count, exported: dates.card(exported))))</p>\n"
        if entries.isEmpty {
            out += "<p>\(escaped(Copy.historyEmpty[0]))</p>\n"
        }
        for entry in entries {
            out += "<article class=\"card\">\n<p class=\"meta\"><time datetime=\"\(UTCTime(entry.date).iso8601)\">"
            out += escaped(dates.card(entry.date)) + "</time>"
            if let feeling = entry.feeling { out += " · felt " + escaped(feeling.displayName) }
            out += "</p>\n<div class=\"text\">" + escaped(entry.text) + "</div>\n"
            if entry.safety { out += "<p class=\"support\">" + escaped(Copy.exportSupportLine) + "</p>\n" }
            out += "</article>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static func quoted(_ field: String) -> String {
        "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text safe inside HTML elements and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal, by the one escaper every JSON output uses (``JSONText``).
    static func appendJSONString(_ value: String, to out: inout String) {
        out += JSONText.quoted(value)
    }
}

/// Dates the way history cards show them: "Sun 22 Nov 2026, 03:42", in a given time zone.
struct CardDate {
    private let formatter: DateFormatter

    init(timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
    }

    func card(_ date: Date) -> String { formatter.string(from: date) }
}
