import Foundation
import TestSupport
import Testing

/// A real Secret Service: gnome-keyring-daemon on a private session bus (dbus-run-session), in
/// the test's own HOME, unlocked with a throwaway password. `scripts/install-dependencies
/// --tests` installs it. Ended when the test ends (a `stop` file), and after ten minutes at most.
final class HeadlessKeyring {
    let folder = TemporaryFolder("say-keyring")
    private let process = Process()
    /// The session bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String

    static let programs = ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon", "/usr/bin/secret-tool", "/usr/bin/python3"]
    static var isInstalled: Bool { programs.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }

    init() throws {
        // The daemon runs until the test writes `stop`. The address is written only once a
        // probe item has been stored, read back and cleared, so the keyring is ready for use;
        // if that never happens (60 seconds), `failed` is written instead. The daemon's own
        // words go to `daemon.log`, and the probe's to `probe.log`, for the failure message.
        // XDG_DATA_DIRS names no D-Bus services, so the bus never starts a second daemon.
        let script = """
            printf 'throwaway' | gnome-keyring-daemon --foreground --unlock --components=secrets >daemon.log 2>&1 &
            daemon=$!
            ready=no
            for _ in $(seq 300); do
                if printf probe | secret-tool store --label=probe say-test probe 2>>probe.log \\
                    && [ "$(secret-tool lookup say-test probe 2>>probe.log)" = probe ] \\
                    && secret-tool clear say-test probe 2>>probe.log; then ready=yes; break; fi
                sleep 0.2
            done
            if [ "$ready" = yes ]; then
                printf '%s' "$DBUS_SESSION_BUS_ADDRESS" > address.tmp && mv address.tmp address
            else
                : > failed
            fi
            for _ in $(seq 3000); do [ -e stop ] && break; sleep 0.2; done
            kill -KILL "$daemon"; wait "$daemon"
            exit 0
            """
        // The test runner blocks most signals, and children inherit that: start from a clean mask,
        // so the bus and the daemon can be stopped.
        let cleanMask = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])"
        try FileManager.default.createDirectory(atPath: folder.url("no-services"), withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", cleanMask, Self.programs[0], "--", "/bin/bash", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ["HOME": folder.path, "XDG_DATA_HOME": folder.url("data"), "XDG_RUNTIME_DIR": folder.path,
                               "XDG_DATA_DIRS": folder.url("no-services"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        let outcomes = [folder.url("address"), folder.url("failed")]
        while !outcomes.contains(where: FileManager.default.fileExists(atPath:)) && Date() < deadline && process.isRunning {
            usleep(20_000)
        }
        address = String(decoding: (try? folder.read("address")) ?? [], as: UTF8.self)
    }

    /// What the daemon and the readiness probe said, for a failure message.
    var log: String {
        ["daemon.log", "probe.log"].map { "\($0): " + String(decoding: (try? folder.read($0)) ?? [], as: UTF8.self) }
            .joined(separator: "\n")
    }

    deinit {
        #expect(FileManager.default.createFile(atPath: folder.url("stop"), contents: nil))
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// `secret-tool` against this keyring.
    func secretTool(_ arguments: [String]) throws -> ProgramRun {
        try PaidSession.run("/usr/bin/secret-tool", arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"])
    }
}

@Suite("Paid: the lock's check in a real Secret Service")
struct PaidSecretServiceTests {
    static let passcode = "tulip-4721"

    @Test(.enabled(if: HeadlessKeyring.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func theCheckLivesInTheKeyringAndNeverOnACommandLine() throws {
        let keyring = try HeadlessKeyring()
        try #require(keyring.address.hasPrefix("unix:"), "the keyring did not start: \(keyring.log)")
        let session = try PaidSession()
        try session.unlock()
        try session.keep("kept behind a keyring lock")
        var environment = session.environment
        environment["SAY_KEYRING"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = keyring.address
        let full = SayBinary.environment(home: session.home.path, extra: environment)

        // `say lock on`, traced: every program it starts, with its whole command line.
        let trace = session.home.url("exec-trace")
        let on = try PseudoTerminal(executable: "/usr/bin/strace",
                                    arguments: ["-f", "-qq", "-s", "4096", "-e", "trace=execve", "-o", trace, SayBinary.path, "lock", "on"],
                                    environment: full)
        try on.waitForOutput("Choose a passcode: ", timeout: 30)
        on.send(Self.passcode + "\r")
        try on.waitForOutput("Type it again: ", timeout: 30)
        on.send(Self.passcode + "\r")
        #expect(try on.waitForExit(timeout: 60) == 0, "\(on.output)")
        #expect(on.output.contains("Its passcode check is kept in the system keyring (Secret Service).\r\n"), "\(on.output)\n\(keyring.log)")
        #expect(String(decoding: try session.home.read("config/say-it-later/lock"), as: UTF8.self) == "lock: on\nstore: keyring\n")

        // The check is in the keyring, and it appeared on no command line.
        let stored = try keyring.secretTool(["lookup", "application", "say-it-later", "item", "lock"])
        #expect(stored.status == 0)
        let check = stored.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(check.hasPrefix("$pbkdf2-sha256$1000000$"), "\(check)")
        let hash = String(check.split(separator: "$").last ?? "")
        let calls = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(calls.contains("/usr/bin/secret-tool\", \"store\""), "say did not use secret-tool: \(calls)")
        #expect(!calls.contains(hash) && !calls.contains("pbkdf2"), "the check was on a command line")
        #expect(!calls.contains(Self.passcode))

        // It opens with the passcode, and only with it.
        let history = try PseudoTerminal(arguments: ["history"], environment: full)
        try history.waitForOutput("Passcode: ", timeout: 30)
        history.send(Self.passcode + "\r")
        #expect(try history.waitForExit(timeout: 60) == 0)
        #expect(history.output.contains("kept behind a keyring lock"))

        // The journal's mark is the fingerprint of the check in the keyring.
        let digest = try PaidSession.run("/usr/bin/env", ["python3", "-c", "import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())", check])
        #expect(String(decoding: try session.home.read("journal/.say-locked"), as: UTF8.self).hasSuffix("locked: sha256:\(digest.stdout)"))

        // Off: the keyring item goes too.
        let off = try PseudoTerminal(arguments: ["lock", "off"], environment: full)
        try off.waitForOutput("Passcode: ", timeout: 30)
        off.send(Self.passcode + "\r")
        #expect(try off.waitForExit(timeout: 60) == 0)
        let gone = try keyring.secretTool(["lookup", "application", "say-it-later", "item", "lock"])
        #expect(gone.status != 0 && gone.stdout.isEmpty)
    }

    /// A keyring that is there but will not take the check: `lock on` says so in its own words
    /// and keeps the check in the file, which then opens with the passcode.
    @Test func aKeyringThatWillNotKeepTheCheckIsNamedAndTheFileHoldsIt() throws {
        let session = try PaidSession()
        try session.unlock()
        try session.keep("kept behind a file lock")
        let tools = session.home.url("tools")
        try session.home.write("#!/bin/sh\n[ \"$1\" = store ] && echo 'Cannot create an item in a locked collection' >&2\nexit 1\n",
                               to: "tools/secret-tool")
        #expect(chmod(tools + "/secret-tool", 0o700) == 0)
        var environment = session.environment
        environment["SAY_KEYRING"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + session.home.url("no-bus")
        environment["PATH"] = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let full = SayBinary.environment(home: session.home.path, extra: environment)

        let on = try PseudoTerminal(arguments: ["lock", "on"], environment: full)
        try on.waitForOutput("Choose a passcode: ", timeout: 30)
        on.send(Self.passcode + "\r")
        try on.waitForOutput("Type it again: ", timeout: 30)
        on.send(Self.passcode + "\r")
        #expect(try on.waitForExit(timeout: 60) == 0, "\(on.output)")
        #expect(on.output.contains("The system keyring (Secret Service) could not keep the passcode check "
            + "(Cannot create an item in a locked collection).\r\nIts passcode check is kept in \(session.home.url("config/say-it-later/lock")) "
            + "(readable only by you).\r\n"), "\(on.output)")
        let settings = String(decoding: try session.home.read("config/say-it-later/lock"), as: UTF8.self)
        #expect(settings.hasPrefix("lock: on\nstore: file\nverifier: $pbkdf2-sha256$"), "\(settings)")

        let history = try PseudoTerminal(arguments: ["history"], environment: full)
        try history.waitForOutput("Passcode: ", timeout: 30)
        history.send(Self.passcode + "\r")
        #expect(try history.waitForExit(timeout: 60) == 0)
        #expect(history.output.contains("kept behind a file lock"))
    }
}
