import Foundation
import Testing
import TestSupport

/// Delete in the app, on an entry whose words are also in another file of the journal: the
/// app asks about the copy, as `say let-go` does on a terminal, and does what was chosen.
@Suite("The app's Delete with a copy of the entry", .serialized)
struct AppLetGoCopiesTests {
    typealias Session = InteractiveEndToEndTests.Session
    static let ctrlC = "\u{03}", ctrlK = "\u{0B}"

    /// A versioned journal with one kept entry and a copy of its file that the person
    /// committed beside it (a backup); returns the entry's path and the copy's, relative to
    /// the journal.
    private func journalWithACopy(_ session: Session) throws -> (entry: String, copy: String) {
        let journal = session.folder.url("data/say-it-later")
        #expect(try SayBinary.run(["init", "--git", "--journal", journal], home: session.folder.path).status == 0)
        #expect(try SayBinary.run(["write", "--feeling", "same", "--keep", "--journal", journal],
                                  input: "A neutral sentence about a walk by the river.\n", home: session.folder.path).status == 0)
        let entry = try #require(session.folder.files(under: "data/say-it-later/entries").first)
        let relative = String(entry.dropFirst("data/say-it-later/".count))
        try FileManager.default.copyItem(atPath: journal + "/" + relative, toPath: journal + "/my-backup.txt")
        #expect(try git(["add", "my-backup.txt"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "A backup"], in: journal).status == 0)
        return (relative, "my-backup.txt")
    }

    /// Opens the newest card of the history and chooses Delete, then Let it go.
    private func deleteNewest(_ session: Session, rows: Int, columns: Int) throws -> PseudoTerminal {
        let terminal = try session.startWriting(rows: rows, columns: columns)
        terminal.send(Self.ctrlK)
        try terminal.waitForScreen("A neutral")
        terminal.send("\r")
        try terminal.waitForScreen("Delete")
        terminal.send("1")
        try terminal.waitForScreen("Let this go?")
        terminal.send("1")
        return terminal
    }

    @Test(arguments: [(24, 80), (10, 40)])
    func theAppAsksAboutTheCopyAndRemovesItWhenAskedTo(rows: Int, columns: Int) throws {
        let session = Session()
        try session.welcomed()
        let files = try journalWithACopy(session)
        let journal = session.folder.url("data/say-it-later")
        let terminal = try deleteNewest(session, rows: rows, columns: columns)
        try terminal.waitForScreen("Yes, remove those too")
        #expect(terminal.screen.text.contains("my-backup.txt"))
        terminal.send("1")
        try terminal.waitForScreen("It's gone.")
        terminal.send(Self.ctrlC)
        _ = try terminal.waitForExit()
        #expect(!FileManager.default.fileExists(atPath: journal + "/" + files.entry))
        #expect(!FileManager.default.fileExists(atPath: journal + "/" + files.copy))
        let log = try git(["log", "--all", "-p"], in: journal).output
        #expect(!log.contains("a walk by the river"))
    }

    @Test func leavingTheCopyLetsTheEntryGoAndSaysWhereTheWordsStill() throws {
        let session = Session()
        try session.welcomed()
        let files = try journalWithACopy(session)
        let journal = session.folder.url("data/say-it-later")
        let terminal = try deleteNewest(session, rows: 24, columns: 100)
        try terminal.waitForScreen("No, leave them")
        terminal.send("2")
        try terminal.waitForScreen("as you chose")
        #expect(terminal.screen.text.contains("my-backup.txt"))
        terminal.send(Self.ctrlC)
        _ = try terminal.waitForExit()
        #expect(!FileManager.default.fileExists(atPath: journal + "/" + files.entry))
        #expect(FileManager.default.fileExists(atPath: journal + "/" + files.copy))
    }

    @Test func notYetChangesNothing() throws {
        let session = Session()
        try session.welcomed()
        let files = try journalWithACopy(session)
        let journal = session.folder.url("data/say-it-later")
        let terminal = try deleteNewest(session, rows: 24, columns: 80)
        try terminal.waitForScreen("No, leave them")
        #expect(terminal.screen.text.contains("Not yet"))
        terminal.send("3")
        try terminal.waitForScreen("Delete")
        terminal.send(Self.ctrlC)
        _ = try terminal.waitForExit()
        #expect(FileManager.default.fileExists(atPath: journal + "/" + files.entry))
        #expect(FileManager.default.fileExists(atPath: journal + "/" + files.copy))
    }
}
