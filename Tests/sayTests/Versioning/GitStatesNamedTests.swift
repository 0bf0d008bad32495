import Foundation
import TestSupport
import Testing

/// Repository states of the person's own making are named as what they are, with a fix that
/// works: never as damage, never only at the moment a let-go is refused.
@Suite("git states named as what they are")
struct GitStatesNamedTests {
    let home = TemporaryFolder("say-git-states")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., in folder: String? = nil, input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", folder ?? journal], input: input, home: home.path)
    }

    func versionedJournalWithTwoEntries() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", input: "the first thing kept").status == 0)
        #expect(try say("write", "--keep", input: "the second thing kept").status == 0)
    }

    /// `say git status` names what a let-go would refuse, in the let-go's own words.
    @Test func statusNamesWhatALetGoWouldRefuse() throws {
        try versionedJournalWithTwoEntries()
        try gitChecked(["worktree", "add", "-q", home.url("side"), "-b", "side"], in: journal)
        let status = try say("git", "status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("Letting go is refused until this is fixed: the repository has other working trees"), "\(status.stdout)")
        let letGo = try say("let-go", "1", "--yes")
        #expect(letGo.status != 0)
        #expect(letGo.stderr.contains("the repository has other working trees"), "\(letGo.stderr)")
        try gitChecked(["worktree", "remove", home.url("side")], in: journal)
        #expect(!(try say("git", "status").stdout.contains("Letting go is refused")))

        // Borrowed objects, in a clone that shares the journal's objects.
        let shared = home.url("shared")
        try gitChecked(["clone", "-q", "-s", journal, shared], in: home.path)
        #expect(try say("git", "status", in: shared).stdout.contains("Letting go is refused until this is fixed: the repository borrows objects from"))

        // A crashed git's lock.
        try home.write("", to: "journal/.git/index.lock")
        #expect(try say("git", "status").stdout.contains("Letting go is refused until this is fixed: git's lock file"))
        try FileManager.default.removeItem(atPath: journal + "/.git/index.lock")

        // A bisect is named as a bisect, with its own way out.
        try gitChecked(["bisect", "start", "HEAD", "HEAD~2"], in: journal)
        let bisect = try say("git", "status").stdout
        #expect(!bisect.contains("merge or rebase is in progress"), "\(bisect)")
        #expect(bisect.contains("a git bisect is in progress in the journal; finish it (`git bisect reset`)"), "\(bisect)")
    }

    /// A sparse index is a setting of the person's, named with the command that keeps the
    /// sparse checkout and lets say read the index; never reported as damage.
    @Test func aSparseIndexIsNamedNotCalledDamage() throws {
        try versionedJournalWithTwoEntries()
        // A folder of the person's own, left out of the sparse checkout (a sparse directory).
        try home.write("my list\n", to: "journal/notes/list.txt")
        try gitChecked(["add", "notes"], in: journal)
        try gitChecked(["-c", "user.name=Me", "-c", "user.email=me@example.invalid", "commit", "-qm", "notes"], in: journal)
        try gitChecked(["sparse-checkout", "init", "--cone", "--sparse-index"], in: journal)
        try gitChecked(["sparse-checkout", "set", "entries"], in: journal)
        let keep = try say("write", "--keep", input: "a third thing kept")
        let status = try say("git", "status")
        let letGo = try say("let-go", "1", "--yes")
        for said in [keep.stderr, status.stdout + status.stderr, letGo.stderr] {
            #expect(!said.contains("damaged") && !said.contains("git fsck"), "\(said)")
        }
        for said in [status.stdout + status.stderr, letGo.stderr] {
            #expect(said.contains("sparse index"), "\(said)")
            #expect(said.contains("`git sparse-checkout init --no-sparse-index`"), "\(said)")
        }
        #expect(letGo.status != 0)
        // The fix it names works: the keep is then committed, and let-go works.
        try gitChecked(["sparse-checkout", "init", "--no-sparse-index"], in: journal)
        #expect(try say("history").status == 0)
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        #expect(try say("let-go", "1", "--yes").status == 0)
    }

    /// A month folder moved to another disk and linked back is named as a link say does not
    /// follow; its entries' history is left as it was, and nothing calls it damage.
    @Test func aLinkedMonthFolderIsNamedNotCalledDamage() throws {
        try versionedJournalWithTwoEntries()
        let months = journal + "/entries/" + (try FileManager.default.contentsOfDirectory(atPath: journal + "/entries")[0])
        let month = try FileManager.default.contentsOfDirectory(atPath: months)[0]
        let elsewhere = home.url("otherdisk")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: months + "/" + month, toPath: elsewhere + "/" + month)
        try FileManager.default.createSymbolicLink(atPath: months + "/" + month, withDestinationPath: elsewhere + "/" + month)
        let commits = try git(["rev-list", "--count", "HEAD"], in: journal).output
        let history = try say("history")
        #expect(!history.stderr.contains("damaged") && !history.stderr.contains("git fsck"), "\(history.stderr)")
        #expect(history.stderr.contains("a symbolic link to a folder; say never follows links, so the entries in it are not listed, versioned or synced: to keep them in the journal, put the folder itself here in place of the link"), "\(history.stderr)")
        // Nothing was committed as removed.
        #expect(try git(["rev-list", "--count", "HEAD"], in: journal).output == commits)
        // Moved back, all is as it was.
        try FileManager.default.removeItem(atPath: months + "/" + month)
        try FileManager.default.moveItem(atPath: elsewhere + "/" + month, toPath: months + "/" + month)
        let back = try say("history")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
    }
}
