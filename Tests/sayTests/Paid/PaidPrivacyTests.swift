import Foundation
import TestSupport
import Testing

/// The paid features open no socket either: export in every format, reflection, and the lock
/// (set and then asked through a real pseudo-terminal), each run under strace.
@Suite("Paid features open no socket")
struct PaidPrivacyTests {
    static let traced = ["trace=socket,connect,socketpair,bind,sendto,sendmsg"]

    @Test func exportReflectAndLockStayOffTheNetwork() throws {
        let session = try PaidSession()
        try session.unlock()
        for index in 0 ..< 3 { _ = try session.keep("entry \(index) for the trace", feeling: "lighter") }
        var commands: [[String]] = [["reflect"], ["reflect", "--json"], ["licence"], ["lock", "status"]]
        for format in ["markdown", "json", "csv", "html"] {
            commands.append(["export", "--format", format, "--out", session.home.url("out-\(format)")])
        }
        for arguments in commands {
            let trace = session.home.url("trace")
            let run = try runProgram("/usr/bin/strace", ["-f", "-qq", "-o", trace, "-e"] + Self.traced + [SayBinary.path] + arguments,
                                     environment: SayBinary.environment(home: session.home.path, extra: session.environment))
            #expect(run.status == 0, "say \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == "", "say \(arguments.joined(separator: " ")) made network calls")
        }

        // The lock: turned on, then asked before history, all under strace on a terminal.
        for (arguments, answers) in [(["lock", "on"], ["Choose a passcode: ", "Type it again: "]), (["history"], ["Passcode: "])] {
            let trace = session.home.url("trace-lock")
            let terminal = try PseudoTerminal(
                executable: "/usr/bin/strace", arguments: ["-f", "-qq", "-o", trace, "-e"] + Self.traced + [SayBinary.path] + arguments,
                environment: SayBinary.environment(home: session.home.path, extra: session.environment))
            for prompt in answers {
                try terminal.waitForOutput(prompt, timeout: 30)
                terminal.send("4 quiet words\r")
            }
            #expect(try terminal.waitForExit(timeout: 60) == 0)
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == "", "say \(arguments.joined(separator: " ")) made network calls")
        }
    }
}
