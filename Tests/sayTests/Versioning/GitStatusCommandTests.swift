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
}
