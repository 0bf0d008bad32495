import Foundation
import Testing
import TestSupport
@testable import MarkdownStore

/// A commit changes the index as a file (`GitIndexFile`) and must leave exactly the index
/// libgit2 would have written: same entries, same cache tree, same racily clean entries smudged.
@Suite struct GitIndexFileTests {
    /// A repository made with the git CLI, as a person would: nested folders (so the index has
    /// a cache tree), an untracked cache, a file outside `entries`.
    func makeRepository(_ root: String) throws -> GitRepository {
        try runGit(["init", "-q", "-b", "main"], in: root)
        for month in ["09", "10", "11"] {
            for day in 1 ... 4 {
                try writeGitTestFile(root, "entries/2026/\(month)/2026-\(month)-0\(day)-\(month)\(day).md", "entry \(month) \(day)\n")
            }
        }
        try writeGitTestFile(root, "notes/todo.txt", "mine\n")
        try runGit(["add", "-A"], in: root)
        try runGit(["commit", "-q", "-m", "by hand"], in: root)
        try runGit(["config", "core.untrackedCache", "true"], in: root)
        try runGit(["status", "--porcelain"], in: root)
        return try #require(try GitRepository.open(at: root))
    }

    func indexBytes(_ root: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/.git/index")))
    }

    /// Commits `paths` twice from the same starting point, once through libgit2's index and once
    /// through the file; returns both indexes.
    func bothWays(_ root: String, _ repository: GitRepository, _ paths: [String]) throws -> (libgit2: [UInt8], file: [UInt8]) {
        let before = try indexBytes(root)
        var info = stat()
        #expect(lstat(root + "/.git/index", &info) == 0)
        let head = try gitCLIText(["rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)

        repository.changesIndexAsFile = false
        #expect(try repository.commit(paths: paths, message: "libgit2") != nil)
        let libgit2 = try indexBytes(root)

        // Back to the same index, written at the same moment, and the same HEAD.
        try Data(before).write(to: URL(fileURLWithPath: root + "/.git/index"))
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, root + "/.git/index", &times, 0) == 0)
        try runGit(["update-ref", "refs/heads/main", head], in: root)

        repository.changesIndexAsFile = true
        #expect(try repository.commit(paths: paths, message: "file") != nil)
        return (libgit2, try indexBytes(root))
    }

