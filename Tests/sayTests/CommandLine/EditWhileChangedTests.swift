#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// `say edit` while the entry changes under it, and interrupted: nothing written is lost, and
/// an entry let go stays gone. The real `say` on pseudo-terminals; the editors are scripts
/// that wait for the test to let them finish.
@Suite("say edit while the entry changes", .serialized)
struct EditWhileChangedTests {
    let home = TemporaryFolder("say-edit-race")
    var journal: String { home.url("journal") }
    static let ctrlC = "\u{03}"

    func say(_ arguments: [String], input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path, environment: ["TZ": "UTC"])
    }

    /// An editor that waits until the file `go` exists, then runs `body` with the file as `$1`.
    func editor(_ go: String, _ body: String) throws -> String {
        let path = home.url("editor-\(UUID().uuidString.prefix(6))")
        let script = "#!/bin/sh\nwhile [ ! -e '\(home.url(go))' ]; do sleep 0.05; done\n" + body + "\n"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func startEdit(editor: String) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: ["edit", "1", "--journal", journal],
                           environment: SayBinary.environment(home: home.path, extra: ["EDITOR": editor, "TERM": "xterm-256color"]))
    }

    func release(_ go: String) throws { try home.write("", to: go) }

    /// Every file under the home folder holding `words` (the editor scripts aside).
    func holding(_ words: String) -> [String] {
        home.files(under: ".", includeHidden: true).filter { path in
            !path.contains("editor-") && ((try? home.read(path)).map { String(decoding: $0, as: UTF8.self).contains(words) } ?? false)
        }
    }

    @Test func anEntryLetGoWhileItIsEditedStaysGone() throws {
        #expect(try say(["init", "--git"]).status == 0)
        #expect(try say(["write", "--keep", "--feeling", "same"], input: "A neutral sentence about delta98.").status == 0)
        let edit = try startEdit(editor: try editor("go", "echo 'Edit words echo99.' >> \"$1\""))
        edit.pump(for: 1)
        #expect(try say(["let-go", "1", "--yes"]).status == 0)
        try release("go")
        #expect(try edit.waitForExit(timeout: 30) == 1)
        #expect(edit.output.contains("let go while you were editing"), "\(edit.output)")
        #expect(try say(["history"]).stdout.contains("Nothing kept yet"))
        #expect(holding("delta98").allSatisfy { $0.hasPrefix("state/") }, "\(holding("delta98"))")
        let log = try git(["log", "--all", "--format=%s"], in: journal)
        #expect(!log.output.contains("Edit "), "\(log.output)")
        // What was written in the editor is kept privately, where the message says.
        #expect(holding("echo99").count == 1)
        #expect(holding("echo99").allSatisfy { $0.hasPrefix("state/") && edit.output.contains(home.url($0)) })
    }

    @Test func twoEditsOfOneEntryBothKeepTheirWords() throws {
        #expect(try say(["write", "--keep", "--feeling", "same"], input: "A neutral sentence about hotel102.").status == 0)
        let first = try startEdit(editor: try editor("goA", "echo 'First edit foxtrot100.' >> \"$1\""))
        let second = try startEdit(editor: try editor("goB", "echo 'Second edit golf101.' >> \"$1\""))
        first.pump(for: 1)
        try release("goA")
        #expect(try first.waitForExit(timeout: 30) == 0)
        try release("goB")
        #expect(try second.waitForExit(timeout: 30) == 0)
        #expect(second.output.contains("kept as a copy"), "\(second.output)")
        let listing = try say(["history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        let texts = try entries.map { entry in
            try say(["show", try #require(entry["id"] as? String)]).stdout
        }.joined(separator: "\n")
        #expect(texts.contains("foxtrot100"))
        #expect(texts.contains("golf101"))
    }

    @Test func ctrlCAtTheQuestionOrInTheEditorKeepsTheEditAndSaysWhere() throws {
        #expect(try say(["write", "--keep", "--feeling", "same"], input: "A neutral sentence about papa60.").status == 0)
        // The edit does not read back; at "Open it again to fix it?" the person presses Ctrl-C.
        let broken = try startEdit(editor: try editor("go",
            "sed -i 's/^feeling: same/feeling: [unclosed/' \"$1\"; echo 'Edited words quebec61.' >> \"$1\""))
        try release("go")
        try broken.waitForOutput("Open it again to fix it?")
        broken.send(Self.ctrlC)
        #expect(try broken.waitForExit() == 130)
        let kept = holding("quebec61")
        #expect(kept.count == 1)
        #expect(kept.allSatisfy { broken.output.contains(home.url($0)) }, "\(broken.output)")

        // Ctrl-C while the editor is open, after it saved.
        let interrupted = try startEdit(editor: try editor("go",
            "echo 'Saved before Ctrl-C romeo62.' >> \"$1\"; touch '\(home.url("saved"))'; sleep 30"))
        while !FileManager.default.fileExists(atPath: home.url("saved")) { interrupted.pump(for: 0.05) }
        interrupted.send(Self.ctrlC)
        #expect(try interrupted.waitForExit() == 130)
        #expect(interrupted.output.contains("what you wrote is kept in"), "\(interrupted.output)")
        #expect(holding("romeo62").count == 1)
        #expect(!(try say(["show", "1"]).stdout.contains("romeo62")))
    }
}
