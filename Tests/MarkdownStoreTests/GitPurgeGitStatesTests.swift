#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
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
}
