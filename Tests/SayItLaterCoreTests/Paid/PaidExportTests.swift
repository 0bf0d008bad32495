import Foundation
import MarkdownStore
import SayItLaterCore
import TestSupport
import Testing

/// A journal in a fresh folder, with a fixed clock, for the paid-feature tests.
final class PaidJournal {
    let folder = TemporaryFolder("say-paid")
    var now = UTCTime.parseISO8601("2026-11-22T03:42:00Z")!
    lazy var journal: Journal = try! Journal(  // a fresh temporary folder is always usable
        folders: UserFolders(journal: folder.url("journal"), config: folder.url("config"), state: folder.url("state")),
        clock: { [unowned self] in self.now })

    /// Writes an entry file by hand, as a person with an editor might.
    func entry(_ id: String, _ date: String, feeling: String?, safety: Bool = false, _ text: String, name: String? = nil) throws {
        var front = "---\nid: \(id)\ndate: \(date)\n"
        if let feeling { front += "feeling: \(feeling)\n" }
        front += "safety: \(safety)\n---\n"
        try folder.write(front + text + "\n", to: "journal/entries/\(date.prefix(4))/\(name ?? id.prefix(8) + ".md")")
    }

    /// Every file under the journal with its bytes, to prove nothing changed.
    func snapshot() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in folder.files(under: "journal") { files[path] = try folder.read(path) }
        return files
    }
}

/// Entries whose text is hard to carry: commas, quotes, line breaks of both kinds, emoji, tabs,
/// markup, and a flagged one. Newest first, as export writes them.
func awkwardJournal() throws -> PaidJournal {
    let fixture = PaidJournal()
    try fixture.entry("11111111-0000-4000-8000-000000000001", "2026-09-03T08:00:00Z", feeling: "heavier", safety: true,
                      "I don't want to be here anymore.\nNot like this.")
    try fixture.entry("22222222-0000-4000-8000-000000000002", "2026-10-14T21:30:00Z", feeling: "same",
                      "She said, \"fine\", and left — again.\n\"Quoted\" line, with commas,, and ,\r\nCRLF too")
    try fixture.entry("33333333-0000-4000-8000-000000000003", "2026-11-01T12:00:00Z", feeling: nil,
                      "Emoji 🙂🌧️👩🏽‍🦱 and a\ttab and <b>markup</b> & 'apostrophes'")
    try fixture.entry("44444444-0000-4000-8000-000000000004", "2026-11-20T07:05:00Z", feeling: "lighter",
                      "\n\n  Leading blank lines, then words.  \n\n")
    return fixture
}

@Suite("Paid: export")
struct PaidExportTests {
    /// The entries as the journal reads them, newest first.
    func kept(_ journal: Journal) throws -> [Entry] {
        try journal.list().entries.map(journal.load)
    }

