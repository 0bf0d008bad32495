import Foundation
import TestSupport
import Testing

/// The lock holds in every command that reads or sends entries, `say sync` included, and the
/// journal itself remembers that it is locked, so other settings do not open it.
@Suite("Paid: the lock's gate")
struct PaidLockGateTests {
    static let passcode = "tulip-4721"
    static let secretText = "the words behind the lock"
    static let noTerminal = "say: the journal is locked, and there is no terminal to ask for the passcode on\n"

    /// A session with one kept entry, the lock on and, when `versioned`, git versioning on.
    func lockedSession(versioned: Bool = false) throws -> PaidSession {
        let session = try PaidSession()
        try session.unlock()
        try session.keep(Self.secretText, feeling: "lighter")
        if versioned { #expect(try session.say("git", "on").status == 0) }
        try session.turnLockOn(Self.passcode)
        return session
    }

    /// An empty bare repository to sync to.
    func emptyRemote(_ session: PaidSession) throws -> String {
        let remote = session.home.url("remote.git")
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        #expect(try git(["init", "--bare", "-q", "-b", "main"], in: remote).status == 0)
        return remote
    }

    /// The subcommands `say --help` lists, with their aliases.
    func listedCommands(_ session: PaidSession) throws -> [String] {
        let help = try session.say("--help").stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        var names: [String] = []
        for line in help[start.upperBound...].split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            let field = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            for name in field.replacingOccurrences(of: " (default)", with: "").split(separator: ",") {
                names.append(name.trimmingCharacters(in: .whitespaces))
            }
        }
        // Command names only (not the "See 'say help …'" line that ends the list).
        return names.filter { name in !name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" } }
    }

    @Test func everyCommandThatReadsOrSendsEntriesAsksFirstAndTheRestShowNone() throws {
        let session = try lockedSession(versioned: true)
        let remote = try emptyRemote(session)
        let out = session.home.url("export.json")
        // Each command say lists, classified: gated commands with a run that would read or send
        // entries; the others with a run that shows nothing kept. A new command fails this test
        // until it is classified here (and gated, if it reads or sends entries).
        let gated: [String: [[String]]] = [
            "app": [[], ["app"]],
            "history": [["history"], ["history", "--json"]],
            "show": [["show", "1"], ["show", "1", "--json"]],
            "let-go": [["let-go", "1", "--yes"]],
            "delete": [["delete", "1", "--yes"]],
            "export": [["export", "--format", "json", "--out", out]],
            "reflect": [["reflect"], ["reflect", "--json"]],
            "sync": [["sync", "--remote", remote], ["sync", "--remote", remote, "--json"]],
            "edit": [["edit", "1"]],
            "git": [["git", "off", "--yes"]],  // shows nothing, but removes every earlier version
        ]
        let open: [String: [String]] = [
            "write": ["write", "--close"],
            "support": ["support"],
            "init": ["init"],
            "git": ["git", "status"],
            "settings": ["settings"],
            "unlock": ["unlock", "not-a-key"],
            "licence": ["licence"],
            "license": ["license"],
            "lock": ["lock", "status"],
        ]
        var gatedRuns = gated
        if try session.say("show", "--help").stdout.contains("--path") { gatedRuns["show", default: []].append(["show", "1", "--path"]) }
        let listed = try listedCommands(session)
        #expect(listed.contains("history") && listed.contains("sync"), "\(listed)")
        for name in listed {
            #expect(gated[name] != nil || open[name] != nil, "say \(name) is neither gated nor known to show no entry")
        }
        let before = try session.snapshot()
        for (name, runs) in gatedRuns.sorted(by: { $0.key < $1.key }) where listed.contains(name) {
            for arguments in runs {
                let run = try session.sayWithoutTerminal(arguments)
                #expect(run.status == 4, "say \(arguments): \(run.stderr)")
                #expect(run.stdout == "", "say \(arguments)")
                #expect(run.stderr == Self.noTerminal, "say \(arguments)")
            }
        }
        #expect(try session.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: remote).status != 0, "sync sent something")
        for (name, arguments) in open.sorted(by: { $0.key < $1.key }) where listed.contains(name) {
            let run = try session.sayWithoutTerminal(arguments)
            #expect([0, 1].contains(run.status), "say \(arguments): \(run.status) \(run.stderr)")
            #expect(!(run.stdout + run.stderr).contains(Self.secretText), "say \(arguments) showed an entry")
        }
    }

    @Test func syncOnATerminalAsksFirstAndSendsOnlyAfterTheRightPasscode() throws {
        let session = try lockedSession(versioned: true)
        let remote = try emptyRemote(session)
        let wrong = try session.sayOnTerminal(["sync", "--remote", remote])
        try wrong.waitForOutput("Passcode: ", timeout: 30)
        wrong.pump(for: 0.3)
        #expect(wrong.output == "Passcode: ")
        wrong.send("not-it\r")
        try wrong.waitForOutput("That passcode is not right.\r\nPlease wait 1 second before trying again.\r\nPasscode: ", timeout: 60)
        wrong.send("\u{04}")
        #expect(try wrong.waitForExit(timeout: 60) == 4)
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: remote).status != 0, "sync sent something")

