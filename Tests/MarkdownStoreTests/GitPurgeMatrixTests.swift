#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import MarkdownStore

/// The let-go matrix: one repository situation a person really has per test, built with the
/// real git CLI. Each checks, with git itself, that the entry's words are in no object, that
/// `git fsck --full --strict` is clean, that what else there was is unchanged, and that
/// `git gc --prune=now` still works afterwards.
@Suite struct GitPurgeMatrixTests {
    /// A repository with a readme, an entry (two versions) and a later commit of the person's.
    struct Fixture {
        let root: String
        let entry = "entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md"
        let words = ["first words of the entry 7f3c", "second words of the entry 7f3c"]

        init(_ root: String, entry: String? = nil) throws {
            self.root = root
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try runGit(["init", "-q", "-b", "main"], in: root)
            try commit("README", "A journal.\n", "Add a readme")
            try commit(self.entry, Self.document(words[0]), "Keep 7f3c9a2e")
            try commit(self.entry, Self.document(words[1]), "Edit 7f3c9a2e")
            try commit("docs/plan.md", "my own plan\n", "My own file")
        }

        static func document(_ text: String, id: String = "7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c") -> String {
            "---\nid: \(id)\ndate: 2026-11-22T03:42:00Z\nfeeling: lighter\nsafety: false\n---\n\(text)\nA second line that stays the same.\n"
        }

        func commit(_ path: String, _ text: String, _ message: String) throws {
            try writeGitTestFile(root, path, text)
            try runGit(["add", "-A"], in: root)
            try runGit(["commit", "-q", "-m", message], in: root)
        }

        func git(_ arguments: [String]) throws -> String { try gitCLIText(arguments, in: root) }

