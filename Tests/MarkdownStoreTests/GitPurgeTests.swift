import Foundation
import Testing
@testable import MarkdownStore

/// A small journal with the awkward parts of real use: commits through the wrapper and through
/// the git CLI, an entry edited several times, a non-entry file, an untracked file, and objects
/// both packed (after a `git gc`) and loose.
struct GitTestJournal {
    let root: String
    /// Entry file name → path in the working tree.
    var paths: [String: String] = [:]
    /// Entry file name → every version ever committed, oldest first.
    var versions: [String: [String]] = [:]
    /// Entry file names in the order they were first committed.
    var names: [String] = []

    /// - Parameter packs: after which entries the objects so far are packed: the first time with
    ///   `git gc`, later ones with `git repack -d` (a second pack next to the first).
    init(root: String, packs: [Int] = [4]) throws {
        self.root = root
        let repository = try GitRepository.create(at: root)
        try writeGitTestFile(root, "README", "This folder is a journal.\n")
        try runGit(["add", "README"], in: root)
        try runGit(["commit", "-q", "-m", "Add a readme"], in: root)
        for number in 0 ..< 12 {
            let month = String(format: "%02d", number / 4 + 1)
            let hex = String(format: "%08x", 0x7f3c_9a00 + number)
            let name = "2026-\(month)-1\(number % 4)T034200Z-\(hex).md"
            let path = "entries/2026/\(month)/\(name)"
            paths[name] = path
            names.append(name)
            try write(name, version: 0)
            if number == 7 {
                // Kept by the user with the git CLI.
                try runGit(["add", path], in: root)
                try runGit(["commit", "-q", "-m", "cli entry"], in: root)
            } else {
                try repository.commit(paths: [path], message: "Keep \(hex)")
            }
            if let first = packs.first, number == first { try runGit(["gc", "-q"], in: root) }
            if packs.dropFirst().contains(number) { try runGit(["repack", "-q", "-d"], in: root) }
            if [6, 8, 10].contains(number) {
                // Entry 5 is edited three times, later on.
                let edited = names[5]
                try write(edited, version: versions[edited]!.count)
                try repository.commit(paths: [paths[edited]!], message: "Edit \(String(edited.dropLast(3).suffix(8)))")
            }
            if number == 9 {
                try writeGitTestFile(root, "README", "This folder is a journal. Edited by hand.\n")
                try runGit(["commit", "-q", "-a", "-m", "Edit the readme"], in: root)
            }
        }
        try writeGitTestFile(root, "draft.txt", "an untracked file the user keeps around\n")
    }

    mutating func write(_ name: String, version: Int) throws {
        let text = "---\nid: \(name.suffix(11).prefix(8))-0000-4000-8000-000000000000\nfeeling: heavier\nsafety: false\n---\n"
            + "Private words of \(name), version \(version), marker-\(name.hashValue & 0xFFFF)-\(version).\nA second line.\n"
        try writeGitTestFile(root, paths[name]!, text)
        versions[name, default: []].append(text)
    }

    /// Commit subjects, authors and dates, newest first.
    func log() throws -> [String] {
        try gitCLIText(["log", "--format=%s|%an|%ad|%cd"], in: root).split(separator: "\n").map(String.init)
    }

    func pathLog(_ path: String) throws -> String {
        try gitCLIText(["log", "--format=%s|%ad", "--", path], in: root)
    }

    /// What the history looks like before a purge, to compare with afterwards.
    struct Snapshot {
        let log: [String]
        let pathLogs: [String: String]
    }

    func snapshot() throws -> Snapshot {
        var logs: [String: String] = [:]
        for (_, path) in paths { logs[path] = try pathLog(path) }
        logs["README"] = try pathLog("README")
        return Snapshot(log: try log(), pathLogs: logs)
    }