        let right = try session.sayOnTerminal(["sync", "--remote", remote])
        try right.waitForOutput("Passcode: ", timeout: 30)
        right.send(Self.passcode + "\r")
        #expect(try right.waitForExit(timeout: 120) == 0, "\(right.output)")
        let files = try git(["ls-tree", "-r", "--name-only", "main"], in: remote).output.split(separator: "\n")
        #expect(files.contains { $0.hasPrefix("entries/") })
        // The journal's lock mark stays on this computer: it is never sent.
        #expect(!files.contains { $0.contains("say-locked") }, "\(files)")
        #expect(FileManager.default.fileExists(atPath: session.home.url("journal/.say-locked")))
    }

    @Test(arguments: [false, true])
    func otherSettingsDoNotOpenALockedJournal(versioned: Bool) throws {
        let session = try lockedSession(versioned: versioned)
        let remote = try emptyRemote(session)
        let elsewhere = ["XDG_CONFIG_HOME": session.home.url("elsewhere")]
        let refused = "say: the journal \(session.journal) is locked, and the passcode check that opens it is not in "
            + session.home.url("elsewhere/say-it-later")
            + " (or the system keyring); if you moved your settings folder, point XDG_CONFIG_HOME back at it, else the README's \"Reset the lock\" says how to start again\r\n"
        // On a terminal too: say does not even ask, since no passcode typed here could be checked.
        for arguments in [["history"], ["show", "1"], ["sync", "--remote", remote], ["lock", "off"], []] {
            let terminal = try PseudoTerminal(arguments: arguments,
                                              environment: SayBinary.environment(home: session.home.path, extra: session.environment.merging(elsewhere) { $1 }))
            #expect(try terminal.waitForExit(timeout: 60) == 4, "say \(arguments): \(terminal.output)")
            #expect(terminal.output == refused, "say \(arguments)")
        }
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: remote).status != 0, "sync sent something")
        #expect(try session.say("lock", "status", environment: elsewhere).stdout
            == "The journal \(session.journal) is locked, with a passcode check that is not in these settings.\n")

        // Settings with a lock of their own (made for another journal) do not open it either,
        // and cannot lock it anew with their own passcode.
        #expect(try session.say("unlock", session.key(), environment: elsewhere).status == 0)
        try session.turnLockOn("mine-9876", ["--journal", session.home.url("mine")], environment: elsewhere)
        let mark = try session.home.read("journal/.say-locked")
        for arguments in [["history"], ["reflect"], ["export", "--format", "csv", "--out", session.home.url("x.csv")], ["lock", "on"]] {
            let terminal = try PseudoTerminal(arguments: arguments,
                                              environment: SayBinary.environment(home: session.home.path, extra: session.environment.merging(elsewhere) { $1 }))
            #expect(try terminal.waitForExit(timeout: 60) == 4, "say \(arguments): \(terminal.output)")
            #expect(terminal.output == refused, "say \(arguments)")
        }
        #expect(try session.home.read("journal/.say-locked") == mark)

        if versioned {
            // git leaves the mark alone, and turning versioning off does not open the journal.
            #expect(try git(["status", "--porcelain"], in: session.journal).output.contains("say-locked") == false)
            #expect(try git(["check-ignore", "-q", ".say-locked"], in: session.journal).status == 0)
            let off = try session.sayOnTerminal(["git", "off", "--yes"])
            try off.waitForOutput("Passcode: ", timeout: 30)
            off.send(Self.passcode + "\r")
            #expect(try off.waitForExit(timeout: 60) == 0)
            let run = try session.sayWithoutTerminal(["history"], environment: elsewhere)
            #expect(run.status == 4)
            #expect(run.stdout == "")
        }
        // With its own settings it still opens with its own passcode.
        let history = try session.sayOnTerminal(["history"])
        try history.waitForOutput("Passcode: ", timeout: 30)
        history.send(Self.passcode + "\r")
        #expect(try history.waitForExit(timeout: 60) == 0)
        #expect(history.output.contains(Self.secretText))
    }

    @Test func aJournalTheLockOpensIsMarkedTheFirstTime() throws {
        let session = try lockedSession()
        let other = session.home.url("other")
        #expect(try session.say("write", "--keep", "--journal", other, input: "in the other journal").status == 0)
        #expect(!FileManager.default.fileExists(atPath: other + "/.say-locked"))
        let terminal = try session.sayOnTerminal(["history", "--journal", other])
        try terminal.waitForOutput("Passcode: ", timeout: 30)
        terminal.send(Self.passcode + "\r")
        #expect(try terminal.waitForExit(timeout: 60) == 0)
        #expect(try session.home.read("other/.say-locked") == session.home.read("journal/.say-locked"))
        #expect(try session.home.mode("other/.say-locked") == 0o600)
        let run = try session.sayWithoutTerminal(["history", "--journal", other], environment: ["XDG_CONFIG_HOME": session.home.url("elsewhere")])
        #expect(run.status == 4)

        // Turning the lock off unmarks both.
        let off = try session.sayOnTerminal(["lock", "off"])
        try off.waitForOutput("Passcode: ", timeout: 30)
        off.send(Self.passcode + "\r")
        #expect(try off.waitForExit(timeout: 60) == 0)
        #expect(session.home.files(under: "other", includeHidden: true).filter { $0.hasSuffix(".say-locked") } == [])
        #expect(session.home.files(under: "journal", includeHidden: true).filter { $0.hasSuffix(".say-locked") } == [])
        #expect(try session.say("history", "--journal", other).status == 0)
    }
}
