#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What a person was writing when they pressed Ctrl-C (or Ctrl-Z), or the process was told to
/// stop: kept as the draft, and say tells the truth about it. The real `say` binary on a real
/// pseudo-terminal, so the terminal's own line discipline is in play.
@Suite("Interactive interrupted writing", .serialized)
struct InterruptedWritingTests {
    static let ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlZ = "\u{1A}"

    final class Session {
        let folder = TemporaryFolder("say-interrupt")

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            SayBinary.environment(home: folder.path, extra: ["TERM": "xterm-256color"].merging(extra) { $1 })
        }

        func start(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> PseudoTerminal {
            try PseudoTerminal(arguments: arguments, environment: environment(extra))
        }

        func welcomed() throws {
            try folder.write("", to: "config/say-it-later/welcomed")
        }

        var draft: String? {
            (try? folder.read("state/say-it-later/draft.txt")).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    // MARK: say write at a terminal

    @Test func ctrlCInSayWriteAtATerminalKeepsTheWordsAsTheDraft() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["write", "--keep"])
        try terminal.waitForOutput("Write, then press Ctrl-D on an empty line to finish.")
        terminal.send("a whole paragraph quokka1\rand a second line quokka2\r")
        terminal.pump(for: 0.3)
        terminal.send("still typing quokka3")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(terminal.isCooked)
        #expect(terminal.output.contains("What you were writing is saved as a draft. It will be here next time."))
        #expect(session.draft == "a whole paragraph quokka1\nand a second line quokka2\nstill typing quokka3")

        let next = try session.start(["--plain"])
        try next.waitForOutput("You have something you were writing before.\r\n“a whole paragraph quokka1")
        next.send("/quit\r")
        _ = try next.waitForExit()
    }

    @Test func sigtermInSayWriteAddsToADraftAlreadyThere() throws {
        let session = Session()
        try session.welcomed()
        try session.folder.write("an older draft", to: "state/say-it-later/draft.txt")
        let terminal = try session.start(["write", "--keep"])
        try terminal.waitForOutput("Write, then press Ctrl-D on an empty line to finish.")
        terminal.send("new words\r")
        terminal.pump(for: 0.3)
        terminal.signal(SIGTERM)
        #expect(try terminal.waitForExit() == 128 + SIGTERM)
        #expect(session.draft == "an older draft\n\nnew words")
    }

