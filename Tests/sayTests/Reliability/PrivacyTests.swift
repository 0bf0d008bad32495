import Foundation
import TestSupport
import Testing

/// Nothing leaves the computer, and entry words appear nowhere but in the entries themselves.
@Suite("Privacy")
struct PrivacyTests {
    /// Runs `say` under strace, recording every socket-related system call of every process.
    func tracedSay(_ arguments: [String], home: TemporaryFolder, input: String? = nil) throws -> (SayRun, String) {
        let trace = home.url("trace-\(UUID().uuidString.prefix(8))")
        let run = try runProgram("/usr/bin/strace", ["-f", "-qq", "-o", trace, "-e", "trace=socket,connect,socketpair,bind,sendto,sendmsg",
                                                     SayBinary.path] + arguments,
                                 input: input, environment: SayBinary.environment(home: home.path))
        let traced = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: trace)
        return (run, traced)
    }

    @Test func theWholeNonSyncFeatureSetOpensNoSocket() throws {
        let home = TemporaryFolder("say-private")
        let journal = home.url("journal")
        let steps: [([String], String?)] = [
            (["init", "--git", "--journal", journal], nil),
            (["write", "--keep", "--feeling", "heavier", "--journal", journal], "words for the trace test"),
            (["write", "--keep", "--journal", journal, "--json"], "a second entry"),
            (["history", "--journal", journal], nil),
            (["history", "--journal", journal, "--json"], nil),
            (["show", "1", "--journal", journal], nil),
            (["git", "status", "--journal", journal], nil),
            (["let-go", "1", "--yes", "--journal", journal], nil),
            (["support"], nil),
            (["write", "--let-go", "--journal", journal], "let go at once"),
        ]
        for (arguments, input) in steps {
            let (run, traced) = try tracedSay(arguments, home: home, input: input)
            #expect(run.status == 0, "say \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(traced == "", "say \(arguments.joined(separator: " ")) made network calls:\n\(traced)")
        }
    }

    @Test func entryWordsAppearOnlyInsideEntryFiles() throws {
        let home = TemporaryFolder("say-marker")
        let journal = home.url("journal")
        let marker = "zqxmarker"
        var everything = ""  // every byte say printed, on stdout and stderr, other than `show`
        func say(_ arguments: [String], input: String? = nil) throws -> SayRun {
            let run = try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path)
            return run
        }
        everything += try say(["init", "--git"]).stderr
        for index in 0 ..< 3 {
            let run = try say(["write", "--keep", "--feeling", "same"], input: "\(marker) entry \(index)\n\(marker) more")
            everything += run.stdout + run.stderr
        }
        // A file written by hand whose *name* is made of the person's words.
        try home.write("\(marker) by hand\n", to: "journal/entries/\(marker) named by me.md")
        // A broken file: its error must name the file and line, never its words.
        try home.write("---\nfeeling: [\(marker)\n---\n\(marker)\n", to: "journal/entries/2026/11/2026-11-01T000000Z-0badf11e.md")
        let history = try say(["history"])
        everything += history.stderr
        #expect(history.stderr.contains("2026-11-01T000000Z-0badf11e.md: line 3, column 1"))
        let letGo = try say(["let-go", "2", "--yes"])
        everything += letGo.stdout + letGo.stderr
        everything += try say(["show", "no-such-entry"]).stderr
        everything += try say(["git", "status"]).stdout

        #expect(!everything.contains(marker), "say printed entry words outside `show`/`history`: \(everything)")
        // File names say made, commit messages, refs and the git config hold no entry words.
        let made = home.files(under: "journal", includeHidden: true).filter { !$0.contains("named by me") }
        #expect(made.allSatisfy { !$0.contains(marker) })
        let messages = try git(["log", "--all", "--format=%s%n%b%n%an%n%ae"], in: journal).output
        #expect(!messages.contains(marker))
        let refs = try git(["for-each-ref", "--format=%(refname)"], in: journal).output
        #expect(!refs.contains(marker))
        // The hand-named file was committed under a hash of its path.
        #expect(try git(["log", "--format=%s"], in: journal).output.contains("Add "))
    }

    @Test func filesAreOwnerOnly() throws {
        let home = TemporaryFolder("say-modes")
        let journal = home.url("journal")
        _ = try SayBinary.run(["write", "--keep", "--journal", journal], input: "mode check", home: home.path)
        let files = home.files(under: "journal", includeHidden: true)
        #expect(!files.isEmpty)
        for file in files { #expect(try home.mode(file) == 0o600, "\(file)") }
        for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }) {
            #expect(try home.mode(folder) == 0o700, "\(folder)")
        }
    }
}
