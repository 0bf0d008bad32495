#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import MarkdownStore

/// git's lock files: taken as git takes them, released, and never removed unless provably left
/// by a say that died. Checked against the real git CLI.
@Suite struct GitLocksTests {
    /// A repository with one commit, made with the git CLI.
    private func repository(_ root: String) throws -> String {
        let work = root + "/repo"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: work)
        try writeGitTestFile(work, "a.txt", "a\n")
        try runGit(["add", "a.txt"], in: work)
        try runGit(["commit", "-q", "-m", "first"], in: work)
        return work
    }

    /// Whether `git add` + `git commit` of a new file works right now.
    private func gitCanCommit(_ work: String) throws -> Bool {
        try writeGitTestFile(work, "b-\(UUID().uuidString).txt", "more\n")
        guard (try? runGit(["add", "-A"], in: work)) != nil else { return false }
        return (try? runGit(["commit", "-q", "-m", "more"], in: work)) != nil
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Creates a lock file the way git does: a new file, exclusively.
    private func createLikeGit(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        close(fd)
    }

    private func tokens(_ git: String) throws -> [String] {
        try FolderContents.names(in: git + GitLocks.folder)
    }

    @Test func aHeldLockStopsGitAndReleasingFreesIt() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            let head = try gitCLIText(["rev-parse", "HEAD"], in: work)
            let locks = try GitLockSet(gitFolder: git, targets: [git + "index", git + "refs/heads/side"])
            #expect(exists(git + "index.lock") && exists(git + "refs/heads/side.lock"))
            // git itself refuses to commit while say holds the index.
            #expect(try gitCanCommit(work) == false)
            // A file the set does not hold is never written.
            #expect(throws: GitError.self) { try locks.write([0x41], to: git + "packed-refs") }
            try locks.write(Array(head.utf8), to: git + "refs/heads/side")
            try locks.release()
            #expect(!exists(git + "index.lock") && !exists(git + "refs/heads/side.lock"))
            #expect(try tokens(git) == [])
            #expect(try gitCLIText(["rev-parse", "side"], in: work) == head)
            #expect(try gitCanCommit(work))
            #expect(try gitCLIText(["fsck", "--strict"], in: work) == "")
        }
    }

    @Test func aLockSomeoneElseHoldsIsRefusedAndKept() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            try createLikeGit(git + "index.lock")
            let error = try #require(throws: GitError.self) {
                _ = try GitLockSet(gitFolder: git, targets: [git + "HEAD", git + "index", git + "packed-refs"])
            }
            #expect(error.code == -14)
            #expect(error.errorDescription == "git's lock file \(git)index.lock exists: a git command is running here, or one stopped part-way; "
                + "wait for that git command to finish; if none is running, remove \(git)index.lock and try again")
            // Its lock stays; none of ours is left behind.
            #expect(exists(git + "index.lock"))
            #expect(!exists(git + "HEAD.lock") && !exists(git + "packed-refs.lock"))
            #expect(try tokens(git) == [])
            // Even a later clean-up never touches it.
            #expect(try GitLocks.clearLeftovers(gitFolder: git) == [])
            #expect(exists(git + "index.lock"))
        }
    }

    @Test func locksOfAKilledRunAreRemovedByTheNextOne() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            let killed = try GitLockSet(gitFolder: git, targets: [git + "index", git + "HEAD", git + "packed-refs", git + "refs/heads/main"])
            killed.abandonAsIfKilled()
            #expect(exists(git + "index.lock") && exists(git + "refs/heads/main.lock"))
            #expect(try gitCanCommit(work) == false)
            let next = try GitLockSet(gitFolder: git, targets: [git + "index"])
            try next.release()
            for lock in ["index.lock", "HEAD.lock", "packed-refs.lock", "refs/heads/main.lock"] { #expect(!exists(git + lock)) }
            #expect(try tokens(git) == [])
            #expect(try gitCanCommit(work))
        }
    }

    @Test func aLockGitTookAfterSayDiedIsKept() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            let killed = try GitLockSet(gitFolder: git, targets: [git + "index", git + "refs/heads/main"])
            killed.abandonAsIfKilled()
            // The person removed say's leftover and a git command of theirs took the lock again.
            unlink(git + "index.lock")
            try createLikeGit(git + "index.lock")
            let removed = try GitLocks.clearLeftovers(gitFolder: git)
            #expect(removed == [git + "refs/heads/main.lock"])
            #expect(exists(git + "index.lock"))
            #expect(throws: GitError.self) { _ = try GitLockSet(gitFolder: git, targets: [git + "index"]) }
        }
    }

    @Test func locksOfALiveRunAreNeverCleared() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            let live = try GitLockSet(gitFolder: git, targets: [git + "refs/heads/main"])
            // Another say (here: another lock set, with its own open file) clears leftovers.
            #expect(try GitLocks.clearLeftovers(gitFolder: git) == [])
            #expect(exists(git + "refs/heads/main.lock"))
            #expect(throws: GitError.self) { _ = try GitLockSet(gitFolder: git, targets: [git + "refs/heads/main"]) }
            try live.release()
            #expect(!exists(git + "refs/heads/main.lock"))
        }
    }

    @Test func libgit2LocksOfAKilledRunNeedEveryPieceOfEvidence() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            // A run recorded config.lock and index.lock, libgit2 created both, then the run died.
            let token = try GitLockToken.create(gitFolder: git, kind: .libgit2, lockPaths: [git + "config.lock", git + "index.lock", git + "HEAD.lock"])
            try createLikeGit(git + "config.lock")
            try createLikeGit(git + "index.lock")
            // A live process still has index.lock open: never removed.
            let holder = open(git + "index.lock", O_RDONLY)
            defer { close(holder) }
            // HEAD.lock is older than the record: not the run's.
            try createLikeGit(git + "HEAD.lock")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: git + "HEAD.lock")
            token.abandon()
            let removed = try GitLocks.clearLeftovers(gitFolder: git)
            #if os(Linux)
            #expect(removed == [git + "config.lock"])
            #else
            #expect(removed == [])
            #endif
            #expect(exists(git + "index.lock") && exists(git + "HEAD.lock"))
        }
    }

    @Test func whileLibgit2WritesRefusesAHeldLockAndCleansUp() throws {
        try withGitTestFolder { root in
            let work = try repository(root)
            let git = work + "/.git/"
            try createLikeGit(git + "config.lock")
            #expect(throws: GitError.self) {
                try GitLocks.whileLibgit2Writes(gitFolder: git, lockPaths: [git + "config.lock"]) { Issue.record("ran while locked") }
            }
            unlink(git + "config.lock")
            let ran = try GitLocks.whileLibgit2Writes(gitFolder: git, lockPaths: [git + "config.lock"]) { true }
            #expect(ran)
            #expect(try tokens(git) == [])
        }
    }
}
