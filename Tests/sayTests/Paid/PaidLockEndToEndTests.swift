import Foundation
import TestSupport
import Testing

/// The lock through a real pseudo-terminal: the passcode is typed, never echoed, and asked
/// before anything kept is shown.
@Suite("Paid: the passcode lock, end to end")
struct PaidLockEndToEndTests {
    static let passcode = "tulip-4721"
    static let secretText = "the words behind the lock"

    /// A session with a kept entry and the lock on.
    func lockedSession() throws -> PaidSession {
        let session = try PaidSession()
        try session.unlock()
        try session.keep(Self.secretText, feeling: "lighter")
        let terminal = try session.sayOnTerminal(["lock", "on"])
        try terminal.waitForOutput("Choose a passcode: ")
        terminal.send(Self.passcode + "\r")
        try terminal.waitForOutput("Type it again: ")
        terminal.send(Self.passcode + "\r")
        #expect(try terminal.waitForExit(timeout: 60) == 0)
        #expect(terminal.output == """
            Choose a passcode: \r
            Type it again: \r
            The lock is on. say will ask for this passcode before it shows anything you've kept.\r
            Its passcode check is kept in \(session.home.url("config/say-it-later/lock")) (readable only by you).\r
            It keeps say's screens private; it does not encrypt the files on your disk.\r
            If you forget it, your entries are safe: the README's "Reset the lock" says how to remove it.\r

            """)
        return session
    }

    /// Starts `arguments`, checks that the passcode is asked before anything else is shown,
    /// and types it.
    func openWithPasscode(_ session: PaidSession, _ arguments: [String]) throws -> PseudoTerminal {
        let terminal = try session.sayOnTerminal(arguments)
        try terminal.waitForOutput("Passcode: ")
        terminal.pump(for: 0.3)
        #expect(terminal.output == "Passcode: ", "say \(arguments) showed something before the passcode")
        terminal.send(Self.passcode + "\r")
        return terminal
    }

    @Test func everyCommandThatShowsEntriesAsksForThePasscodeFirst() throws {
        let session = try lockedSession()
        let history = try openWithPasscode(session, ["history"])
        #expect(try history.waitForExit(timeout: 60) == 0)
        #expect(history.output.hasPrefix("Passcode: \r\n1  \(Self.secretText)\r\n"))

        let show = try openWithPasscode(session, ["show", "1"])
        #expect(try show.waitForExit(timeout: 60) == 0)
        #expect(show.output.hasSuffix("\r\n\r\n\(Self.secretText)\r\n"))

        let out = session.home.url("export.json")
        let export = try openWithPasscode(session, ["export", "--format", "json", "--out", out])
        #expect(try export.waitForExit(timeout: 60) == 0)
        #expect(export.output == "Passcode: \r\nExported 1 entry to \(out).\r\n")
        #expect(String(decoding: try session.home.read("export.json"), as: UTF8.self).contains(Self.secretText))

        let reflect = try openWithPasscode(session, ["reflect"])
        #expect(try reflect.waitForExit(timeout: 60) == 0)
        #expect(reflect.output == "Passcode: \r\nThere isn't much to look back on yet.\r\nOnce you've kept three entries, this shows how writing has felt over time.\r\n")
    }

    @Test func theAppAsksForThePasscodeFirst() throws {
        let session = try lockedSession()
        try session.home.write("", to: "config/say-it-later/welcomed")
        let app = try openWithPasscode(session, [])
        try app.waitForScreen("What do you need to say right now?", timeout: 30)
    }

    @Test func aWrongPasscodeShowsNothing() throws {
        let session = try lockedSession()
        let terminal = try session.sayOnTerminal(["history"])
        try terminal.waitForOutput("Passcode: ")
        terminal.send("tulip-4722\r")
        // Typed during the wait: never shown, and thrown away rather than taken as the next try.
        try terminal.waitForOutput("Please wait 1 second before trying again.\r\n", timeout: 60)
        terminal.send("peek\r")
        try terminal.waitForOutput("Please wait 1 second before trying again.\r\nPasscode: ", timeout: 60)
        terminal.send("\u{04}")  // Ctrl-D: give up
        #expect(try terminal.waitForExit(timeout: 60) == 4)
        #expect(terminal.output == """
            Passcode: \r
            That passcode is not right.\r
            Please wait 1 second before trying again.\r
            Passcode: \r
            say: no passcode was given, so nothing is shown\r

            """)
    }

    @Test func threeWrongPasscodesEndTheRun() throws {
        let session = try lockedSession()
        let out = session.home.url("never.csv")
        let terminal = try session.sayOnTerminal(["export", "--format", "csv", "--out", out])
        // Counted, not searched after a mark: under load one read can hold a reply and the next prompt.
        func count(_ text: String, in terminal: PseudoTerminal) -> Int { terminal.output.components(separatedBy: text).count - 1 }
        for attempt in 1 ... 3 {
            try terminal.waitUntil("prompt \(attempt)", timeout: 60) { count("Passcode: ", in: $0) >= attempt }
            terminal.send("wrong \(attempt)\r")
            if attempt < 3 { try terminal.waitUntil("reply \(attempt)", timeout: 60) { count("That passcode is not right.", in: $0) >= attempt } }
        }
        #expect(try terminal.waitForExit(timeout: 60) == 4)
        #expect(terminal.output.hasSuffix("That passcode is not right.\r\nsay: the passcode was not right, so nothing is shown\r\n"))
        #expect(terminal.output.contains("Please wait 2 seconds before trying again."))
        #expect(!terminal.output.contains("wrong"))  // never echoed
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(String(decoding: try session.home.read("config/say-it-later/lock-attempts"), as: UTF8.self).hasPrefix("failures: 3\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func withoutATerminalNothingIsShown() throws {
        let session = try lockedSession()
        // setsid leaves say with no controlling terminal, as under cron or a service; --wait passes on its status.
        let run = try PaidSession.run("/usr/bin/setsid", ["--wait", SayBinary.path, "history", "--json"],
                                      environment: SayBinary.environment(home: session.home.path, extra: session.environment))
        #expect(run.status == 4)
        #expect(run.stdout == "")
        #expect(run.stderr == "say: the journal is locked, and there is no terminal to ask for the passcode on\n")
    }

    @Test func theStoredCheckIsASlowSaltedHashNotThePasscode() throws {
        let session = try lockedSession()
        let file = String(decoding: try session.home.read("config/say-it-later/lock"), as: UTF8.self)
        #expect(try session.home.mode("config/say-it-later/lock") == 0o600)
        let lines = file.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.prefix(2) == ["lock: on", "store: file"])
        let verifier = try #require(lines.last.map(String.init)?.replacingOccurrences(of: "verifier: ", with: ""))
        let parts = verifier.split(separator: "$")
        #expect(parts.count == 4)
        #expect(parts.first == "pbkdf2-sha256")
        let iterations = try #require(Int(parts[1]))
        #expect(iterations >= 600_000)
        #expect(!file.contains(Self.passcode))

        // Recompute it independently: PBKDF2-HMAC-SHA256 with the stored salt and count gives the
        // stored hash, it takes real time, and no fast hash of the passcode appears in the file.
        let script = """
            import base64, hashlib, sys, time
            passcode, salt, iterations, stored = sys.argv[1].encode(), sys.argv[2], int(sys.argv[3]), sys.argv[4]
            unpad = lambda text: base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))
            start = time.perf_counter()
            derived = hashlib.pbkdf2_hmac('sha256', passcode, unpad(salt), iterations, 32)
            elapsed = time.perf_counter() - start
            fast = [getattr(hashlib, name)(passcode).digest() for name in ('md5', 'sha1', 'sha256', 'sha512')]
            spellings = [f(d) for d in fast for f in (bytes.hex, lambda d: base64.b64encode(d).decode().rstrip('='),
                                                      lambda d: base64.urlsafe_b64encode(d).decode().rstrip('='))]
            print(derived == unpad(stored), elapsed >= 0.1, any(s in sys.argv[5] for s in spellings))
            """
        let check = try PaidSession.run("/usr/bin/env", ["python3", "-c", script, Self.passcode, String(parts[2]), String(parts[1]),
                                                         String(parts[3]), file])
        #expect(check.stdout == "True True False\n", "\(check.stderr)")
    }

    @Test func turningItOffAsksForThePasscode() throws {
        let session = try lockedSession()
        #expect(try session.say("lock", "status").stdout
            == "The lock is on. Its passcode check is kept in \(session.home.url("config/say-it-later/lock")) (readable only by you).\n")
        let off = try openWithPasscode(session, ["lock", "off"])
        #expect(try off.waitForExit(timeout: 60) == 0)
        #expect(off.output == "Passcode: \r\nThe lock is off.\r\n")
        #expect(session.home.files(under: "config") == ["config/say-it-later/licence"])
        #expect(try session.say("lock", "status").stdout == "The lock is off.\n")
        let history = try session.say("history")
        #expect(history.status == 0)
        #expect(history.stdout.hasPrefix("1  \(Self.secretText)\n"))
    }

    @Test func choosingAPasscodeAsksTwiceAndMustMatch() throws {
        let session = try PaidSession()
        try session.unlock()
        let differ = try session.sayOnTerminal(["lock", "on"])
        try differ.waitForOutput("Choose a passcode: ")
        differ.send("first-one\r")
        try differ.waitForOutput("Type it again: ")
        differ.send("second-one\r")
        #expect(try differ.waitForExit(timeout: 60) == 1)
        #expect(differ.output == "Choose a passcode: \r\nType it again: \r\nThe two passcodes were not the same. The lock is still off.\r\n")

        let short = try session.sayOnTerminal(["lock", "on"])
        try short.waitForOutput("Choose a passcode: ")
        short.send("abc\r")
        #expect(try short.waitForExit(timeout: 60) == 1)
        #expect(short.output == "Choose a passcode: \r\nA passcode needs at least 4 characters. The lock is still off.\r\n")

        // Backspace edits what was typed: "tulip-47219" then Backspace is "tulip-4721".
        let edited = try session.sayOnTerminal(["lock", "on"])
        try edited.waitForOutput("Choose a passcode: ")
        edited.send("tulip-47219\u{7F}\r")
        try edited.waitForOutput("Type it again: ")
        edited.send(Self.passcode + "\r")
        #expect(try edited.waitForExit(timeout: 60) == 0)
        let history = try openWithPasscode(session, ["history"])
        #expect(try history.waitForExit(timeout: 60) == 0)
        #expect(try session.say("lock", "on").stdout == "The lock is already on. To choose a new passcode, turn it off and on again.\n")
    }
}
