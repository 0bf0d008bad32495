import Foundation
import TestSupport
import Testing

/// A versioned journal driven through the real `say`, checked with the real git CLI.
@Suite("say with git versioning")
struct VersionedJournalTests {
    let home = TemporaryFolder("say-git")
    var journal: String { home.url("journal") }

    @discardableResult
    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        let run = try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
        #expect(run.status == 0, "say \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    func keep(_ text: String) throws -> (id: String, path: String) {
        let run = try say("write", "--keep", "--json", input: text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(object["id"] as? String), try #require(object["path"] as? String))
    }

    @Test func everyKeepIsACommitWhoseMessageHoldsNoWords() throws {
        try say("init", "--git")
        let first = try keep("MARKER-one the first thing")
        let second = try keep("MARKER-two the second thing")
        let log = try git(["log", "--format=%s", "main"], in: journal).output
        #expect(log == "Keep \(second.id.prefix(8))\nKeep \(first.id.prefix(8))\nStart versioning\n")
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        #expect(try git(["fsck", "--full"], in: journal).status == 0)
        let everything = try git(["log", "--all", "--format=%s%n%b"], in: journal).output
        #expect(!everything.contains("MARKER"))
    }

    @Test func editsAndNewFilesMadeInAnEditorAreCommittedNextTime() throws {
        try say("init", "--git")
        let kept = try keep("before the edit")
        try home.write("---\nid: \(kept.id)\nfeeling: lighter\n---\nafter the edit\n", to: "journal/" + kept.path)
        try home.write("typed by hand\n", to: "journal/entries/mine.md")
        try say("history")
        let log = try git(["log", "--format=%s", "-1"], in: journal).output
        // The hand-made file is named by a hash of its path, never by its name or words.
        #expect(try log.wholeMatch(of: Regex("Edit \(kept.id.prefix(8)), Add [0-9a-f]{8}\n")) != nil, "\(log)")
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
    }

    @Test func aKeepCommitsOnlyItsOwnFileAndTheNextListingCommitsOutsideEdits() throws {
        try say("init", "--git")
        let kept = try keep("before the edit")
        try home.write("---\nid: \(kept.id)\nfeeling: lighter\n---\nafter the edit\n", to: "journal/" + kept.path)
        let second = try keep("the second thing")
        // The keep's commit holds its own file and nothing else; the edit is still waiting.
        #expect(try git(["log", "--format=%s", "-1"], in: journal).output == "Keep \(second.id.prefix(8))\n")
        #expect(try git(["show", "--name-only", "--format=", "HEAD"], in: journal).output == second.path + "\n")
        #expect(try git(["status", "--porcelain"], in: journal).output == " M \(kept.path)\n")
        // Anything that lists the journal commits it first.
        let listed = try say("history", "--json")
        #expect(listed.stdout.contains(second.id))
        #expect(try git(["log", "--format=%s", "-1"], in: journal).output == "Edit \(kept.id.prefix(8))\n")
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
    }

