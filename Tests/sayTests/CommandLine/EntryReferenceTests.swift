#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// Naming an entry on the command line, through the real `say`: files say cannot read, two
/// files with one id, and a journal folder that is not there.
@Suite("say, naming entries")
struct EntryReferenceTests {
    let home = TemporaryFolder("say-reference")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path, environment: ["TZ": "UTC"].merging(environment) { $1 })
    }

    func keep(_ text: String) throws -> (path: String, id: String) {
        let run = try say("write", "--journal", journal, "--feeling", "same", "--keep", "--json", input: text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(object["path"] as? String), try #require(object["id"] as? String))
    }

    /// A file that is not UTF-8 any more is named with its reason by show and edit, and let go
    /// by its id or its file name, from the files and from every commit.
    @Test func anUnreadableEntryIsNamedAndCanBeLetGo() throws {
        #expect(try say("init", "--git", "--journal", journal).status == 0)
        let kept = try keep("an entry about the harbour")
        let other = try keep("another entry about a kettle")
        var bytes = try home.read("journal/" + kept.path)
        bytes += Array("caf".utf8) + [0xE9] + Array(" from a Latin-1 editor\n".utf8)
        try home.write(bytes, to: "journal/" + kept.path)
        let listed = try #require(try say("history", "--journal", journal).stderr.split(separator: "\n").first { $0.hasPrefix("  " + kept.path) })

        let shown = try say("show", kept.id, "--journal", journal)
        #expect(shown.status == 1)
        let problem = String(listed.dropFirst("  \(kept.path): ".count))
        #expect(problem == "not UTF-8 text")
        #expect(shown.stderr.hasSuffix("say: could not show the entry: \(kept.path) cannot be read (\(problem)); say can let it go (`say let-go \(kept.path)`), or fix the file in an editor and try again\n"))
        #expect(!shown.stderr.contains("no entry matches"))
        let edited = try say("edit", String(kept.id.prefix(8)), "--journal", journal, environment: ["EDITOR": "true"])
        #expect(edited.status == 1)
        #expect(edited.stderr.hasSuffix("say: could not edit the entry: \(kept.path) cannot be read (\(problem)); say can let it go (`say let-go \(kept.path)`), or fix the file in an editor and try again\n"))

        let fileName = String(kept.path.split(separator: "/").last!)
        let letGo = try say("let-go", fileName, "--yes", "--journal", journal)
        #expect(letGo.status == 0)
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(!FileManager.default.fileExists(atPath: home.url("journal/" + kept.path)))
        #expect(FileManager.default.fileExists(atPath: home.url("journal/" + other.path)))
        // Nothing of it in any commit, blob or pack.
        let objects = try gitRun(["cat-file", "--batch-all-objects", "--batch"], in: journal)
        #expect(objects.status == 0)
        #expect(!objects.output.contains("harbour"))
        #expect(objects.output.contains("kettle"))
        #expect(try gitRun(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// A symbolic link among the entries is never followed: show and edit say it is a link,
    /// and let-go (by the id in its name or by its file) removes the link and its history,
    /// never what it points to.
    @Test func aLinkAmongTheEntriesIsNamedAndLetGoWithoutFollowingIt() throws {
        #expect(try say("init", "--git", "--journal", journal).status == 0)
        let kept = try keep("an entry that stays")
        try home.write("---\nid: abcdef12-0000-4000-8000-000000000000\n---\nwords outside the journal\n", to: "outside.md")
        let folder = (kept.path as NSString).deletingLastPathComponent
        for (tag, how) in [("5a5a5a5a", "id"), ("6b6b6b6b", "file")] {
            let link = folder + "/2026-11-02T000000Z-\(tag).md"
            #expect(symlink(home.url("outside.md"), home.url("journal/" + link)) == 0)
            // The person's own git keeps the link too.
            #expect(try git(["add", link], in: journal).status == 0)
            #expect(try git(["commit", "-qm", "a link"], in: journal).status == 0)
            let history = try say("history", "--journal", journal)
            #expect(history.stderr.contains("\(link): a symbolic link; say never follows links"))
            let reason = "say: could not show the entry: \(link) is a symbolic link, and say never follows links; say can let the link go "
                + "(`say let-go \(link)` removes the link, never what it points to), or put the file itself in its place\n"
            #expect(try say("show", tag, "--journal", journal).stderr == reason)
            #expect(try say("show", link, "--journal", journal).stderr == reason)
            let edited = try say("edit", tag, "--journal", journal, environment: ["EDITOR": "true"])
            #expect(edited.status == 1)
            #expect(edited.stderr.contains("\(link) is a symbolic link"))
            let letGo = try say("let-go", how == "id" ? tag : String(link.split(separator: "/").last!), "--yes", "--journal", journal)
            #expect(letGo.status == 0, "\(letGo.stderr)")
            #expect(letGo.stdout == "Let go. It's gone for good.\n")
            var info = stat()
            #expect(lstat(home.url("journal/" + link), &info) != 0)
            #expect(try git(["log", "--all", "--oneline", "--", link], in: journal).output == "")
            #expect(try String(contentsOfFile: home.url("outside.md"), encoding: .utf8).contains("words outside the journal"))
            #expect(try say("history", "--journal", journal).stderr == "")
        }
        #expect(FileManager.default.fileExists(atPath: home.url("journal/" + kept.path)))
        #expect(try gitRun(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// By its full id, too (the first 8 hex digits of it are in the file's name).
    @Test func anUnreadableEntryIsLetGoByItsID() throws {
        let kept = try keep("an entry that grows too big to read")
        try home.write(Array(repeating: UInt8(ascii: "x"), count: 16 * 1024 * 1024 + 1), to: "journal/" + kept.path)
        let letGo = try say("let-go", kept.id, "--yes", "--journal", journal)
        #expect(letGo.status == 0)
        #expect(letGo.stdout == "Let go. It's gone for good.\n")
        #expect(home.files(under: "journal") == [])
    }

    /// Two files with one id (a copy made by hand): the full id cannot tell them apart, so say
    /// says so and how to name one, and the path names it.
    @Test func twoFilesWithOneIDAreToldApartByPath() throws {
        let kept = try keep("the original entry")
        let copy = "entries/2026/10/2026-10-01T100000Z-mycopy.md"
        try home.write("---\nid: \(kept.id)\ndate: 2026-10-01T10:00:00Z\n---\na copy made by hand\n", to: "journal/" + copy)
        let shown = try say("show", kept.id, "--journal", journal)
        #expect(shown.status == 1)
        #expect(shown.stderr == "say: could not show the entry: 2 files have the id \"\(kept.id)\" (\(kept.path), \(copy)); "
            + "name the one you mean by its number in `say history` or by its path, as shown here\n")
        let byPath = try say("show", copy, "--journal", journal)
        #expect(byPath.status == 0)
        #expect(byPath.stdout.hasSuffix("\n\na copy made by hand\n"))
        let letGo = try say("let-go", copy, "--yes", "--journal", journal)
        #expect(letGo.status == 0)
        #expect(home.files(under: "journal") == ["journal/" + kept.path])
    }

    /// A journal folder given with --journal or SAY_JOURNAL that is not there is a mistyped
    /// path, not an empty journal; a keep still makes it.
    @Test func aMissingNamedJournalIsNotAnEmptyOne() throws {
        _ = try keep("my only entry")
        let typo = home.url("jornal")
        let expected = "say: there is no journal at \(typo): the folder does not exist. Check the path given with --journal or SAY_JOURNAL; "
            + "without either, say uses \(home.path)/data/say-it-later\n"
        for run in [try say("history", "--journal", typo), try say("history", environment: ["SAY_JOURNAL": typo]),
                    try say("show", "1", "--journal", typo), try say("let-go", "1", "--yes", "--journal", typo),
                    try say("history", "--json", "--journal", typo)] {
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == expected)
        }
        #expect(!FileManager.default.fileExists(atPath: typo))
        // The default journal, not made yet, is simply empty.
        let fresh = try say("history")
        #expect(fresh.status == 0)
        #expect(fresh.stdout.hasPrefix("Nothing kept yet."))
        // Keeping makes the folder, as before.
        #expect(try say("write", "--journal", typo, "--feeling", "same", "--keep", input: "words").status == 0)
        #expect(try say("history", "--journal", typo).status == 0)
    }
}
