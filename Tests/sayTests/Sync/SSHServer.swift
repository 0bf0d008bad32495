import Foundation
import TestSupport
import Testing

/// Runs a program to completion (bounded) and returns its status and standard output.
@discardableResult
func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 30) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A long-lived helper (sshd, ssh-agent) started with `posix_spawn`, not Foundation's Process.
///
/// Foundation's Process lets a child inherit whatever descriptors other threads have open, such
/// as the pipes (and the exit-notification sockets) of a `git` or `say` that a test running in
/// parallel has just started. A short-lived child is harmless; a server that lives for a whole
/// test would keep them open, and the other test would wait for their end forever. So the
/// helper runs through `bash -c`, which closes every descriptor above 2 before `exec`, and it
/// is waited for here with `waitpid`, not by Foundation.
final class Daemon {
    let pid: pid_t
    private var running = true

    init(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let script = "for f in /proc/$$/fd/*; do n=${f##*/}; if [ \"$n\" -gt 2 ]; then eval \"exec $n>&-\"; fi; done 2>/dev/null; exec \"$@\""
        let argv = ["/bin/bash", "-c", script, "bash", program] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment ?? [:]) { $1 }
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/bash", &actions, nil, &cArguments, &cEnvironment) == 0 else { throw SSHServer.NotStarted() }
        pid = child
    }

    deinit { stop() }

    /// Whether it has not exited yet (reaps it when it has).
    var isRunning: Bool {
        guard running else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { running = false }
        return running
    }

    /// SIGTERM, then SIGKILL after five seconds; reaps the process.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            running = false
        }
    }
}

/// A real OpenSSH server on 127.0.0.1, on a free port, with its own generated host key, that
/// accepts the public keys it is given. Stopped by `stop()` (call it in a `defer`); it also
/// stops itself at deinit.
final class SSHServer {
    static let daemon = "/usr/sbin/sshd"
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: daemon) && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")
    }

    let folder = TemporaryFolder("say-sshd")
    let port: Int
    /// The host key as a known_hosts line would hold it: `ssh-ed25519 AAAA…`.
    let hostKey: String
    /// `SHA256:…`, as `ssh-keygen -l` prints it.
    let fingerprint: String
    /// The user the server lets in (the one running the tests).
    let user: String
    private var daemon: Daemon?

    init(authorizedKeys: [String]) throws {
        user = String(cString: getpwuid(getuid()).pointee.pw_name)
        let keyFile = folder.url("host_ed25519")
        #expect(try runTool("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "test-host", "-f", keyFile]).status == 0)
        let publicKey = String(decoding: try folder.read("host_ed25519.pub"), as: UTF8.self).split(separator: " ")
        hostKey = publicKey.prefix(2).joined(separator: " ")
        let listed = try runTool("/usr/bin/ssh-keygen", ["-l", "-f", keyFile + ".pub"]).output.split(separator: " ")
        fingerprint = listed.count > 1 ? String(listed[1]) : ""
        try folder.write(authorizedKeys.joined(separator: "\n") + "\n", to: "authorized_keys")
        port = try Self.freePort()
        try folder.write("""
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(keyFile)
            PidFile \(folder.url("sshd.pid"))
            AuthorizedKeysFile \(folder.url("authorized_keys"))
            PubkeyAuthentication yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            PermitRootLogin yes
            AllowUsers \(user)
            LogLevel ERROR

            """, to: "sshd_config")
        // As root, sshd wants its privilege-separation folder.
        if getuid() == 0 { try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true) }
        let daemon = try Daemon(Self.daemon, ["-D", "-e", "-f", folder.url("sshd_config")])
        self.daemon = daemon
        // Ready when it accepts connections; give up after ten seconds.
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard Date() < deadline, daemon.isRunning else {
                stop()
                throw NotStarted()
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// Stops the server and waits (at most five seconds, then SIGKILL).
    func stop() {
        daemon?.stop()
    }

    /// An ssh URL for a path on this server.
    func url(_ path: String) -> String { "ssh://\(user)@127.0.0.1:\(port)\(path)" }

    /// The known_hosts line for this server.
    var knownHostsLine: String { "[127.0.0.1]:\(port) \(hostKey)" }

    struct NotStarted: Error {}

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw NotStarted() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw NotStarted() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

extension SyncDevice {
    /// Makes ~/.ssh/id_ed25519 for this device and returns its public key line.
    func makeSSHKey(name: String = "id_ed25519") throws -> String {
        try FileManager.default.createDirectory(atPath: home.url(".ssh"), withIntermediateDirectories: true)
        chmod(home.url(".ssh"), 0o700)
        #expect(try runTool("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "device", "-f", home.url(".ssh/" + name)]).status == 0)
        return String(decoding: try home.read(".ssh/\(name).pub"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func trust(_ server: SSHServer) throws {
        try home.write(server.knownHostsLine + "\n", to: ".ssh/known_hosts")
    }
}
