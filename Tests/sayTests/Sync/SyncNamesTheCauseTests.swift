import Foundation
import TestSupport
import Testing

/// When sync refuses, it names what really stands in the way (the journal's branch, the remote's
/// repository format, the remote's own damage) and one thing that works, never a step that
/// cannot be done or a damage that is not there.
@Suite("say sync names the cause of a refusal")
struct SyncNamesTheCauseTests {
    @Test func aRenamedBranchIsNamedWithTheRenameThatWorks() throws {
        let remote = try BareRemote()
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("RENAMED-marker first")
        #expect(try git(["branch", "-m", "main", "journal"], in: a.journal).status == 0)
        let refused = try a.sync("--remote", remote.path, status: 1)
        #expect(!refused.stderr.contains("check main out"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the journal's branch is called journal, and sync uses a branch called main"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`git branch -m journal main`"), "\(refused.stderr)")
        // The advice works.
        #expect(try git(["branch", "-m", "journal", "main"], in: a.journal).status == 0)
        #expect(try a.sync("--remote", remote.path).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
    }

    /// A folder remote git reads, in a format say's git library cannot open, is named as such
    /// (not as a remote that cannot be reached), with what to do.
    @Test func aRemoteInAFormatSayCannotOpenIsNamed() throws {
        let sha256 = TemporaryFolder("say-sync-sha256")
        let remote = sha256.url("journal.git")
        #expect(try git(["init", "--bare", "-q", "-b", "main", "--object-format=sha256", remote], in: sha256.path).status == 0)
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("FORMAT-marker first")
        let refused = try a.sync("--remote", remote, status: 1)
        #expect(!refused.stderr.contains("could not be reached"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is a git repository with SHA-256 object names, which say's git library cannot read; nothing was changed"), "\(refused.stderr)")

        // The person protects the remote they synced with from pruning, then lets an entry go.
        let plain = try BareRemote()
        let goes = try a.keep("PRECIOUS-marker let go")
        #expect(try a.sync("--remote", plain.path).status == 0)
        #expect(try git(["config", "core.repositoryformatversion", "1"], in: plain.path).status == 0)
        #expect(try git(["config", "extensions.preciousObjects", "true"], in: plain.path).status == 0)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        let precious = try a.sync(status: 1)
        #expect(!precious.stderr.contains("could not be reached"), "\(precious.stderr)")
        #expect(precious.stderr.contains("keeps every object for ever (extensions.preciousObjects)"), "\(precious.stderr)")
        #expect(precious.stderr.contains("anything let go here since the last sync is still in that remote"), "\(precious.stderr)")
        // What it advises works: the entry then leaves the remote.
        #expect(try git(["config", "--unset", "extensions.preciousObjects"], in: plain.path).status == 0)
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(!(try plain.objects()).contains("PRECIOUS-marker"))
    }

    /// A remote whose newest commit names a file the remote does not have is named as the
    /// remote's damage, with what to do about the remote; the journal is not blamed.
    @Test func aRemoteTreeNamingAMissingFileIsTheRemotesDamage() throws {
        let remote = try BareRemote()
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("MISSING-marker first")
        try a.sync("--remote", remote.path)
        func remoteGit(_ arguments: [String], input: String? = nil) throws -> String {
            let run = try git(["--git-dir=" + remote.path] + arguments, in: remote.folder.path, input: input)
            #expect(run.status == 0, "git \(arguments)")
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let base = try remoteGit(["rev-parse", "main"])
        let month = try remoteGit(["mktree", "--missing"], input: "100644 blob 1234567890123456789012345678901234567890\t2026-11-22T000000Z-44444444.md\n")
        let year = try remoteGit(["mktree"], input: "040000 tree \(month)\t11\n")
        let entries = try remoteGit(["mktree"], input: "040000 tree \(year)\t2026\n")
        let top = try remoteGit(["ls-tree", base]).split(separator: "\n").filter { !$0.hasSuffix("\tentries") }.joined(separator: "\n")
        let tree = try remoteGit(["mktree"], input: top + "\n040000 tree \(entries)\tentries\n")
        let commit = try remoteGit(["-c", "user.name=x", "-c", "user.email=x@x", "commit-tree", tree, "-p", base, "-m", "x"])
        _ = try remoteGit(["update-ref", "refs/heads/main", commit])
        let refused = try a.sync(status: 1)
        #expect(!refused.stderr.contains("the journal's git repository may be damaged"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the history on \(remote.path) cannot be read"), "\(refused.stderr)")
        #expect(try git(["fsck", "--strict"], in: a.journal).status == 0)
    }
}