    /// Checks everything the issue promises after purging `purged`, with the real git CLI.
    func verifyPurged(_ purged: Set<String>, before: Snapshot, droppedSubjects: Set<String>) throws {
        // Nothing of any version, nor the names, in any object.
        let everything = try runGit(["cat-file", "--batch-all-objects", "--batch"], in: root)
        for name in purged {
            #expect(everything.range(of: Data(name.utf8)) == nil, "the name of \(name) is still in an object")
            for (number, version) in versions[name]!.enumerated() {
                #expect(everything.range(of: Data(version.utf8)) == nil, "version \(number) of \(name) is still stored")
            }
            #expect(!FileManager.default.fileExists(atPath: root + "/" + paths[name]!))
        }
        let stat = try gitCLIText(["log", "--all", "--stat"], in: root)
        for name in purged { #expect(!stat.contains(name)) }

        // A clean object store: no errors, nothing dangling, one pack, no loose objects.
        #expect(try gitCLIText(["fsck", "--full", "--no-progress", "--dangling"], in: root) == "")
        let counts = try gitCLIText(["count-objects", "-v"], in: root)
        #expect(counts.contains("count: 0\n") && counts.contains("packs: 1\n"))
        try runGit(["verify-pack", try packIndexPath()], in: root)
        // Reflogs reach the old history: only the stash's own log (the stash itself) stays.
        let logs = FileManager.default.enumerator(atPath: root + "/.git/logs")?.allObjects as? [String] ?? []
        #expect(Set(logs).subtracting(["refs", "refs/stash"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/ORIG_HEAD"))

        // Everything else intact: order, messages, dates, contents, per-file histories.
        #expect(try log() == before.log.filter { !droppedSubjects.contains(String($0.split(separator: "|")[0])) })
        for name in names where !purged.contains(name) {
            let path = paths[name]!
            #expect(try gitCLIText(["show", "HEAD:" + path], in: root) == versions[name]!.last!)
            #expect(try pathLog(path) == before.pathLogs[path])
        }
        #expect(try pathLog("README") == before.pathLogs["README"])
        #expect(try gitCLIText(["status", "--porcelain"], in: root) == "?? draft.txt\n")
    }

    func packIndexPath() throws -> String {
        let folder = root + "/.git/objects/pack"
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".idx") })
        return folder + "/" + index
    }

    func subject(of name: String) -> String {
        name == names[7] ? "cli entry" : "Keep \(name.dropLast(3).suffix(8))"
    }

    /// Subjects of the commits that only touched `name`.
    func droppedSubjects(for name: String) -> Set<String> {
        var subjects: Set<String> = [subject(of: name)]
        if name == names[5] { subjects.insert("Edit \(name.dropLast(3).suffix(8))") }
        return subjects
    }
}

struct SimulatedPurgeCrash: Error {}

