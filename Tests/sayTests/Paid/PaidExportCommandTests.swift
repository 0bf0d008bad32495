import Foundation
import TestSupport
import Testing

@Suite("Paid: say export")
struct PaidExportCommandTests {
    /// Text that is hard to carry through CSV, JSON and HTML.
    static let texts = [
        "Commas, \"quotes\", and \"\"doubled\"\" quotes,,",
        "Line one\nLine two\n\nLine four, after a blank",
        "Emoji 🙂🌧️ and 👩🏽‍🦱, accents é ñ ü, and <b>not bold</b> & more",
        "A tab\there and a last line",
    ]

    /// A session with the paid features unlocked and the awkward texts kept (newest last).
    func session() throws -> PaidSession {
        let session = try PaidSession()
        try session.unlock()
        for (index, text) in Self.texts.enumerated() {
            try session.keep(text, feeling: ["lighter", "same", "heavier", nil][index])
        }
        return session
    }

    /// What `say show --json` says of every entry, newest first: the journal's own view.
    func shown(_ session: PaidSession) throws -> [[String: Any]] {
        let history = try session.say("history", "--json")
        let summaries = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        return try summaries.map { summary in
            let show = try session.say("show", "--json", try #require(summary["id"] as? String))
            return try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        }
    }

    @Test func jsonAndCSVRoundTripWhatWasKept() throws {
        let session = try session()
        let before = try session.snapshot()
        let expected = try shown(session)
        #expect(expected.count == 4)
        #expect(Set(expected.compactMap { $0["text"] as? String }) == Set(Self.texts))

        let json = try session.say("export", "--format", "json", "--out", session.home.url("out.json"))
        #expect(json.status == 0)
        #expect(json.stdout == "Exported 4 entries to \(session.home.url("out.json")).\n")
        #expect(json.stderr == "")  // no progress line off a terminal
        let document = try #require(try JSONSerialization.jsonObject(with: Data(session.home.read("out.json"))) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == expected.count)
        for (entry, original) in zip(entries, expected) {
            #expect(Set(entry.keys) == Set(original.keys))
            for field in ["id", "date", "feeling", "preview", "path", "text"] {
                #expect(entry[field] as? String == original[field] as? String, "\(field)")
                #expect((entry[field] is NSNull) == (original[field] is NSNull), "\(field)")
            }
            #expect(entry["safety"] as? Bool == original["safety"] as? Bool)
        }

        let relative = try SayBinaryInFolder.run(session, ["export", "--format", "csv", "--out", "relative.csv"], in: session.home.path)
        #expect(relative.stdout == "Exported 4 entries to \(session.home.url("relative.csv")).\n")
        let rows = try CSVReader.rows(String(decoding: session.home.read("relative.csv"), as: UTF8.self))
        #expect(rows.first == ["id", "date", "feeling", "safety", "preview", "path", "text"])
        #expect(rows.count == expected.count + 1)
        for (row, original) in zip(rows.dropFirst(), expected) {
            #expect(row == [original["id"] as? String, original["date"] as? String, (original["feeling"] as? String) ?? "",
                            (original["safety"] as? Bool) == true ? "true" : "false", original["preview"] as? String,
                            original["path"] as? String, original["text"] as? String].map { $0 ?? "<missing>" })
        }
        #expect(try session.home.mode("relative.csv") == 0o600)
        #expect(try session.snapshot() == before)
    }

    @Test func markdownIsAFolderOfTheEntryFiles() throws {
        let session = try session()
        let before = try session.snapshot()
        let run = try session.say("export", "--format", "markdown", "--out", session.home.url("backup"))
        #expect(run.status == 0)
        #expect(session.home.files(under: "backup").map { String($0.dropFirst("backup/".count)) }
            == session.home.files(under: "journal").map { String($0.dropFirst("journal/".count)) })
        let copy = try SayBinary.run(["history", "--json", "--journal", session.home.url("backup")], home: session.home.path,
                                     environment: session.environment)
        #expect(copy.stdout == (try session.say("history", "--json")).stdout)
        #expect(try session.snapshot() == before)
        let again = try session.say("export", "--format", "markdown", "--out", session.home.url("backup"))
        #expect(again.status == 1)
        #expect(again.stderr == "say: could not export: \(session.home.url("backup")) is a folder that is not empty; choose a new or empty folder, or add --force to write into it\n")
    }

    @Test func theHTMLPagePrintsEveryEntryInARealBrowser() throws {
        let session = try session()
        let flagged = "I want to kill myself. I can't do this anymore."
        try session.keep(flagged, feeling: "heavier")
        let page = session.home.url("journal.html")
        let run = try session.say("export", "--format", "html", "--out", page)
        #expect(run.status == 0)
        let html = String(decoding: try session.home.read("journal.html"), as: UTF8.self)
        #expect(html.contains("<p class=\"support\">Get support: Samaritans 116 123 · NHS 111 · Emergency services 999</p>"))

        let chromium = try #require(Self.executable(["chromium", "chromium-browser", "google-chrome"]),
                                    "a headless browser is needed: scripts/install-dependencies --tests installs chromium")
        let pdf = session.home.url("journal.pdf")
        let printed = try PaidSession.run(chromium, [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-pdf-header-footer", "--user-data-dir=" + session.home.url("chromium"),
            "--print-to-pdf=" + pdf, URL(fileURLWithPath: page).absoluteString,
        ], environment: ["HOME": session.home.path, "PATH": "/usr/bin:/bin"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let pdftotext = try #require(Self.executable(["pdftotext"]), "pdftotext (poppler-utils) is needed")
        // -raw keeps the page's own text order (emoji come from another font, which the
        // default layout mode moves around).
        let text = try PaidSession.run(pdftotext, ["-raw", "-enc", "UTF-8", pdf, "-"])
        #expect(text.status == 0)
        // Compare without white space, since the page wraps lines where it likes.
        let onPaper = Self.withoutSpace(text.stdout)
        for entry in Self.texts + [flagged] {
            #expect(onPaper.contains(Self.withoutSpace(entry)), "\(entry) not found in:\n\(text.stdout)")
        }
        #expect(onPaper.contains(Self.withoutSpace("Get support: Samaritans 116 123")))
        #expect(onPaper.contains(Self.withoutSpace("Kept for later")))
        #expect(text.stdout.components(separatedBy: "felt heavier").count == 3)
    }

    @Test func theProgressLineShowsOnlyOnATerminal() throws {
        let session = try PaidSession()
        try session.unlock()
        for index in 0 ..< 250 {
            let id = String(format: "%08x-0000-4000-8000-000000000000", index + 1)
            try session.home.write("---\nid: \(id)\ndate: 2026-10-01T10:00:00Z\nfeeling: same\nsafety: false\n---\nentry \(index)\n",
                                   to: "journal/entries/2026/10/\(id.prefix(8)).md")
        }
        let quiet = try session.say("export", "--format", "csv", "--out", session.home.url("quiet.csv"))
        #expect(quiet.stderr == "")
        let terminal = try session.sayOnTerminal(["export", "--format", "csv", "--out", session.home.url("loud.csv")])
        #expect(try terminal.waitForExit(timeout: 60) == 0)
        #expect(terminal.output.contains("Exporting 250 of 250…"))
        #expect(terminal.output.hasSuffix("\r\u{1B}[KExported 250 entries to \(session.home.url("loud.csv")).\r\n"))
        #expect(try session.home.read("loud.csv") == session.home.read("quiet.csv"))
    }

    @Test func theOutputMustBeOutsideTheJournalAndNew() throws {
        let session = try session()
        let inside = try session.say("export", "--format", "json", "--out", session.journal + "/all.json")
        #expect(inside.status == 1)
        #expect(inside.stderr == "say: could not export: \(session.journal)/all.json is inside the journal folder; choose a place outside it\n")
        try session.home.write("keep me", to: "taken.json")
        let taken = try session.say("export", "--format", "json", "--out", session.home.url("taken.json"))
        #expect(taken.status == 1)
        #expect(taken.stderr == "say: could not export: \(session.home.url("taken.json")) already exists; choose another path, or add --force to replace it\n")
        #expect(try session.home.read("taken.json") == Array("keep me".utf8))
        #expect(try session.say("export", "--format", "json", "--out", session.home.url("taken.json"), "--force").status == 0)
        let unknown = try session.say("export", "--format", "pdf", "--out", "x")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Error: The value 'pdf' is invalid for '--format <markdown|json|csv|html>'"))
    }

    static func withoutSpace(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    static func executable(_ names: [String]) -> String? {
        for name in names {
            for folder in ["/usr/bin", "/usr/local/bin", "/bin", "/snap/bin", "/opt/homebrew/bin"] {
                let path = folder + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }
}

/// Runs `say` from a chosen working folder, to check relative `--out` paths.
enum SayBinaryInFolder {
    static func run(_ session: PaidSession, _ arguments: [String], in folder: String) throws -> SayRun {
        try SayBinary.run(arguments, home: session.home.path, environment: session.environment, workingDirectory: folder)
    }
}

/// An RFC 4180 reader for the test, independent of the code that writes the CSV.
enum CSVReader {
    struct Malformed: Error {}

    static func rows(_ text: String) throws -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var inQuotes = false
        while let scalar = scalars.popFirst() {
            switch (inQuotes, scalar) {
            case (true, "\""):
                if scalars.first == "\"" {
                    scalars.removeFirst()
                    field.unicodeScalars.append("\"")
                } else {
                    inQuotes = false
                }
            case (true, _):
                field.unicodeScalars.append(scalar)
            case (false, "\""):
                guard field.isEmpty else { throw Malformed() }
                inQuotes = true
            case (false, ","):
                row.append(field)
                field = ""
            case (false, "\r"):
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            default:
                throw Malformed()  // every field is quoted, so nothing may stand outside quotes
            }
        }
        guard !inQuotes, row.isEmpty, field.isEmpty else { throw Malformed() }
        return rows
    }
}
