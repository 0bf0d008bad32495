import Foundation
import MarkdownStore
import TestSupport
import Testing

/// On Linux (x86-64 and arm64) libgit2, and the fourteen libraries it brings, is loaded by the
/// commands that use git, not by every start of the program (see `Sources/CGit2Loader`).
@Suite("Loading libgit2")
struct GitLibraryLoadingTests {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
    static let applies = true
    #else
    static let applies = false
    #endif

    /// Runs `say`, with glibc's loader reporting every library it maps; whether libgit2 was one.
    func run(_ arguments: [String], home: TemporaryFolder, input: String? = nil) throws -> (run: SayRun, loadedGit: Bool) {
        let run = try runProgram(SayBinary.path, arguments, input: input,
                                 environment: SayBinary.environment(home: home.path, extra: ["LD_DEBUG": "files"]))
        let loaded = run.stderr.split(separator: "\n").contains { $0.contains("file=libgit2.so") }
        return (run, loaded)
    }

    @Test(.enabled(if: applies)) func onlyCommandsThatUseGitLoadIt() throws {
        let home = TemporaryFolder("say-libgit2")
        let journal = home.url("journal")

        let version = try run(["--version"], home: home)
        #expect(version.run.status == 0 && version.run.stdout.hasPrefix("0."))
        #expect(!version.loadedGit, "say --version loaded libgit2")

        let initialised = try run(["init", "--git", "--journal", journal], home: home)
        #expect(initialised.run.status == 0, "\(initialised.run.stderr)")
        #expect(initialised.loadedGit, "say init --git made a repository without libgit2")

        let kept = try run(["write", "--keep", "--journal", journal], home: home, input: "an entry")
        #expect(kept.run.status == 0, "\(kept.run.stderr)")
        #expect(kept.loadedGit, "a keep committed without libgit2")
        #expect(shell("git -C '\(journal)' log --format=%s -1").hasPrefix("Keep "))

        // The first listing settles the journal and records it; after that, with nothing to
        // commit, a listing reads the files and never opens the repository.
        #expect(try run(["history", "--journal", journal], home: home).run.status == 0)
        let settled = try run(["history", "--json", "--journal", journal], home: home)
        #expect(settled.run.status == 0 && settled.run.stdout.contains("an entry"))
        #expect(!settled.loadedGit, "a listing with nothing to commit loaded libgit2")

        // An edit made outside say: the listing loads libgit2 itself and commits it.
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: journal + "/entries").first { $0.hasSuffix(".md") })
        let path = journal + "/entries/" + file
        try (String(contentsOfFile: path, encoding: .utf8) + "\nAdded later.\n").write(toFile: path, atomically: false, encoding: .utf8)
        let edited = try run(["history", "--journal", journal], home: home)
        #expect(edited.run.status == 0, "\(edited.run.stderr)")
        #expect(edited.loadedGit, "a listing committed an outside edit without libgit2")
        #expect(shell("git -C '\(journal)' status --porcelain").isEmpty)
    }

    /// libgit2's file as this process mapped it (loaded here to find it), or nil.
    static var libraryFile: String? {
        GitLibrary.load()
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        return maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last.map(String.init) }
            .first { $0.contains("/libgit2.so") }
    }

    /// Without libgit2 (its file hidden in a mount namespace of the run's own), `say --version`
    /// still answers, and a keep stops before writing anything, saying what to install.
    @Test(.enabled(if: applies && TestEnvironment.isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func withoutLibgit2AKeepSaysWhatToInstallAndWritesNothing() throws {
        let library = try #require(Self.libraryFile)
        let home = TemporaryFolder("say-no-libgit2")
        let journal = home.url("journal")
        #expect(try run(["init", "--git", "--journal", journal], home: home).run.status == 0)
        func hidden(_ arguments: [String]) throws -> SayRun {
            let command = "mount --bind /dev/null '\(library)' && exec \"$0\" \"$@\""
            return try runProgram("/usr/bin/unshare", ["-m", "/bin/sh", "-c", command, SayBinary.path] + arguments,
                                  input: "an entry", environment: SayBinary.environment(home: home.path))
        }
        let version = try hidden(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("0."), "\(version.stderr)")
        let kept = try hidden(["write", "--keep", "--journal", journal])
        #expect(kept.status == 1)
        #expect(kept.stderr.contains("libgit2 could not be loaded") && kept.stderr.contains("apt-get install libgit2-dev"), "\(kept.stderr)")
        let entries = (try? FileManager.default.subpathsOfDirectory(atPath: journal + "/entries")) ?? []
        #expect(!entries.contains { $0.hasSuffix(".md") }, "a keep without libgit2 wrote \(entries)")
    }

    private func shell(_ command: String) -> String {
        (try? runProgram("/bin/sh", ["-c", command], environment: ProcessInfo.processInfo.environment).stdout) ?? ""
    }
}
