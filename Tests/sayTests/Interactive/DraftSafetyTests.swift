#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// The draft is never written over or lost: two windows open at once, a draft too large to
/// offer, keys typed while the name shows, a long pasted line. The real `say` on a real
/// pseudo-terminal.
@Suite("Interactive draft safety", .serialized)
struct DraftSafetyTests {
    typealias Session = InteractiveEndToEndTests.Session
    static let ctrlC = "\u{03}", ctrlD = "\u{04}"

    /// Every word in the state folder, whichever draft file holds it.
    private func stateText(_ session: Session) -> String {
        session.folder.files(under: "state").compactMap { try? session.entryText($0) }.joined(separator: "\n")
    }

    @Test func twoWindowsEachKeepTheirOwnWords() throws {
        let session = Session()
        try session.welcomed()
        let first = try session.startWriting()
        let second = try session.startWriting()
        try second.waitForScreen("another window")
        first.send("First window words india103.")
        try first.waitForScreen("india103.")
        second.send("Second window words juliet104.")
        try second.waitForScreen("juliet104.")
        first.send(Self.ctrlC)
        #expect(try first.waitForExit() == 130)
        second.send(" more")
        try second.waitForScreen("juliet104. more")
        #expect(stateText(session).contains("First window words india103."))
        second.send(Self.ctrlC)
        #expect(try second.waitForExit() == 130)
        #expect(stateText(session).contains("First window words india103."))
        #expect(stateText(session).contains("Second window words juliet104. more"))

        // The next start offers both.
        let next = try session.start(["--plain"])
        try next.waitForOutput("You have something you were writing before.")
        next.send("/quit\r")
        _ = try next.waitForExit()
        let draft = try session.entryText("state/say-it-later/draft.txt")
        #expect(draft.contains("First window words india103."))
        #expect(draft.contains("Second window words juliet104. more"))
    }

    @Test func aDraftTooLargeToOfferIsKeptAsideNotWrittenOver() throws {
        let session = Session()
        try session.welcomed()
        let line = String(repeating: "bravo46 a neutral line about a cup. ", count: 3) + "\n"
        let big = String(repeating: line, count: 160_000)  // 17 MB, over the 16 MB read limit
        try session.folder.write(big, to: "state/say-it-later/draft.txt")
        let terminal = try session.start()
        try terminal.waitForScreen("could not be opened")
        terminal.send("c")
        try terminal.waitForScreen("What do you need to say right now?")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        let kept = session.folder.files(under: "state").filter { (try? session.folder.read($0).count) == big.utf8.count }
        #expect(kept.count == 1, "\(session.folder.files(under: "state"))")
        #expect(try session.entryText("state/say-it-later/draft.txt") == "c")
    }

    @Test func keysTypedWhileTheNameShowsStartTheWritingAfterTheDraftOffer() throws {
        let session = Session()
        try session.welcomed()
        try session.folder.write("Older draft echo75 words.", to: "state/say-it-later/draft.txt")
        let terminal = try session.start()
        terminal.send("golf77 typed while the name showed")
        try terminal.waitForScreen("You have something you were writing before.")
        terminal.send("1")
        try terminal.waitForScreen("golf77 typed while the name showed")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        let draft = try session.entryText("state/say-it-later/draft.txt")
        #expect(draft.contains("Older draft echo75 words."))
        #expect(draft.contains("golf77 typed while the name showed"))
    }

    @Test func aLongPastedLineIsKeptWholeInLineMode() throws {
        let line = (0 ..< 1200).map { "charlie\($0)" }.joined(separator: " ")  // 13,289 characters, one line
        for arguments in [["write", "--keep", "--feeling", "same"], ["--plain"]] {
            let session = Session()
            try session.welcomed()
            let terminal = try session.start(arguments)
            try terminal.waitForOutput(arguments[0] == "write" ? "Ctrl-D on an empty line" : "What do you need to say right now?")
            terminal.pump(for: 0.3)  // a paste comes a moment after the prompt, not with it
            // Pasted: it arrives in pieces, as a terminal passes a paste on.
            let characters = Array(line)
            terminal.type(stride(from: 0, to: characters.count, by: 1024).map { String(characters[$0 ..< min($0 + 1024, characters.count)]) },
                          pause: 0.01)
            terminal.send("\r")
            if arguments[0] == "write" {
                terminal.pump(for: 0.3)
                terminal.send(Self.ctrlD)
            } else {
                terminal.send(".\r")
                try terminal.waitForOutput("How do you feel now?")
                terminal.send("2\r")
                try terminal.waitForOutput("Keep")
                terminal.send("1\r")
                try terminal.waitForOutput("Kept")
                terminal.send("/quit\r")
            }
            _ = try terminal.waitForExit(timeout: 30)
            #expect(terminal.isCooked)
            let files = session.entryFiles
            let text = try files.first { $0.hasSuffix(".md") }.map { try session.entryText($0) } ?? ""
            #expect(text.contains(line + "\n"), "\(arguments): kept \(text.count) characters")
        }
    }
}
