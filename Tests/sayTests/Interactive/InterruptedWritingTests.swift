#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What a person was writing when they pressed Ctrl-C (or Ctrl-Z), or the process was told to
/// stop: kept as the draft, and say tells the truth about it. The real `say` binary on a real
/// pseudo-terminal, so the terminal's own line discipline is in play.
@Suite("Interactive interrupted writing", .serialized)
struct InterruptedWritingTests {
    static let ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlZ = "\u{1A}"

    final class Session {
        let folder = TemporaryFolder("say-interrupt")

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            SayBinary.environment(home: folder.path, extra: ["TERM": "xterm-256color"].merging(extra) { $1 })
        }

        func start(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> PseudoTerminal {
            try PseudoTerminal(arguments: arguments, environment: environment(extra))
        }

        func welcomed() throws {
            try folder.write("", to: "config/say-it-later/welcomed")
        }

        var draft: String? {
            (try? folder.read("state/say-it-later/draft.txt")).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    // MARK: A draft that could not be written

    @Test func ctrlCWhenTheDraftCannotBeWrittenNeverClaimsItWasSaved() throws {
        let session = Session()
        try session.welcomed()
        // The state folder cannot be made: a file stands where its parent should be.
        try session.folder.write("", to: "blocked")
        let terminal = try session.start(environment: ["XDG_STATE_HOME": session.folder.url("blocked/state")])
        try terminal.waitForScreen("What do you need to say right now?")
        terminal.type(["words I do not want to lose wasp05"])
        try terminal.waitForScreen("wasp05")
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(!terminal.output.contains("saved as a draft. It will be here next time."))
        #expect(terminal.output.contains("could not be saved as a draft"))
    }

    @Test func ctrlCInPlainModeWhenTheDraftCannotBeWrittenNeverClaimsItWasSaved() throws {
        let session = Session()
        try session.welcomed()
        try session.folder.write("", to: "blocked")
        let terminal = try session.start(["--plain"], environment: ["XDG_STATE_HOME": session.folder.url("blocked/state")])
        try terminal.waitForOutput("What do you need to say right now?")
        terminal.send("a line\r")
        terminal.pump(for: 0.3)
        terminal.send(Self.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        #expect(!terminal.output.contains("saved as a draft. It will be here next time."))
        #expect(terminal.output.contains("could not be saved as a draft"))
    }
}
