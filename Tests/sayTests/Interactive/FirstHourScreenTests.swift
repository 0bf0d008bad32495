#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What a new person meets in their first hour with the screens: the real `say` on a real
/// pseudo-terminal. Every wait is for something on the screen, with a bounded timeout.
@Suite("First hour: the screens", .serialized)
struct FirstHourScreenTests {
    typealias Session = InteractiveEndToEndTests.Session
    static let ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlK = "\u{0B}"

    /// Writes `text`, says how it felt (`feeling` is its digit), and waits for the next screen.
    private func writeAndFeel(_ terminal: PseudoTerminal, _ text: String, feeling: String = "1") throws {
        terminal.send(text)
        try terminal.waitForScreen(String(text.suffix(8)))
        terminal.send(Self.ctrlD)
        try terminal.waitForScreen("How do you feel now?")
        terminal.send(feeling)
    }

    /// Entries written as files, one day apart, the last one newest.
    private func keep(_ session: Session, _ texts: [String]) throws {
        for (index, text) in texts.enumerated() {
            let day = String(format: "%02d", index + 1)
            try session.folder.write("---\ndate: 2026-10-\(day)T09:00:00Z\nfeeling: same\n---\n\(text)\n",
                                     to: "data/say-it-later/entries/2026/10/2026-10-\(day)T090000Z-0000000\(index % 10).md")
        }
    }