    @Test func jsonRoundTripsEveryField() throws {
        let fixture = try awkwardJournal()
        let before = try fixture.snapshot()
        let out = fixture.folder.url("export.json")
        let result = try fixture.journal.export(.json, to: out)
        #expect(result == ExportResult(count: 4, path: out, problems: []))
        #expect(try fixture.snapshot() == before)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(fixture.folder.read("export.json"))) as? [String: Any])
        #expect(Set(document.keys) == ["format", "version", "exported", "entries"])
        #expect(document["format"] as? String == "say-it-later-export")
        #expect(document["version"] as? Int == 1)
        #expect(document["exported"] as? String == "2026-11-22T03:42:00Z")
        let rows = try #require(document["entries"] as? [[String: Any]])
        let entries = try kept(fixture.journal)
        #expect(rows.count == entries.count)
        for (row, entry) in zip(rows, entries) {
            #expect(Set(row.keys) == ["id", "date", "feeling", "safety", "preview", "path", "text"])
            #expect(row["id"] as? String == entry.id.uuidString.lowercased())
            #expect(row["date"] as? String == UTCTime(entry.date).iso8601)
            #expect(row["feeling"] as? String == entry.feeling?.rawValue)
            #expect((row["feeling"] is NSNull) == (entry.feeling == nil))
            #expect(row["safety"] as? Bool == entry.safety)
            #expect(row["preview"] as? String == entry.summary.preview)
            #expect(row["path"] as? String == entry.path)
            #expect(row["text"] as? String == entry.text)
        }
        #expect(rows.map { $0["text"] as? String } == [
            "\n\n  Leading blank lines, then words.  \n\n",
            "Emoji 🙂🌧️👩🏽‍🦱 and a\ttab and <b>markup</b> & 'apostrophes'",
            "She said, \"fine\", and left — again.\n\"Quoted\" line, with commas,, and ,\r\nCRLF too",
            "I don't want to be here anymore.\nNot like this.",
        ])
        #expect(try fixture.folder.mode("export.json") == 0o600)
    }

    @Test func csvRoundTripsEveryField() throws {
        let fixture = try awkwardJournal()
        let before = try fixture.snapshot()
        try fixture.journal.export(.csv, to: fixture.folder.url("export.csv"))
        #expect(try fixture.snapshot() == before)
        let bytes = try fixture.folder.read("export.csv")
        #expect(bytes.prefix(3) != [0xEF, 0xBB, 0xBF])  // no byte-order mark
        let rows = try RFC4180.parse(String(decoding: bytes, as: UTF8.self))
        #expect(rows.first == ["id", "date", "feeling", "safety", "preview", "path", "text"])
        let entries = try kept(fixture.journal)
        #expect(rows.count == entries.count + 1)
        for (row, entry) in zip(rows.dropFirst(), entries) {
            #expect(row == [entry.id.uuidString.lowercased(), UTCTime(entry.date).iso8601, entry.feeling?.rawValue ?? "",
                            entry.safety ? "true" : "false", entry.summary.preview, entry.path, entry.text])
        }
    }

    @Test func csvIsExactlyRFC4180() throws {
        let entry = Entry(id: UUID(uuidString: "7F3C9A2E-5D7A-4C1E-9F3A-2B8D6E4F1A7C")!, text: "a, \"b\"\nc",
                          date: UTCTime.parseISO8601("2026-11-22T03:42:00Z")!, feeling: nil, safety: true,
                          path: "entries/2026/11/x.md")
        let header = #""id","date","feeling","safety","preview","path","text""# + "\r\n"
        let row = #""7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c","2026-11-22T03:42:00Z","","true","a, ""b""","entries/2026/11/x.md","a, ""b""\#nc""#
        #expect(ExportRendering.csv([entry]) == header + row + "\r\n")
    }

    @Test func markdownIsAJournalOfItsOwn() throws {
        let fixture = try awkwardJournal()
        let before = try fixture.snapshot()
        let result = try fixture.journal.export(.markdown, to: fixture.folder.url("export"))
        #expect(result.count == 4)
        #expect(try fixture.snapshot() == before)
        #expect(fixture.folder.files(under: "export") == [
            "export/entries/2026/11111111.md", "export/entries/2026/22222222.md",
            "export/entries/2026/33333333.md", "export/entries/2026/44444444.md",
        ])
        #expect(try fixture.folder.mode("export/entries/2026/11111111.md") == 0o600)
        #expect(try fixture.folder.mode("export/entries") == 0o700)
        let copy = try Journal(folders: UserFolders(journal: fixture.folder.url("export"), config: fixture.folder.url("c2"),
                                                    state: fixture.folder.url("s2")))
        #expect(try kept(copy) == kept(fixture.journal))
        #expect(String(decoding: try fixture.folder.read("export/entries/2026/33333333.md"), as: UTF8.self) == """
            ---
            id: 33333333-0000-4000-8000-000000000003
            date: 2026-11-01T12:00:00Z
            feeling: unknown
            safety: false
            ---
            Emoji 🙂🌧️👩🏽‍🦱 and a\ttab and <b>markup</b> & 'apostrophes'

            """)
    }

    @Test func htmlIsOneSelfContainedPage() throws {
        let entry = Entry(id: UUID(uuidString: "7F3C9A2E-5D7A-4C1E-9F3A-2B8D6E4F1A7C")!, text: "<script>alert(1)</script>\nsecond & \"third\"",
                          date: UTCTime.parseISO8601("2026-11-22T03:42:00Z")!, feeling: .lighter, safety: true, path: "entries/x.md")
        let page = ExportRendering.html([entry], exported: UTCTime.parseISO8601("2026-11-23T10:00:00Z")!,
                                        timeZone: TimeZone(identifier: "Europe/London")!)
        let body = page[page.range(of: "<body>\n")!.upperBound...]
        #expect(body == """
            <h1>Kept for later</h1>
            <p class="note">Say It Later · 1 entry · exported Mon 23 Nov 2026, 10:00. This page is private: keep it somewhere only you can reach.</p>
            <article class="card">
            <p class="meta"><time datetime="2026-11-22T03:42:00Z">Sun 22 Nov 2026, 03:42</time> · felt lighter</p>
            <div class="text">&lt;script&gt;alert(1)&lt;/script&gt;
            second &amp; &quot;third&quot;</div>
            <p class="support">Get support: Samaritans 116 123 · NHS 111 · Emergency services 999</p>
            </article>
            </body>
            </html>

            """)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"))
        let lowered = page.lowercased()
        for forbidden in ["<script", "src=", "href=", "@import", "url(", "http:", "https:"] {
            #expect(!lowered.contains(forbidden), "\(forbidden)")
        }
    }

    @Test func htmlShowsEveryEntryAndTheEmptyState() throws {
        let fixture = try awkwardJournal()
        try fixture.journal.export(.html, to: fixture.folder.url("page.html"), timeZone: TimeZone(identifier: "UTC")!)
        let page = String(decoding: try fixture.folder.read("page.html"), as: UTF8.self)
        #expect(page.components(separatedBy: "<article class=\"card\">").count == 5)
        #expect(page.components(separatedBy: "<p class=\"support\">").count == 2)
        #expect(page.contains("<p class=\"meta\"><time datetime=\"2026-11-01T12:00:00Z\">Sun 1 Nov 2026, 12:00</time></p>"))
        #expect(page.contains("Emoji 🙂🌧️👩🏽‍🦱 and a\ttab and &lt;b&gt;markup&lt;/b&gt; &amp; &#39;apostrophes&#39;"))
        let empty = ExportRendering.html([], exported: fixture.now, timeZone: TimeZone(identifier: "UTC")!)
        #expect(empty.contains("<p class=\"note\">Say It Later · 0 entries · exported Sun 22 Nov 2026, 03:42."))
        #expect(empty.contains("<p>Nothing kept yet.</p>\n</body>"))
    }

    @Test func jsonOfNothingIsAnEmptyList() throws {
        #expect(ExportRendering.json([], exported: UTCTime.parseISO8601("2026-11-22T03:42:00Z")!) == """
            {
              "format": "say-it-later-export",
              "version": 1,
              "exported": "2026-11-22T03:42:00Z",
              "entries": []
            }

            """)
    }

    @Test func exportNeverWritesIntoTheJournal() throws {
        let fixture = try awkwardJournal()
        let before = try fixture.snapshot()
        let journal = fixture.folder.url("journal")
        for (format, path) in [(ExportFormat.markdown, journal), (.json, journal + "/export.json"), (.markdown, journal + "/entries/x"),
                               (.csv, fixture.folder.path + "/./journal/../journal/x.csv")] {
            #expect(throws: ExportError.insideJournal(path: URL(fileURLWithPath: path).standardizedFileURL.path)) {
                try fixture.journal.export(format, to: path)
            }
        }
        // A link that leads into the journal counts as inside it.
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.url("link"), withDestinationPath: journal)
        #expect(throws: ExportError.insideJournal(path: fixture.folder.url("link/x.json"))) {
            try fixture.journal.export(.json, to: fixture.folder.url("link/x.json"))
        }
        #expect(try fixture.snapshot() == before)
        #expect(ExportError.insideJournal(path: "/j").errorDescription == "/j is inside the journal folder; choose a place outside it")
    }

    @Test func exportReplacesOnlyWhenAsked() throws {
        let fixture = try awkwardJournal()
        try fixture.folder.write("precious", to: "out.csv")
        #expect(throws: ExportError.exists(path: fixture.folder.url("out.csv"))) {
            try fixture.journal.export(.csv, to: fixture.folder.url("out.csv"))
        }
        #expect(try fixture.folder.read("out.csv") == Array("precious".utf8))
        try fixture.journal.export(.csv, to: fixture.folder.url("out.csv"), replacing: true)
        #expect(try fixture.folder.read("out.csv") != Array("precious".utf8))

        try fixture.folder.write("x", to: "full/other.txt")
        #expect(throws: ExportError.folderNotEmpty(path: fixture.folder.url("full"))) {
            try fixture.journal.export(.markdown, to: fixture.folder.url("full"))
        }
        #expect(fixture.folder.files(under: "full") == ["full/other.txt"])
        #expect(throws: ExportError.exists(path: fixture.folder.url("full"))) {
            try fixture.journal.export(.json, to: fixture.folder.url("full"), replacing: true)
        }
        #expect(ExportError.exists(path: "/o").errorDescription == "/o already exists; choose another path, or add --force to replace it")
        #expect(ExportError.folderNotEmpty(path: "/o").errorDescription
            == "/o is a folder that is not empty; choose a new or empty folder, or add --force to write into it")
    }

    @Test func progressCountsEveryEntryAndUnreadableFilesAreReported() throws {
        let fixture = try awkwardJournal()
        try fixture.folder.write("---\nfeeling: [oops\n---\nbroken\n", to: "journal/entries/broken.md")
        var seen: [String] = []
        let result = try fixture.journal.export(.json, to: fixture.folder.url("e.json")) { seen.append("\($0)/\($1)") }
        #expect(seen == ["1/4", "2/4", "3/4", "4/4"])
        #expect(result.count == 4)
        #expect(result.problems.map(\.relativePath) == ["entries/broken.md"])
    }
}

/// An independent RFC 4180 reader, so the CSV is checked by something other than its writer.
enum RFC4180 {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false, wasQuoted = false
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !wasQuoted else { throw Malformed() }
                quoted = true
                wasQuoted = true
            case ",":
                row.append(field)
                field = ""
                wasQuoted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                wasQuoted = false
            default:
                guard !wasQuoted else { throw Malformed() }
                field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted, row.isEmpty, field.isEmpty else { throw Malformed() }
        return rows
    }
}
