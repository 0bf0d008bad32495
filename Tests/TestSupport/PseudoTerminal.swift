#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPseudoTerminal
import Foundation

/// A program running on a pseudo-terminal, driven like a person at a keyboard.
///
/// Every read and wait has a timeout, so a hung program fails its test instead of hanging it,
/// and the program is killed when this object goes away. Everything the program draws is fed
/// to a ``ScreenEmulator`` so tests can assert on what the screen shows.
public final class PseudoTerminal: @unchecked Sendable {
    public let pid: pid_t
    private let master: Int32
    private var bytes: [UInt8] = []
    private var status: Int32?
    /// What the screen shows now, as far as the program's output says.
    public let screen: ScreenEmulator

    /// Why a wait failed.
    public struct Timeout: Error, CustomStringConvertible {
        public let waitingFor: String
        public let screen: String
        public var description: String { "timed out waiting for \(waitingFor); the screen shows:\n\(screen)" }

        public init(waitingFor: String, screen: String) {
            self.waitingFor = waitingFor
            self.screen = screen
        }
    }

    public struct SpawnFailure: Error {}

    /// Starts `executable` (the built `say` by default) on a new pseudo-terminal.
    public init(executable: String = SayBinary.path, arguments: [String], environment: [String: String],
                rows: Int = 24, columns: Int = 80) throws {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var fd: Int32 = -1
        let child = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                say_pty_spawn(executable, argvBuffer.baseAddress, envpBuffer.baseAddress, UInt16(rows), UInt16(columns), &fd)
            }
        }
        guard child > 0 else { throw SpawnFailure() }
        pid = child
        master = fd
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        screen = ScreenEmulator(rows: rows, columns: columns)
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var ignored: Int32 = 0
            waitpid(pid, &ignored, 0)
        }
        close(master)
    }

    /// Everything the program has written so far.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Types `text` (UTF-8), as if from the keyboard.
    public func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    public func send(bytes: [UInt8]) {
        var offset = 0
        let deadline = Date().addingTimeInterval(5)
        while offset < bytes.count, Date() < deadline {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else {
                pump(for: 0.01)  // the program may be waiting for us to read before it reads
            }
        }
    }

    /// Types each piece separately, with a short pause between, as a person would.
    public func type(_ pieces: [String], pause: Double = 0.02) {
        for piece in pieces {
            send(piece)
            pump(for: pause)
        }
    }

    /// Reads whatever arrives for `seconds`.
    public func pump(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            readAvailable(waitingAtMost: max(deadline.timeIntervalSinceNow, 0))
        } while Date() < deadline
    }

    /// Waits until the screen shows `text` somewhere.
    public func waitForScreen(_ text: String, timeout: Double = 10) throws {
        try waitUntil("screen to show \(text.debugDescription)", timeout: timeout) { $0.screen.text.contains(text) }
    }

    /// Waits until the output since byte `after` contains `text`.
    public func waitForOutput(_ text: String, after: Int = 0, timeout: Double = 10) throws {
        try waitUntil("output \(text.debugDescription)", timeout: timeout) {
            String(decoding: $0.bytes[min(after, $0.bytes.count)...], as: UTF8.self).contains(text)
        }
    }

    /// The number of bytes read so far, for ``waitForOutput(_:after:timeout:)``.
    public var mark: Int { bytes.count }

    /// Waits until `condition` holds, reading output meanwhile.
    public func waitUntil(_ description: String, timeout: Double = 10, _ condition: (PseudoTerminal) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition(self) { return }
            if Date() >= deadline { throw Timeout(waitingFor: description, screen: screen.text) }
            readAvailable(waitingAtMost: min(0.05, max(deadline.timeIntervalSinceNow, 0)))
        }
    }

    /// Changes the window size; the program gets SIGWINCH.
    public func resize(rows: Int, columns: Int) {
        _ = say_pty_resize(master, UInt16(rows), UInt16(columns))
        screen.resize(rows: rows, columns: columns)
    }

    /// Whether the terminal's line discipline is in its normal (cooked) state: canonical input
    /// and echo on, as a shell leaves it and as the program must leave it when it exits.
    /// (On Linux the controlling side reports the settings of the terminal side.)
    public var isCooked: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
            && settings.c_lflag & tcflag_t(ISIG) != 0
    }

    /// Sends a signal to the program.
    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the program to exit, reading its output meanwhile. Returns the exit status, or
    /// 128 + the signal that ended it.
    @discardableResult
    public func waitForExit(timeout: Double = 10) throws -> Int32 {
        if let status { return status }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                pump(for: 0.05)
                let code = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                status = code
                return code
            }
            readAvailable(waitingAtMost: 0.02)
        }
        throw Timeout(waitingFor: "the program to exit", screen: screen.text)
    }

    private func readAvailable(waitingAtMost seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(seconds * 1000))
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 8192)
        var first = true
        while true {
            let count = read(master, &chunk, chunk.count)
            guard count > 0 else {
                // EAGAIN, or EIO once the program has gone: don't spin on a hung-up terminal.
                if first { usleep(10_000) }
                return
            }
            first = false
            bytes += chunk[0 ..< count]
            screen.feed(chunk[0 ..< count])
        }
    }
}
