import Foundation
import TestSupport
import Testing

/// What a new person meets in their first hour with the command line, through the real `say`.
@Suite("First hour: the command line")
struct FirstHourCommandTests {
    let home = TemporaryFolder("say-first-hour")
    var journal: String { home.url("journal") }

    func say(_ arguments: [String], input: String? = nil, environment: [String: String] = [:],
             workingDirectory: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path,
                          environment: ["TZ": "UTC"].merging(environment) { $1 }, workingDirectory: workingDirectory)
    }

    func keep(_ text: String, feeling: String = "lighter") throws -> [String: Any] {
        let run = try say(["write", "--journal", journal, "--keep", "--json", "--feeling", feeling], input: text)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    func json(_ run: SayRun) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    // MARK: Options before the command

    @Test func theReadmeExampleWithTheJournalBeforeTheCommand() throws {
        try FileManager.default.createDirectory(atPath: home.url("copy/Examples"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ExampleJournalTests.examples, toPath: home.url("copy/Examples/journal"))
        // Verbatim, from the folder the README assumes (the repository's root, here a copy).
        let run = try say(["--journal", "Examples/journal", "history"], workingDirectory: home.url("copy"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout.contains("I keep rehearsing the conversation with my sister"))
    }

    @Test func theJournalMayComeBeforeAnyCommand() throws {
        let other = home.url("other")
        #expect(try say(["--journal", journal, "write", "--keep"], input: "before the command").status == 0)
        #expect(try say(["--journal=\(other)", "write", "--keep"], input: "with an equals sign").status == 0)
        #expect(try say(["history", "--journal", journal]).stdout.contains("before the command"))
        #expect(try say(["--journal", journal, "show", "1"]).stdout.contains("before the command"))
        #expect(try say(["--journal=\(other)", "history", "--json"]).stdout.contains("with an equals sign"))
        // Given twice, the one after the command wins, as with any option given later.
        let both = try say(["--journal", other, "history", "--journal", journal])
        #expect(both.stdout.contains("before the command") && !both.stdout.contains("equals sign"))
        // Nested commands too.
        #expect(try say(["--journal", journal, "git", "status"]).stdout == "Versioning is off. `say git on` turns it on.\n")
    }

    @Test func appOptionsBeforeAnotherCommandAreAClearUsageError() throws {
        let run = try say(["--plain", "history"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--plain belongs to the app (`say` on its own), not to `say history`"))
        let editor = try say(["--journal", journal, "--editor", "show", "1"])
        #expect(editor.status == 2)
        #expect(editor.stderr.contains("--editor belongs to the app"))
    }

    @Test func appOptionsBeforeTheAppWorkWithoutAScreen() throws {
        // Not on a terminal: plain mode reads the writing and the answers from standard input.
        let run = try say(["--journal", journal, "--plain"], input: "said before the app\n.\n2\n1\n\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try say(["history", "--journal", journal]).stdout.contains("said before the app"))
        let app = try say(["--plain", "--journal", journal, "app"], input: "")
        #expect(app.status == 0, "\(app.stderr)")
    }

    // MARK: Confirmations

    @Test func keptLetGoAndClosedAllSayWhatHappenedOnStandardOutput() throws {
        let kept = try say(["write", "--journal", journal, "--keep"], input: "one")
        #expect(kept.stdout.hasPrefix("Kept for later ("))
        #expect(kept.stderr == "")
        let gone = try say(["write", "--journal", journal, "--let-go"], input: "two")
        #expect(gone.stdout == "Let go. It's gone for good.\n")
        #expect(gone.stderr == "")
        let closed = try say(["write", "--journal", journal, "--close"], input: "three")
        #expect(closed.stdout == "Closed. Nothing was saved.\n")
        #expect(closed.stderr == "")
        // With --json only the kept entry is printed; nothing else lands in the JSON stream.
        #expect(try say(["write", "--journal", journal, "--close", "--json"], input: "four").stdout == "")
        let letGo = try say(["let-go", "1", "--yes", "--journal", journal])
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
    }

    // MARK: show --path

    @Test func showPathPrintsWhereTheFileIs() throws {
        let kept = try keep("find my file")
        let run = try say(["show", "1", "--path", "--journal", journal])
        #expect(run.status == 0)
        #expect(run.stdout == journal + "/" + (kept["path"] as? String ?? "?") + "\n")
        #expect(FileManager.default.fileExists(atPath: String(run.stdout.dropLast())))
        #expect(try say(["show", "1", "--path", "--json", "--journal", journal]).status == 2)
        let unknown = try say(["show", "9", "--path", "--journal", journal])
        #expect(unknown.status == 1)
        #expect(unknown.stdout == "")
    }

    // MARK: Dates people already write

    @Test(arguments: [
        ("2026-11-22 10:00:00 +0100", "UTC", "2026-11-22T09:00:00Z"),  // a YAML timestamp, Jekyll's default
        ("2026-11-22 10:00:00 -05:00", "UTC", "2026-11-22T15:00:00Z"),
        ("2026-11-22T10:00:00+0530", "UTC", "2026-11-22T04:30:00Z"),
        ("2026-11-22t10:00:00.5Z", "UTC", "2026-11-22T10:00:00Z"),
        ("2026-1-2 3:04:05 Z", "UTC", "2026-01-02T03:04:05Z"),
        ("2026-11-22 10:00:00 -5", "UTC", "2026-11-22T15:00:00Z"),
        ("2026-11-22 10:00", "UTC", "2026-11-22T10:00:00Z"),
        ("2026-11-22 10:00:00", "Asia/Tokyo", "2026-11-22T01:00:00Z"),  // no zone: the person's own
        ("2026-11-22T10:00:00", "America/New_York", "2026-11-22T15:00:00Z"),
        ("2026-07-01 10:00", "Europe/London", "2026-07-01T09:00:00Z"),  // summer time
        ("2026-11-22", "Asia/Tokyo", "2026-11-21T15:00:00Z"),  // a day: its start, where the person is
        ("1795000000", "UTC", "2026-11-18T11:06:40Z"),  // seconds since 1970
        ("1795000000.5", "UTC", "2026-11-18T11:06:40Z"),
        ("1795000000000", "UTC", "2026-11-18T11:06:40Z"),  // milliseconds
        ("'2026-11-22 10:00:00 +0100'", "UTC", "2026-11-22T09:00:00Z"),  // quoted in YAML
    ])
    func datesPeopleAlreadyWriteAreRead(_ written: String, _ zone: String, _ expected: String) throws {
        try home.write("---\ndate: \(written)\nfeeling: same\n---\nDated by hand\n", to: "journal/entries/by-hand.md")
        let run = try say(["history", "--json", "--journal", journal], environment: ["TZ": zone])
        #expect(run.stderr == "", "\(written)")
        #expect(try json(run).first?["date"] as? String == expected, "\(written)")
    }

    @Test func aDateThatCannotBeReadIsReportedAndTheEntryStillLists() throws {
        try home.write("---\ndate: next tuesday\nfeeling: same\n---\nVague about when\n", to: "journal/entries/vague.md")
        try home.write("---\ndate: 2026-13-45 10:00\n---\nNo such day\n", to: "journal/entries/2026/11/2026-11-20T091500Z-0a0b0c0d.md")
        try home.write("---\ndate: 2026\n---\nOnly a year\n", to: "journal/entries/year.md")
        let pinned = Date(timeIntervalSince1970: 1_795_000_000)
        for name in ["vague.md", "year.md"] {
            try FileManager.default.setAttributes([.modificationDate: pinned], ofItemAtPath: home.url("journal/entries/" + name))
        }
        let run = try say(["history", "--journal", journal])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Vague about when") && run.stdout.contains("No such day") && run.stdout.contains("Only a year"))
        #expect(run.stderr == """
            3 files are listed, but part of them could not be read:
              entries/2026/11/2026-11-20T091500Z-0a0b0c0d.md: the date could not be read (write it as 2026-11-22T03:42:00Z); it is dated by its file name
              entries/vague.md: the date could not be read (write it as 2026-11-22T03:42:00Z); it is dated by when it was last changed
              entries/year.md: the date could not be read (write it as 2026-11-22T03:42:00Z); it is dated by when it was last changed

            """)
        let dates = try json(try say(["history", "--json", "--journal", journal])).map { $0["date"] as? String ?? "" }
        #expect(dates.contains("2026-11-20T09:15:00Z"))
        #expect(dates.filter { $0 == "2026-11-18T11:06:40Z" }.count == 2)
        // show says the same about the one it shows.
        let show = try say(["show", "vague", "--journal", journal])
        #expect(show.stderr.isEmpty || show.status == 1)  // "vague" is not an id; find it by number instead
        let number = try json(try say(["history", "--json", "--journal", journal])).firstIndex { ($0["path"] as? String) == "entries/vague.md" }
        let shown = try say(["show", "\(try #require(number) + 1)", "--journal", journal])
        #expect(shown.status == 0)
        #expect(shown.stderr == "say: entries/vague.md: the date could not be read (write it as 2026-11-22T03:42:00Z); it is dated by when it was last changed\n")
    }

    // MARK: history and show agree

    @Test(arguments: [
        "  \u{00A0}Starts with a no-break space\n",
        "First\u{2028}still the first line for both\n",
        "Form\u{0C}feed and a vertical\u{0B}tab\n",
        "Next line\u{85}character\n",
        "\u{FEFF}A zero-width no-break space\n",
        "\r\n\r\n  After blank CRLF lines\r\n",
        "Lone\rcarriage return\n",
        String(repeating: "é", count: 200) + "\n",
        String(repeating: "👩‍👩‍👧", count: 170) + "\n",
    ])
    func historyAndShowGiveTheSamePreview(_ body: String) throws {
        try home.write("---\nid: 0a0a0a0a-0000-4000-8000-000000000000\n---\n" + body, to: "journal/entries/odd.md")
        let listed = try json(try say(["history", "--json", "--journal", journal])).first?["preview"] as? String
        let shown = try say(["show", "0a0a0a0a", "--json", "--journal", journal])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(listed != nil)
        #expect(object["preview"] as? String == listed)
    }

    @Test func aFenceOnTheReadBoundaryReadsTheSameInHistoryAndShow() throws {
        // A `---` line that starts where the listing's first read of 16 KiB ends.
        let head = "---\nid: 0b0b0b0b-0000-4000-8000-000000000000\nnote: \""
        let padding = String(repeating: "x", count: 16 * 1024 - head.utf8.count - 2)
        try home.write(head + padding + "\"\n---\nThe body after a long front matter\n", to: "journal/entries/long.md")
        let listed = try json(try say(["history", "--json", "--journal", journal]))
        #expect(listed.first?["preview"] as? String == "The body after a long front matter")
        let shown = try say(["show", "0b0b0b0b", "--json", "--journal", journal])
        #expect(shown.stdout.contains("\"text\":\"The body after a long front matter\""))
    }

    // MARK: Terminal control characters in files

    @Test func jsonKeepsControlCharactersEscaped() throws {
        try home.write("---\nid: 0c0c0c0c-0000-4000-8000-000000000000\n---\nTitle\u{1B}]0;owned\u{07} and \u{1B}[2J\n", to: "journal/entries/esc.md")
        let history = try say(["history", "--json", "--journal", journal])
        #expect(history.stdout.contains(#"Title\u001b]0;owned\u0007 and \u001b[2J"#))
        #expect(!history.stdout.contains("\u{1B}"))
        // Written to a pipe, the text is passed on exactly (a script gets what the file holds).
        let shown = try say(["show", "1", "--journal", journal])
        #expect(shown.stdout.contains("Title\u{1B}]0;owned\u{07}"))
    }

    // MARK: Files that would hang or leak library words

    @Test func anAliasBombUsedAsAKeyIsReportedAtOnce() throws {
        var lines = ["---", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1 ... 9 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        lines += ["? *a9", ": laughs", "feeling: same", "---", "The laughing file", ""]
        try home.write(lines.joined(separator: "\n"), to: "journal/entries/laughs.md")
        _ = try keep("kept before the bomb")
        let started = Date()
        let run = try say(["history", "--journal", journal], environment: ["SAY_LOCK_TIMEOUT": "1"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(run.status == 0)
        #expect(run.stdout.contains("kept before the bomb"))
        #expect(run.stderr.contains("entries/laughs.md: line 2, column 1: the front matter is not valid YAML: its aliases expand to more than 100000 values"))
        // The journal is not held: a keep goes through at once.
        #expect(try say(["write", "--keep", "--journal", journal], input: "after the bomb", environment: ["SAY_LOCK_TIMEOUT": "1"]).status == 0)
    }

    @Test(arguments: [
        ("? " + String(repeating: "? ", count: 1200) + "x\n", "nested too deeply"),
        ("? [a, b]\n: 1\n? [a, b]\n: 2\n", "a key appears more than once"),
        ("k: \"\\xZZ\"\n", "line 2"),
    ])
    func parserMessagesAreInPlainWords(_ yaml: String, _ expected: String) throws {
        try home.write("---\n" + yaml + "---\nx\n", to: "journal/entries/odd.md")
        let run = try say(["history", "--journal", journal])
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        for leaked in ["yaml_", "()", "<uncovertable>", "Parser:", "YamlError"] {
            #expect(!run.stderr.contains(leaked), "\(run.stderr)")
        }
    }

    // MARK: Privacy basics

    @Test func everythingSayAndGitMakeIsTheirOwnersAlone() throws {
        // The test runner's umask lets others read; say's must not.
        #expect(try say(["init", "--git", "--journal", journal]).status == 0)
        _ = try keep("private words")
        let walker = FileManager.default.enumerator(atPath: journal)
        var checked = 0
        while let item = walker?.nextObject() as? String {
            let mode = try home.mode("journal/" + item)
            #expect(mode & 0o077 == 0, "\(item) is \(String(mode, radix: 8))")
            checked += 1
        }
        #expect(checked > 10)  // the git objects, index, refs and config among them
        #expect(try home.mode("journal") == 0o700)
    }

    @Test func aJournalFolderMadeByHandBecomesTheOwnersAlone() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        #expect(try home.mode("journal") == 0o755)
        #expect(try say(["history", "--journal", journal]).status == 0)
        #expect(try home.mode("journal") == 0o700)
    }

    @Test func anEntriesFolderThatIsALinkIsNeverFollowed() throws {
        try home.write("---\nid: 0d0d0d0d-0000-4000-8000-000000000000\n---\nOUTSIDE-WORDS\n", to: "elsewhere/2026/11/outside.md")
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.url("journal/entries"), withDestinationPath: home.url("elsewhere"))
        let history = try say(["history", "--journal", journal])
        #expect(!history.stdout.contains("OUTSIDE-WORDS"))
        #expect(history.stderr == "1 file in the journal could not be read:\n  entries: a symbolic link; say never follows links\n")
        let keep = try say(["write", "--keep", "--journal", journal], input: "must not land outside")
        #expect(keep.status == 1)
        #expect(keep.stderr.contains("a symbolic link; say never follows links"))
        #expect(home.files(under: "elsewhere") == ["elsewhere/2026/11/outside.md"])
        let letGo = try say(["let-go", "0d0d0d0d", "--yes", "--journal", journal])
        #expect(letGo.status == 1)
        #expect(FileManager.default.fileExists(atPath: home.url("elsewhere/2026/11/outside.md")))
    }

    @Test(arguments: [false, true])
    func aFileNamedWithALineBreakCanBeLetGo(versioned: Bool) throws {
        if versioned { #expect(try say(["init", "--git", "--journal", journal]).status == 0) }
        _ = try keep("kept by say")
        try home.write("named oddly, on purpose\n", to: "journal/entries/two\nlines.md")
        let listed = try json(try say(["history", "--json", "--journal", journal]))
        let number = try #require(listed.firstIndex { ($0["path"] as? String) == "entries/two\nlines.md" }) + 1
        let letGo = try say(["let-go", "\(number)", "--yes", "--journal", journal])
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.url("journal/entries/two\nlines.md")))
        #expect(try say(["history", "--journal", journal]).stdout.contains("kept by say"))
        if versioned {
            let objects = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal)
            #expect(!objects.output.contains("named oddly"))
            #expect(try git(["fsck", "--full"], in: journal).status == 0)
        }
    }
}
