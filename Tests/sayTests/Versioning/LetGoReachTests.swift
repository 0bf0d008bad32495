import Foundation
import TestSupport
import Testing

/// Everything of an entry that say knows about is reachable by `say let-go`: an entry removed
/// from the folder outside say, an entry moved out and brought back under another name, and
/// the person's own messages that hold its words are named. Through the real binary, checked
/// with the real git CLI.
@Suite("let go: its reach")
struct LetGoReachTests {
    let home = TemporaryFolder("say-reach")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
    }

    func keep(_ text: String) throws -> (path: String, id: String) {
        let kept = try say("write", "--keep", "--json", "--feeling", "same", input: text)
        #expect(kept.status == 0, "\(kept.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        return (try #require(object["path"] as? String), try #require(object["id"] as? String))
    }

    func gitOK(_ arguments: String...) throws {
        let run = try gitRun(arguments, in: journal)
        #expect(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.error)")
    }

    /// Every object and every patch of every ref's history.
    func everything() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output + (try git(["log", "--all", "-p"], in: journal).output)
    }

    func expectClean() throws {
        let fsck = try gitRun(["fsck", "--full", "--strict"], in: journal)
        #expect(fsck.status == 0, "\(fsck.output) \(fsck.error)")
    }

    /// An entry deleted with `rm` is committed as removed and stays in the history: show says
    /// so, and let-go by its id or by its path lets it go from the history.
    @Test func anEntryRemovedOutsideSayIsLetGoFromTheHistory() throws {
        #expect(try say("init", "--git").status == 0)
        let first = try keep("A neutral sentence about the garden with REMOVED600 in it.")
        let second = try keep("A neutral sentence about the garden with REMOVED601 in it.")
        let stays = try keep("A neutral sentence about the garden with STAYS602 in it.")
        try FileManager.default.removeItem(atPath: journal + "/" + first.path)
        try FileManager.default.removeItem(atPath: journal + "/" + second.path)
        #expect(try say("history").status == 0)
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        #expect(try everything().contains("REMOVED600"))

        let shown = try say("show", String(first.id.prefix(8)))
        #expect(shown.status == 1)
        #expect(shown.stderr == "say: could not show the entry: \(first.path) was removed from the folder without `say let-go`, "
            + "and its words are still in the journal's history; `say let-go \(first.path)` removes them from it\n")
        #expect(try say("show", "#9").stderr.contains("no entry matches"))

        let byID = try say("let-go", String(first.id.prefix(8)), "--yes")
        #expect(byID.status == 0, "\(byID.stderr)")
        #expect(byID.stdout == "Let go. It's gone for good.\n")
        let byPath = try say("let-go", second.path, "--yes")
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stdout == "Let go. It's gone for good.\n")
        let all = try everything()
        #expect(!all.contains("REMOVED600"))
        #expect(!all.contains("REMOVED601"))
        #expect(all.contains("STAYS602"))
        #expect(FileManager.default.fileExists(atPath: journal + "/" + stays.path))
        try expectClean()
        // Gone from the history, it no longer answers.
        #expect(try say("let-go", String(first.id.prefix(8)), "--yes").stderr.contains("no entry matches"))
    }

    /// An entry moved out of the journal (committed as removed) and brought back later under a
    /// name of the person's, its `id` kept: its first life is let go with it, never called a
    /// copy, whether it came back as it was or rewritten.
    @Test(arguments: [false, true])
    func anEntryBroughtBackUnderAnotherNameIsFollowedByItsID(rewritten: Bool) throws {
        #expect(try say("init", "--git").status == 0)
        let kept = try keep("A neutral sentence about the garden with BACK940 in it.")
        _ = try keep("A neutral sentence about the garden with OTHER941 in it.")
        let bytes = try home.read("journal/" + kept.path)
        try FileManager.default.removeItem(atPath: journal + "/" + kept.path)
        #expect(try say("history").status == 0)
        _ = try keep("A neutral sentence about the garden with LATER942 in it.")
        var back = String(decoding: bytes, as: UTF8.self)
        if rewritten { back = back.replacingOccurrences(of: "garden", with: "garden, rewritten almost entirely into a new long paragraph about other things") }
        try FileManager.default.createDirectory(atPath: journal + "/entries/2026/12", withIntermediateDirectories: true)
        try home.write(back, to: "journal/entries/2026/12/back.md")
        #expect(try say("history").status == 0)

        let letGo = try say("let-go", "back.md", "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(letGo.stderr == "")
        let all = try everything()
        #expect(!all.contains("BACK940"))
        #expect(all.contains("OTHER941") && all.contains("LATER942"))
        try expectClean()
    }

    /// The same with the git CLI: `git rm` in one commit, the file added back under a new name
    /// with one more line in a later one.
    @Test func anEntryRemovedAndAddedBackWithGitIsFollowed() throws {
        #expect(try say("init", "--git").status == 0)
        let kept = try keep("A neutral sentence about the garden with GITBACK990 in it.")
        _ = try keep("A neutral sentence about the garden with OTHER991 in it.")
        let bytes = try home.read("journal/" + kept.path)
        try gitOK("rm", "-q", kept.path)
        try gitOK("commit", "-qm", "put aside")
        try home.write(String(decoding: bytes, as: UTF8.self) + "one more line\n", to: "journal/" + (kept.path as NSString).deletingLastPathComponent + "/back.md")
        try gitOK("add", "-A")
        try gitOK("commit", "-qm", "back")
        let letGo = try say("let-go", "back.md", "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(!(try everything()).contains("GITBACK990"))
        #expect(try everything().contains("OTHER991"))
        try expectClean()
    }

    /// The entry's words as the message of an annotated tag or a commit of the person's: say
    /// leaves their messages as they are, and names them instead of "gone for good".
    @Test func messagesHoldingTheWordsAreNamed() throws {
        #expect(try say("init", "--git").status == 0)
        let kept = try keep("A neutral sentence about the garden with TAGGED840 in it.")
        let committed = try keep("A neutral sentence about the garden with COMMITTED841 in it.")
        _ = try keep("A neutral sentence about the garden with OTHER842 in it.")
        try gitOK("tag", "-a", "-F", kept.path, "pasted", "HEAD")
        try home.write("mine\n", to: "journal/mine.txt")
        try gitOK("add", "mine.txt")
        try gitOK("commit", "-q", "-F", committed.path)

        let tagged = try say("let-go", String(kept.id.prefix(8)), "--yes")
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(tagged.stdout == "Let go from the journal.\n")
        #expect(tagged.stderr.contains("say: The same words are still in the message of tag pasted in the journal's git history; say never changes a message it did not write, so delete or rewrite it yourself if you want them gone.\n"))
        #expect(try git(["cat-file", "-p", "refs/tags/pasted"], in: journal).output.contains("TAGGED840"))

        let inCommit = try say("let-go", String(committed.id.prefix(8)), "--yes")
        #expect(inCommit.status == 0, "\(inCommit.stderr)")
        #expect(inCommit.stdout == "Let go from the journal.\n")
        let holder = try git(["log", "--all", "--format=%H", "--grep", "COMMITTED841"], in: journal).output.prefix(12)
        #expect(holder.count == 12)
        #expect(inCommit.stderr.contains("The same words are still in the message of commit \(holder) in the journal's git history"), "\(inCommit.stderr)")

        // Another entry's let-go, with no message holding its words, is gone for good.
        let other = try say("let-go", "1", "--yes")
        #expect(other.stdout == "Let go. It's gone for good.\n")
        #expect(other.stderr == "")
        try expectClean()
    }
}
