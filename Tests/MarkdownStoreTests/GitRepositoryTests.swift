import Foundation
import Testing
import TestSupport
@testable import MarkdownStore

// MARK: - Helpers shared by the Git*Tests files

/// A fresh temporary folder, removed when `body` returns.
func withGitTestFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let folder = TemporaryFolder("say-git-tests")
    return try withExtendedLifetime(folder) { try body(folder.path) }
}

/// Runs the real git CLI in `folder` (through the test support's one git runner). Returns
/// stdout; throws when git exits non-zero, unless `allowFailure`.
@discardableResult
func runGit(_ arguments: [String], in folder: String, allowFailure: Bool = false) throws -> Data {
    allowFailure ? try gitRun(arguments, in: folder).data : try gitChecked(arguments, in: folder)
}

func gitCLIText(_ arguments: [String], in folder: String) throws -> String {
    String(decoding: try runGit(arguments, in: folder), as: UTF8.self)
}

/// Writes a file relative to `root`, creating folders.
func writeGitTestFile(_ root: String, _ path: String, _ text: String) throws {
    let full = root + "/" + path
    try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: full))
}

// MARK: - Tests

@Suite struct GitRepositoryTests {
    @Test func createOpenAndUnbornHead() throws {
        try withGitTestFolder { root in
            let journal = root + "/journal"
            let repository = try GitRepository.create(at: journal)
            #expect(try repository.headCommit() == nil)
            let status = try repository.status()
            #expect(status == GitStatus(branch: "main", head: nil, commitCount: 0, uncommittedChanges: 0, isDetached: false, isMerging: false))
            #expect(try GitRepository.open(at: journal) != nil)
            #expect(try GitRepository.open(at: journal + "/") != nil)
            #expect(try GitRepository.open(at: journal + "/.git") == nil)
            try FileManager.default.createDirectory(atPath: journal + "/entries", withIntermediateDirectories: true)
            #expect(try GitRepository.open(at: journal + "/entries") == nil)
            #expect(try GitRepository.open(at: root) == nil)
            #expect(try gitCLIText(["symbolic-ref", "HEAD"], in: journal) == "refs/heads/main\n")
        }
    }

