#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport
@testable import MarkdownStore

/// Let go in repositories that the person's own use of the git CLI left in particular states:
/// notes, git's scratch files under `.git`, locked working trees, signed tags. Built with the
/// real git CLI, checked with git itself.
@Suite struct GitPurgeGitStatesTests {
    typealias Fixture = GitPurgeMatrixTests.Fixture

    @Test func aCopyInANoteBesideAnotherNoteIsNamedAsANoteAndRemovedWithCopies() throws {
        try withGitTestFolder { folder in
            let journal = try Fixture(folder + "/journal")
            let root = journal.root
            let first = try journal.git(["rev-list", "--max-parents=0", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
            // The person pasted the entry into a note on the first commit, and has another note.
            try writeGitTestFile(folder, "pasted.md", Fixture.document(journal.words[1]))
            try runGit(["notes", "add", "-F", folder + "/pasted.md", first], in: root)
            try runGit(["notes", "add", "-m", "my unrelated note", "HEAD"], in: root)
            let error = try #require(throws: GitPurgeCopiesFound.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.paths == ["a git note on commit \(first.prefix(7)) (refs/notes/commits)"])
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))

            let report = try journal.repository().purge(entryPaths: [journal.entry], copies: .remove)
            #expect(report.removedCopies == ["a git note on commit \(first.prefix(7)) (refs/notes/commits)"])
            #expect(report.paths == [journal.entry])
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/say/pending-purge"))
            #expect(!FileManager.default.fileExists(atPath: root + "/" + journal.entry))
            // The other note follows its commit; the copy is gone from every object.
            #expect(try journal.git(["notes", "show", "HEAD"]) == "my unrelated note\n")
            #expect(try journal.git(["notes", "list"]).split(separator: "\n").count == 1)
            try journal.verifyGone(journal.words)
        }
    }

    @Test func gitsScratchFilesAndANoteOnTheEntrysBlobLoseTheWords() throws {
        try withGitTestFolder { root in
            let journal = try Fixture(root)
            let path = root + "/" + journal.entry
            func append(_ line: String) throws {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data((line + "\n").utf8))
                try handle.close()
            }
            let added = ["side line of a private quarrel", "main line of a private quarrel", "draft line never kept",
                         "a private extra line committed by hand"]
            // A conflict in the entry resolved with rerere on: git keeps its images in rr-cache.
            try runGit(["config", "rerere.enabled", "true"], in: root)
            try runGit(["checkout", "-q", "-b", "side"], in: root)
            try append(added[0])
            try runGit(["commit", "-q", "-am", "side"], in: root)
            try runGit(["checkout", "-q", "main"], in: root)
            try append(added[1])
            try runGit(["commit", "-q", "-am", "main edit"], in: root)
            _ = try runGit(["merge", "side"], in: root, allowFailure: true)
            let merged = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !($0.hasPrefix("<<<<<<<") || $0.hasPrefix("=======") || $0.hasPrefix(">>>>>>>")) }
            try Data(merged.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            try runGit(["add", journal.entry], in: root)
            try runGit(["commit", "-q", "--no-edit"], in: root)
            try runGit(["branch", "-q", "-D", "side"], in: root)
            #expect(try !FolderContents.names(in: root + "/.git/rr-cache").isEmpty)
            // A staged edit thrown away, then `git fsck --lost-found`.
            try append(added[2])
            try runGit(["add", journal.entry], in: root)
            try runGit(["reset", "-q"], in: root)
            try runGit(["checkout", "-q", "--", journal.entry], in: root)
            _ = try runGit(["fsck", "--lost-found"], in: root, allowFailure: true)
            #expect(try !FolderContents.names(in: root + "/.git/lost-found/other").isEmpty)
            // A hand edit committed with `git commit -v`: the diff stays in COMMIT_EDITMSG.
            try append(added[3])
            try runGit(["add", "-A"], in: root)
            try runGit(["-c", "core.editor=sed -i 1s/^/tweak/", "commit", "-q", "-v"], in: root)
            #expect(try String(contentsOfFile: root + "/.git/COMMIT_EDITMSG", encoding: .utf8).contains(added[3]))
            // A note on the entry's blob, and one on the person's own file's blob.
            let blob = try journal.git(["hash-object", journal.entry]).trimmingCharacters(in: .whitespacesAndNewlines)
            try runGit(["notes", "add", "-m", "about this entry", blob], in: root)
            let plan = try journal.git(["rev-parse", "HEAD:docs/plan.md"]).trimmingCharacters(in: .whitespacesAndNewlines)
            try runGit(["notes", "add", "-m", "about my plan", plan], in: root)
            // The person's own: a resolution and a lost file that are not the entry's.
            try writeGitTestFile(root, ".git/rr-cache/0123456789abcdef0123456789abcdef01234567/preimage", "my own conflict about the plan\n")
            try writeGitTestFile(root, ".git/lost-found/other/mine", "my own lost paragraph about the plan\n")

            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words + added)
            // No file under .git holds a line of the entry.
            let files = try #require(FileManager.default.enumerator(atPath: root + "/.git")).compactMap { $0 as? String }
            for file in files {
                guard let text = FileManager.default.contents(atPath: root + "/.git/" + file) else { continue }
                for line in journal.words + added {
                    #expect(text.range(of: Data(line.utf8)) == nil, "\(file) still holds \"\(line)\"")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: root + "/.git/COMMIT_EDITMSG"))
            // The note on the entry's blob went; the note on the plan's blob stays.
            #expect(try journal.git(["notes", "list"]) == "\(try journal.git(["rev-parse", "refs/notes/commits:" + plan]).trimmingCharacters(in: .whitespacesAndNewlines)) \(plan)\n")
            #expect(try journal.git(["notes", "show", plan]) == "about my plan\n")
            #expect(FileManager.default.fileExists(atPath: root + "/.git/rr-cache/0123456789abcdef0123456789abcdef01234567/preimage"))
            #expect(FileManager.default.fileExists(atPath: root + "/.git/lost-found/other/mine"))
        }
    }

