#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// The real `say` binary on a real pseudo-terminal, driven by keys as a person would.
@Suite("Interactive end-to-end", .serialized)
struct InteractiveEndToEndTests {
    static let ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlK = "\u{0B}", escape = "\u{1B}"
    static let home = "\u{1B}[H", up = "\u{1B}[A", down = "\u{1B}[B", backspace = "\u{7F}"

    /// A home folder of its own, and `say` started in it.
    final class Session {
        let folder = TemporaryFolder("say-pty")

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            SayBinary.environment(home: folder.path, extra: ["TERM": "xterm-256color"].merging(extra) { $1 })
        }

        func start(_ arguments: [String] = [], rows: Int = 24, columns: Int = 80,
                   environment extra: [String: String] = [:]) throws -> PseudoTerminal {
            try PseudoTerminal(arguments: arguments, environment: environment(extra), rows: rows, columns: columns)
        }

        /// Starts `say` and waits for the writing screen, welcoming on the way if asked to.
        func startWriting(rows: Int = 24, columns: Int = 80) throws -> PseudoTerminal {
            let terminal = try start(rows: rows, columns: columns)
            try terminal.waitForScreen("What do you need to say right now?")
            return terminal
        }

        /// Marks the welcome as seen, so a test can go straight to writing.
        func welcomed() throws {
            try folder.write("", to: "config/say-it-later/welcomed")
        }

        var entryFiles: [String] { folder.files(under: "data/say-it-later") }

        func entryText(_ relative: String) throws -> String {
            String(decoding: try folder.read(relative), as: UTF8.self)
        }