        func repository() throws -> GitRepository { try #require(try GitRepository.open(at: root)) }

        /// The words are in no object; fsck is strict-clean; gc still works.
        func verifyGone(_ words: [String]) throws {
            let everything = try runGit(["cat-file", "--batch-all-objects", "--batch"], in: root)
            for text in words { #expect(everything.range(of: Data(text.utf8)) == nil, "\(text) is still stored") }
            #expect(try git(["fsck", "--full", "--strict", "--no-progress"]) == "")
            try runGit(["gc", "-q", "--prune=now"], in: root)
            #expect(try git(["fsck", "--full", "--strict", "--no-progress"]) == "")
        }

        func stored(_ text: String) throws -> Bool {
            try runGit(["cat-file", "--batch-all-objects", "--batch"], in: root).range(of: Data(text.utf8)) != nil
        }
    }

    @Test func aFileWithTheSameNameElsewhereIsNeverTouched() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let name = (journal.entry as NSString).lastPathComponent
            try journal.commit("entries/2026/10/" + name, "an older entry of mine with the same name\n", "Same name, other month")
            try journal.commit("docs/" + name, "the person's own file with the same name\n", "Same name in docs")
            let theirs = try journal.git(["log", "--format=%H %s", "--", "docs/" + name, "entries/2026/10/" + name])
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["show", "HEAD:docs/" + name]) == "the person's own file with the same name\n")
            #expect(try journal.git(["show", "HEAD:entries/2026/10/" + name]) == "an older entry of mine with the same name\n")
            // Their commits survive (new ids, same subjects, same files).
            #expect(try journal.git(["log", "--format=%s", "--", "docs/" + name, "entries/2026/10/" + name]) == "Same name in docs\nSame name, other month\n")
            #expect(theirs.split(separator: "\n").count == 2)
            #expect(FileManager.default.fileExists(atPath: root + "/docs/" + name))
            #expect(!FileManager.default.fileExists(atPath: root + "/" + journal.entry))
        }
    }

    @Test func thePersonsStagedWorkAndTheCacheTreeGitTrustsSurvive() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            // Staged, not committed: a new file and an edit; `git write-tree` makes the index's
            // cache-tree valid for that state (its trees exist only as loose objects).
            try writeGitTestFile(root, "docs/staged.md", "staged but not committed\n")
            try writeGitTestFile(root, "README", "A journal, edited and staged.\n")
            try runGit(["add", "docs/staged.md", "README"], in: root)
            let stagedTree = try journal.git(["write-tree"])
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["status", "--porcelain"]) == "M  README\nA  docs/staged.md\n")
            #expect(try journal.git(["cat-file", "-p", ":docs/staged.md"]) == "staged but not committed\n")
            #expect(try journal.git(["write-tree"]) != stagedTree)
            try runGit(["commit", "-q", "-m", "My staged work"], in: root)
            #expect(try journal.git(["ls-tree", "-r", "--name-only", "HEAD"]) == "README\ndocs/plan.md\ndocs/staged.md\n")
            #expect(try journal.git(["fsck", "--full", "--strict", "--no-progress"]) == "")
        }
    }

    @Test func anEntryRenamedWithGitMvLosesEveryVersionUnderEveryName() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let renamed = "entries/2026/11/renamed-by-hand.md"
            try runGit(["mv", journal.entry, renamed], in: root)
            try runGit(["commit", "-q", "-m", "Rename"], in: root)
            try journal.commit(renamed, Fixture.document("third words after the rename 7f3c"), "Edit after rename")
            let report = try journal.repository().purge(entryPaths: [renamed])
            #expect(report.paths == [journal.entry, renamed].sorted())
            try journal.verifyGone(journal.words + ["third words after the rename 7f3c"])
            #expect(try journal.git(["log", "--format=%s"]) == "My own file\nAdd a readme\n")
        }
    }

    @Test func aRenameWithTheTextRewrittenIsFollowedByTheFrontMatterID() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            // Moved and rewritten in one commit: too different for rename detection, same id.
            try FileManager.default.removeItem(atPath: root + "/" + journal.entry)
            let moved = "entries/2026/12/moved.md"
            try journal.commit(moved, Fixture.document("completely different words, nothing alike at all, 7f3c moved"), "Move and rewrite")
            try journal.repository().purge(entryPaths: [moved])
            try journal.verifyGone(journal.words + ["completely different words, nothing alike at all, 7f3c moved"])
        }
    }

    @Test func aStagedRenameIsFollowedToTheOldName() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let renamed = "entries/2026/11/staged-new-name.md"
            try runGit(["mv", journal.entry, renamed], in: root)
            try journal.repository().purge(entryPaths: [renamed])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["status", "--porcelain"]) == "")
        }
    }

    @Test func aCopyAtAnotherPathIsNeverRemovedSilently() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let copy = "backup/copy-of-entry.md"
            try journal.commit(copy, Fixture.document(journal.words[1]), "My backup")
            let head = try journal.git(["rev-parse", "HEAD"])
            let error = try #require(throws: GitPurgeCopiesFound.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.paths == [copy])
            // Nothing changed at all.
            #expect(try journal.git(["rev-parse", "HEAD"]) == head)
            #expect(FileManager.default.fileExists(atPath: root + "/" + journal.entry))
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
            // Keeping the copy: the entry goes, the copy stays, and the report says so.
            let kept = try journal.repository().purge(entryPaths: [journal.entry], copies: .keep)
            #expect(kept.keptCopies == [copy])
            #expect(try journal.git(["show", "HEAD:" + copy]) == Fixture.document(journal.words[1]))
            #expect(try !journal.stored(journal.words[0]))
            #expect(try journal.git(["fsck", "--full", "--strict", "--no-progress"]) == "")
        }
    }

    @Test func removingTheCopiesTooLeavesNoWord() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let copy = "backup/copy-of-entry.md"
            try journal.commit(copy, Fixture.document(journal.words[0]), "My backup")
            let report = try journal.repository().purge(entryPaths: [journal.entry], copies: .remove)
            #expect(report.removedCopies == [copy])
            try journal.verifyGone(journal.words)
            #expect(!FileManager.default.fileExists(atPath: root + "/" + copy))
        }
    }

    @Test func aStashThatNeverReachedTheEntryIsUntouched() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            try writeGitTestFile(root, "docs/plan.md", "unfinished thoughts in a stash\n")
            try runGit(["stash", "-q"], in: root)
            // Made before the stash existed? No: the stash reaches HEAD, which reaches the entry.
            // A stash made on a branch from before the entry reaches none of it.
            try runGit(["checkout", "-q", "-b", "early", "HEAD~3"], in: root)
            try writeGitTestFile(root, "README", "a change of the readme, stashed\n")
            try runGit(["stash", "-q"], in: root)
            try runGit(["checkout", "-q", "main"], in: root)
            let stashes = try journal.git(["rev-parse", "stash@{0}", "stash@{1}"])
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            let after = try journal.git(["rev-parse", "stash@{0}", "stash@{1}"]).split(separator: "\n")
            // The early stash keeps its id; the other is rewritten but its own change survives.
            #expect(after[0] == stashes.split(separator: "\n")[0])
            #expect(try journal.git(["stash", "show", "-p", "stash@{1}"]).contains("unfinished thoughts in a stash"))
            #expect(try journal.git(["stash", "show", "-p", "stash@{0}"]).contains("a change of the readme, stashed"))
        }
    }

    @Test func notesFollowTheRewrittenCommits() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            try runGit(["notes", "add", "-m", "a note on my own commit", "HEAD"], in: root)
            try runGit(["notes", "add", "-m", "a note on the keep", "HEAD~2"], in: root)
            try runGit(["notes", "add", "-m", "a note on the readme", "HEAD~3"], in: root)
            let readme = try journal.git(["rev-parse", "HEAD~3"])
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["notes", "show", "HEAD"]) == "a note on my own commit\n")
            #expect(try journal.git(["rev-parse", "HEAD~1"]) == readme)
            #expect(try journal.git(["notes", "show", "HEAD~1"]) == "a note on the readme\n")
            // Every note annotates a commit that exists.
            for line in try journal.git(["notes", "list"]).split(separator: "\n") {
                let annotated = String(line.split(separator: " ")[1])
                #expect(try journal.git(["cat-file", "-t", annotated]) == "commit\n")
            }
            // The dropped commit's note went with it (the notes' own history keeps its text, as
            // git's notes.rewrite does).
            #expect(try journal.git(["notes", "list"]).split(separator: "\n").count == 2)
        }
    }

    @Test func tagsOnTheEntrysBlobOrOnATreeHoldingItGoOrAreRewritten() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            try runGit(["tag", "blob-light", "HEAD:" + journal.entry], in: root)
            try runGit(["tag", "-a", "-m", "on the old blob", "blob-annotated", "HEAD~2:" + journal.entry], in: root)
            try runGit(["tag", "-a", "-m", "on a folder", "folder", "HEAD:entries"], in: root)
            try runGit(["tag", "kept", "HEAD:docs/plan.md"], in: root)
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["tag", "--list"]) == "folder\nkept\n")
            #expect(try journal.git(["cat-file", "-p", "kept"]) == "my own plan\n")
        }
    }

    /// A clone of `source` made with `cloneOptions`, whose purge of the entry is refused with
    /// `message` and `advice` and changes nothing: HEAD, the status, the file, no pending record.
    func expectCloneRefused(_ root: String, _ source: Fixture, clonedWith cloneOptions: [String], message: String, advice: String) throws {
        try runGit(["clone", "-q"] + cloneOptions + [root + "/journal"], in: root)
        let journal = root + "/journal"
        let head = try gitCLIText(["rev-parse", "HEAD"], in: journal)
        let status = try gitCLIText(["status", "--porcelain"], in: journal)
        let repository = try #require(try GitRepository.open(at: journal))
        let error = try #require(throws: GitError.self) { try repository.purge(entryPaths: [source.entry]) }
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.advice.contains(advice), "\(error.advice)")
        #expect(try gitCLIText(["rev-parse", "HEAD"], in: journal) == head)
        #expect(try gitCLIText(["status", "--porcelain"], in: journal) == status)
        #expect(FileManager.default.fileExists(atPath: journal + "/" + source.entry))
        #expect(!FileManager.default.fileExists(atPath: journal + "/.git/say/pending-purge"))
    }

    @Test func borrowedObjectsAreRefusedWithNothingChanged() throws {
        try withGitTestFolder { root in
            let source = try Fixture(root + "/source")
            try expectCloneRefused(root, source, clonedWith: ["--shared", source.root],
                                   message: "borrows objects from \(source.root)/.git/objects", advice: "git repack -a -d")
        }
    }

    @Test func aShallowCloneIsRefusedWithNothingChangedUntilItIsWhole() throws {
        try withGitTestFolder { root in
            let source = try Fixture(root + "/source")
            try expectCloneRefused(root, source, clonedWith: ["--depth", "2", "file://" + source.root],
                                   message: "shallow clone", advice: "git fetch --unshallow")
            // With the rest of the history fetched, the same let-go goes through.
            let journal = root + "/journal"
            try runGit(["fetch", "-q", "--unshallow"], in: journal)
            try #require(try GitRepository.open(at: journal)).purge(entryPaths: [source.entry])
            #expect(!FileManager.default.fileExists(atPath: journal + "/" + source.entry))
            #expect(try gitCLIText(["fsck", "--full", "--strict", "--no-progress"], in: journal) == "")
        }
    }

    @Test func aPartialCloneIsRefusedWithNothingChanged() throws {
        try withGitTestFolder { root in
            let source = try Fixture(root + "/source")
            try runGit(["config", "uploadpack.allowFilter", "true"], in: source.root)
            try expectCloneRefused(root, source, clonedWith: ["--filter=blob:none", "file://" + source.root],
                                   message: "partial clone", advice: "without --filter")
        }
    }

    /// A ref git would not read (a damaged line in packed-refs, a loose ref holding something
    /// else) is one libgit2 passes over: a purge that kept only what the other refs reach would
    /// lose the history only it reaches. Refused, nothing changed; mended, the let-go goes through.
    @Test(arguments: ["packed-refs", "packed-refs-replaced", "loose", "null"])
    func damagedReferencesAreRefusedWithNothingChanged(damage: String) throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root + "/journal")
            try runGit(["branch", "mine", "HEAD~1"], in: journal.root)
            try runGit(["tag", "-a", "-m", "a tag of mine", "v1", "HEAD~2"], in: journal.root)
            let file: String
            switch damage {
            case "packed-refs", "packed-refs-replaced":
                try runGit(["gc", "-q"], in: journal.root)
                file = journal.root + "/.git/packed-refs"
            default:
                file = journal.root + "/.git/refs/heads/mine"
            }
            let original = try #require(FileManager.default.contents(atPath: file))
            let damaged = switch damage {
            case "packed-refs":  // "junk" before the first ref's line
                Data(String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    .map { $0.offset == 1 ? "junk" + $0.element : String($0.element) }.joined(separator: "\n").utf8)
            case "packed-refs-replaced": Data("junk\n".utf8)
            case "loose": Data("not an object name\n".utf8)
            default: Data((String(repeating: "0", count: 40) + "\n").utf8)
            }
            try damaged.write(to: URL(fileURLWithPath: file))
            let objects = try FileManager.default.subpathsOfDirectory(atPath: journal.root + "/.git/objects").sorted()

            let error = try #require(throws: GitError.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.message.contains("references are damaged"), "\(error.message)")
            #expect(error.advice.contains("git fsck"))
            #expect(try FileManager.default.subpathsOfDirectory(atPath: journal.root + "/.git/objects").sorted() == objects)
            #expect(FileManager.default.contents(atPath: file) == damaged)
            #expect(FileManager.default.fileExists(atPath: journal.root + "/" + journal.entry))
            #expect(!FileManager.default.fileExists(atPath: journal.root + "/.git/say/pending-purge"))

            try original.write(to: URL(fileURLWithPath: file))
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            // The branch only the damaged ref named is still there, moved to the rewritten history.
            #expect(try journal.git(["log", "--format=%s", "mine"]) == "Add a readme\n")
            #expect(try journal.git(["cat-file", "-t", "v1"]) == "tag\n")
        }
    }

    @Test func otherWorkingTreesAreRefusedWithNothingChanged() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root + "/journal")
            try runGit(["worktree", "add", "-q", "--detach", root + "/elsewhere", "HEAD~1"], in: journal.root)
            let head = try journal.git(["rev-parse", "HEAD"])
            let error = try #require(throws: GitError.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.message.contains(root + "/elsewhere"))
            #expect(try journal.git(["rev-parse", "HEAD"]) == head)
            #expect(FileManager.default.fileExists(atPath: journal.root + "/" + journal.entry))
            // A journal that is itself a linked working tree is refused the same way.
            let linked = try #require(try GitRepository.open(at: root + "/elsewhere"))
            let linkedError = try #require(throws: GitError.self) { try linked.purge(entryPaths: [journal.entry]) }
            #expect(linkedError.message.contains("one of several working trees"))
            #expect(FileManager.default.fileExists(atPath: root + "/elsewhere/" + journal.entry))
            #expect(try journal.git(["fsck", "--full", "--strict", "--no-progress"]) == "")
        }
    }

    @Test func aSeparateGitFolderIsPurgedWhereItIs() throws {
        try withGitTestFolder { root in
            let work = root + "/journal"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try runGit(["init", "-q", "-b", "main", "--separate-git-dir", root + "/store.git"], in: work)
            try writeGitTestFile(work, "entries/a.md", "words kept in a separate git folder\n")
            try runGit(["add", "-A"], in: work)
            try runGit(["commit", "-q", "-m", "Keep"], in: work)
            try writeGitTestFile(work, "README", "stays\n")
            try runGit(["add", "-A"], in: work)
            try runGit(["commit", "-q", "-m", "Readme"], in: work)
            let repository = try #require(try GitRepository.open(at: work))
            try repository.purge(entryPaths: ["entries/a.md"])
            let everything = try runGit(["cat-file", "--batch-all-objects", "--batch"], in: work)
            #expect(everything.range(of: Data("words kept in a separate git folder".utf8)) == nil)
            #expect(try gitCLIText(["fsck", "--full", "--strict", "--no-progress"], in: work) == "")
            #expect(try gitCLIText(["log", "--format=%s"], in: work) == "Readme\n")
        }
    }

    @Test func aRunningGitCommandsLockStopsTheLetGoBeforeTheFileGoes() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let head = try journal.git(["rev-parse", "HEAD"])
            // What `git commit` holds while it runs.
            let lock = root + "/.git/index.lock"
            let fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(fd >= 0)
            defer { close(fd) }
            let error = try #require(throws: GitError.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.code == -14 && error.message.contains("index.lock"))
            #expect(FileManager.default.fileExists(atPath: lock))
            #expect(FileManager.default.fileExists(atPath: root + "/" + journal.entry))
            #expect(try journal.git(["rev-parse", "HEAD"]) == head)
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
            #expect(try journal.stored(journal.words[0]))
        }
    }

    @Test(arguments: ["rebase", "bisect", "cherry-pick", "revert"])
    func anOperationInProgressIsRefusedByName(operation: String) throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            switch operation {
            case "rebase":
                try FileManager.default.createDirectory(atPath: root + "/.git/rebase-merge", withIntermediateDirectories: true)
            case "bisect":
                try writeGitTestFile(root, ".git/BISECT_LOG", "")
            case "cherry-pick":
                try writeGitTestFile(root, ".git/CHERRY_PICK_HEAD", try journal.git(["rev-parse", "HEAD"]))
            default:
                try writeGitTestFile(root, ".git/REVERT_HEAD", try journal.git(["rev-parse", "HEAD"]))
            }
            let error = try #require(throws: GitError.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.message == "a git \(operation) is in progress in the journal")
            #expect(error.advice.hasSuffix("nothing was changed"))
            #expect(FileManager.default.fileExists(atPath: root + "/" + journal.entry))
        }
    }

    @Test func aSplitIndexIsRefusedWhenOpening() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            try runGit(["update-index", "--split-index"], in: root)
            let error = try #require(throws: GitError.self) { _ = try GitRepository.open(at: root) }
            #expect(error == GitRepository.splitIndexError)
            _ = journal
        }
    }

    @Test func aFileNameWithANewlineCanBeLetGo() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let odd = "entries/2026/11/two\nlines.md"
            try journal.commit(odd, "words in a file with a newline in its name\n", "Odd name")
            try journal.repository().purge(entryPaths: [odd])
            try journal.verifyGone(["words in a file with a newline in its name"])
            #expect(try journal.git(["show", "HEAD:" + journal.entry]) == Fixture.document(journal.words[1]))
        }
    }

    @Test func aCommitOnlyADetachedHeadReachesIsRewrittenNotLost() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            try runGit(["checkout", "-q", "--detach"], in: root)
            try journal.commit("docs/detached.md", "work only on a detached head\n", "Detached work")
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            #expect(try journal.git(["show", "HEAD:docs/detached.md"]) == "work only on a detached head\n")
            #expect(try journal.git(["log", "--format=%s"]) == "Detached work\nMy own file\nAdd a readme\n")
        }
    }
}
