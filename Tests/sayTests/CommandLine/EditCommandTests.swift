#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// `say edit N`: a kept entry in the person's own editor, through the real `say`. The editors
/// here are small scripts that change the file the way a person would.
@Suite("say edit")
struct EditCommandTests {
    let home = TemporaryFolder("say-edit")
    var journal: String { home.url("journal") }

    func say(_ arguments: [String], input: String? = nil, editor: String? = nil) throws -> SayRun {
        var environment = ["TZ": "UTC"]
        if let editor { environment["EDITOR"] = editor }
        return try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path, environment: environment)
    }

    /// An editor script: `body` runs with the file as `$1`.
    func editor(_ body: String) throws -> String {
        let path = home.url("editor-\(UUID().uuidString.prefix(6))")
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func keep(_ text: String) throws -> (path: String, id: String) {
        let run = try say(["write", "--keep", "--json", "--feeling", "same"], input: text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(object["path"] as? String), try #require(object["id"] as? String))
    }

    func file(_ relative: String) throws -> String {
        String(decoding: try home.read("journal/" + relative), as: UTF8.self)
    }

    @Test func anEditIsSavedAndCommittedWithoutItsWords() throws {
        #expect(try say(["init", "--git"]).status == 0)
        let kept = try keep("What I first wrote")
        let run = try say(["edit", "1"], editor: try editor("sed -i 's/What I first wrote/What I meant to write/' \"$1\""))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Saved your edit (\(kept.id.prefix(8))).\n")
        #expect(try file(kept.path).hasSuffix("---\nWhat I meant to write\n"))
        #expect(try file(kept.path).contains("feeling: same"))
        let log = try git(["log", "--format=%s"], in: journal).output
        #expect(log.hasPrefix("Edit \(kept.id.prefix(8))\n"), "\(log)")
        #expect(!log.contains("meant"))
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        // Nothing of the editor's private copy is left behind.
        #expect(home.files(under: "state").isEmpty)
    }

    @Test func theSafetyFlagFollowsTheEditedWords() throws {
        let kept = try keep("An ordinary day")
        #expect(try file(kept.path).contains("safety: false"))
        let heavier = try say(["edit", "1"], editor: try editor("printf 'I want to die\\n' >> \"$1\""))
        #expect(heavier.status == 0, "\(heavier.stderr)")
        #expect(try file(kept.path).contains("safety: true"))
        #expect(!heavier.stdout.contains("Samaritans") && !heavier.stderr.contains("Samaritans"))  // no interruption
        let history = try say(["history"])
        #expect(history.stdout.contains("Get support: say support"))
        let lighter = try say(["edit", "1"], editor: try editor("sed -i '/I want to die/d' \"$1\""))
        #expect(lighter.status == 0)
        #expect(try file(kept.path).contains("safety: false"))
    }

    @Test func anUnchangedFileIsLeftAlone() throws {
        let kept = try keep("Leave me be")
        let before = try home.read("journal/" + kept.path)
        let run = try say(["edit", "1"], editor: try editor("true"))
        #expect(run.status == 0)
        #expect(run.stdout == "Nothing changed.\n")
        #expect(try home.read("journal/" + kept.path) == before)
    }

    @Test func aBrokenEditIsReportedAndKeptNeverLost() throws {
        #expect(try say(["init", "--git"]).status == 0)
        let kept = try keep("The words before")
        let before = try home.read("journal/" + kept.path)
        let commits = try git(["rev-list", "--count", "HEAD"], in: journal).output
        let broken = "---\\nfeeling: [unclosed\\n---\\nThe words after, which must not be lost\\n"
        let run = try say(["edit", "1"], editor: try editor("printf '%b' '\(broken)' > \"$1\""))
        #expect(run.status == 1)
        #expect(run.stderr.contains("say: your edit was not saved, because it does not read back: \(kept.path):3:1: the front matter is not valid YAML"), "\(run.stderr)")
        // The entry and its history are as they were; the edit waits in a private file.
        #expect(try home.read("journal/" + kept.path) == before)
        #expect(try git(["rev-list", "--count", "HEAD"], in: journal).output == commits)
        let aside = try #require(run.stderr.components(separatedBy: "what you wrote is kept in ").last?.components(separatedBy: " (only you").first)
        #expect(try String(contentsOfFile: aside, encoding: .utf8).contains("The words after, which must not be lost"))
        #expect(aside.hasPrefix(home.url("state/say-it-later/")))
        #expect(try home.mode(String(aside.dropFirst(home.path.count + 1))) == 0o600)
        // It is never taken for a draft of new writing.
        let app = try say(["--plain"], input: "")
        #expect(!app.stdout.contains("You have something you were writing before."))
    }

    /// The copies say kept of an entry after edits that were not saved go with the entry when
    /// it is let go (also one an older say named without the entry's id); another entry's stays.
    @Test func lettingGoRemovesTheEditsSayKeptOfTheEntry() throws {
        let kept = try keep("The entry whose edits fail")
        let other = try keep("Another entry")
        let broken = try editor("sed -i 's/^feeling: same/feeling: [unclosed/' \"$1\"")
        #expect(try say(["edit", String(kept.id.prefix(8))], editor: broken).status == 1)
        #expect(try say(["edit", String(kept.id.prefix(8))], editor: broken).status == 1)
        #expect(try say(["edit", String(other.id.prefix(8))], editor: broken).status == 1)
        try home.write("---\nid: \(kept.id)\n---\nThe entry whose edits fail, edited\n", to: "state/say-it-later/entry-edit-0123abcd/say-it-later.md")
        let holding = { self.home.files(under: "state").filter { (try? self.home.read($0)).map { String(decoding: $0, as: UTF8.self) }?.contains("whose edits fail") == true } }
        #expect(holding().count == 3)
        let letGo = try say(["let-go", kept.id, "--yes"])
        #expect(letGo.status == 0)
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(holding() == [])
        #expect(home.files(under: "state").filter { $0.contains("entry-edit-") && $0.hasSuffix(".md") }.count == 1)
        #expect(home.files(under: "state/say-it-later").allSatisfy { !$0.contains("0123abcd") })
    }

    @Test func anEditThatCannotBeWrittenDoesNotBlameTheText() throws {
        let kept = try keep("The words before")
        let before = try home.read("journal/" + kept.path)
        // While the editor is open the journal stops being writable for say: its lock file
        // becomes a folder (as a full or read-only disk would, the write fails, not the text).
        let lock = journal + "/.say-lock"
        let run = try say(["edit", "1"], editor: try editor("printf 'Added words\\n' >> \"$1\"; rm -f '\(lock)'; mkdir '\(lock)'"))
        #expect(run.status == 1)
        #expect(!run.stderr.contains("does not read back"), "\(run.stderr)")
        #expect(run.stderr.contains("say: your edit could not be saved in the journal (nothing is wrong with what you wrote): \(lock)"), "\(run.stderr)")
        #expect(try home.read("journal/" + kept.path) == before)
        let aside = try #require(run.stderr.components(separatedBy: "what you wrote is kept in ").last?.components(separatedBy: " (only you").first)
        #expect(try String(contentsOfFile: aside, encoding: .utf8).contains("Added words"))
    }

    @Test func anEditorThatFailsChangesNothing() throws {
        let kept = try keep("Stays the same")
        let before = try home.read("journal/" + kept.path)
        let run = try say(["edit", "1"], editor: try editor("printf 'half an edit' > \"$1\"; exit 1"))
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("say: editor-"))
        #expect(run.stderr.hasSuffix(" exited with status 1, so what it held was not used; the entry is as it was\n"))
        #expect(try home.read("journal/" + kept.path) == before)
        let missing = try say(["edit", "1"], editor: "/nowhere/editor")
        #expect(missing.status == 1)
        #expect(missing.stderr == "say: could not start your editor (/nowhere/editor); check $VISUAL or $EDITOR; the entry is as it was\n")
        #expect(try say(["edit", "7"], editor: try editor("true")).status == 1)
    }

    /// $EDITOR is read as the shell and git read it: a quoted path with a space is one program.
    @Test func anEditorPathWithASpaceCanBeQuoted() throws {
        let kept = try keep("First words")
        try FileManager.default.createDirectory(atPath: home.url("My Editors"), withIntermediateDirectories: true)
        let script = home.url("My Editors/ed")
        try "#!/bin/sh\n[ \"$1\" = -w ] || exit 3\nprintf 'Second words\\n' >> \"$2\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let run = try say(["edit", "1"], editor: "\"\(script)\" -w")
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(try file(kept.path).hasSuffix("First words\nSecond words\n"))
        let single = try say(["edit", "1"], editor: "'\(script)' '-w'")
        #expect(single.status == 0)
        #expect(try file(kept.path).hasSuffix("First words\nSecond words\nSecond words\n"))
        // One that cannot start is named whole, not by a fragment.
        let missing = try say(["edit", "1"], editor: "\"/nowhere/My Editors/ed\" -w")
        #expect(missing.stderr == "say: could not start your editor (\"/nowhere/My Editors/ed\" -w); check $VISUAL or $EDITOR; the entry is as it was\n")
    }
}
