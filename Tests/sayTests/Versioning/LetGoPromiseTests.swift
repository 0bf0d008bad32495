import Foundation
import TestSupport
import Testing

/// What `say` promises about let-go and the journal's repository, through the real binary.
@Suite("let go keeps its promise")
struct LetGoPromiseTests {
    let home = TemporaryFolder("say-letgo")
    var journal: String { home.url("journal") }

    func say(_ arguments: String..., input: String? = nil) throws -> SayRun {
        try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
    }

    /// A journal made by hand with the git CLI (as a person would), then used by say.
    func handMadeRepository() throws {
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"], in: journal).status == 0)
    }

    @Test func anExistingRepositoryIsMadePrivateAndGitStillWorks() throws {
        try handMadeRepository()
        try home.write("my own notes\n", to: "journal/notes.txt")
        #expect(try git(["add", "notes.txt"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "mine"], in: journal).status == 0)
        #expect(try home.mode("journal/.git") == 0o755)
        // What git made before say ever ran (files made later follow the process's umask).
        let existing = home.files(under: "journal/.git", includeHidden: true)
        #expect(existing.contains("journal/.git/config") && existing.contains("journal/.git/index"))
        let kept = try say("write", "--keep", "--text", "tightened words")
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try home.mode("journal/.git") == 0o700)
        #expect(try home.mode("journal/.git/config") == 0o600)
        #expect(try home.mode("journal/.git/objects") == 0o700)
        // (The index and the branch are replaced by say's own commit: those new files follow the
        // process's umask.)
        for file in existing where FileManager.default.fileExists(atPath: home.url(file))
            && !["journal/.git/index", "journal/.git/refs/heads/main"].contains(file) {
            #expect(try home.mode(file) & 0o077 == 0, "\(file)")
        }
        // Read-only objects stay read-only; hooks stay runnable.
        let object = try #require(existing.first { $0.hasPrefix("journal/.git/objects/") && !$0.contains("/info/") && !$0.contains("/pack/") })
        #expect(try home.mode(object) == 0o400)
        // The person's git still works, as before.
        try home.write("more\n", to: "journal/notes.txt")
        #expect(try git(["commit", "-q", "-am", "more"], in: journal).status == 0)
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    @Test func gitStatusTellsTheTruthAboutARepositorySayCannotUse() throws {
        try handMadeRepository()
        #expect(try git(["config", "core.repositoryformatversion", "1"], in: journal).status == 0)
        #expect(try git(["config", "extensions.preciousObjects", "true"], in: journal).status == 0)
        let status = try say("git", "status")
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("The journal has a git repository, but say cannot use it: the journal's git repository keeps every object for ever"))
        #expect(!status.stdout.contains("Versioning is off"))
        // A keep says plainly that it is not versioned, and promises no retry.
        let kept = try say("write", "--keep", "--text", "kept anyway")
        #expect(kept.status == 0)
        #expect(kept.stderr.contains("Your entry is kept, but not in the journal's git history"))
        #expect(!kept.stderr.contains("tries again"))
        // Let go is refused with the reason and what to do.
        let letGo = try say("let-go", "1", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("git config --unset extensions.preciousObjects"))
    }

    /// A repository in the journal whose working tree is not the journal (`core.worktree`
    /// elsewhere, or `core.bare`) still holds the entries' history: say names the problem and
    /// refuses to let go, rather than removing the file and leaving every version behind.
    @Test(arguments: [["core.worktree", "ELSEWHERE"], ["core.bare", "true"]])
    func aRepositoryWhoseWorkingTreeIsElsewhereIsNamedAndLetGoIsRefused(setting: [String]) throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "WORKTREE-marker words").status == 0)
        let elsewhere = home.url("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let value = setting[1] == "ELSEWHERE" ? elsewhere : setting[1]
        #expect(try git(["config", setting[0], value], in: journal).status == 0)
        let files = home.files(under: "journal/entries")

        let status = try say("git", "status")
        #expect(status.stdout.hasPrefix("The journal has a git repository, but say cannot use it"), "\(status.stdout)")
        #expect(status.stdout.contains("git config"))
        let letGo = try say("let-go", "1", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains(setting[0]), "\(letGo.stderr)")
        #expect(home.files(under: "journal/entries") == files)
        #expect(try git(["--git-dir", journal + "/.git", "cat-file", "--batch-all-objects", "--batch"], in: home.path).output.contains("WORKTREE-marker"))
        #expect(home.files(under: "elsewhere").isEmpty)

        // Put right, say versions the journal again and the let-go goes through.
        #expect(try git(["--git-dir", journal + "/.git", "config", "--unset", setting[0]], in: home.path).status == 0)
        #expect(try say("let-go", "1", "--yes").status == 0)
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output.contains("WORKTREE-marker")))
    }

    /// A .git that git cannot open (its HEAD or its refs gone) still holds every version: say
    /// names it and refuses to let go, rather than taking the journal for one without versioning.
    @Test(arguments: ["HEAD", "refs"])
    func aGitFolderGitCannotOpenIsNamedAndLetGoIsRefused(missing: String) throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "BROKEN-marker words").status == 0)
        try FileManager.default.removeItem(atPath: journal + "/.git/" + missing)
        let files = home.files(under: "journal/entries")
        let objects = home.files(under: "journal/.git/objects", includeHidden: true)
        #expect(!objects.isEmpty)

        let status = try say("git", "status")
        #expect(status.stdout.hasPrefix("The journal has a git repository, but say cannot use it: the journal's .git is not a repository git can open"), "\(status.stdout)")
        let letGo = try say("let-go", "1", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("git status"), "\(letGo.stderr)")
        #expect(home.files(under: "journal/entries") == files)
        #expect(home.files(under: "journal/.git/objects", includeHidden: true) == objects)
    }

    /// A damaged packed-refs file (every branch and tag packed by `git gc`) once let a let-go
    /// keep only what no ref reached: the whole history went. Now it is refused, and mended,
    /// the history is all there.
    @Test func aDamagedPackedRefsFileStopsTheLetGoAndLosesNoHistory() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "PACKED-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        #expect(try git(["gc", "-q"], in: journal).status == 0)
        let packedRefs = journal + "/.git/packed-refs"
        let original = try #require(FileManager.default.contents(atPath: packedRefs))
        let commits = try git(["rev-list", "--all"], in: journal).output
        try Data("junk\n".utf8).write(to: URL(fileURLWithPath: packedRefs))
        let objects = home.files(under: "journal/.git/objects", includeHidden: true).filter { $0.contains("/pack/") }

        let letGo = try say("let-go", "2", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("references are damaged (packed-refs, line 1)"), "\(letGo.stderr)")
        #expect(home.files(under: "journal/.git/objects", includeHidden: true).filter { $0.contains("/pack/") } == objects)
        #expect(home.files(under: "journal/entries").count == 2)

        try original.write(to: URL(fileURLWithPath: packedRefs))
        #expect(try git(["rev-list", "--all"], in: journal).output == commits)
        #expect(try say("let-go", "2", "--yes").status == 0)
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output.contains("PACKED-marker")))
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// git makes `objects/pack` only when it first packs; a let-go in a repository without one
    /// makes it, rather than failing after the file is gone and on every run after.
    @Test func aRepositoryWithoutAPackFolderIsPurged() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "NOPACK-marker words").status == 0)
        #expect(try say("write", "--keep", "--text", "stays").status == 0)
        try FileManager.default.removeItem(atPath: journal + "/.git/objects/pack")
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
        let letGo = try say("let-go", "2", "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output.contains("NOPACK-marker")))
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
        #expect(try say("history").stdout.contains("stays"))
    }

    /// A repository of the person's around the journal (a home folder kept in git) that tracks
    /// an entry keeps it in its history: say leaves that repository alone and says so, rather
    /// than promising the words are gone. One that does not hold the entry changes nothing.
    @Test func aRepositoryAroundTheJournalThatHoldsTheEntryIsNamedAndLeftAlone() throws {
        #expect(try say("init").status == 0)
        #expect(try say("write", "--keep", "--text", "AROUND-marker tracked by the home folder").status == 0)
        #expect(try git(["init", "-q", "-b", "main"], in: home.path).status == 0)
        #expect(try git(["add", "journal"], in: home.path).status == 0)
        #expect(try git(["commit", "-q", "-m", "home"], in: home.path).status == 0)
        #expect(try say("write", "--keep", "--text", "NOT-TRACKED-marker only in the journal").status == 0)
        let history = try git(["log", "--all", "--format=%H"], in: home.path).output

        let untracked = try say("let-go", "1", "--yes")
        #expect(untracked.status == 0)
        #expect(untracked.stdout == "Let go. It's gone for good.\n")
        #expect(untracked.stderr == "")

        let tracked = try say("let-go", "1", "--yes")
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(tracked.stdout == "Let go from the journal.\n")
        #expect(tracked.stderr.contains("The git repository in \(URL(fileURLWithPath: home.path).resolvingSymlinksInPath().path) tracks this journal too"), "\(tracked.stderr)")
        #expect(home.files(under: "journal/entries").isEmpty)
        #expect(try git(["log", "--all", "--format=%H"], in: home.path).output == history)
        #expect(try git(["cat-file", "--batch-all-objects", "--batch"], in: home.path).output.contains("AROUND-marker"))
    }

    @Test func aCopyOfTheWordsIsNamedAndNothingChangesUnlessAsked() throws {
        #expect(try say("init", "--git").status == 0)
        let kept = try say("write", "--keep", "--json", "--text", "words that were copied")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        let path = try #require(object["path"] as? String)
        try FileManager.default.createDirectory(atPath: journal + "/backup", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: journal + "/" + path, toPath: journal + "/backup/copy.md")
        #expect(try git(["add", "backup/copy.md"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "my copy"], in: journal).status == 0)
        let refused = try say("let-go", "1", "--yes")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the same words are also in backup/copy.md, which say did not write; nothing was changed"))
        #expect(refused.stderr.contains("--with-copies"))
        #expect(FileManager.default.fileExists(atPath: journal + "/" + path))
        let removed = try say("let-go", "1", "--yes", "--with-copies")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal + "/backup/copy.md"))
        let everything = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        #expect(!everything.contains("words that were copied"))
    }

    /// A path the entry left (renamed away, or removed) and that later held other files: each
    /// file's life at the path is its own, and a let-go takes only the entry's.
    @Test func aPathReusedAfterTheEntryLeftItKeepsTheOtherFilesThere() throws {
        #expect(try say("init", "--git").status == 0)
        let folder = journal + "/entries/2026/11"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A today.md archived each day with `git mv`, then a new one started.
        for day in ["01", "02", "03"] {
            try home.write("---\ndate: 2026-11-\(day)T10:00:00Z\n---\nDay \(day) words REUSE\(day)-marker.\n", to: "journal/entries/2026/11/today.md")
            #expect(try git(["add", "-A"], in: journal).status == 0)
            #expect(try git(["commit", "-q", "-m", "day \(day)"], in: journal).status == 0)
            #expect(try git(["mv", "entries/2026/11/today.md", "entries/2026/11/day-\(day).md"], in: journal).status == 0)
            #expect(try git(["commit", "-q", "-m", "archive day \(day)"], in: journal).status == 0)
        }
        try home.write("---\ndate: 2026-11-04T10:00:00Z\n---\nToday REUSE04-marker.\n", to: "journal/entries/2026/11/today.md")
        #expect(try git(["add", "-A"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "day 04"], in: journal).status == 0)
        try home.write("---\ndate: 2026-11-04T10:00:00Z\n---\nToday REUSE04-marker, and more.\n", to: "journal/entries/2026/11/today.md")
        #expect(try git(["commit", "-q", "-am", "edit"], in: journal).status == 0)

        // Day 01 (the oldest) goes; the three files that later lived at today.md stay.
        let first = try say("let-go", "4", "--yes")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["day-02.md", "day-03.md", "today.md"])
        var everything = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        #expect(!everything.contains("REUSE01-marker"))
        for day in ["02", "03", "04"] { #expect(everything.contains("REUSE\(day)-marker")) }
        #expect(try git(["log", "--format=%s", "--", "entries/2026/11/day-02.md"], in: journal).output.contains("day 02"))
        #expect(try git(["status", "--porcelain"], in: journal).output == "")

        // Today's file goes, with every version of it; the older lives at its path stay.
        let today = try say("let-go", "1", "--yes")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["day-02.md", "day-03.md"])
        everything = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        #expect(!everything.contains("REUSE04-marker"))
        #expect(everything.contains("REUSE02-marker") && everything.contains("REUSE03-marker"))
        #expect(try git(["status", "--porcelain"], in: journal).output == "")
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// A name the entry once had, given to a file of the person's own: letting either go leaves
    /// the other, with its history.
    @Test(arguments: [true, false])
    func aNameTheEntryHadThatNowHoldsAnotherFileIsThatFilesAlone(lettingGoTheEntry: Bool) throws {
        #expect(try say("init", "--git").status == 0)
        let kept = try say("write", "--keep", "--json", "--text", "RENAMED-marker words of an entry")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        let path = try #require(object["path"] as? String)
        #expect(try git(["mv", path, "entries/moved.md"], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "rename"], in: journal).status == 0)
        try home.write("---\nid: my-own-1\ndate: 2026-11-02T10:00:00Z\n---\nOWN-marker text about a bicycle.\n", to: "journal/" + path)
        #expect(try git(["add", path], in: journal).status == 0)
        #expect(try git(["commit", "-q", "-m", "my own file at the old name"], in: journal).status == 0)
        let history = try say("history").stdout
        #expect(history.contains("RENAMED-marker") && history.contains("OWN-marker"))

        // Newest first: 1 is the entry (kept today), 2 the person's file (dated 2 November).
        let letGo = try say("let-go", lettingGoTheEntry ? "1" : "2", "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        let everything = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        let (gone, stays) = lettingGoTheEntry ? ("RENAMED-marker", "OWN-marker") : ("OWN-marker", "RENAMED-marker")
        #expect(!everything.contains(gone))
        #expect(everything.contains(stays))
        #expect(try say("history").stdout.contains(stays))
        #expect(FileManager.default.fileExists(atPath: journal + "/" + (lettingGoTheEntry ? path : "entries/moved.md")))
        #expect(try git(["fsck", "--full", "--strict"], in: journal).status == 0)
    }

    /// The untracked files a stash keeps (`git stash -u`) are the person's files at other paths,
    /// not earlier versions of the entry: one that shares most of the entry's words stays, and an
    /// exact copy is named and asked about, as a copy in a commit is.
    @Test func aStashsUntrackedFilesAreNotTheEntrysHistory() throws {
        #expect(try say("init", "--git").status == 0)
        let lines = (1 ... 12).map { "Line \($0) of a story about the garden, STASH-marker." }.joined(separator: "\n")
        let kept = try say("write", "--keep", "--json", "--text", lines)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        let path = try #require(object["path"] as? String)
        #expect(try say("write", "--keep", "--text", "another entry").status == 0)
        try home.write("Dear friend,\n" + lines + "\nBest wishes\n", to: "journal/letter.txt")
        #expect(try git(["stash", "push", "-q", "-u", "-m", "my letter"], in: journal).status == 0)

        let letGo = try say("let-go", "2", "--yes")
        #expect(letGo.status == 0, "\(letGo.stderr)")
        #expect(try git(["ls-tree", "-r", "--name-only", "stash@{0}^3"], in: journal).output == "letter.txt\n")
        #expect(try git(["stash", "pop", "-q"], in: journal).status == 0)
        #expect(String(decoding: try home.read("journal/letter.txt"), as: UTF8.self).hasPrefix("Dear friend,"))
        try FileManager.default.removeItem(atPath: journal + "/letter.txt")

        // An exact copy stashed the same way is a copy: named, and nothing changes.
        let copied = try say("write", "--keep", "--json", "--text", "COPIED-marker words")
        let copiedPath = try #require((try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any])?["path"] as? String)
        try FileManager.default.copyItem(atPath: journal + "/" + copiedPath, toPath: journal + "/backup-copy.md")
        #expect(try git(["stash", "push", "-q", "-u"], in: journal).status == 0)
        let refused = try say("let-go", "1", "--yes")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("backup-copy.md"), "\(refused.stderr)")
        #expect(try git(["ls-tree", "-r", "--name-only", "stash@{0}^3"], in: journal).output == "backup-copy.md\n")
        #expect(!FileManager.default.fileExists(atPath: journal + "/" + path))
    }

    /// A let-go killed after it recorded its work is finished by the next say; the numbers of
    /// `say history` move up then, so the same command run again must not take another entry.
    @Test func aLetGoRunAgainAfterItWasKilledNeverTakesAnotherEntry() throws {
        #expect(try say("init", "--git").status == 0)
        #expect(try say("write", "--keep", "--text", "FIRST-marker kept first").status == 0)
        #expect(try say("write", "--keep", "--text", "SECOND-marker kept second").status == 0)
        // Killed at the rename after the one that records the let-go (`.git/say/pending-purge`).
        let trace = home.url("trace.txt")
        let strace = Process()
        strace.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        strace.arguments = ["-f", "-qq", "-o", trace, "-e", "trace=rename", SayBinary.path, "let-go", "1", "--yes", "--journal", journal]
        strace.environment = SayBinary.environment(home: home.path)
        strace.standardOutput = FileHandle.nullDevice
        strace.standardError = FileHandle.nullDevice
        // First a run that is not killed, on a copy, to count the renames.
        let copy = home.url("copy")
        try FileManager.default.copyItem(atPath: journal, toPath: copy)
        strace.arguments = ["-f", "-qq", "-o", trace, "-e", "trace=rename", SayBinary.path, "let-go", "1", "--yes", "--journal", copy]
        try strace.run()
        strace.waitUntilExit()
        let renames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("rename(") }
        let record = try #require(renames.firstIndex { $0.contains("/pending-purge\"") })
        let killed = Process()
        killed.executableURL = strace.executableURL
        killed.arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=rename", "-e", "inject=rename:signal=KILL:when=\(record + 2)",
                            SayBinary.path, "let-go", "1", "--yes", "--journal", journal]
        killed.environment = strace.environment
        killed.standardOutput = FileHandle.nullDevice
        killed.standardError = FileHandle.nullDevice
        try killed.run()
        killed.waitUntilExit()
        #expect(killed.terminationStatus != 0)
        #expect(FileManager.default.fileExists(atPath: journal + "/.git/say/pending-purge"))

        let again = try say("let-go", "1", "--yes")
        #expect(again.status == 1)
        #expect(again.stderr.contains("the numbers in `say history` have changed"), "\(again.stderr)")
        let history = try say("history").stdout
        #expect(history.contains("FIRST-marker"))
        #expect(!history.contains("SECOND-marker"))
        let everything = try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
        #expect(!everything.contains("SECOND-marker") && everything.contains("FIRST-marker"))
        // With nothing left unfinished, the numbers are the ones `say history` shows.
        #expect(try say("let-go", "1", "--yes").status == 0)
    }

    @Test func letGoOneRightAfterAKeepIsThatKeep() throws {
        #expect(try say("init", "--git").status == 0)
        for round in 0 ..< 6 {
            #expect(try say("write", "--keep", "--text", "earlier \(round)").status == 0)
            #expect(try say("write", "--keep", "--text", "just kept \(round)").status == 0)
            let show = try say("show", "1", "--json")
            #expect(show.stdout.contains("just kept \(round)"))
        }
    }
}