    /// An executable script in the session's folder, for $EDITOR.
    private func script(_ session: Session, _ name: String, _ body: String) throws -> String {
        let path = session.folder.url(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func editingFolders(_ session: Session) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: session.folder.url("state/say-it-later"))) ?? [])
            .filter { $0.hasPrefix("editing-") }
    }

    private func waitForFile(_ path: String, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path) {
            guard Date() < deadline else { throw PseudoTerminal.Timeout(waitingFor: path, screen: "") }
            usleep(10_000)
        }
    }

    // MARK: Close

    @Test func closeSaysNothingWasSaved() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        try writeAndFeel(terminal, "not for keeping")
        try terminal.waitForScreen("What would you like to do with it?")
        terminal.send("3")
        try terminal.waitForScreen("Closed. Nothing was saved.")
        #expect(terminal.screen.text.contains("What do you need to say right now?"))
        #expect(!terminal.screen.text.contains("not for keeping"))
        // The word stays until the next key.
        terminal.send("n")
        try terminal.waitUntil("the notice to go") { !$0.screen.text.contains("Closed.") }
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
        #expect(session.entryFiles.isEmpty)
    }

    // MARK: Every screen whole at small sizes

    @Test(arguments: [(10, 60), (10, 40), (12, 40), (10, 80)])
    func theSupportNumbersAreAllThereAtAnySize(rows: Int, columns: Int) throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(rows: rows, columns: columns)
        try terminal.waitForScreen("right now?")
        try writeAndFeel(terminal, "I want to die")
        try terminal.waitForScreen("Not right now")
        #expect(terminal.screen.text.contains("Get support now"))
        terminal.send("1")
        try terminal.waitForScreen("Continue")
        let screen = terminal.screen.text
        for words in ["Samaritans", "116 123", "NHS 111", "Emergency services", "999", "1  Continue"] {
            #expect(screen.contains(words), "\(rows)×\(columns) lacks \(words):\n\(screen)")
        }
        #expect(!screen.contains("111  111"))
        #expect(screen.contains("confidential"), "\(screen)")
        for line in terminal.screen.lines { #expect(line.count <= columns) }
        terminal.send("\r")
        try terminal.waitForScreen("Keep for later")
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    @Test func aLongScreenKeepsItsWayOnAndScrolls() throws {
        let session = Session()
        // At 40×10 the welcome fits whole.
        let whole = try session.start(rows: 10, columns: 40)
        try whole.waitForScreen("1  Start writing")
        #expect(whole.screen.text.contains("nothing is shared."))
        whole.send(Self.ctrlC)
        try whole.waitForExit()
        // Shorter still, its words scroll above the way on, which never leaves the screen.
        let terminal = try session.start(rows: 7, columns: 40)
        try terminal.waitForScreen("1  Start writing")
        try terminal.waitForScreen("more")
        #expect(!terminal.screen.text.contains("nothing is shared."))
        terminal.send("\u{1B}[6~")  // Page Down
        terminal.send("\u{1B}[6~")
        terminal.send("\u{1B}[6~")
        try terminal.waitForScreen("nothing is shared.")
        #expect(terminal.screen.text.contains("1  Start writing"))
        terminal.send("\r")
        try terminal.waitForScreen("right now?")
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    @Test func theHistorySaysMoreAreBelow() throws {
        let session = Session()
        try session.welcomed()
        try keep(session, (1 ... 6).map { "entry number \($0)" })
        let terminal = try session.start(rows: 10, columns: 40)
        try terminal.waitForScreen("right now?")
        terminal.send(Self.ctrlK)
        try terminal.waitForScreen("Kept for later")
        try terminal.waitForScreen("↓ 4 more")
        #expect(terminal.screen.text.components(separatedBy: "entry number").count - 1 == 2)
        // Moving down scrolls; at the last card nothing more is below.
        for _ in 0 ..< 5 { terminal.send("\u{1B}[B") }
        try terminal.waitUntil("the last card") { !$0.screen.text.contains(" more") && $0.screen.text.contains("› entry number 1") }
        #expect(terminal.screen.text.components(separatedBy: "entry number").count - 1 == 2)
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    // MARK: The splash

    @Test func keysTypedDuringTheSplashAreWritten() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start()
        // Typed at once, before the splash has gone: the first key and the word are both kept.
        terminal.send("Before the splash ended")
        try terminal.waitForScreen("What do you need to say right now?")
        try terminal.waitForScreen("Before the splash ended")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(try session.entryText("state/say-it-later/draft.txt") == "Before the splash ended")
    }

    // MARK: The draft

    @Test func aKillRightAfterTypingLosesNothing() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        terminal.send("first words")
        try terminal.waitForScreen("first words")
        terminal.send(", and the last ones")
        try terminal.waitForScreen("the last ones")
        terminal.signal(SIGKILL)  // at once: no pause for a timer
        #expect(try terminal.waitForExit() == 128 + SIGKILL)
        #expect(try session.entryText("state/say-it-later/draft.txt") == "first words, and the last ones")
    }

    // MARK: Your own editor

    @Test(arguments: [SIGHUP, SIGTERM])
    func aSignalWhileTheEditorIsOpenKeepsItsWords(_ signal: Int32) throws {
        let session = Session()
        try session.welcomed()
        let ready = session.folder.url("editor-ready")
        let editor = try script(session, "editor", "printf 'written in the editor\\n' > \"$1\"\ntouch '\(ready)'\nexec sleep 60")
        let terminal = try session.start(["--editor"], environment: ["EDITOR": editor])
        try waitForFile(ready)
        #expect(editingFolders(session).count == 1)
        terminal.signal(signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(try session.entryText("state/say-it-later/draft.txt") == "written in the editor")
        #expect(editingFolders(session).isEmpty)
        try terminal.waitForOutput("saved as a draft")
    }

    @Test func wordsLeftInTheEditorByAKilledRunBecomeTheDraft() throws {
        let session = Session()
        try session.welcomed()
        let ready = session.folder.url("editor-ready")
        let pidFile = session.folder.url("editor-pid")
        let editor = try script(session, "editor", """
            trap '' HUP  # say leads this test's terminal session; the editor outlives it
            printf 'left behind in the editor\\nsecond line\\n' > "$1"
            echo $$ > '\(pidFile)'
            touch '\(ready)'  # only now, so the kill below cannot come before the trap
            exec sleep 60
            """)
        let killed = try session.start(["--editor"], environment: ["EDITOR": editor])
        try waitForFile(ready)
        killed.signal(SIGKILL)
        #expect(try killed.waitForExit() == 128 + SIGKILL)
        // While the editor still runs, its folder is in use: nobody takes it.
        let meanwhile = try SayBinary.run(["--plain"], input: "", home: session.folder.path)
        #expect(!meanwhile.stdout.contains("You have something you were writing before."))
        #expect(editingFolders(session).count == 1)
        // The terminal closes: the editor goes too. The next start offers its words.
        let editorPID = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(editorPID, SIGKILL)
        let next = try session.start(["--plain"])
        try next.waitForOutput("You have something you were writing before.")
        try next.waitForOutput("“left behind in the editor”")
        #expect(editingFolders(session).isEmpty)
        next.send("1\r")
        try next.waitForOutput("second line")
        next.send(Self.ctrlD)
        next.send(Self.ctrlD)
        _ = try next.waitForExit()
        #expect(try session.entryText("state/say-it-later/draft.txt") == "left behind in the editor\nsecond line")
    }

    @Test func anEditorThatExitsWithAnErrorIsNotCalledUnopened() throws {
        let session = Session()
        try session.welcomed()
        let editor = try script(session, "vim", "exit 1")  // what :cq does
        let terminal = try session.start(["--editor"], environment: ["EDITOR": editor])
        try terminal.waitForScreen("What do you need to say right now?")
        try terminal.waitForScreen("vim exited with status 1")
        #expect(!terminal.screen.text.contains("Could not open"))
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }

    // MARK: Plain mode

    @Test func plainModeReachesTheHistoryAPageAtATimeAndSaysHowToLeave() throws {
        let session = Session()
        try session.welcomed()
        try keep(session, (1 ... 12).map { "card \($0)" })
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("/history reads what you kept and /quit leaves.")
        terminal.send("/history\r")
        try terminal.waitForOutput("2 more. Type m to see them")
        #expect(terminal.output.contains("  1. card 12"))
        #expect(terminal.output.contains("10. card 3"))
        #expect(!terminal.output.contains("11. card 2"))
        let mark = terminal.mark
        terminal.send("m\r")
        try terminal.waitForOutput("12. card 1", after: mark)
        terminal.send("12\r")
        try terminal.waitForOutput("  2. Back", after: mark)
        let afterBack = terminal.mark
        terminal.send("2\r")
        try terminal.waitForOutput("Type a card's number to read it, or press Enter to write:", after: afterBack)
        // Back shows the prompt again, not the whole list.
        #expect(!String(decoding: Array(terminal.output.utf8).dropFirst(afterBack), as: UTF8.self).contains("card 5"))
        terminal.send("\r")
        try terminal.waitForOutput("What do you need to say right now?", after: afterBack)
        terminal.send("/quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCInPlainModeSaysTheDraftIsKeptAndTheOfferShowsItsFirstLine() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.start(["--plain"])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("the first thing\rand the second\r")
        try terminal.waitUntil("the draft to hold both lines") { _ in
            (try? session.entryText("state/say-it-later/draft.txt")) == "the first thing\nand the second"
        }
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(terminal.output.contains("What you were writing is saved as a draft. It will be here next time."))
        let next = try session.start(["--plain"])
        try next.waitForOutput("You have something you were writing before.\r\n“the first thing”")
        next.send("/quit\r")
        next.send("\r")
        _ = try next.waitForExit()
    }

    // MARK: Control characters from files

    @Test func controlCharactersFromFilesNeverReachTheTerminal() throws {
        let session = Session()
        try session.welcomed()
        let hostile = "Title\u{1B}]0;owned\u{07} and\u{1B}[2J clear\rover\u{9B}31m"
        try session.folder.write("---\nid: 0c0c0c0c-0000-4000-8000-000000000000\n---\n\(hostile)\n",
                                 to: "data/say-it-later/entries/esc.md")
        try session.folder.write("---\nfeeling: [\n---\nx\n", to: "data/say-it-later/entries/bad\u{1B}]0;name\u{07}.md")
        for arguments in [["history"], ["show", "1"]] {
            let terminal = try PseudoTerminal(arguments: arguments, environment: session.environment())
            _ = try terminal.waitForExit()
            let output = terminal.output
            #expect(!output.contains("\u{1B}"), "\(arguments): \(output.debugDescription)")
            #expect(!output.contains("\u{07}") && !output.contains("\u{9B}"))
            #expect(output.contains("Title\u{FFFD}]0;owned\u{FFFD} and\u{FFFD}[2J clear"))
            if arguments == ["history"] { #expect(output.contains("entries/bad\u{FFFD}]0;name\u{FFFD}.md")) }
        }
        // The full-screen history and the entry's detail too.
        let app = try session.startWriting()
        app.send(Self.ctrlK)
        try app.waitForScreen("Title")
        app.send("\r")
        try app.waitForScreen("1 Delete")
        app.send(Self.ctrlC)
        _ = try app.waitForExit()
        let drawn = app.output.replacingOccurrences(of: "\u{1B}[", with: "").replacingOccurrences(of: "\u{1B}]", with: "]")
        #expect(!app.output.contains("\u{1B}]0;"), "an escape from the file reached the terminal")
        #expect(!drawn.contains("\u{07}") && !drawn.contains("\u{9B}"))
    }

    // MARK: Privacy

    @Test func noCoreFileCanBeWritten() throws {
        let session = Session()
        try session.welcomed()
        let terminal = try session.startWriting()
        let limits = try String(contentsOfFile: "/proc/\(terminal.pid)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        #expect(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(line)")
        terminal.send(Self.ctrlC)
        try terminal.waitForExit()
    }
}