@Suite struct GitPurgeTests {
    @Test(arguments: [0, 5, 7, 11])
    func purgeOneEntry(position: Int) throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try journal.snapshot()
            let name = journal.names[position]
            let firstCommitBefore = try gitCLIText(["rev-list", "--max-parents=0", "HEAD"], in: root)
            let repository = try #require(try GitRepository.open(at: root))
            try repository.purge(entryPaths: [journal.paths[name]!])
            try journal.verifyPurged([name], before: before, droppedSubjects: journal.droppedSubjects(for: name))
            // The untouched prefix of history is reused: same commit ids.
            #expect(try gitCLIText(["rev-list", "--max-parents=0", "HEAD"], in: root) == firstCommitBefore)
            #expect(try repository.resumePendingPurge() == false)
            // The repository handle still works after the purge.
            try writeGitTestFile(root, "entries/2026/12/new.md", "new\n")
            #expect(try repository.commit(paths: ["entries/2026/12/new.md"], message: "Keep 99999999") != nil)
            try runGit(["fsck", "--full"], in: root)
        }
    }

    /// git-filter-repo is the reference: the rewritten history must be the very same commits.
    /// `scripts/install-dependencies --tests` installs it; without it this test fails, never skips.
    @Test func rewrittenHistoryMatchesGitFilterRepo() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root + "/ours")
            let name = journal.names[5]
            try runGit(["clone", "-q", "--no-local", journal.root, root + "/reference"], in: root)
            try runGit(["filter-repo", "--quiet", "--invert-paths", "--path", journal.paths[name]!, "--force"], in: root + "/reference")
            let repository = try #require(try GitRepository.open(at: journal.root))
            try repository.purge(entryPaths: [journal.paths[name]!])
            #expect(try gitCLIText(["log", "--format=%H %T"], in: journal.root) == gitCLIText(["log", "--format=%H %T"], in: root + "/reference"))
        }
    }

    @Test(arguments: [[Int](), [2, 6, 9]])
    func purgeWithLooseObjectsOnlyOrSeveralPacks(packs: [Int]) throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root, packs: packs)
            let before = try journal.snapshot()
            let name = journal.names[5]
            let repository = try #require(try GitRepository.open(at: root))
            try repository.purge(entryPaths: [journal.paths[name]!])
            try journal.verifyPurged([name], before: before, droppedSubjects: journal.droppedSubjects(for: name))
        }
    }

    @Test func purgeTwoEntriesAtOnce() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try journal.snapshot()
            let names: Set = [journal.names[2], journal.names[5]]
            let repository = try #require(try GitRepository.open(at: root))
            try repository.purge(entryPaths: Set(names.map { journal.paths[$0]! }))
            try journal.verifyPurged(names, before: before,
                                     droppedSubjects: journal.droppedSubjects(for: journal.names[2]).union(journal.droppedSubjects(for: journal.names[5])))
        }
    }

    @Test func unchangedHistoryKeepsEveryCommitID() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try gitCLIText(["rev-list", "HEAD"], in: root)
            let repository = try #require(try GitRepository.open(at: root))
            try repository.purge(entryPaths: ["entries/2020/01/2020-01-01T000000Z-00000000.md"])
            #expect(try gitCLIText(["rev-list", "HEAD"], in: root) == before)
            #expect(try gitCLIText(["fsck", "--full", "--no-progress", "--dangling"], in: root) == "")
            #expect(try gitCLIText(["count-objects", "-v"], in: root).contains("count: 0\n"))
            _ = journal
        }
    }

    @Test func otherRefsAreRewrittenOrRemoved() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root + "/journal")
            let work = journal.root
            let name = journal.names[5]
            let before = try journal.snapshot()
            // A remote, pushed to: its tracking ref reaches the old history.
            try runGit(["init", "-q", "--bare", root + "/remote.git"], in: root)
            try runGit(["remote", "add", "origin", root + "/remote.git"], in: work)
            try runGit(["push", "-q", "origin", "main"], in: work)
            try runGit(["fetch", "-q", "origin"], in: work)
            // A remote branch from before the entry existed stays.
            try runGit(["push", "-q", "origin", "HEAD~14:refs/heads/old"], in: work)
            try runGit(["fetch", "-q", "origin"], in: work)
            #expect(try gitCLIText(["rev-parse", "refs/remotes/origin/old"], in: work).count == 41)
            try runGit(["remote", "set-head", "origin", "main"], in: work)
            // A stash, a filter-branch backup, a branch, annotated and lightweight tags.
            try writeGitTestFile(work, journal.paths[name]!, "stashed words\n")
            try runGit(["stash", "-q"], in: work)
            try runGit(["update-ref", "refs/original/refs/heads/main", "HEAD"], in: work)
            try runGit(["branch", "side", "HEAD~2"], in: work)
            try runGit(["tag", "-a", "-m", "a tag", "annotated", "HEAD~1"], in: work)
            try runGit(["tag", "light", "HEAD"], in: work)
            try runGit(["tag", "before", "HEAD~14"], in: work)
            let beforeTag = try gitCLIText(["rev-parse", "before"], in: work)
            try Data("0000000000000000000000000000000000000000\n".utf8).write(to: URL(fileURLWithPath: work + "/.git/ORIG_HEAD"))

            let repository = try #require(try GitRepository.open(at: work))
            try repository.purge(entryPaths: [journal.paths[name]!])

            let refs = try gitCLIText(["for-each-ref", "--format=%(refname)"], in: work)
            #expect(refs == "refs/heads/main\nrefs/heads/side\nrefs/remotes/origin/HEAD\nrefs/remotes/origin/main\nrefs/remotes/origin/old\nrefs/stash\nrefs/tags/annotated\nrefs/tags/before\nrefs/tags/light\n")
            // Remote-tracking refs move to the rewritten history, as branches do.
            #expect(try gitCLIText(["rev-parse", "refs/remotes/origin/main"], in: work) == gitCLIText(["rev-parse", "main"], in: work))
            #expect(try gitCLIText(["rev-parse", "before"], in: work) == beforeTag)
            #expect(try gitCLIText(["rev-parse", "light"], in: work) == gitCLIText(["rev-parse", "main"], in: work))
            #expect(try gitCLIText(["rev-parse", "annotated^{commit}"], in: work) == gitCLIText(["rev-parse", "main~1"], in: work))
            #expect(try gitCLIText(["cat-file", "-t", "annotated"], in: work) == "tag\n")
            // The stash reached the entry: it stays, rewritten without it.
            #expect(try gitCLIText(["stash", "list"], in: work).split(separator: "\n").count == 1)
            #expect(try !runGit(["cat-file", "--batch-all-objects", "--batch"], in: work).contains(Data("stashed words".utf8)))
            #expect(try gitCLIText(["stash", "show", "--name-only", "stash@{0}"], in: work) == "")
            try journal.verifyPurged([name], before: before, droppedSubjects: journal.droppedSubjects(for: name))
        }
    }

    @Test func aRemoteTrackingRefKeepsTheCommitsOnlyItReaches() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root + "/journal")
            let work = journal.root
            let name = journal.names[5]
            // A second remote of the person's, with a commit of theirs that only its tracking ref reaches here.
            try runGit(["init", "-q", "--bare", "-b", "main", root + "/backup.git"], in: root)
            try runGit(["remote", "add", "backup", root + "/backup.git"], in: work)
            try runGit(["push", "-q", "backup", "main"], in: work)
            try runGit(["clone", "-q", root + "/backup.git", root + "/other"], in: root)
            try writeGitTestFile(root + "/other", "plan.txt", "my own plan\n")
            try runGit(["add", "plan.txt"], in: root + "/other")
            try runGit(["-c", "user.name=Me", "-c", "user.email=me@example.invalid", "commit", "-q", "-m", "my plan"], in: root + "/other")
            try runGit(["push", "-q", "origin", "main"], in: root + "/other")
            try runGit(["fetch", "-q", "backup"], in: work)

            let repository = try #require(try GitRepository.open(at: work))
            try repository.purge(entryPaths: [journal.paths[name]!])

            // The person's commit is still there, on the rewritten history, with its file.
            #expect(try gitCLIText(["log", "-1", "--format=%s", "refs/remotes/backup/main"], in: work) == "my plan\n")
            #expect(try gitCLIText(["show", "refs/remotes/backup/main:plan.txt"], in: work) == "my own plan\n")
            #expect(try gitCLIText(["rev-parse", "refs/remotes/backup/main~1"], in: work) == gitCLIText(["rev-parse", "main"], in: work))
            for version in journal.versions[name]! { #expect(try !runGit(["cat-file", "--batch-all-objects", "--batch"], in: work).contains(Data(version.utf8))) }
            #expect(try gitCLIText(["fsck", "--full", "--strict", "--no-progress", "--no-dangling"], in: work) == "")
        }
    }

    @Test(arguments: PurgeCheckpoint.allCases)
    func crashAfterEachStepThenResumeConverges(at point: PurgeCheckpoint) throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try journal.snapshot()
            let name = journal.names[5]
            do {
                let repository = try #require(try GitRepository.open(at: root))
                repository.purgeCheckpoint = { if $0 == point { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [journal.paths[name]!]) }
            }
            #expect(FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.resumePendingPurge())
            try journal.verifyPurged([name], before: before, droppedSubjects: journal.droppedSubjects(for: name))
            #expect(try repository.resumePendingPurge() == false)
        }
    }

    @Test func resumeRemovesOnlyTheLocksAKilledPurgeLeft() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try journal.snapshot()
            let name = journal.names[5]
            do {
                let repository = try #require(try GitRepository.open(at: root))
                repository.purgeCheckpoint = { if $0 == .packWritten { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [journal.paths[name]!]) }
            }
            // The killed purge left its locks: git itself is blocked by them.
            #expect(FileManager.default.fileExists(atPath: root + "/.git/index.lock"))
            #expect((try? runGit(["update-ref", "refs/heads/main", "HEAD"], in: root)) == nil)
            // The person removed index.lock and a git command of theirs took it again: that lock,
            // however old, stops the resume and stays, while say's own leftovers go.
            let lock = root + "/.git/index.lock"
            try FileManager.default.removeItem(atPath: lock)
            let fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(fd >= 0)
            close(fd)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: lock)
            do {
                let repository = try #require(try GitRepository.open(at: root))
                let error = try #require(throws: GitError.self) { try repository.resumePendingPurge() }
                #expect(error.message.contains("index.lock"))
            }
            #expect(FileManager.default.fileExists(atPath: lock))
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/HEAD.lock"))
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/refs/heads/main.lock"))
            try FileManager.default.removeItem(atPath: lock)
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.resumePendingPurge())
            try journal.verifyPurged([name], before: before, droppedSubjects: journal.droppedSubjects(for: name))
        }
    }

    @Test func crashDuringResumeThenResumeAgain() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let before = try journal.snapshot()
            let first = journal.names[3]
            let second = journal.names[9]
            do {
                let repository = try #require(try GitRepository.open(at: root))
                repository.purgeCheckpoint = { if $0 == .packWritten { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [journal.paths[first]!]) }
            }
            do {
                // A new let-go while one is pending: both names are purged together.
                let repository = try #require(try GitRepository.open(at: root))
                repository.purgeCheckpoint = { if $0 == .firstOldPackRemoved { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [journal.paths[second]!]) }
            }
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.resumePendingPurge())
            try journal.verifyPurged([first, second], before: before,
                                     droppedSubjects: journal.droppedSubjects(for: first).union(journal.droppedSubjects(for: second)))
        }
    }

    @Test func purgeRefusesDuringAMergeAndRejectsBadNames() throws {
        try withGitTestFolder { root in
            let journal = try GitTestJournal(root: root)
            let repository = try #require(try GitRepository.open(at: root))
            #expect(throws: GitError(code: -1, errorClass: 0, message: "not a path inside the working tree: ../b.md", function: "commit")) {
                try repository.purge(entryPaths: ["../b.md"])
            }
            let head = try gitCLIText(["rev-parse", "HEAD"], in: root)
            try Data(head.utf8).write(to: URL(fileURLWithPath: root + "/.git/MERGE_HEAD"))
            #expect(throws: GitError.self) { try repository.purge(entryPaths: [journal.paths[journal.names[0]]!]) }
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
            #expect(FileManager.default.fileExists(atPath: root + "/" + journal.paths[journal.names[0]]!))
        }
    }

    @Test func purgeOfEverythingLeavesAnUnbornBranch() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try writeGitTestFile(root, "entries/a.md", "only entry\n")
            try repository.commit(paths: ["entries/a.md"], message: "Keep aaaaaaaa")
            try repository.purge(entryPaths: ["entries/a.md"])
            #expect(try repository.headCommit() == nil)
            #expect(try gitCLIText(["cat-file", "--batch-all-objects", "--batch-check"], in: root) == "")
            #expect(!FileManager.default.fileExists(atPath: root + "/entries/a.md"))
            #expect(try repository.status() == GitStatus(branch: "main", head: nil, commitCount: 0, uncommittedChanges: 0, isDetached: false, isMerging: false))
        }
    }
}

