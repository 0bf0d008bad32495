import Foundation

/// What a run of the git CLI printed.
public struct GitRun: Sendable {
    public let status: Int32
    public let output: String
    public let error: String
    /// Standard output as bytes (object contents need not be UTF-8).
    public let data: Data
}

/// A git command that exited with an error.
public struct GitCLIFailure: Error, CustomStringConvertible {
    public let description: String
}

/// Runs the real git CLI in `folder`: the one way tests run git (to check what say wrote, or
/// to set a repository up the way a person would). A fixed identity, no system or user config,
/// no prompts, nothing on stdin unless `input` is given.
///
/// - Returns: the status and standard output; see ``gitRun(_:in:input:)`` for everything.
@discardableResult
public func git(_ arguments: [String], in folder: String, input: String? = nil) throws -> (status: Int32, output: String) {
    let run = try gitRun(arguments, in: folder, input: input)
    return (run.status, run.output)
}

/// ``git(_:in:input:)`` with standard error and the raw bytes of standard output.
public func gitRun(_ arguments: [String], in folder: String, input: String? = nil) throws -> GitRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_AUTHOR_NAME"] = "Test Person"
    environment["GIT_AUTHOR_EMAIL"] = "person@example.invalid"
    environment["GIT_COMMITTER_NAME"] = "Test Person"
    environment["GIT_COMMITTER_EMAIL"] = "person@example.invalid"
    process.environment = environment
    let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    let collected = OutputCollector(stdout: stdout, stderr: stderr)
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    let (out, err) = collected.finishData()
    return GitRun(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                  error: String(decoding: err, as: UTF8.self), data: out)
}

/// Runs git and returns its standard output, throwing ``GitCLIFailure`` (with git's message)
/// when it exits with an error.
@discardableResult
public func gitChecked(_ arguments: [String], in folder: String) throws -> Data {
    let run = try gitRun(arguments, in: folder)
    guard run.status == 0 else {
        throw GitCLIFailure(description: "git \(arguments.joined(separator: " ")) exited \(run.status): \(run.error)")
    }
    return run.data
}
