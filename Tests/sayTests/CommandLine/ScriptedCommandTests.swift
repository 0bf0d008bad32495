import Foundation
import TestSupport
import Testing

/// The real `say` binary, run the way scripts run it: arguments, stdin, stdout, stderr, status.
@Suite("say, scripted")
struct ScriptedCommandTests {
    let home = TemporaryFolder("say-cli")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path, environment: ["TZ": "UTC"].merging(environment) { $1 })
    }

    @Test func writeKeepThenHistoryShowAndLetGo() throws {
        let written = try say("write", "--journal", journal, "--feeling", "lighter", "--keep", "--json", input: "I said it, finally.\nTo the page.\n")
        #expect(written.status == 0)
        #expect(written.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "date", "feeling", "safety", "preview", "path", "text"])
        #expect(object["feeling"] as? String == "lighter")
        #expect(object["safety"] as? Bool == false)
        #expect(object["text"] as? String == "I said it, finally.\nTo the page.")
        #expect(object["preview"] as? String == "I said it, finally.")
        let path = try #require(object["path"] as? String)
        let id = try #require(object["id"] as? String)
        #expect(path.hasPrefix("entries/") && path.hasSuffix("-\(id.prefix(8)).md"))
        #expect(home.files(under: "journal") == ["journal/" + path])

        let history = try say("history", "--journal", journal, "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["id"] as? String == id)
        #expect(array.first?["text"] == nil)

        let shown = try say("show", "--journal", journal, String(id.prefix(6)))
        #expect(shown.status == 0)
        #expect(shown.stdout.hasSuffix("\n\nI said it, finally.\nTo the page.\n"))

        let letGo = try say("let-go", "--journal", journal, "1", "--yes")
        #expect(letGo.status == 0)
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(letGo.stderr == "")
        #expect(home.files(under: "journal") == [])
    }

    @Test func versionIsTheSameAnswerWhereverItIsAsked() throws {
        for arguments in [["--version"], ["write", "--version"], ["--journal", journal, "--version"], ["history", "--version"]] {
            let run = try SayBinary.run(arguments, home: home.path)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout == "0.1.0\n", "\(arguments)")
            #expect(run.stderr == "", "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    @Test func historyCardsAreExact() throws {
        try home.write("---\nid: 11111111-0000-4000-8000-000000000001\ndate: 2026-11-20T09:15:00Z\nfeeling: heavier\nsafety: true\n---\nThe heavy one\nmore\n", to: "journal/entries/2026/11/a.md")
        try home.write("---\nid: 22222222-0000-4000-8000-000000000002\ndate: 2026-11-21T10:30:00Z\nfeeling: same\nsafety: false\n---\nThe newer one\n", to: "journal/entries/2026/11/b.md")
        let history = try say("history", "--journal", journal)
        #expect(history.status == 0)
        #expect(history.stdout == """
            1  The newer one
               Sat 21 Nov 2026, 10:30 · felt the same

            2  The heavy one
               Fri 20 Nov 2026, 09:15 · felt heavier · Get support: say support

            """)
        #expect(history.stderr == "")
    }

    @Test func emptyHistoryIsAThoughtfulEmptyState() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        let history = try say("history", "--journal", journal)
        #expect(history.status == 0)
        #expect(history.stdout == "Nothing kept yet.\nWhen you keep something you wrote, it waits for you here.\n")
        #expect(try say("history", "--journal", journal, "--json").stdout == "[]\n")
    }

    @Test func brokenFilesAreReportedAfterTheListing() throws {
        try home.write("---\nfeeling: same\n---\nStill here\n", to: "journal/entries/2026/11/good.md")
        try home.write("---\nfeeling: [oops\n---\nsecret words\n", to: "journal/entries/2026/11/bad.md")
        let history = try say("history", "--journal", journal)
        #expect(history.status == 0)
        #expect(history.stdout.hasPrefix("1  Still here\n"))
        #expect(history.stderr == """
            1 file in the journal could not be read:
              entries/2026/11/bad.md: line 3, column 1: the front matter is not valid YAML: did not find expected ',' or ']'

            """)
        #expect(!history.stderr.contains("secret"))
    }

    @Test func onlyBrokenFilesIsAFailure() throws {
        try home.write("---\nno closing fence\n", to: "journal/entries/x.md")
        let history = try say("history", "--journal", journal)
        #expect(history.status == 1)
        #expect(history.stdout == "")
        #expect(history.stderr.hasPrefix("1 file in the journal could not be read:\n  entries/x.md: "))
    }

    @Test func emptyTextIsRefused() throws {
        let run = try say("write", "--journal", journal, "--keep", input: "  \n\n")
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not write: there is nothing to keep: the text is empty\n")
        #expect(home.files() == [])
    }

    @Test func writeNeedsExactlyOneChoice() throws {
        for arguments in [["write", "--text", "x"], ["write", "--text", "x", "--keep", "--close"]] {
            let run = try SayBinary.run(arguments, home: home.path)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: choose exactly one of --keep, --let-go or --close\nUsage: say write"))
        }
    }

    @Test func letGoAndCloseSaveNothing() throws {
        for choice in ["--let-go", "--close"] {
            let run = try say("write", "--journal", journal, "--feeling", "heavier", choice, input: "not kept")
            #expect(run.status == 0)
        }
        #expect(home.files() == [])
    }

    @Test func unknownEntriesAreClearErrors() throws {
        #expect(try say("write", "--journal", journal, "--keep", "--text", "one").status == 0)
        let show = try say("show", "--journal", journal, "7")
        #expect(show.status == 1)
        #expect(show.stderr == "say: could not show the entry: no entry matches \"7\"; `say history` lists them with their numbers and ids\n")
        let letGo = try say("let-go", "--journal", journal, "zzzz", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr == "say: could not let the entry go: no entry matches \"zzzz\"; `say history` lists them with their numbers and ids\n")
        #expect(home.files(under: "journal").count == 1)
    }

    @Test func letGoOffATerminalNeedsYes() throws {
        #expect(try say("write", "--journal", journal, "--keep", "--text", "one").status == 0)
        let run = try say("let-go", "--journal", journal, "1")
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not let the entry go: confirm with --yes when not on a terminal\n")
        #expect(home.files(under: "journal").count == 1)
        #expect(try say("delete", "--journal", journal, "1", "-y").status == 0)
        #expect(home.files(under: "journal").isEmpty)
    }

    @Test func journalComesFromTheEnvironmentWhenNotGiven() throws {
        #expect(try say("write", "--keep", "--text", "in the default place").status == 0)
        #expect(home.files(under: "data").count == 1)
        #expect(try say("write", "--keep", "--text", "chosen by variable", environment: ["SAY_JOURNAL": home.url("elsewhere")]).status == 0)
        #expect(home.files(under: "elsewhere").count == 1)
    }

    @Test func aJournalThatIsAFileIsAClearError() throws {
        try home.write("not a folder", to: "file")
        let run = try say("history", "--journal", home.url("file"))
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not open the journal: the journal folder \(home.url("file")) cannot be used: it is a file, not a folder\n")
    }

    @Test func supportShowsTheResources() throws {
        let run = try say("support")
        #expect(run.status == 0)
        #expect(run.stdout == """
            If you want to talk to someone (UK)

              Samaritans 116 123
                free, any time, day or night
              NHS 111
                when you need help that isn't an emergency
              Emergency services 999
                if you are in danger now

            These are free and confidential. What you write here stays on this computer.

            """)
    }

    @Test func theEditorSettingIsRemembered() throws {
        #expect(try say("settings").stdout == "Writing in your own editor: off\n")
        #expect(try say("settings", "--editor", "on").stdout == "Writing in your own editor: on\n")
        #expect(try say("settings").stdout == "Writing in your own editor: on\n")
        #expect(try say("settings", "--editor", "off").stdout == "Writing in your own editor: off\n")
        #expect(try say("settings", "--editor", "maybe").status == 2)
    }

    @Test func helpTeachesTheExitStatuses() throws {
        let run = try say("--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("EXIT STATUS\n  0    done\n  1    could not do what was asked"))
        #expect(run.stdout.contains("  2    the command line was not understood"))
        #expect(!run.stdout.contains("debug"))
        // Every line of the section fits 80 columns, and a line that goes on is indented under
        // its meaning, never wrapped back to the margin.
        let section = run.stdout.components(separatedBy: "EXIT STATUS\n")[1].components(separatedBy: "\n\n")[0]
        for line in section.split(separator: "\n") {
            #expect(line.count <= 80)
            #expect(line.hasPrefix("  "), "\(line)")
        }
        #expect(section.contains("\n       a file that could not be written)"))
    }

    @Test func writeHelpWarnsAboutShellHistory() throws {
        let run = try say("write", "--help")
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Prefer standard input: text given here lands in your shell history."))
    }
}