/// A purge that keeps the versions of a newer entry written where an older one was let go (what
/// sync asks for): every older version goes from all history and the object store, the newer
/// ones stay in history, the index and the working tree, also when the purge was killed at any
/// step and resumed.
@Suite struct GitPurgeKeepingTests {
    let path = "entries/2026/11/notes.md"

    /// A history: two versions of the old notes, their removal, two versions of the new notes.
    func makeHistory(_ root: String) throws -> (repository: GitRepository, newer: Set<ObjectID>) {
        let repository = try GitRepository.create(at: root)
        try writeGitTestFile(root, "entries/2026/11/other.md", "KEPT-other words\n")
        try repository.commit(paths: ["entries/2026/11/other.md"], message: "Add other")
        for version in 1 ... 2 {
            try writeGitTestFile(root, path, "OLDNOTES-marker version \(version)\n")
            try repository.commit(paths: [path], message: "Edit notes")
        }
        try FileManager.default.removeItem(atPath: root + "/" + path)
        try repository.commit(paths: [path], message: "Remove notes")
        var newer = Set<ObjectID>()
        for version in 1 ... 2 {
            try writeGitTestFile(root, path, "NEWNOTES-marker version \(version)\n")
            try repository.commit(paths: [path], message: "Edit notes")
            newer.insert(try #require(ObjectID(hex: gitCLIText(["rev-parse", "HEAD:" + path], in: root).trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        try runGit(["gc", "-q"], in: root)
        return (repository, newer)
    }

    func verify(_ root: String) throws {
        let objects = String(decoding: try runGit(["cat-file", "--batch-all-objects", "--batch"], in: root), as: UTF8.self)
        #expect(!objects.contains("OLDNOTES-marker"))
        #expect(objects.contains("NEWNOTES-marker version 1") && objects.contains("NEWNOTES-marker version 2"))
        #expect(objects.contains("KEPT-other words"))
        #expect(try String(contentsOfFile: root + "/" + path, encoding: .utf8) == "NEWNOTES-marker version 2\n")
        #expect(try gitCLIText(["status", "--porcelain"], in: root) == "")
        #expect(try gitCLIText(["log", "--format=%s", "--", path], in: root).split(separator: "\n").count == 2)
        try runGit(["fsck", "--full"], in: root)
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
    }

    @Test func olderVersionsGoNewerOnesStay() throws {
        try withGitTestFolder { root in
            let (repository, newer) = try makeHistory(root)
            try repository.purge(entryPaths: [path], copies: .keep, keeping: [path: newer])
            try verify(root)
        }
    }

    @Test(arguments: PurgeCheckpoint.allCases)
    func killedAtEachStepThenResumedKeepsTheNewerOnes(at point: PurgeCheckpoint) throws {
        try withGitTestFolder { root in
            let newer: Set<ObjectID>
            do {
                let (repository, kept) = try makeHistory(root)
                newer = kept
                repository.purgeCheckpoint = { if $0 == point { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [path], copies: .keep, keeping: [path: newer]) }
            }
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.resumePendingPurge())
            try verify(root)
        }
    }
}

/// Copies removed with the entry are versions, not paths: a later version the person wrote at
/// the copy's path stays, also when a purge is killed part-way and finished by the next run.
@Suite struct GitPurgeCopyVersionsTests {
    let entry = "entries/2026/11/2026-11-10T034200Z-7f3c9a00.md"
    let copy = "backup/copy.md"
    let words = "---\nid: 7f3c9a00-0000-4000-8000-000000000000\n---\nENTRY-marker words.\n"

