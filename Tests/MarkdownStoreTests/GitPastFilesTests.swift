import Foundation
import Testing
@testable import MarkdownStore

/// A purge's rewrite lists every file path of the history on its way, so the search for files
/// removed outside say (`pastFiles`) walks the history again only when HEAD lacks one of them.
@Suite struct GitPastFilesTests {
    /// Every file path (submodules left out) of every commit of every branch, by the git CLI.
    func allPaths(_ root: String) throws -> Set<String> {
        var paths = Set<String>()
        for commit in try gitCLIText(["rev-list", "--branches"], in: root).split(separator: "\n") {
            for line in try gitCLIText(["ls-tree", "-r", "-z", String(commit)], in: root).split(separator: "\0") {
                let parts = line.split(separator: "\t", maxSplits: 1)  // "<mode> <type> <id>\t<path>"
                if parts.count == 2, !parts[0].hasPrefix("160000") { paths.insert(String(parts[1])) }
            }
        }
        return paths
    }

    /// The paths the rewrite lists while purging `path` from every branch, as a let-go does
    /// (the untouched trees gathered on a second thread).
    func walkedPaths(_ root: String, purging path: String) throws -> Set<String>? {
        let repository = try #require(try GitRepository.open(at: root))
        let rewriter = GitHistoryRewriter(database: try GitObjectDatabase(repository: repository.handle), paths: [path],
                                          collectorDatabase: try GitObjectDatabase(repository: repository.handle))
        let tips = try gitCLIText(["for-each-ref", "--format=%(objectname)", "refs/heads"], in: root)
            .split(separator: "\n").compactMap { ObjectID(hex: String($0)) }
        for commit in try rewriter.topologicalOrder(from: tips) { try rewriter.rewriteCommit(commit) }
        try rewriter.finishCollecting()
        return rewriter.filePaths
    }

    func commit(_ root: String, _ message: String) throws {
        try runGit(["add", "-A"], in: root)
        try runGit(["commit", "-q", "-m", message], in: root)
    }

    /// Files added, edited, removed and renamed, a merged branch, a branch never merged, part
    /// of it packed: the rewrite lists exactly the paths the git CLI finds, whichever path it
    /// purges, and with that listing the search finds the same removed files as walking anew.
    @Test(arguments: ["entries/2026/01/a.md", "entries/2026/02/d.md", "notes/x.txt", "entries/2027/01/none.md"])
    func theRewriteListsEveryPathOfTheHistory(purging: String) throws {
        try withGitTestFolder { root in
            _ = try GitRepository.create(at: root)
            try writeGitTestFile(root, "entries/2026/01/a.md", "---\nid: aaaaaaaa-0000-4000-8000-000000000000\n---\nfirst\n")
            try writeGitTestFile(root, "entries/2026/01/b.md", "---\nid: bbbbbbbb-0000-4000-8000-000000000000\n---\nsecond\n")
            try commit(root, "one")
            try writeGitTestFile(root, "entries/2026/02/c.md", "---\nid: cccccccc-0000-4000-8000-000000000000\n---\nthird\n")
            try commit(root, "two")
            try runGit(["gc", "-q"], in: root)
            try writeGitTestFile(root, "entries/2026/01/a.md", "---\nid: aaaaaaaa-0000-4000-8000-000000000000\n---\nfirst, edited\n")
            try commit(root, "edit")
            try runGit(["checkout", "-q", "-b", "side"], in: root)
            try writeGitTestFile(root, "notes/x.txt", "a note\n")
            try commit(root, "note")
            try runGit(["checkout", "-q", "-"], in: root)
            try writeGitTestFile(root, "entries/2026/02/d.md", "---\nid: dddddddd-0000-4000-8000-000000000000\n---\nfourth\n")
            try commit(root, "four")
            try runGit(["merge", "-q", "--no-ff", "-m", "merge", "side"], in: root)
            try runGit(["branch", "-q", "other", "HEAD~1"], in: root)
            try runGit(["checkout", "-q", "other"], in: root)
            try writeGitTestFile(root, "elsewhere/y.txt", "only on a branch\n")
            try commit(root, "elsewhere")
            try runGit(["checkout", "-q", "-"], in: root)
            try runGit(["rm", "-q", "entries/2026/01/b.md"], in: root)
            try runGit(["mv", "entries/2026/02/c.md", "entries/2026/02/c-renamed.md"], in: root)
            try commit(root, "remove and rename")

            let everyPath = try allPaths(root)
            #expect(everyPath.contains("entries/2026/01/b.md") && everyPath.contains("elsewhere/y.txt"))
            let walked = try walkedPaths(root, purging: purging)
            #expect(walked == everyPath)

            let repository = try #require(try GitRepository.open(at: root))
            let removed = try repository.pastFiles(under: "")
            #expect(removed.map(\.path) == ["entries/2026/01/b.md", "entries/2026/02/c.md"])
            #expect(try repository.pastFiles(under: "", amongPaths: walked) == removed)
            #expect(try repository.pastFiles(under: "entries/2026/01/", amongPaths: walked).map(\.path) == ["entries/2026/01/b.md"])
        }
    }

    /// With nothing ever removed, HEAD holds every path listed: the search answers at once.
    @Test func aHistoryThatOnlyAddsHasNothingRemoved() throws {
        try withGitTestFolder { root in
            _ = try GitRepository.create(at: root)
            for number in 0 ..< 4 {
                try writeGitTestFile(root, "entries/2026/0\(number % 2 + 1)/\(number).md", "---\nid: 0000000\(number)-0000-4000-8000-000000000000\n---\nwords\n")
                try commit(root, "keep \(number)")
            }
            let walked = try #require(try walkedPaths(root, purging: "entries/2026/01/0.md"))
            #expect(walked == (try allPaths(root)))
            let repository = try #require(try GitRepository.open(at: root))
            #expect(try repository.pastFiles(under: "", amongPaths: walked) == [])
            #expect(try repository.pastFiles(under: "") == [])
        }
    }

    /// A folder copied elsewhere is the same tree at two paths: its files are read at one path
    /// only, so the listing is not known, and the search walks the history itself.
    @Test func aFolderAtTwoPathsLeavesTheListingUnknown() throws {
        try withGitTestFolder { root in
            _ = try GitRepository.create(at: root)
            try writeGitTestFile(root, "entries/2026/01/a.md", "---\nid: aaaaaaaa-0000-4000-8000-000000000000\n---\nfirst\n")
            try writeGitTestFile(root, "entries/2026/02/b.md", "---\nid: bbbbbbbb-0000-4000-8000-000000000000\n---\nsecond\n")
            try commit(root, "one")
            try writeGitTestFile(root, "backup/2026-01/a.md", "---\nid: aaaaaaaa-0000-4000-8000-000000000000\n---\nfirst\n")
            try commit(root, "backup")
            try runGit(["rm", "-q", "-r", "backup"], in: root)
            try commit(root, "no backup")
            let repository = try #require(try GitRepository.open(at: root))
            let removed = try repository.pastFiles(under: "")
            #expect(removed == [GitPastFile(path: "backup/2026-01/a.md", ids: ["aaaaaaaa-0000-4000-8000-000000000000"])])
            // Purging elsewhere, both copies of the folder are gathered whole: met twice.
            #expect(try walkedPaths(root, purging: "entries/2026/02/b.md") == nil)
            #expect(try repository.pastFiles(under: "", amongPaths: nil) == removed)
            // Purging inside it, the rewrite reads the folder itself at its own path.
            #expect(try walkedPaths(root, purging: "entries/2026/01/a.md") == (try allPaths(root)))
        }
    }
}