    @Test func addingEditingAndRemovingWritesLibgit2sIndex() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            #expect(try indexBytes(root).contains(subsequence: Array("TREE".utf8)))
            try writeGitTestFile(root, "entries/2026/11/2026-11-20-new.md", "a new one\n")
            try writeGitTestFile(root, "entries/2026/12/2026-12-01-first.md", "a new month\n")
            try writeGitTestFile(root, "entries/2026/10/2026-10-02-102.md", "edited by hand\n")
            try FileManager.default.removeItem(atPath: root + "/entries/2026/09/2026-09-03-093.md")
            let (libgit2, file) = try bothWays(root, repository, [
                "entries/2026/11/2026-11-20-new.md", "entries/2026/12/2026-12-01-first.md",
                "entries/2026/10/2026-10-02-102.md", "entries/2026/09/2026-09-03-093.md",
            ])
            #expect(firstDifference(file, libgit2) == nil)
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == "")
            #expect(try gitCLIText(["diff", "--cached", "--name-only"], in: root) == "")
            try runGit(["fsck", "--full"], in: root)
            // git's own commit on top reuses the cache tree's valid parts and agrees with HEAD.
            try writeGitTestFile(root, "notes/todo.txt", "mine, changed\n")
            try runGit(["commit", "-q", "-a", "-m", "by hand again"], in: root)
            #expect(try gitCLIText(["ls-tree", "-r", "--name-only", "HEAD"], in: root).contains("entries/2026/12/2026-12-01-first.md"))
            try runGit(["fsck", "--full"], in: root)
        }
    }

    @Test func racilyCleanEntriesThatChangedAreSmudgedAsLibgit2Does() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            // Every entry now looks written no earlier than the index: none can be trusted by
            // its status alone. Two change on disk, with their size and times kept.
            var info = stat()
            #expect(lstat(root + "/.git/index", &info) == 0)
            var past = [info.st_atim, timespec(tv_sec: info.st_mtim.tv_sec - 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, root + "/.git/index", &past, 0) == 0)
            for path in ["entries/2026/09/2026-09-01-091.md", "notes/todo.txt"] {
                var before = stat()
                #expect(lstat(root + "/" + path, &before) == 0)
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                try writeGitTestFile(root, path, String(text.reversed().dropFirst()) + "\n")
                var times = [before.st_atim, before.st_mtim]
                #expect(utimensat(AT_FDCWD, root + "/" + path, &times, 0) == 0)
            }
            try writeGitTestFile(root, "entries/2026/11/2026-11-20-new.md", "a new one\n")
            let (libgit2, file) = try bothWays(root, repository, ["entries/2026/11/2026-11-20-new.md"])
            #expect(firstDifference(file, libgit2) == nil)
            let sizes = try gitCLIText(["ls-files", "--debug", "entries/2026/09/2026-09-01-091.md", "entries/2026/09/2026-09-02-092.md"], in: root)
            #expect(sizes.components(separatedBy: "size: 0\t").count == 2, "\(sizes)")
            // Nothing changed by hand is taken for committed.
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == " M entries/2026/09/2026-09-01-091.md\n M notes/todo.txt\n")
        }
    }

    @Test func indexesItLeavesToLibgit2StillCommit() throws {
        try withGitTestFolder { root in
            // Version 4 (compressed paths), and a file git converts (end of lines).
            let repository = try makeRepository(root)
            try runGit(["update-index", "--index-version", "4"], in: root)
            try runGit(["config", "core.autocrlf", "input"], in: root)
            try writeGitTestFile(root, "entries/2026/11/2026-11-20-new.md", "one\r\ntwo\r\n")
            #expect(try repository.commit(paths: ["entries/2026/11/2026-11-20-new.md"], message: "Keep") != nil)
            #expect(try gitCLIText(["show", "HEAD:entries/2026/11/2026-11-20-new.md"], in: root) == "one\ntwo\n")
            try runGit(["update-index", "--index-version", "2"], in: root)
            try writeGitTestFile(root, "entries/2026/11/2026-11-21-other.md", "one\r\n")
            #expect(try repository.commit(paths: ["entries/2026/11/2026-11-21-other.md"], message: "Keep") != nil)
            #expect(try gitCLIText(["show", "HEAD:entries/2026/11/2026-11-21-other.md"], in: root) == "one\n")
            #expect(try gitCLIText(["status", "--porcelain"], in: root) == "")
            try runGit(["fsck", "--full"], in: root)
        }
    }

    /// The old index's checksum is always checked (in a large index, beside the making of the
    /// new one): an index with one byte changed is never spliced, and a good one, small or
    /// large, is spliced into what libgit2 writes.
    @Test(arguments: [40, 4000])
    func anIndexWhoseChecksumFailsIsNeverSpliced(files: Int) throws {
        try withGitTestFolder { root in
            try runGit(["init", "-q", "-b", "main"], in: root)
            let blob = try #require(try gitRun(["hash-object", "-w", "--stdin"], in: root, input: "same words\n").output
                .split(separator: "\n").first.map(String.init))
            let lines = (0 ..< files).map { "100644 \(blob)\tentries/2026/\(String(format: "%02d", $0 % 12 + 1))/2026-entry-\($0).md\n" }
            #expect(try gitRun(["update-index", "--index-info"], in: root, input: lines.joined()).status == 0)
            try runGit(["commit", "-q", "-m", "by hand"], in: root)
            try runGit(["checkout", "-q", "--", "."], in: root)
            let bytes = try indexBytes(root)
            #expect((bytes.count >= GitIndexFile.checkAsideFrom) == (files > 1000))
            let changes = [GitIndexFile.Change(path: Array("entries/2026/01/2026-entry-0.md".utf8), entry: nil)]
            let good = bytes.withUnsafeBytes { GitIndexFile.patched($0, stamp: timespec(), changes: changes) { _, _ in true } }
            #expect(good != nil)
            for offset in [12, bytes.count / 2, bytes.count - 21, bytes.count - 1] {
                var bad = bytes
                bad[offset] ^= 0x01
                #expect(bad.withUnsafeBytes { GitIndexFile.patched($0, stamp: timespec(), changes: changes) { _, _ in true } } == nil)
            }
            let repository = try #require(try GitRepository.open(at: root))
            try writeGitTestFile(root, "entries/2026/11/2026-11-20-new.md", "a new one\n")
            let (libgit2, file) = try bothWays(root, repository, ["entries/2026/11/2026-11-20-new.md"])
            #expect(firstDifference(file, libgit2) == nil)
            try runGit(["fsck", "--full"], in: root)
        }
    }

    @Test func aConflictAtThePathIsLeftToLibgit2() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            let path = "entries/2026/10/2026-10-01-101.md"
            try runGit(["checkout", "-q", "-b", "other"], in: root)
            try writeGitTestFile(root, path, "theirs\n")
            try runGit(["commit", "-q", "-a", "-m", "theirs"], in: root)
            try runGit(["checkout", "-q", "main"], in: root)
            try writeGitTestFile(root, path, "ours\n")
            try runGit(["commit", "-q", "-a", "-m", "ours"], in: root)
            // A conflict left in the index (stages 1–3), without a merge in progress.
            try runGit(["merge", "-q", "other"], in: root, allowFailure: true)
            #expect(try gitCLIText(["ls-files", "--unmerged"], in: root) != "")
            try FileManager.default.removeItem(atPath: root + "/.git/MERGE_HEAD")
            try writeGitTestFile(root, path, "resolved\n")
            #expect(try repository.commit(paths: [path], message: "Edit") != nil)
            #expect(try gitCLIText(["show", "HEAD:" + path], in: root) == "resolved\n")
            #expect(try gitCLIText(["ls-files", "--stage", path], in: root).hasSuffix("\t" + path + "\n"))
            #expect(try gitCLIText(["ls-files", "--unmerged"], in: root) == "")
        }
    }
}

/// Where two files first differ (a byte offset, or the shorter length), nil when equal.
func firstDifference(_ one: [UInt8], _ other: [UInt8]) -> Int? {
    if let offset = (0 ..< min(one.count, other.count)).first(where: { one[$0] != other[$0] }) { return offset }
    return one.count == other.count ? nil : min(one.count, other.count)
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0 ... count - subsequence.count).contains { self[$0 ..< $0 + subsequence.count].elementsEqual(subsequence) }
    }
}