    @Test func aSignedTagOnARewrittenCommitLosesItsSignatureAndKeepsItsMessage() throws {
        try withGitTestFolder { folder in
            let journal = try Fixture(folder + "/journal")
            let root = journal.root
            let key = folder + "/key"
            let keygen = Process()
            keygen.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            keygen.arguments = ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key]
            try keygen.run()
            keygen.waitUntilExit()
            try #require(keygen.terminationStatus == 0, "ssh-keygen is needed to sign a tag")
            let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8)
            try writeGitTestFile(folder, "allowed", "person@example.invalid " + publicKey)
            for (name, value) in [("gpg.format", "ssh"), ("user.signingkey", key + ".pub"), ("gpg.ssh.allowedSignersFile", folder + "/allowed")] {
                try runGit(["config", name, value], in: root)
            }
            try runGit(["tag", "-s", "-m", "signed release", "v1", "HEAD"], in: root)
            try runGit(["tag", "-s", "-m", "signed before the entry", "v0", "HEAD~3"], in: root)
            _ = try runGit(["tag", "-v", "v1"], in: root)
            let untouched = try journal.git(["cat-file", "-p", "v0"])

            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
            // The rewritten tag: no signature left to fail, the rest as it was.
            let rewritten = try journal.git(["cat-file", "-p", "v1"])
            #expect(!rewritten.contains("SIGNATURE"))
            #expect(rewritten.hasSuffix("\n\nsigned release\n"))
            #expect(rewritten.contains("\ntag v1\ntagger "))
            #expect(try journal.git(["rev-parse", "v1^{commit}"]) == journal.git(["rev-parse", "HEAD"]))
            // A tag on a commit that did not change keeps its signature, which still verifies.
            #expect(try journal.git(["cat-file", "-p", "v0"]) == untouched)
            _ = try runGit(["tag", "-v", "v0"], in: root)
        }
    }

    @Test func aLockedWorkingTreeIsNamedWithItsReasonAndTheUnlockThatMustComeFirst() throws {
        try withGitTestFolder { folder in
            let journal = try Fixture(folder + "/journal")
            let root = journal.root
            let usb = folder + "/usb-checkout"
            try runGit(["worktree", "add", "-q", "--detach", usb, "HEAD~1"], in: root)
            try runGit(["worktree", "lock", usb, "--reason", "on a USB stick"], in: root)
            let head = try journal.git(["rev-parse", "HEAD"])
            let error = try #require(throws: GitError.self) { try journal.repository().purge(entryPaths: [journal.entry]) }
            #expect(error.message.contains(usb + ", locked: \"on a USB stick\""))
            #expect(error.advice.contains("run `git worktree unlock \(usb)` first"))
            #expect(try journal.git(["rev-parse", "HEAD"]) == head)
            #expect(FileManager.default.fileExists(atPath: root + "/" + journal.entry))
            // The advice, followed as written, works.
            #expect(try gitRun(["worktree", "remove", usb], in: root).status != 0)
            try runGit(["worktree", "unlock", usb], in: root)
            try runGit(["worktree", "remove", usb], in: root)
            try journal.repository().purge(entryPaths: [journal.entry])
            try journal.verifyGone(journal.words)
        }
    }
}
