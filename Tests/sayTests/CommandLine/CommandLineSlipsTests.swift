import Foundation
import Testing
import TestSupport

/// Small things a new user meets on the command line, through the real `say`: a mistyped
/// command, an alias's help, a lock file that is a link, and text that could reorder a line.
@Suite("say, small slips")
struct CommandLineSlipsTests {
    let home = TemporaryFolder("say-slips")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path, environment: ["TZ": "UTC"])
    }

    @Test func aMistypedCommandGetsTheNearestOne() throws {
        let typo = try say("histroy")
        #expect(typo.status == 2)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "Error: Unknown command 'histroy'. Did you mean 'history'?\n  See 'say --help' for help.\n")
        let far = try say("zzzzzz")
        #expect(far.status == 2)
        #expect(far.stderr.hasPrefix("Error: Unknown command 'zzzzzz'. The commands are: app, write, history, show, edit, let-go,"))
        // After the journal option too, and never for a real command or its alias.
        #expect(try say("--journal", journal, "shwo", "1").stderr.hasPrefix("Error: Unknown command 'shwo'. Did you mean 'show'?"))
        #expect(try say("delete", "1", "--yes", "--journal", journal).stderr.hasPrefix("say: there is no journal at"))
    }

    @Test func theAliasSaysWhatItIsAnotherNameFor() throws {
        let help = try say("delete", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").contains("`say delete` is another name for `say let-go`"))
    }

    /// A `.say-lock` that is a link (restored by a backup tool, say) is never followed, and the
    /// message says what it is and what to do.
    @Test func aLockFileThatIsALinkIsNamed() throws {
        #expect(try say("write", "--journal", journal, "--feeling", "same", "--keep", input: "first").status == 0)
        try FileManager.default.removeItem(atPath: journal + "/.say-lock")
        try home.write("x\n", to: "elsewhere")
        try FileManager.default.createSymbolicLink(atPath: journal + "/.say-lock", withDestinationPath: home.url("elsewhere"))
        let keep = try say("write", "--journal", journal, "--feeling", "same", "--keep", input: "second")
        #expect(keep.status == 1)
        #expect(keep.stderr == "say: could not keep your entry: \(journal)/.say-lock is a symbolic link, and say never follows links, "
            + "so the journal cannot be locked; remove it (say makes a new one; it holds nothing) and try again\n")
        #expect(try home.read("elsewhere") == Array("x\n".utf8))
    }

    /// Bidirectional overrides and isolates from a file never reach the terminal as themselves:
    /// they would reorder the rest of say's line.
    @Test func bidiControlsFromAFileAreShownAsReplacements() throws {
        try home.write("---\nid: cccccccc-0000-4000-8000-000000000005\ndate: 2026-11-24T10:00:00Z\nfeeling: heavier\n---\n"
            + "fine \u{202E} yhtlaeh \u{2066} bd24\n", to: "journal/entries/2026/11/2026-11-24T100000Z-cccccccc.md")
        let terminal = try PseudoTerminal(arguments: ["history", "--journal", journal],
                                          environment: SayBinary.environment(home: home.path, extra: ["TZ": "UTC"]))
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.output.contains("fine \u{FFFD} yhtlaeh \u{FFFD} bd24"))
        #expect(!terminal.output.contains("\u{202E}"))
        #expect(!terminal.output.contains("\u{2066}"))
        // Written to a pipe, the text is passed on exactly.
        #expect(try say("history", "--journal", journal).stdout.contains("fine \u{202E} yhtlaeh \u{2066} bd24"))
    }
}