    @Test func outsideEditsWaitThroughManyKeepsAndTheNextListingCommitsThem() throws {
        try say("init", "--git")
        let first = try keep("the first thing")
        let second = try keep("the second thing")
        // By hand: an edit of the same length with the file's time put back (only its contents
        // and change time tell), a new file, a removal.
        let edited = journal + "/" + first.path
        var before = stat()
        #expect(lstat(edited, &before) == 0)
        let text = try String(contentsOfFile: edited, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "the first thing", with: "THE FIRST THING").utf8).write(to: URL(fileURLWithPath: edited))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, edited, &times, 0) == 0)
        try home.write("typed by hand\n", to: "journal/entries/mine.md")
        try FileManager.default.removeItem(atPath: journal + "/" + second.path)
        // Each keep commits its own file and rewrites the index; the rest keeps waiting.
        var kept: [String] = []
        for number in 1 ... 3 { kept.append(try keep("keep number \(number)").path) }
        #expect(try git(["show", "--name-only", "--format=", "HEAD"], in: journal).output == kept[2] + "\n")
        let waiting = try git(["status", "--porcelain"], in: journal).output
        #expect(waiting.split(separator: "\n").sorted() == [" D \(second.path)", " M \(first.path)", "?? entries/mine.md"], "\(waiting)")
        try say("history")
        let message = try git(["log", "--format=%s", "-1"], in: journal).output
        #expect(message.contains("Edit \(first.id.prefix(8))") && message.contains("Remove \(second.id.prefix(8))") && message.contains("Add "), "\(message)")
        #expect(try git(["show", "HEAD:" + first.path], in: journal).output.contains("THE FIRST THING"))
        #expect(try git(["ls-tree", "-r", "--name-only", "HEAD"], in: journal).output.split(separator: "\n").sorted()
                == ([".gitignore", first.path, "entries/mine.md"] + kept).sorted().map { Substring($0) })
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        #expect(try git(["fsck", "--full"], in: journal).status == 0)
    }

    @Test func letGoLeavesNothingInAnyObjectOrCommit() throws {
        try say("init", "--git")
        let stays = try keep("STAYS-marker this one stays")
        let goes = try keep("GOES-marker this one goes, first version")
        // A second version of the entry, edited by hand and committed by say.
        try home.write("---\nid: \(goes.id)\n---\nGOES-marker second version\n", to: "journal/" + goes.path)
        try say("history")
        // The person also commits with the git CLI and leaves an untracked file.
        try home.write("my own notes about nothing\n", to: "journal/NOTES.txt")
        #expect(try git(["add", "NOTES.txt"], in: journal).status == 0)
        #expect(try git(["commit", "-m", "My own commit"], in: journal).status == 0)
        try home.write("untracked\n", to: "journal/scratch.txt")
        let before = try git(["log", "--format=%s", "main"], in: journal).output

        try say("let-go", String(goes.id.prefix(8)), "--yes")

        let objects = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        #expect(!objects.contains("GOES-marker"))
        #expect(objects.contains("STAYS-marker"))
        #expect(try git(["fsck", "--full"], in: journal).status == 0)
        let stat = try git(["log", "--all", "--stat", "--format=%s"], in: journal).output
        #expect(!stat.contains(String(goes.id.prefix(8)) + ".md"))
        // The other commits, including the person's own, are intact and in order; the two commits
        // that only touched the entry are gone.
        let after = try git(["log", "--format=%s", "main"], in: journal).output
        #expect(after == before.split(separator: "\n").filter { !$0.contains(goes.id.prefix(8)) }.joined(separator: "\n") + "\n")
        #expect(after.contains("My own commit"))
        #expect(try home.read("journal/scratch.txt") == Array("untracked\n".utf8))
        #expect(home.files(under: "journal/entries") == ["journal/" + stays.path])
        #expect(try git(["reflog", "--all"], in: journal).output.isEmpty)
    }

    @Test func gitOnCommitsWhatIsThereAndOffRemovesTheHistory() throws {
        let kept = try keep("kept before versioning")
        #expect(try say("git", "status").stdout == "Versioning is off. `say git on` turns it on.\n")
        #expect(try say("git", "on").stdout == "Versioning is on. Every keep and let-go is now a commit.\n")
        #expect(try git(["ls-files"], in: journal).output == ".gitignore\n\(kept.path)\n")
        #expect(try say("git", "status").stdout == "Versioning is on, on branch main, 1 commit.\n")
        #expect(try say("git", "on").stdout == "Versioning was already on.\n")
        try say("git", "off", "--yes")
        #expect(!FileManager.default.fileExists(atPath: journal + "/.git"))
        #expect(home.files(under: "journal/entries") == ["journal/" + kept.path])
    }

    /// A repository that holds the person's own work (a branch, a stash, a remote, a file of
    /// theirs) is not removed: `say git off` names what would be lost and changes nothing.
    @Test func gitOffLeavesARepositoryThatHoldsThePersonsOwnWork() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"], in: journal).status == 0)
        try home.write("my notes\n", to: "journal/notes.txt")
        #expect(try git(["add", "notes.txt"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "my notes"], in: journal).status == 0)
        #expect(try git(["branch", "my-branch"], in: journal).status == 0)
        #expect(try git(["remote", "add", "mine", home.url("elsewhere.git")], in: journal).status == 0)
        try home.write("my notes\nunsaved work\n", to: "journal/notes.txt")
        #expect(try git(["stash", "-q"], in: journal).status == 0)
        _ = try keep("an entry")
        let refs = try git(["for-each-ref"], in: journal).output

        let off = try SayBinary.run(["git", "off", "--yes", "--journal", journal], home: home.path)
        #expect(off.status == 1)
        for name in ["the branch my-branch", "a stash", "the remote mine", "notes.txt", "nothing was changed"] {
            #expect(off.stderr.contains(name), "\(off.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: journal + "/.git"))
        #expect(try git(["for-each-ref"], in: journal).output == refs)
        #expect(try git(["stash", "list"], in: journal).output.contains("WIP"))
    }
}
