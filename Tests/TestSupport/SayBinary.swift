import Foundation

/// What a run of the `say` program did.
public struct SayRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs the built `say` executable, the way a person or a script would.
public enum SayBinary {
    /// The `say` executable built beside the test bundle, or the one `SAY_TEST_BINARY` names
    /// (to try the tests against another build, such as one of an earlier commit).
    public static var path: String {
        if let chosen = ProcessInfo.processInfo.environment["SAY_TEST_BINARY"], !chosen.isEmpty { return chosen }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On macOS the runner sits inside the .xctest bundle; climb out of it.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("say").path
    }

    /// One cache folder for every run of this test process, removed when it ends: the compiled
    /// safety table is made once, as it is for a person, rather than once for each test's home
    /// (seconds of a debug build's time each). Tests of the cache give their own
    /// `XDG_CACHE_HOME`, or run without one (`sharedCache: false`).
    public static let sharedCache: String = {
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "say-tests-cache-\(getpid())") }
        return NSTemporaryDirectory() + "say-tests-cache-\(getpid())"
    }()

    /// The environment for a run: HOME and the XDG folders inside `home`, so a test never touches
    /// the real user's files (the cache aside: `sharedCache`), plus `extra`.
    public static func environment(home: String, extra: [String: String] = [:], sharedCache: Bool = true) -> [String: String] {
        var environment = [
            "HOME": home,
            "XDG_DATA_HOME": home + "/data",
            "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "dumb",
        ]
        if sharedCache { environment["XDG_CACHE_HOME"] = Self.sharedCache }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs `say` with `arguments`, feeding `input` on stdin, and waits at most `timeout` seconds.
    public static func run(_ arguments: [String], input: String? = nil, home: String,
                           environment extra: [String: String] = [:], workingDirectory: String? = nil,
                           timeout: TimeInterval = 60, sharedCache: Bool = true) throws -> SayRun {
        try runProgram(path, arguments, input: input, environment: environment(home: home, extra: extra, sharedCache: sharedCache),
                       workingDirectory: workingDirectory, timeout: timeout)
    }
}

/// A program that did not finish in time (it was killed).
public struct TimedOut: Error, CustomStringConvertible {
    public let program: String
    public let arguments: [String]
    public var description: String { "\(program) \(arguments.joined(separator: " ")) did not finish in time" }
}

/// Facts about the machine the tests run on.
public enum TestEnvironment {
    /// Whether the tests run as root (CI does): some tests switch to the user `nobody` to see
    /// permissions apply, and some checks only mean something for an ordinary user.
    public static let isRoot = getuid() == 0
}

/// Runs a program with arguments, stdin, environment and working folder, the one way tests run
/// programs: both outputs are read as they come (a chatty program never blocks), and a program
/// still running after `timeout` seconds is killed and reported as ``TimedOut``.
public func runProgram(_ path: String, _ arguments: [String], input: String? = nil, environment: [String: String],
                       workingDirectory: String? = nil, timeout: TimeInterval = 60) throws -> SayRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let collected = OutputCollector(stdout: stdout, stderr: stderr)
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(2000) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        throw TimedOut(program: (path as NSString).lastPathComponent, arguments: arguments)
    }
    process.waitUntilExit()
    let (out, err) = collected.finish()
    return SayRun(status: process.terminationStatus, stdout: out, stderr: err)
}

/// Reads both pipes on background threads so a chatty child never blocks on a full pipe.
final class OutputCollector: @unchecked Sendable {
    private let group = DispatchGroup()
    private var out = Data()
    private var err = Data()

    init(stdout: Pipe, stderr: Pipe) {
        group.enter()
        DispatchQueue.global().async {
            self.out = stdout.fileHandleForReading.readDataToEndOfFile()
            self.group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            self.err = stderr.fileHandleForReading.readDataToEndOfFile()
            self.group.leave()
        }
    }

    func finish() -> (String, String) {
        let (out, err) = finishData()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func finishData() -> (Data, Data) {
        group.wait()
        return (out, err)
    }
}