    func makeHistory(_ root: String) throws -> GitRepository {
        let repository = try GitRepository.create(at: root)
        try writeGitTestFile(root, entry, words)
        try repository.commit(paths: [entry], message: "Keep 7f3c9a00")
        try writeGitTestFile(root, copy, words)
        try runGit(["add", copy], in: root)
        try runGit(["commit", "-q", "-m", "my backup"], in: root)
        try writeGitTestFile(root, copy, "MINE-marker, my own words now.\n")
        try runGit(["commit", "-q", "-am", "my own words"], in: root)
        try runGit(["gc", "-q"], in: root)
        return repository
    }

    func verify(_ root: String) throws {
        let objects = String(decoding: try runGit(["cat-file", "--batch-all-objects", "--batch"], in: root), as: UTF8.self)
        #expect(!objects.contains("ENTRY-marker"))
        #expect(objects.contains("MINE-marker"))
        #expect(try String(contentsOfFile: root + "/" + copy, encoding: .utf8) == "MINE-marker, my own words now.\n")
        #expect(try gitCLIText(["show", "HEAD:" + copy], in: root) == "MINE-marker, my own words now.\n")
        #expect(try gitCLIText(["log", "--format=%s", "--", copy], in: root) == "my own words\n")
        #expect(try gitCLIText(["status", "--porcelain"], in: root) == "")
        try runGit(["fsck", "--full", "--strict"], in: root)
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
    }

    @Test func onlyTheCopiedVersionGoes() throws {
        try withGitTestFolder { root in
            let repository = try makeHistory(root)
            let found = try #require(throws: GitPurgeCopiesFound.self) { try repository.purge(entryPaths: [entry]) }
            #expect(found.paths == [copy])
            let report = try repository.purge(entryPaths: [entry], copies: .remove)
            #expect(report.removedCopies == [copy])
            try verify(root)
        }
    }

    @Test(arguments: PurgeCheckpoint.allCases)
    func killedAtEachStepThenResumedKeepsTheLaterVersion(at point: PurgeCheckpoint) throws {
        try withGitTestFolder { root in
            do {
                let repository = try makeHistory(root)
                repository.purgeCheckpoint = { if $0 == point { throw SimulatedPurgeCrash() } }
                #expect(throws: SimulatedPurgeCrash.self) { try repository.purge(entryPaths: [entry], copies: .remove) }
            }
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.resumePendingPurge())
            try verify(root)
        }
    }
}
