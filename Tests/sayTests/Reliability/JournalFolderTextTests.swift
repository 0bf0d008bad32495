import Foundation
import Testing
import TestSupport

/// Text that comes from the journal folder (file names above all) in say's messages, and the
/// files in it that say did not write.
@Suite("Journal folder text and files")
struct JournalFolderTextTests {
    static let escapes = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"

    final class Journal {
        let home = TemporaryFolder("say-folder-text")
        var path: String { home.url("journal") }
        var keptPath = ""

        init() throws {
            let kept = try run("write", "--keep", "--json", "--feeling", "same", input: "A neutral sentence about hotel28.")
            let object = try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any]
            keptPath = object?["path"] as? String ?? ""
        }

        var id: String { String(((keptPath as NSString).lastPathComponent as NSString).deletingPathExtension.suffix(8)) }
        var folder: String { (keptPath as NSString).deletingLastPathComponent }

        func run(_ arguments: String..., input: String? = nil) throws -> SayRun {
            try SayBinary.run(arguments + ["--journal", path], input: input, home: home.path, environment: ["TZ": "UTC"])
        }

        /// `say` with these arguments on a pseudo-terminal (stdout and stderr a terminal), to its end.
        func onTerminal(_ arguments: [String]) throws -> String {
            let terminal = try PseudoTerminal(arguments: arguments + ["--journal", path],
                                              environment: SayBinary.environment(home: home.path, extra: ["TERM": "xterm-256color"]))
            _ = try terminal.waitForExit()
            return terminal.output
        }
    }

    /// A file name with escape sequences, in every message that names it, reaches a terminal
    /// with its control characters shown as �: it cannot set the title or clear the screen.
    @Test func fileNamesInMessagesAreMadeSafeForTheTerminal() throws {
        let journal = try Journal()
        let copy = journal.folder + "/x" + Self.escapes + "-" + journal.id + ".md"
        try journal.home.write(try journal.home.read("journal/" + journal.keptPath), to: "journal/" + copy)
        try journal.home.write([0xFF, 0xFE], to: "journal/entries/2026/11/y" + Self.escapes + "-9c9c9c9c.md")
        let unreadable = "entries/2026/11/y" + Self.escapes + "-9c9c9c9c.md"

        for arguments in [["show", journal.id], ["edit", journal.id], ["let-go", journal.id], ["show", unreadable]] {
            let output = try journal.onTerminal(arguments)
            #expect(!output.contains("\u{1B}]0;"), "\(arguments): \(output.debugDescription)")
            #expect(!output.contains("\u{1B}[2J"), "\(arguments): \(output.debugDescription)")
            #expect(output.contains("\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J"), "\(arguments): \(output.debugDescription)")
        }
        // Written to a pipe, the message names the file exactly.
        let piped = try journal.run("show", journal.id)
        #expect(piped.stderr.contains("2 files have the id"))
        let bytes = Array(piped.stderr.utf8), sequence = Array("\u{1B}]0;PWNED".utf8)
        #expect(bytes.indices.contains { bytes[$0...].starts(with: sequence) })
    }

    /// A listing removes only say's own staged writes that a killed run left: hidden files of
    /// the person's own holding `.tmp-` in their names stay, as does one whose writer still runs.
    @Test func aListingRemovesOnlySaysOwnAbandonedTemporaryFiles() throws {
        let journal = try Journal()
        let entryName = (journal.keptPath as NSString).lastPathComponent
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let own = [
            journal.folder + "/.ideas.tmp-keep",
            "entries/.plan.tmp-2026",
            journal.folder + "/.notes.md.tmp-12-34-backup",
            journal.folder + "/." + entryName + ".tmp-\(getpid())-77",  // its writer still runs
        ]
        for (index, relative) in own.enumerated() { try journal.home.write("My own words sierra\(index).", to: "journal/" + relative) }
        let abandoned = journal.folder + "/." + entryName + ".tmp-\(gone.processIdentifier)-4242"
        try journal.home.write("half-written", to: "journal/" + abandoned)

        for arguments in [["history"], ["show", "1"]] {
            _ = try SayBinary.run(arguments + ["--journal", journal.path], home: journal.home.path)
            for relative in own {
                #expect(FileManager.default.fileExists(atPath: journal.home.url("journal/" + relative)), "\(arguments): \(relative)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: journal.home.url("journal/" + abandoned)))
    }
}
