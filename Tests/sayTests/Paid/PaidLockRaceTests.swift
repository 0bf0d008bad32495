import Foundation
import TestSupport
import Testing

/// Ten `say` processes guessing at once get one immediate guess between them; the rest wait
/// their turn, 1, 2, 4 … seconds apart, and every guess is counted.
@Suite("Paid: passcode tries cannot be raced")
struct PaidLockRaceTests {
    static let passcode = "tulip-4721"

    @Test func tenProcessesAtOnceTakeTurns() throws {
        let session = try PaidSession()
        try session.unlock()
        try session.keep("behind the lock")
        try session.turnLockOn(Self.passcode)
        let terminals = try (0 ..< 10).map { _ in try session.sayOnTerminal(["history"]) }
        defer {
            for terminal in terminals {
                terminal.signal(SIGKILL)
                _ = try? terminal.waitForExit(timeout: 30)
            }
        }
        for terminal in terminals { try terminal.waitForOutput("Passcode: ", timeout: 60) }

        // All ten guess at once, then are watched for a while.
        let window: TimeInterval = 6
        let started = Date()
        for terminal in terminals { terminal.send("wrong-guess\r") }
        var replied: [Int: TimeInterval] = [:]
        while Date().timeIntervalSince(started) < window {
            for (index, terminal) in terminals.enumerated() where replied[index] == nil {
                terminal.pump(for: 0.005)
                if terminal.output.contains("That passcode is not right.") { replied[index] = Date().timeIntervalSince(started) }
            }
        }
        let times = replied.values.sorted()
        // One guess is checked at once; the next only a second after it was counted, the third
        // two seconds after that: three at most in six seconds (unraced, all ten were checked in
        // about two and a half).
        #expect(!times.isEmpty, "no guess was checked at all")
        #expect(times.count <= 3, "\(times.count) guesses were checked in \(window) s: \(times)")
        if times.count >= 2 { #expect(times[1] - times[0] >= 0.5, "\(times)") }
        // The others are still waiting their turn, not refused and not gone.
        for (index, terminal) in terminals.enumerated() where replied[index] == nil {
            #expect(!terminal.output.contains("not right"))
            #expect(!terminal.output.contains("say:"), "\(terminal.output)")
        }
        // Every guess checked was counted first; at most one more is being checked right now.
        let counted = try #require(Int(String(decoding: try session.home.read("config/say-it-later/lock-attempts"), as: UTF8.self)
            .split(separator: "\n").first?.replacingOccurrences(of: "failures: ", with: "") ?? ""))
        #expect(counted >= times.count && counted <= times.count + 1, "counted \(counted), checked \(times.count)")
    }
}