    @Test func sayWriteAtATerminalStillKeepsOnCtrlD() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["write", "--keep"])
        try terminal.waitForOutput("Write, then press Ctrl-D on an empty line to finish.")
        terminal.send("kept words\rline two\r")
        terminal.pump(for: 0.2)
        terminal.send(Self.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.output.contains("Kept"))
        #expect(session.draft == nil)
        let files = session.folder.files(under: "data/say-it-later")
        let file = String(decoding: try session.folder.read(try #require(files.first)), as: UTF8.self)
        #expect(file.contains("---\nkept words\nline two"))
    }

    // MARK: say --plain: the line being typed

    @Test func ctrlCInPlainModeKeepsTheLineBeingTyped() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("a finished line moose61\r")
        try terminal.waitUntil("the draft to hold the finished line") { _ in session.draft == "a finished line moose61" }
        terminal.send("the line I am still typing lynx62")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(terminal.isCooked)
        #expect(terminal.output.contains("What you were writing is saved as a draft."))
        #expect(session.draft == "a finished line moose61\nthe line I am still typing lynx62")
    }

    /// Ctrl-\ (SIGQUIT) in line mode leaves as Ctrl-C does: the draft is kept and said to be,
    /// with no crash report.
    @Test func ctrlBackslashInPlainModeKeepsTheDraftQuietly() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("a line before quitting newtQ\r")
        try terminal.waitUntil("the draft to hold the line") { _ in session.draft == "a line before quitting newtQ" }
        terminal.send("\u{1C}")
        #expect(try terminal.waitForExit() == 128 + SIGQUIT)
        #expect(terminal.isCooked)
        #expect(!terminal.output.contains("crashed"))
        #expect(terminal.output.contains("What you were writing is saved as a draft."))
        #expect(session.draft == "a line before quitting newtQ")
    }

    /// As with `cat`: the first Ctrl-D hands over the unfinished line, the second ends the
    /// writing.
    @Test func twoCtrlDAfterAnUnfinishedLineFinishTheWriting() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("line A seal70\r")
        try terminal.waitUntil("the draft to hold the finished line") { _ in session.draft == "line A seal70" }
        terminal.send("partial B")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlD)
        terminal.pump(for: 0.3)
        let mark = terminal.mark
        terminal.send(Self.ctrlD)
        try terminal.waitForOutput("How do you feel now?", after: mark)
        terminal.send("2\r")
        try terminal.waitForOutput("What would you like to do with it?", after: mark)
        terminal.send("1\r")
        try terminal.waitForOutput("Kept.", after: mark)
        terminal.send(Self.ctrlC)
        _ = try terminal.waitForExit()
        let kept = try #require(session.folder.files(under: "data/say-it-later/entries").first)
        #expect(String(decoding: try session.folder.read(kept), as: UTF8.self).hasSuffix("---\nline A seal70\npartial B\n"))
    }

    @Test func ctrlZInPlainModeKeepsTheLineBeingTypedAcrossTheStop() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("half a line")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlZ)
        terminal.pump(for: 0.5)
        terminal.signal(SIGCONT)
        terminal.pump(for: 0.3)
        terminal.send(" and the rest\r")
        try terminal.waitUntil("the draft to hold the whole line") { _ in session.draft == "half a line and the rest" }
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
    }

    // MARK: say --editor

    /// An editor that leaves the terminal raw when it is killed (as Vim does on SIGTERM): say
    /// keeps what it saved, and puts the terminal back as it was.
    @Test func sigtermWhileARawEditorIsOpenLeavesTheTerminalAsItWas() throws {
        let session = Session()
        try session.welcomed()
        let editor = session.folder.url("raw-editor")
        try "#!/bin/sh\nprintf 'written in the editor marten2' > \"$1\"\nstty raw -echo\nprintf 'the editor is raw\\n'\nexec sleep 30\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let terminal = try session.start(["--editor"], environment: ["EDITOR": editor])
        try terminal.waitForOutput("the editor is raw")
        #expect(!terminal.isCooked)
        terminal.signal(SIGTERM)
        #expect(try terminal.waitForExit() == 143)
        #expect(terminal.isCooked)
        #expect(session.draft == "written in the editor marten2")
    }

    // MARK: A draft that could not be written

    @Test func ctrlCWhenTheDraftCannotBeWrittenNeverClaimsItWasSaved() throws {
        let session = Session()
        try session.welcomed()
        // The state folder cannot be made: a file stands where its parent should be.
        try session.folder.write("", to: "blocked")
        let terminal = try session.start(environment: ["XDG_STATE_HOME": session.folder.url("blocked/state")])
        try terminal.waitForScreen("What do you need to say right now?")
        terminal.type(["words I do not want to lose wasp05"])
        try terminal.waitForScreen("wasp05")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(!terminal.output.contains("saved as a draft. It will be here next time."))
        #expect(terminal.output.contains("could not be saved as a draft"))
    }

    @Test func ctrlCInPlainModeWhenTheDraftCannotBeWrittenNeverClaimsItWasSaved() throws {
        let session = Session()
        try session.welcomed()
        try session.folder.write("", to: "blocked")
        let terminal = try session.start(["--plain"], environment: ["XDG_STATE_HOME": session.folder.url("blocked/state")])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("a line\r")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(!terminal.output.contains("saved as a draft. It will be here next time."))
        #expect(terminal.output.contains("could not be saved as a draft"))
    }
}

/// The first launch: words typed before the writing screen are the start of the writing.
@Suite("Interactive first launch keeps early words", .serialized)
struct FirstLaunchEarlyWordsTests {
    @Test func keysTypedWhileTheNameShowsOnTheFirstLaunchStartTheWriting() throws {
        let session = InterruptedWritingTests.Session()
        let terminal = try session.start()
        try terminal.waitForScreen("Say It Later")
        terminal.send("early words heron12")
        try terminal.waitForScreen("1  Start writing")
        terminal.pump(for: 0.3)
        terminal.send("\r")
        try terminal.waitForScreen("What do you need to say right now?")
        try terminal.waitForScreen("early words heron12")
        try terminal.waitUntil("the draft to hold the early words") { _ in session.draft == "early words heron12" }
        terminal.send(InterruptedWritingTests.ctrlC)
        #expect(try terminal.waitForExit() == 130)
    }

    @Test func aFirstLineTypedAtThePlainWelcomeStartsTheWriting() throws {
        let session = InterruptedWritingTests.Session()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("Press Enter to start writing.")
        terminal.send("I start straight away heron21\rand a second line heron22\r")
        try terminal.waitUntil("the draft to hold both lines") { _ in
            session.draft == "I start straight away heron21\nand a second line heron22"
        }
        terminal.send(InterruptedWritingTests.ctrlC)
        #expect(try terminal.waitForExit() == 130)
    }
}
