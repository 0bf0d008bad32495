import Foundation
import TestSupport
import Testing

/// `say git status` in repositories the person shaped with the git CLI, through the real `say`.
@Suite("say git status")
struct GitStatusCommandTests {
    let home = TemporaryFolder("say-git-status")
    var journal: String { home.url("journal") }

    @discardableResult
    func say(_ arguments: String..., in folder: String? = nil, input: String? = nil) throws -> SayRun {
        let run = try SayBinary.run(arguments + ["--journal", folder ?? journal], input: input, home: home.path)
        #expect(run.status == 0, "say \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    @Test func aShallowCloneIsNamedWithTheFetchThatCompletesIt() throws {
        try say("init", "--git")
        try say("write", "--keep", input: "the first thing kept")
        try say("write", "--keep", input: "the second thing kept")
        let shallow = home.url("shallow")
        try gitChecked(["clone", "-q", "--depth", "1", "file://" + journal, shallow], in: home.path)
        let run = try say("git", "status", in: shallow)
        #expect(run.stdout.hasPrefix("Versioning is on, on branch main, 1 commit.\n"))
        #expect(run.stdout.contains("shallow clone"))
        #expect(run.stdout.contains("`git fetch --unshallow`"))
        #expect(!(run.stdout + run.stderr).contains("damaged"))
    }

    @Test func filesOutsideTheEntriesAreNotPromisedACommit() throws {
        try say("init", "--git")
        try say("write", "--keep", input: "a thing kept")
        try home.write("my list\n", to: "journal/notes.txt")
        try home.write([0x89, 0x50, 0x4E, 0x47], to: "journal/pics/a.png")
        try home.write("---\nid: 5d9e7a61-0000-4000-8000-000000000001\ndate: 2026-11-02T10:00:00Z\n---\ntyped by hand\n", to: "journal/entries/mine.md")
        let before = try say("git", "status").stdout
        #expect(!before.contains("2 changes made outside say will be committed"))
        #expect(before.contains("2 files outside entries/ differ from the last commit or are untracked; say does not version them"))
        try say("history")
        let after = try say("git", "status").stdout
        #expect(!after.contains("will be committed"))
        #expect(after.contains("2 files outside entries/ differ from the last commit or are untracked; say does not version them"))
        // What it says is what happened: the entry was committed, the other files were not.
        #expect(try git(["status", "--porcelain"], in: journal).output == "?? notes.txt\n?? pics/\n")
    }
}
