import Foundation
import TestSupport
import Testing

/// What a copy is to `say let-go`: a version (a blob) at another path with the same bytes as a
/// version of the entry, never the whole file or path it sits in, and never another entry say
/// lists. Set up and checked with the real git CLI, through the real binary.
@Suite("let go: copies are versions")
struct LetGoCopiesTests {
    let home = TemporaryFolder("say-copies")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
    }

    /// Keeps an entry and returns its path in the journal.
    func keep(_ text: String) throws -> String {
        let kept = try say("write", "--keep", "--json", "--text", text)
        #expect(kept.status == 0, "\(kept.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        return try #require(object["path"] as? String)
    }

    func gitOK(_ arguments: String...) throws {
        let run = try gitRun(arguments, in: journal)
        #expect(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.error)")
    }

    func text(_ path: String) throws -> String {
        String(decoding: try home.read("journal/" + path), as: UTF8.self)
    }

    /// The blob id git gives these bytes.
    func blobID(of bytes: String) throws -> String {
        try git(["hash-object", "--stdin"], in: journal, input: bytes).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything the repository holds: every object and every patch of every ref's history.
    func everything() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output + (try git(["log", "--all", "-p"], in: journal).output)
    }

    func expectClean() throws {
        let fsck = try gitRun(["fsck", "--full", "--strict"], in: journal)
        #expect(fsck.status == 0, "\(fsck.output) \(fsck.error)")
    }

    /// A duplicate of an entry, and the original written on afterwards: letting go of the
    /// duplicate with its copies takes the copied version from the original's history, and
    /// leaves the original with what was written in it since. A letter started from an entry
    /// and rewritten on a branch keeps its own version.
    @Test func onlyTheCopiedVersionGoesNotTheFileItSitsIn() throws {
        #expect(try say("init", "--git").status == 0)
        let original = try keep("A neutral sentence about the garden with COPYMARK780 in it.")
        _ = try keep("Another entry, OTHER781.")
        let first = try text(original)
        let month = journal + "/entries/2026/12"
        try FileManager.default.createDirectory(atPath: month, withIntermediateDirectories: true)
        try home.write(first, to: "journal/entries/2026/12/copy.md")
        try home.write(first + "A line added to the original afterwards, LATER780.\n", to: "journal/" + original)
        try gitOK("add", "-A")
        try gitOK("commit", "-q", "-m", "duplicate, then continue")

        let refused = try say("let-go", "entries/2026/12/copy.md", "--yes")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("a version of another entry say lists, \(original)"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("which say did not write"), "\(refused.stderr)")

        let removed = try say("let-go", "entries/2026/12/copy.md", "--yes", "--with-copies")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: month + "/copy.md"))
        #expect(try text(original).contains("LATER780"))
        let after = try everything()
        #expect(after.contains("LATER780"))
        #expect(try gitRun(["cat-file", "-e", try blobID(of: first)], in: journal).status != 0)
        #expect(try git(["show", "HEAD:" + original], in: journal).output.contains("LATER780"))
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        let history = try say("history")
        #expect(history.stdout.contains("Another entry"), "\(history.stdout)")
        #expect(history.stdout.contains("COPYMARK780"), "\(history.stdout)")
        try expectClean()

        // A letter started from an entry on a branch of the person's, then rewritten.
        let letter = try keep("Words the letter started from, LETTER820.")
        try gitOK("checkout", "-q", "-b", "letters")
        try FileManager.default.createDirectory(atPath: journal + "/letters", withIntermediateDirectories: true)
        let letterStart = try text(letter)
        try home.write(letterStart, to: "journal/letters/to-sam.md")
        try gitOK("add", "letters")
        try gitOK("commit", "-q", "-m", "start a letter from it")
        try home.write("Dear Sam, two pages of my own, SAM820.\n", to: "journal/letters/to-sam.md")
        try gitOK("commit", "-q", "-am", "my letter, rewritten")
        try gitOK("checkout", "-q", "main")
        let letGo = try say("let-go", letter, "--yes", "--with-copies")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(try git(["show", "letters:letters/to-sam.md"], in: journal).output == "Dear Sam, two pages of my own, SAM820.\n")
        #expect(!(try everything()).contains("LETTER820"))
        try expectClean()
    }

    /// A duplicate of an entry, both listed, neither changed since: letting one go with its
    /// copies leaves the other as it is, and says its words are still there.
    @Test func anotherEntryWithTheSameWordsNowStays() throws {
        #expect(try say("init", "--git").status == 0)
        let original = try keep("A neutral sentence about the garden with TWIN555 in it.")
        let words = try text(original)
        try FileManager.default.createDirectory(atPath: journal + "/entries/2026/12", withIntermediateDirectories: true)
        try home.write(words, to: "journal/entries/2026/12/twin.md")
        try gitOK("add", "-A")
        try gitOK("commit", "-q", "-m", "a twin")
        let letGo = try say("let-go", "entries/2026/12/twin.md", "--yes", "--with-copies")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(letGo.stderr.contains("The same words are still in \(original), another entry you keep: it stays as it is."), "\(letGo.stderr)")
        #expect(try text(original) == words)
        #expect(try git(["show", "HEAD:" + original], in: journal).output == words)
        #expect(!FileManager.default.fileExists(atPath: journal + "/entries/2026/12/twin.md"))
        #expect(try say("history").stdout.contains("TWIN555"))
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        try expectClean()
    }

    /// A copy the person went on writing in (not committed): the copied version leaves the
    /// history, and the file stays in the folder as it is, with their work.
    @Test func aCopyWithChangesNotCommittedStaysInTheFolder() throws {
        #expect(try say("init", "--git").status == 0)
        let entry = try keep("A neutral sentence about the garden with DRAFT390 in it.")
        _ = try keep("Another entry, OTHER391.")
        let copied = try text(entry)
        try FileManager.default.createDirectory(atPath: journal + "/letters", withIntermediateDirectories: true)
        try home.write(copied, to: "journal/letters/draft-letter.md")
        try gitOK("add", "letters")
        try gitOK("commit", "-q", "-m", "start a letter from it")
        let written = copied + "Dear friend, my own new paragraph PARAGRAPH390, two hours of work.\n"
        try home.write(written, to: "journal/letters/draft-letter.md")

        let removed = try say("let-go", entry, "--yes", "--with-copies")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try text("letters/draft-letter.md") == written)
        #expect(removed.stderr.contains("letters/draft-letter.md has changes not committed, so it stays in the folder"), "\(removed.stderr)")
        #expect(try gitRun(["cat-file", "-e", try blobID(of: copied)], in: journal).status != 0)
        #expect(!(try git(["log", "--all", "-p"], in: journal).output.contains("DRAFT390")))
        #expect(!FileManager.default.fileExists(atPath: journal + "/" + entry))
        try expectClean()
    }

    /// Two entries whose names were swapped with `git mv`, and an entry moved with a page of
    /// the person's put at its old name in the same commit: each is its own file, never a copy
    /// of the other, and letting one go leaves the other with its history.
    @Test func filesThatTookEachOthersNamesAreNotCopies() throws {
        #expect(try say("init", "--git").status == 0)
        let a = try keep("A neutral sentence about the garden with SWAPA226 in it.")
        let b = try keep("A neutral sentence about the garden with SWAPB227 in it.")
        try gitOK("mv", a, "tmp.md")
        try gitOK("mv", b, a)
        try gitOK("mv", "tmp.md", b)
        try gitOK("commit", "-q", "-m", "swap names")
        // SWAPA226 now lives at b.
        let letGo = try say("let-go", b, "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(try text(a).contains("SWAPB227"))
        let after = try everything()
        #expect(!after.contains("SWAPA226"))
        #expect(after.contains("SWAPB227"))
        #expect(try git(["log", "--format=%s", "--", a], in: journal).output.split(separator: "\n").count >= 1)
        #expect(try say("history").stdout.contains("SWAPB227"))
        try expectClean()

        // Moved, and a page of the person's at the old name, in one commit: either can go alone.
        for (goes, stays) in [("moved", "page"), ("page", "moved")] {
            let other = TemporaryFolder("say-copies-move")
            let run = { (arguments: [String]) throws -> SayRun in
                try SayBinary.run(arguments + ["--journal", other.url("journal")], home: other.path)
            }
            #expect(try run(["init", "--git"]).status == 0)
            let kept = try run(["write", "--keep", "--json", "--text", "A neutral sentence with MOVED220 in it."])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
            let old = try #require(object["path"] as? String)
            #expect(try run(["write", "--keep", "--text", "Another entry, OTHER221."]).status == 0)
            let folder = other.url("journal")
            try FileManager.default.createDirectory(atPath: folder + "/entries/2026/12", withIntermediateDirectories: true)
            #expect(try git(["mv", old, "entries/2026/12/moved.md"], in: folder).status == 0)
            try other.write("---\nid: mine-0001\ndate: 2026-11-02T10:00:00Z\n---\nMy own unrelated page, PAGE220.\n", to: "journal/" + old)
            #expect(try git(["add", "-A"], in: folder).status == 0)
            #expect(try git(["commit", "-q", "-m", "move it, and my own page at the old name"], in: folder).status == 0)
            let target = goes == "moved" ? "entries/2026/12/moved.md" : old
            let result = try run(["let-go", target, "--yes"])
            #expect(result.status == 0, "\(goes): \(result.stderr)")
            let objects = try git(["cat-file", "--batch-all-objects", "--batch"], in: folder).output + (try git(["log", "--all", "-p"], in: folder).output)
            let (gone, left) = goes == "moved" ? ("MOVED220", "PAGE220") : ("PAGE220", "MOVED220")
            #expect(!objects.contains(gone), "\(goes)")
            #expect(objects.contains(left), "\(goes)")
            let leftPath = stays == "moved" ? "entries/2026/12/moved.md" : old
            #expect(String(decoding: try other.read("journal/" + leftPath), as: UTF8.self).contains(left), "\(goes)")
            #expect(try gitRun(["fsck", "--full", "--strict"], in: folder).status == 0)
        }
    }

    /// With `core.ignorecase` set in a repository on a disk that tells case apart, files of the
    /// person's whose names differ from an entry's only in case are theirs: listing the journal
    /// leaves their index entries alone, and letting the entry go leaves them and their history.
    @Test func aFileNamedLikeTheEntryInAnotherCaseIsThePersons() throws {
        #expect(try say("init", "--git").status == 0)
        let entry = try keep("A neutral sentence about the garden with CASE106 in it.")
        _ = try keep("Another entry, OTHER107.")
        let name = (entry as NSString).lastPathComponent
        let folder = (entry as NSString).deletingLastPathComponent
        let upperFolder = "E" + folder.dropFirst()
        let upperName = name.uppercased()
        try FileManager.default.createDirectory(atPath: journal + "/" + upperFolder, withIntermediateDirectories: true)
        try home.write("my own different doc, MINE106\n", to: "journal/" + upperFolder + "/" + name)
        try home.write("upper doc, my own words, UPPER106\n", to: "journal/" + folder + "/" + upperName)
        try gitOK("add", "-A")
        try gitOK("commit", "-q", "-m", "my docs")
        try gitOK("config", "core.ignorecase", "true")
        let before = try git(["ls-files", "-s"], in: journal).output

        #expect(try say("history").status == 0)
        #expect(try git(["ls-files", "-s"], in: journal).output == before)

        let letGo = try say("let-go", entry, "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(try git(["show", "HEAD:" + upperFolder + "/" + name], in: journal).output == "my own different doc, MINE106\n")
        #expect(try git(["show", "HEAD:" + folder + "/" + upperName], in: journal).output == "upper doc, my own words, UPPER106\n")
        #expect(try text(upperFolder + "/" + name) == "my own different doc, MINE106\n")
        #expect(try text(folder + "/" + upperName) == "upper doc, my own words, UPPER106\n")
        #expect(!(try everything()).contains("CASE106"))
        try expectClean()
    }
}
