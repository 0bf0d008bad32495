import Foundation
import TestSupport
import Testing

/// One person's home for the paid-feature tests: a temporary HOME, a signing key pair of its
/// own made with the real `say-licence-signer keygen`, and runs of the real `say` that trust
/// it (debug builds read the line keygen prints from `SAY_LICENCE_TEST_SIGNER`). The keyring is off, so the lock lives in a file
/// the test can inspect, and nothing touches the developer's own keyring.
final class PaidSession {
    let home = TemporaryFolder("say-paid")
    var journal: String { home.url("journal") }
    var privateKey: String { home.url("seller.key") }
    /// The `<key id> <public key>` line keygen printed.
    private(set) var signerLine = ""

    init() throws {
        let generated = try Self.signer(["keygen", "--key-id", "test", "--private-key", privateKey])
        #expect(generated.status == 0, "\(generated.stderr)")
        signerLine = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The environment every run gets.
    var environment: [String: String] {
        ["TZ": "UTC", "SAY_LICENCE_TEST_SIGNER": signerLine, "SAY_KEYRING": "off", "SAY_JOURNAL": journal]
    }

    /// Runs `say` with pipes (no terminal on stdin or stdout).
    @discardableResult
    func say(_ arguments: String..., input: String? = nil, environment more: [String: String] = [:]) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path, environment: environment.merging(more) { $1 })
    }

    /// Starts `say` on a pseudo-terminal, as a person at a keyboard would run it.
    func sayOnTerminal(_ arguments: [String]) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: arguments, environment: SayBinary.environment(home: home.path, extra: environment))
    }

    /// A licence key for this session's key pair.
    func key(licence: String = "SIL-TEST-1", issued: String = "2026-11-20", name: String? = "Sam Example",
             product: String? = nil, privateKey: String? = nil) throws -> String {
        var arguments = ["sign", "--private-key", privateKey ?? self.privateKey, "--licence", licence, "--issued", issued]
        if let name { arguments += ["--name", name] }
        if let product { arguments += ["--product", product] }
        let run = try Self.signer(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Unlocks the paid features.
    func unlock() throws {
        let run = try say("unlock", key())
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Turns the lock on through a real terminal, as a person would (`say lock on`, the
    /// passcode twice), with `extra` arguments such as `--journal`.
    func turnLockOn(_ passcode: String, _ extra: [String] = [], environment more: [String: String] = [:]) throws {
        let terminal = try PseudoTerminal(arguments: ["lock", "on"] + extra,
                                          environment: SayBinary.environment(home: home.path, extra: environment.merging(more) { $1 }))
        try terminal.waitForOutput("Choose a passcode: ", timeout: 30)
        terminal.send(passcode + "\r")
        try terminal.waitForOutput("Type it again: ", timeout: 30)
        terminal.send(passcode + "\r")
        #expect(try terminal.waitForExit(timeout: 60) == 0, "\(terminal.output)")
    }

    /// Runs `say` with no controlling terminal at all (as under cron): setsid gives it a
    /// session of its own, and `--wait` passes its status on.
    func sayWithoutTerminal(_ arguments: [String], environment more: [String: String] = [:]) throws -> ProgramRun {
        try Self.run("/usr/bin/setsid", ["--wait", SayBinary.path] + arguments,
                     environment: SayBinary.environment(home: home.path, extra: environment.merging(more) { $1 }))
    }

    /// Keeps an entry through `say write`; returns its id.
    @discardableResult
    func keep(_ text: String, feeling: String? = nil) throws -> String {
        var arguments = ["write", "--keep", "--json"]
        if let feeling { arguments += ["--feeling", feeling] }
        let run = try SayBinary.run(arguments, input: text + "\n", home: home.path, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }

    /// Every file in the journal with its bytes.
    func snapshot() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in home.files(under: "journal") { files[path] = try home.read(path) }
        return files
    }

    /// The seller's tool, built beside `say`.
    static var signerPath: String {
        URL(fileURLWithPath: SayBinary.path).deletingLastPathComponent().appendingPathComponent("say-licence-signer").path
    }

    static func signer(_ arguments: [String]) throws -> ProgramRun {
        try run(signerPath, arguments)
    }

    /// Runs any program and collects its output; fails the test after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    workingDirectory: String? = nil, timeout: TimeInterval = 120) throws -> ProgramRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if let environment { process.environment = environment }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("paid-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: output.path + ".out")
            try? FileManager.default.removeItem(atPath: output.path + ".err")
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ProgramTimedOut(command: ([executable] + arguments).joined(separator: " "))
        }
        process.waitUntilExit()
        let out = (try? String(contentsOfFile: output.path + ".out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
        return ProgramRun(status: process.terminationStatus, stdout: out, stderr: err)
    }
}

struct ProgramTimedOut: Error, CustomStringConvertible {
    let command: String
    var description: String { "\(command) did not finish in time" }
}

/// What a run of a program other than `say` did.
struct ProgramRun {
    let status: Int32
    let stdout: String
    let stderr: String
}
