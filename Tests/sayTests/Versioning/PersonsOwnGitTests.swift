import Foundation
import TestSupport
import Testing

/// The person's own use of git in and around the journal's repository, set up with the real git
/// CLI: say never removes, rewrites or unlocks what it did not make. Each refusal says what
/// happened and what to do, exits non-zero and changes nothing.
@Suite("say leaves the person's own git alone")
struct PersonsOwnGitTests {
    let home = TemporaryFolder("say-own-git")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
    }

    func say(_ arguments: [String], journal: String) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], home: home.path)
    }

    /// What git reads from every object of the repository at `folder`.
    func objects(_ folder: String) throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"], in: folder).output
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// An object store shared with another repository through a link (one store for two
    /// repositories; the links `git-new-workdir` makes): a let-go would delete the other's
    /// objects. It is refused before anything changes, and so is a sync that brings a let-go.
    @Test func anObjectStoreSharedThroughALinkIsNamedAndNothingIsDeleted() throws {
        let other = home.url("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"], in: other).status == 0)
        try home.write("my other project\n", to: "other/readme.txt")
        #expect(try git(["add", "-A"], in: other).status == 0)
        #expect(try git(["commit", "-q", "-m", "other project"], in: other).status == 0)
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "SHARED-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        // One object store for both: the journal's objects go into the other's, then a link.
        #expect(try git(["fetch", "-q", journal, "main:refs/journal/main"], in: other).status == 0)
        try FileManager.default.removeItem(atPath: journal + "/.git/objects")
        try link(journal + "/.git/objects", to: other + "/.git/objects")
        let otherLog = try git(["log", "--format=%H %s"], in: other).output
        let entries = home.files(under: "journal/entries")

        let letGo = try say("let-go", "2", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("shares objects with another repository or working folder through a symbolic link"), "\(letGo.stderr)")
        #expect(letGo.stderr.contains("nothing was changed"), "\(letGo.stderr)")
        #expect(!letGo.stderr.contains("SHARED-marker"))
        #expect(try git(["log", "--format=%H %s"], in: other).output == otherLog)
        #expect(try git(["fsck", "--full", "--strict"], in: other).status == 0)
        #expect(home.files(under: "journal/entries") == entries)
        #expect(try objects(journal).contains("SHARED-marker"))

        // A second working folder of the journal made the way git-new-workdir makes one: its
        // .git links the journal's objects, refs, config and the rest, with a HEAD of its own.
        let second = home.url("second")
        try FileManager.default.createDirectory(atPath: second + "/.git/logs", withIntermediateDirectories: true)
        for part in ["objects", "refs", "config", "info", "hooks"] { try link(second + "/.git/" + part, to: journal + "/.git/" + part) }
        try link(second + "/.git/logs/refs", to: journal + "/.git/logs/refs")
        try home.write("ref: refs/heads/main\n", to: "second/.git/HEAD")
        #expect(try git(["checkout", "-q", "-f", "main"], in: second).status == 0)
        let refused = try say(["let-go", "1", "--yes"], journal: second)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("shares config, info, logs/refs, objects, refs with another repository"), "\(refused.stderr)")
        #expect(try git(["fsck", "--full", "--strict"], in: other).status == 0)
        #expect(try objects(journal).contains("SHARED-marker"))
    }

    /// A sync that brings a let-go into a journal whose object store is shared is refused
    /// before it changes the branch or a file.
    @Test func aSyncBringingALetGoIntoASharedObjectStoreChangesNothing() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let goes = try a.keep("SHAREDSYNC-marker words")
        _ = try a.keep("stays")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        let other = b.home.url("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"], in: other).status == 0)
        #expect(try git(["commit", "-q", "--allow-empty", "-m", "other project"], in: other).status == 0)
        #expect(try git(["fetch", "-q", b.journal, "main:refs/journal/main"], in: other).status == 0)
        try FileManager.default.removeItem(atPath: b.journal + "/.git/objects")
        try link(b.journal + "/.git/objects", to: other + "/.git/objects")
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        try a.sync()
        let head = try git(["rev-parse", "HEAD"], in: b.journal).output
        let entries = try b.entries()

        let run = try b.sync(status: 1)
        #expect(run.stderr.contains("symbolic link") && run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(try git(["rev-parse", "HEAD"], in: b.journal).output == head)
        #expect(try b.entries() == entries)
        #expect(try git(["fsck", "--full", "--strict"], in: other).status == 0)
    }

    /// A folder remote that is a working copy of the person's (another branch checked out)
    /// keeps what its index reaches: say leaves its object store as it is and says so.
    @Test func aWorkingCopyRemoteKeepsItsStagedChanges() throws {
        let a = SyncDevice()
        try a.say(["init", "--git"])
        let goes = try a.keep("WORKCOPY-marker words")
        _ = try a.keep("stays")
        let bare = try BareRemote()
        try a.sync("--remote", bare.path)
        let work = a.home.url("work")
        #expect(try git(["clone", "-q", bare.path, work], in: a.home.path).status == 0)
        #expect(try git(["checkout", "-q", "-b", "side"], in: work).status == 0)
        #expect(try git(["config", "receive.denyCurrentBranch", "updateInstead"], in: work).status == 0)
        try a.home.write("my staged draft, version one\n", to: "work/draft.txt")
        #expect(try git(["add", "draft.txt"], in: work).status == 0)
        try a.home.write("version two, not staged\n", to: "work/draft.txt")
        try a.sync("--remote", work)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])

        let run = try a.sync()
        #expect(run.stderr.contains("is a working copy"), "\(run.stderr)")
        #expect(run.stderr.contains("left its object store as it was"), "\(run.stderr)")
        #expect(try git(["cat-file", "-p", ":draft.txt"], in: work).output == "my staged draft, version one\n")
        let fsck = try gitRun(["fsck", "--full"], in: work)
        #expect(fsck.status == 0 && !fsck.output.contains("missing") && !fsck.error.contains("missing"), "\(fsck.output)\(fsck.error)")
        #expect(try git(["symbolic-ref", "HEAD"], in: work).output == "refs/heads/side\n")
    }

    /// `say git off` names a linked working tree, hooks, settings and the history of a file of
    /// the person's in `entries/`, and removes nothing.
    @Test func gitOffNamesWorkingTreesHooksSettingsAndTheHistoryOfTheirFiles() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "an entry").status == 0)
        let worktree = home.url("wt")
        #expect(try git(["worktree", "add", "-q", "--detach", worktree], in: journal).status == 0)
        try home.write("my staged draft\n", to: "wt/draft.txt")
        #expect(try git(["add", "draft.txt"], in: worktree).status == 0)
        try home.write("#!/bin/sh\nexit 0\n", to: "journal/.git/hooks/pre-commit")
        #expect(try git(["config", "alias.lg", "log --graph"], in: journal).status == 0)
        try home.write("my own index of months\n", to: "journal/entries/index.txt")
        #expect(try git(["add", "entries/index.txt"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "my index"], in: journal).status == 0)
        let refs = try git(["for-each-ref"], in: journal).output

        let off = try say("git", "off", "--yes")
        #expect(off.status == 1)
        for name in ["the working tree \(worktree) (git worktree)", "the hook pre-commit", "alias.lg", "entries/index.txt", "nothing was changed"] {
            #expect(off.stderr.contains(name), "\(off.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: journal + "/.git/hooks/pre-commit"))
        #expect(try git(["for-each-ref"], in: journal).output == refs)
        #expect(try git(["cat-file", "-p", ":draft.txt"], in: worktree).output == "my staged draft\n")
        #expect(try git(["config", "alias.lg"], in: journal).output == "log --graph\n")
    }

    /// A `.git` file (`git init --separate-git-dir`) or a link to a repository kept elsewhere:
    /// removing the pointer would leave every version there, so `say git off` says where the
    /// history is, what to do, and changes nothing.
    @Test(arguments: [false, true])
    func gitOffNamesARepositoryKeptElsewhere(throughALink: Bool) throws {
        let elsewhere = home.url("elsewhere.git")
        if throughALink {
            #expect(try say("init", "--git").status == 0)
            try FileManager.default.moveItem(atPath: journal + "/.git", toPath: elsewhere)
            try link(journal + "/.git", to: elsewhere)
        } else {
            try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
            #expect(try git(["init", "-q", "-b", "main", "--separate-git-dir", elsewhere, journal], in: home.path).status == 0)
        }
        #expect(try say("write", "--keep", "--text", "ELSEWHERE-marker words").status == 0)

        let off = try say("git", "off", "--yes")
        #expect(off.status == 1)
        #expect(off.stderr.contains("kept in \(elsewhere)"), "\(off.stderr)")
        #expect(off.stderr.contains("nothing was changed"), "\(off.stderr)")
        #expect(!off.stdout.contains("Versioning is off"))
        var info = stat()
        #expect(lstat(journal + "/.git", &info) == 0)
        #expect(try git(["--git-dir=" + elsewhere, "log", "--all", "-p"], in: home.path).output.contains("ELSEWHERE-marker"))
        #expect(try say("git", "status").stdout.hasPrefix("Versioning is on"))
    }

    /// A `git notes merge` waiting for its conflicts to be resolved keeps its partial commit
    /// only in NOTES_MERGE_PARTIAL: a let-go is refused, and the merge can still be committed.
    @Test func aNotesMergeInProgressIsRefusedAndCanStillBeCommitted() throws {
        #expect(try say("init", "--git").status == 0)
        for text in ["NOTESMERGE-marker first", "second", "third"] { #expect(try say("write", "--keep", "--text", text).status == 0) }
        let commit = try git(["rev-parse", "HEAD~1"], in: journal).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try git(["notes", "add", "-m", "note A about the day", commit], in: journal).status == 0)
        #expect(try git(["notes", "--ref=other", "add", "-m", "note B about the day", commit], in: journal).status == 0)
        #expect(try git(["notes", "merge", "other"], in: journal).status != 0)
        let partial = try git(["rev-parse", "NOTES_MERGE_PARTIAL"], in: journal).output
        let entries = home.files(under: "journal/entries")

        let letGo = try say("let-go", "3", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("a git notes merge is in progress"), "\(letGo.stderr)")
        #expect(letGo.stderr.contains("git notes merge --commit") && letGo.stderr.contains("nothing was changed"), "\(letGo.stderr)")
        #expect(home.files(under: "journal/entries") == entries)
        #expect(try git(["cat-file", "-t", partial.trimmingCharacters(in: .whitespacesAndNewlines)], in: journal).output == "commit\n")
        try home.write("resolved: A and B\n", to: "journal/.git/NOTES_MERGE_WORKTREE/" + commit)
        #expect(try git(["notes", "merge", "--commit"], in: journal).status == 0)
        #expect(try git(["notes", "show", commit], in: journal).output == "resolved: A and B\n")
        #expect(try say("let-go", "3", "--yes").status == 0)
        #expect(!(try objects(journal).contains("NOTESMERGE-marker")))
    }

    /// A HEAD that is a symbolic link (`core.preferSymlinkRefs`) is on its branch for git: a
    /// let-go is refused with the way to make it a plain file, and HEAD stays as it was.
    @Test func aHeadThatIsASymbolicLinkStaysOnItsBranch() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "SYMHEAD-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        #expect(try git(["config", "core.preferSymlinkRefs", "true"], in: journal).status == 0)
        #expect(try git(["symbolic-ref", "HEAD", "refs/heads/main"], in: journal).status == 0)
        var info = stat()
        try #require(lstat(journal + "/.git/HEAD", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        let commits = try git(["rev-list", "--all"], in: journal).output
        // A keep is not committed, and says why; so does `say git status`.
        let kept = try say("write", "--keep", "--text", "waits for HEAD")
        #expect(kept.status == 0 && kept.stderr.contains("HEAD is a symbolic link"), "\(kept.stderr)")
        #expect(try say("git", "status").stdout.contains("HEAD is a symbolic link"))
        #expect(try git(["rev-list", "--all"], in: journal).output == commits)

        let letGo = try say("let-go", "3", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("HEAD is a symbolic link"), "\(letGo.stderr)")
        #expect(letGo.stderr.contains("git symbolic-ref HEAD refs/heads/main") && letGo.stderr.contains("nothing was changed"), "\(letGo.stderr)")
        #expect(lstat(journal + "/.git/HEAD", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try git(["symbolic-ref", "HEAD"], in: journal).output == "refs/heads/main\n")
        #expect(try git(["rev-list", "--all"], in: journal).output == commits)
        // The advice, followed as written, works.
        #expect(try git(["config", "core.preferSymlinkRefs", "false"], in: journal).status == 0)
        #expect(try git(["symbolic-ref", "HEAD", "refs/heads/main"], in: journal).status == 0)
        #expect(try say("let-go", "3", "--yes").status == 0)
        #expect(try git(["symbolic-ref", "HEAD"], in: journal).output == "refs/heads/main\n")
        #expect(!(try objects(journal).contains("SYMHEAD-marker")))
    }

    /// A pack a killed `git repack` left (`.tmp-<pid>-pack-*`, read by git like any pack) or a
    /// killed fetch's `tmp_pack_*`: a let-go is refused and names them (only their maker can
    /// tell whether they are in use); in a folder remote, sync names them.
    @Test func temporaryPacksOfAnotherGitCommandAreNamed() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "TMPPACK-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        let list = try git(["rev-list", "--objects", "--all"], in: journal).output
        #expect(try git(["pack-objects", "-q", ".git/objects/pack/.tmp-4242-pack"], in: journal, input: list).status == 0)
        let pack = journal + "/.git/objects/pack/"
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasPrefix(".tmp-") }
        try #require(leftovers.count == 2)

        let letGo = try say("let-go", "2", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("objects/pack/.tmp-4242-pack-"), "\(letGo.stderr)")
        #expect(letGo.stderr.contains("nothing was changed"), "\(letGo.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasPrefix(".tmp-") }.sorted() == leftovers.sorted())
        #expect(home.files(under: "journal/entries").count == 2)
        for name in leftovers { try FileManager.default.removeItem(atPath: pack + name) }
        // A loose object a killed `git add` was writing.
        try FileManager.default.createDirectory(atPath: journal + "/.git/objects/ab", withIntermediateDirectories: true)
        try home.write("compressed words\n", to: "journal/.git/objects/ab/tmp_obj_Xy12Zw")
        let loose = try say("let-go", "2", "--yes")
        #expect(loose.status == 1 && loose.stderr.contains("objects/ab/tmp_obj_Xy12Zw"), "\(loose.stderr)")
        try FileManager.default.removeItem(atPath: journal + "/.git/objects/ab/tmp_obj_Xy12Zw")
        #expect(try say("let-go", "2", "--yes").status == 0)
        #expect(!(try objects(journal).contains("TMPPACK-marker")))

        // In a folder remote: named after the clean-up.
        let remote = try BareRemote()
        let a = SyncDevice()
        try a.say(["init", "--git"])
        let goes = try a.keep("TMPREMOTE-marker words")
        try a.sync("--remote", remote.path)
        let remoteList = try git(["rev-list", "--objects", "--all"], in: remote.path).output
        #expect(try git(["pack-objects", "-q", "objects/pack/.tmp-777-pack"], in: remote.path, input: remoteList).status == 0)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        let run = try a.sync()
        #expect(run.stderr.contains("objects/pack/.tmp-777-pack-"), "\(run.stderr)")
    }

    /// A clean filter of the person's on entries (git-crypt, transcrypt: `filter=<driver>` with
    /// a clean command): say cannot run it, so it commits nothing past it. The entry is kept as
    /// a file, not versioned, and both the write and `say git status` say why and what to do.
    @Test func aCleanFilterOnEntriesIsNeverBypassed() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try git(["config", "filter.crypt.clean", "base64 -w0"], in: journal).status == 0)
        #expect(try git(["config", "filter.crypt.smudge", "base64 -d"], in: journal).status == 0)
        try home.write("entries/** filter=crypt\n", to: "journal/.gitattributes")
        #expect(try git(["add", ".gitattributes"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "encrypt entries"], in: journal).status == 0)
        let head = try git(["rev-parse", "HEAD"], in: journal).output

        let kept = try say("write", "--keep", "--text", "FILTERED-marker words")
        #expect(kept.status == 0)
        #expect(kept.stderr.contains("git filter \"crypt\""), "\(kept.stderr)")
        #expect(kept.stderr.contains("not in the journal's git history"), "\(kept.stderr)")
        #expect(!kept.stderr.contains("FILTERED-marker"))
        #expect(home.files(under: "journal/entries").count == 1)
        #expect(try git(["rev-parse", "HEAD"], in: journal).output == head)
        #expect(try !objects(journal).contains("FILTERED-marker"))

        let status = try say("git", "status")
        #expect(status.stdout.contains("cannot use it") && status.stdout.contains("git filter \"crypt\""), "\(status.stdout)")
        #expect(try !objects(journal).contains("FILTERED-marker"))
    }

    /// The person's replacements and grafts are keyed by object ids: one keyed by a version
    /// let go goes with it (its name is the words' id); one keyed by a commit the let-go
    /// rewrites, and any graft, would silently stop applying, so the let-go is refused, naming
    /// it and what to do, with nothing changed.
    @Test func replacementsAndGraftsAreCarriedOrNamed() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "REPLACED-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        let entry = try #require(home.files(under: "journal/entries").first { (try? home.read($0)).map { String(decoding: $0, as: UTF8.self).contains("REPLACED-marker") } == true })
        let blob = try git(["hash-object", home.url(entry)], in: journal).output.trimmingCharacters(in: .newlines)
        try home.write("my own text\n", to: "journal/other.txt")
        let other = try git(["hash-object", "-w", "other.txt"], in: journal).output.trimmingCharacters(in: .newlines)
        #expect(try git(["replace", blob, other], in: journal).status == 0)

        // A replacement of a commit the let-go rewrites (the newest keep), and a graft.
        let head = try git(["rev-parse", "HEAD"], in: journal).output.trimmingCharacters(in: .newlines)
        let before = try git(["for-each-ref"], in: journal).output
        #expect(try git(["replace", "--graft", head], in: journal).status == 0)
        let replaced = try say("let-go", "2", "--yes")
        #expect(replaced.status == 1)
        #expect(replaced.stderr.contains("replacement of commit \(head.prefix(7))") && replaced.stderr.contains("git replace -d \(head.prefix(7))"), "\(replaced.stderr)")
        #expect(replaced.stderr.contains("nothing was changed"))
        #expect(try objects(journal).contains("REPLACED-marker"))
        #expect(try git(["replace", "-d", head], in: journal).status == 0)
        #expect(try git(["for-each-ref"], in: journal).output == before)

        try home.write(head + "\n", to: "journal/.git/info/grafts")
        let grafted = try say("let-go", "2", "--yes")
        #expect(grafted.status == 1)
        #expect(grafted.stderr.contains(".git/info/grafts") && grafted.stderr.contains("git replace --convert-graft-file"), "\(grafted.stderr)")
        #expect(try objects(journal).contains("REPLACED-marker"))
        try FileManager.default.removeItem(atPath: journal + "/.git/info/grafts")

        #expect(try say("let-go", "2", "--yes").status == 0)
        #expect(try git(["for-each-ref", "refs/replace"], in: journal).output == "")
        #expect(try !objects(journal).contains("REPLACED-marker"))
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// A symbolic ref of the person's naming a branch the let-go deletes (one that held only the
    /// entry) goes with it: no ref is left pointing at nothing.
    @Test func aSymbolicRefToADeletedBranchGoesWithIt() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "ALIASED-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        let entry = try #require(home.files(under: "journal/entries").first { (try? home.read($0)).map { String(decoding: $0, as: UTF8.self).contains("ALIASED-marker") } == true })
        let path = String(entry.dropFirst("journal/".count))
        #expect(try git(["checkout", "-q", "--orphan", "only-entry"], in: journal).status == 0)
        #expect(try git(["rm", "-rq", "--cached", "."], in: journal).status == 0)
        #expect(try git(["add", path], in: journal).status == 0)
        #expect(try git(["commit", "-qm", "just that entry"], in: journal).status == 0)
        #expect(try git(["checkout", "-qf", "main"], in: journal).status == 0)
        #expect(try git(["symbolic-ref", "refs/heads/current", "refs/heads/only-entry"], in: journal).status == 0)

        #expect(try say("let-go", "2", "--yes").status == 0)
        let fsck = try gitRun(["fsck", "--full", "--strict"], in: journal)
        #expect(fsck.status == 0 && !fsck.error.contains("invalid"), "\(fsck.error)")
        #expect(try git(["for-each-ref", "--format=%(refname)"], in: journal).output == "refs/heads/main\n")
        #expect(try !objects(journal).contains("ALIASED-marker"))
    }
}