    @Test func commitCommitsExactlyThesePathsAndKeepsStatusClean() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try writeGitTestFile(root, "entries/2026/11/a.md", "first\n")
            try writeGitTestFile(root, "notes.txt", "untracked\n")
            let first = try #require(try repository.commit(paths: ["entries/2026/11/a.md"], message: "Keep aaaaaaaa"))
            #expect(try repository.headCommit() == first)
            #expect(try gitCLIText(["log", "--format=%s"], in: root) == "Keep aaaaaaaa\n")
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == "?? notes.txt\n")
            #expect(try gitCLIText(["ls-tree", "-r", "--name-only", "HEAD"], in: root) == "entries/2026/11/a.md\n")

            // Nothing changed: no commit.
            #expect(try repository.commit(paths: ["entries/2026/11/a.md"], message: "Keep aaaaaaaa") == nil)

            try writeGitTestFile(root, "entries/2026/11/a.md", "second\n")
            try writeGitTestFile(root, "entries/2026/11/b.md", "other\n")
            let second = try #require(try repository.commit(paths: ["entries/2026/11/a.md", "entries/2026/11/b.md"], message: "Edit"))
            #expect(second != first)
            #expect(try gitCLIText(["show", "HEAD:entries/2026/11/a.md"], in: root) == "second\n")

            try FileManager.default.removeItem(atPath: root + "/entries/2026/11/a.md")
            try #require(try repository.commit(paths: ["entries/2026/11/a.md"], message: "Let go aaaaaaaa") != nil)
            #expect(try gitCLIText(["ls-tree", "-r", "--name-only", "HEAD"], in: root) == "entries/2026/11/b.md\n")
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == "?? notes.txt\n")
            #expect(try repository.status().commitCount == 3)
            try runGit(["fsck", "--full"], in: root)
        }
    }

    @Test func commitOnTopOfCliCommitsLeavesOtherStagedChangesStaged() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try writeGitTestFile(root, "README", "hello\n")
            try runGit(["add", "README"], in: root)
            try runGit(["commit", "-q", "-m", "cli commit"], in: root)
            try writeGitTestFile(root, "staged.txt", "staged\n")
            try runGit(["add", "staged.txt"], in: root)
            try writeGitTestFile(root, "entries/x.md", "x\n")
            try #require(try repository.commit(paths: ["entries/x.md"], message: "Keep 00000000") != nil)
            #expect(try gitCLIText(["log", "--format=%s"], in: root) == "Keep 00000000\ncli commit\n")
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == "A  staged.txt\n")
        }
    }

    @Test func commitUsesTheConfiguredIdentity() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try runGit(["config", "user.name", "Journal Person"], in: root)
            try runGit(["config", "user.email", "person@example.com"], in: root)
            try writeGitTestFile(root, "a.md", "a\n")
            try repository.commit(paths: ["a.md"], message: "Keep 11111111")
            #expect(try gitCLIText(["log", "--format=%an <%ae>|%cn <%ce>"], in: root) == "Journal Person <person@example.com>|Journal Person <person@example.com>\n")
        }
    }

    @Test func commitFallsBackToANeutralIdentity() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            // An empty identity in the repository's config hides any global one and is unusable.
            try runGit(["config", "user.name", ""], in: root)
            try runGit(["config", "user.email", ""], in: root)
            try writeGitTestFile(root, "a.md", "a\n")
            try repository.commit(paths: ["a.md"], message: "Keep 22222222")
            #expect(try gitCLIText(["log", "--format=%an <%ae>|%cn <%ce>"], in: root) == "Say It Later <say@localhost>|Say It Later <say@localhost>\n")
        }
    }

    @Test func commitRejectsPathsOutsideTheWorkingTree() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            for path in ["/etc/passwd", "../x", "a/../../x", ".git/config", ""] {
                #expect(throws: GitError(code: -1, errorClass: 0, message: "not a path inside the working tree: \(path)", function: "commit")) {
                    try repository.commit(paths: [path], message: "Keep")
                }
            }
        }
    }

    @Test func workingTreeChangesListsAddedModifiedDeletedSorted() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            #expect(try repository.workingTreeChanges(under: "entries") == [])
            try writeGitTestFile(root, "entries/2026/01/b.md", "b\n")
            try writeGitTestFile(root, "entries/2026/01/c.md", "c\n")
            try repository.commit(paths: ["entries/2026/01/b.md", "entries/2026/01/c.md"], message: "Keep")
            try writeGitTestFile(root, "entries/2026/01/b.md", "b2\n")
            try FileManager.default.removeItem(atPath: root + "/entries/2026/01/c.md")
            try writeGitTestFile(root, "entries/2026/02/a.md", "a\n")
            try writeGitTestFile(root, "entries/2026/02/.a.md.swp", "swap\n")
            try writeGitTestFile(root, "entries/2026/02/a.md.swp", "swap\n")
            try writeGitTestFile(root, "entries/2026/02/a.md~", "backup\n")
            try writeGitTestFile(root, "entries/2026/02/.#a.md", "lock\n")
            try writeGitTestFile(root, "entries/.hidden/z.md", "hidden\n")
            try writeGitTestFile(root, "other/x.md", "outside\n")
            try writeGitTestFile(root, "entriesX/y.md", "sibling with a shared prefix\n")
            let expected = [
                WorkingTreeChange(path: "entries/2026/01/b.md", kind: .modified),
                WorkingTreeChange(path: "entries/2026/01/c.md", kind: .deleted),
                WorkingTreeChange(path: "entries/2026/02/a.md", kind: .added),
            ]
            #expect(try repository.workingTreeChanges(under: "entries") == expected)
            #expect(try repository.workingTreeChanges(under: "").map(\.path) == expected.map(\.path) + ["entriesX/y.md", "other/x.md"])
        }
    }

    @Test func statusReportsBranchCountsAndFlags() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try writeGitTestFile(root, "a.md", "a\n")
            let first = try #require(try repository.commit(paths: ["a.md"], message: "Keep 1"))
            try writeGitTestFile(root, "b.md", "b\n")
            let second = try #require(try repository.commit(paths: ["b.md"], message: "Keep 2"))
            try writeGitTestFile(root, "c.md", "c\n")
            try writeGitTestFile(root, "a.md", "a2\n")
            var status = try repository.status()
            #expect(status == GitStatus(branch: "main", head: second, commitCount: 2, uncommittedChanges: 2, isDetached: false, isMerging: false))
            try runGit(["checkout", "-q", "--detach", first.description], in: root)
            status = try repository.status()
            #expect(status.isDetached && status.branch == nil && status.head == first && status.commitCount == 1)
            try runGit(["checkout", "-q", "main"], in: root)
            try Data((second.description + "\n").utf8).write(to: URL(fileURLWithPath: root + "/.git/MERGE_HEAD"))
            #expect(try repository.status().isMerging)
        }
    }

    @Test func gitErrorsCarryCodeClassMessageAndFunction() throws {
        try withGitTestFolder { root in
            let repository = try GitRepository.create(at: root)
            try writeGitTestFile(root, "a.md", "a\n")
            try repository.commit(paths: ["a.md"], message: "Keep")
            // A corrupt HEAD makes libgit2 fail; the error names the C function.
            try Data("not a reference\n".utf8).write(to: URL(fileURLWithPath: root + "/.git/HEAD"))
            do {
                _ = try repository.headCommit()
                Issue.record("expected an error")
            } catch let error as GitError {
                #expect(error.function == "git_reference_name_to_id")
                #expect(error.code < 0)
                #expect(error.errorClass != 0)
                #expect(!error.message.isEmpty)
                // libgit2's own reason, then what to do, never just a function name and a number.
                #expect(error.message.contains("HEAD"))
                #expect(error.errorDescription == error.message + "; the journal's git repository may be damaged: `git fsck` in the journal folder shows what is wrong")
                #expect(error.failureReason == "git_reference_name_to_id returned \(error.code)")
                #expect(error == GitError(code: error.code, errorClass: error.errorClass, message: error.message, function: "git_reference_name_to_id",
                                          advice: error.advice))
            }
        }
    }

    @Test func objectIDParsesAndPrintsHex() {
        let hex = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
        #expect(ObjectID(hex: hex)?.description == hex)
        #expect(ObjectID(hex: hex.uppercased())?.description == hex)
        #expect(ObjectID(hex: "4b825d") == nil)
        #expect(ObjectID(hex: String(repeating: "g", count: 40)) == nil)
    }

    @Test func sha1MatchesKnownVectors() {
        func hex(_ text: String) -> String {
            Array(text.utf8).withUnsafeBytes { GitSHA1.hash($0) }.map { String(format: "%02x", $0) }.joined()
        }
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1_000_000)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }
}