        var draftExists: Bool { FileManager.default.fileExists(atPath: folder.url("state/say-it-later/draft.txt")) }
    }

    /// Asserts the terminal is back to normal: main screen, cursor shown, no bracketed paste,
    /// and the line discipline cooked again (canonical input, echo, signals).
    private func expectRestored(_ terminal: PseudoTerminal) {
        #expect(!terminal.screen.isAlternate)
        #expect(terminal.screen.isCursorVisible)
        #expect(!terminal.screen.isBracketedPaste)
        #expect(terminal.isCooked)
    }

    @Test func firstLaunchShowsTheWelcomeOnceAndNeverAgain() throws {
        let session = Session()
        let first = try session.start()
        try first.waitForScreen("A private place to say what you can't yet")
        try first.waitForScreen("1  Start writing")
        #expect(first.screen.text.contains("Nothing you write leaves this computer."))
        first.send("\r")
        try first.waitForScreen("What do you need to say right now?")
        first.send(Self.ctrlC)
        #expect(try first.waitForExit() == 130)

        let second = try session.start()
        try second.waitForScreen("What do you need to say right now?")
        #expect(!second.output.contains("Start writing"))
        second.send(Self.ctrlC)
        #expect(try second.waitForExit() == 130)
    }

    @Test func anyKeySkipsTheSplash() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start()
        try terminal.waitForScreen("Say It Later")
        let started = Date()
        terminal.send(" ")
        try terminal.waitForScreen("What do you need to say right now?")
        #expect(Date().timeIntervalSince(started) < 0.9)
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    @Test func writeThreeLinesJoinTwoKeepReadAndGoBack() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.type(["one", "\r", "two", "\r", "three"])
        try terminal.waitForScreen("three")
        terminal.type([Self.home, Self.backspace])
        try terminal.waitForScreen("twothree")
        #expect(terminal.screen.lines[3] == "    one")
        #expect(terminal.screen.lines[4] == "    twothree")

        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.send("2")
        try terminal.waitForScreen("What would you like to do with it?")
        terminal.send("1")
        try terminal.waitForScreen("Kept for later")
        try terminal.waitForScreen("› one")
        try terminal.waitForScreen("the same")

        terminal.send("\r")
        try terminal.waitForScreen("› 2 Back")
        #expect(terminal.screen.lines[3] == "    one")
        #expect(terminal.screen.lines[4] == "    twothree")
        terminal.send("\r")
        try terminal.waitForScreen("↑↓ choose")
        terminal.send(Self.escape)
        try terminal.waitForScreen("What do you need to say right now?")
        try terminal.waitForScreen("Ctrl-K kept for later")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)

        let files = session.entryFiles
        #expect(files.count == 1)
        let file = try session.entryText(try #require(files.first))
        #expect(file.hasSuffix("---\none\ntwothree\n") || file.hasSuffix("---\none\ntwothree"))
        #expect(file.contains("feeling: same"))
        #expect(!session.draftExists)
    }

    @Test func wideCharactersAndEmojiAreKeptExactly() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        let line = "日本語のテキスト 🌧 👩‍👩‍👧 café ❤️"
        terminal.type(Array(line).map(String.init))
        try terminal.waitForScreen("café")
        #expect(terminal.screen.lines[3] == "    " + line)
        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.type(["1", "1"])
        try terminal.waitForScreen("Kept for later")
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        let file = try session.entryText(try #require(session.entryFiles.first))
        #expect(file.contains("---\n" + line))
    }

    @Test func letGoWithItsConfirmationLeavesNoFile() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.type(["something to let go of"])
        try terminal.waitForScreen("let go of")
        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.type(["1", "2"])
        try terminal.waitForScreen("Let this go? It will be gone for good.")
        terminal.send("1")
        try terminal.waitForScreen("It's gone.")
        try terminal.waitForScreen("What do you need to say right now?", timeout: 5)
        #expect(!terminal.screen.text.contains("let go of"))
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        #expect(session.entryFiles.isEmpty)
        #expect(!session.draftExists)
        #expect(!terminal.output.contains(draftKeptWords))
    }

    @Test func closeLeavesNoFile() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.type(["close this"])
        try terminal.waitForScreen("close this")
        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.type(["3", "3"])
        try terminal.waitForEmptyWritingScreen()
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        #expect(session.entryFiles.isEmpty)
        #expect(!session.draftExists)
    }

    @Test func aKilledProcessOffersTheDraftBackWithEveryCharacter() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        let text = "I never told anyone 日本 🌧\nnot even you, é"
        terminal.type(text.map { $0 == "\n" ? "\r" : String($0) }, pause: 0.005)
        try terminal.waitForScreen("not even you, é")
        terminal.pump(for: 0.6)  // longer than the draft's 0.3 s pause
        terminal.signal(SIGKILL)
        #expect(try terminal.waitForExit() == 128 + SIGKILL)

        let next = try session.start()
        try next.waitForScreen("You have something you were writing before.")
        next.send("1")
        try next.waitForScreen("not even you, é")
        #expect(next.screen.lines[3] == "    I never told anyone 日本 🌧")
        next.send(Self.ctrlD)
        try next.waitForScreen("How do you feel now?")
        next.type(["1", "1"])
        try next.waitForScreen("Kept for later")
        next.send(Self.ctrlC)
        try next.waitForExit()
        let file = try session.entryText(try #require(session.entryFiles.first))
        #expect(file.contains("---\n" + text))
    }

    @Test func resizeMidWritingReflows() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        let sentence = "I keep thinking about what I should have said to you that night"
        terminal.type([sentence])
        try terminal.waitForScreen("that night")
        #expect(terminal.screen.lines[3] == "    " + sentence)
        terminal.resize(rows: 24, columns: 40)
        try terminal.waitUntil("the text to reflow") { $0.screen.lines[4] == "  have said to you that night" }
        #expect(terminal.screen.lines[1] == "  What do you need to say right now?")
        #expect(terminal.screen.lines[3] == "  I keep thinking about what I should")
        terminal.type([" more"])
        try terminal.waitForScreen("that night more")
        terminal.resize(rows: 24, columns: 80)
        try terminal.waitUntil("the text to reflow back") { $0.screen.lines[3] == "    " + sentence + " more" }
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    @Test func worksInAVeryNarrowTerminal() throws {
        let session = Session()
        let terminal = try session.start(rows: 24, columns: 40)
        try terminal.waitForScreen("1  Start writing")
        for line in terminal.screen.lines { #expect(line.count <= 40) }
        terminal.send("1")
        try terminal.waitForScreen("right now?")
        terminal.type(["a long line that will need to wrap at forty columns"])
        try terminal.waitForScreen("forty columns")
        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.type(["1", "1"])
        try terminal.waitForScreen("Kept for later")
        #expect(terminal.screen.text.contains("› a long line that will need to"))
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    @Test func plainModeCompletesTheSameFlow() throws {
        let session = Session()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("Press Enter to start writing.")
        terminal.send("\r")
        try terminal.waitForOutput("Finish with a line holding only a full stop, or Ctrl-D.")
        terminal.send("first line\rsecond line\r.\r")
        try terminal.waitForOutput("Type a number from 1 to 3, then Enter:")
        terminal.send("3\r")
        try terminal.waitForOutput("What would you like to do with it?")
        let mark = terminal.mark
        terminal.send("1\r")
        try terminal.waitForOutput("Kept.", after: mark)
        try terminal.waitForOutput("Type a card's number to read it", after: mark)
        terminal.send("1\r")
        try terminal.waitForOutput("second line", after: mark)
        terminal.send("2\r\r")
        try terminal.waitForOutput("What do you need to say right now?", after: mark)
        terminal.send(Self.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        // No cursor movement or clearing, no alternate screen: only text.
        #expect(!terminal.output.contains("\u{1B}"))
        let file = try session.entryText(try #require(session.entryFiles.first))
        #expect(file.contains("feeling: heavier"))
        #expect(file.contains("---\nfirst line\nsecond line"))
    }

    @Test func dumbTerminalIsPlain() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(environment: ["TERM": "dumb"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send(Self.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("\u{1B}"))
    }

    @Test func theTerminalIsRestoredAfterCtrlC() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        #expect(terminal.screen.isAlternate)
        #expect(terminal.screen.isBracketedPaste)
        terminal.type(["unsaved thought"])
        try terminal.waitForScreen("unsaved thought")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        expectRestored(terminal)
        #expect(terminal.screen.text.contains("What you were writing is saved as a draft."))
        #expect(session.draftExists)
    }

    @Test func theTerminalIsRestoredAfterSIGTERM() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.type(["words"])
        try terminal.waitForScreen("words")
        terminal.signal(SIGTERM)
        #expect(try terminal.waitForExit() == 128 + SIGTERM)
        expectRestored(terminal)
        #expect(session.draftExists)
    }

    @Test func theTerminalIsRestoredAfterACrash() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(environment: ["SWIFT_BACKTRACE": "enable=no"])
        try terminal.waitForScreen("What do you need to say right now?")
        #expect(!terminal.isCooked)
        terminal.type(["words before the crash"])
        try terminal.waitForScreen("the crash")
        terminal.pump(for: 0.5)
        terminal.signal(SIGSEGV)
        #expect(try terminal.waitForExit() == 128 + SIGSEGV)
        expectRestored(terminal)
        #expect(try session.entryText("state/say-it-later/draft.txt") == "words before the crash")
    }

    @Test func bracketedPasteArrivesWhole() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.send("\u{1B}[200~pasted line one\r\npasted 🌧 two\u{1B}[201~")
        try terminal.waitForScreen("pasted 🌧 two")
        #expect(terminal.screen.lines[3] == "    pasted line one")
        #expect(terminal.screen.lines[4] == "    pasted 🌧 two")
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        #expect(try session.entryText("state/say-it-later/draft.txt") == "pasted line one\npasted 🌧 two")
    }

    /// A pasted text that holds a paste's end marker, then Ctrl-D and a digit, stays text: the
    /// paste cannot press Done or answer a menu.
    @Test func aPasteCannotPressKeys() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.send("\u{1B}[200~a quote from the web\u{1B}[201~\u{04}1\u{1B}[201~")
        try terminal.waitForScreen("a quote from the web[201~1")
        #expect(terminal.screen.text.contains("What do you need to say right now?"))
        #expect(!terminal.screen.text.contains("How do you feel now?"))
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        #expect(try session.entryText("state/say-it-later/draft.txt") == "a quote from the web[201~1")
    }
}

private let draftKeptWords = "saved as a draft"

extension PseudoTerminal {
    /// Waits until the writing screen shows with nothing written.
    func waitForEmptyWritingScreen(timeout: Double = 10) throws {
        try waitUntil("an empty writing screen", timeout: timeout) {
            $0.screen.text.contains("What do you need to say right now?") && $0.screen.lines[3].isEmpty
        }
    }
}
