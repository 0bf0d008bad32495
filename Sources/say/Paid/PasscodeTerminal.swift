#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif
import Foundation

/// The controlling terminal, opened to ask for a passcode with echo off.
///
/// From `open()` until it is released (or `restore()`), the terminal has echo, line editing
/// and signals off, so nothing typed at any moment of the dialogue is ever shown (not during
/// a wait, not between a reply and the next prompt), and Ctrl-C cannot leave the terminal
/// silent: it is read as a key. Backspace and Ctrl-U edit what was typed. Used from the main
/// thread only (hence `@unchecked Sendable`, so a lock's wait can borrow it).
final class PasscodeTerminal: @unchecked Sendable {
    private let fd: Int32
    private var original: termios?

    /// What reading produced.
    enum Answer: Equatable {
        case text(String)
        /// Ctrl-D on an empty line, or the terminal closed.
        case end
        /// Ctrl-C.
        case interrupt
    }

    private init(fd: Int32) {
        self.fd = fd
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return }
        original = settings
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cells in
            cells[Int(VMIN)] = 1
            cells[Int(VTIME)] = 0
        }
        _ = tcsetattr(fd, TCSANOW, &quiet)
    }

    deinit {
        restore()
        close(fd)
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        guard var settings = original else { return }
        _ = tcsetattr(fd, TCSANOW, &settings)
        original = nil
    }

    /// `/dev/tty`, or nil when the process has no controlling terminal.
    static func open() -> PasscodeTerminal? {
        let fd = Foundation.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard isatty(fd) == 1 else {
            close(fd)
            return nil
        }
        return PasscodeTerminal(fd: fd)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Waits `seconds`; what is typed meanwhile is never shown and is thrown away afterwards
    /// (it came before the prompt). Ctrl-C ends the wait.
    ///
    /// - Returns: false when Ctrl-C was pressed.
    func pause(_ seconds: TimeInterval) -> Bool {
        defer { _ = tcflush(fd, TCIFLUSH) }
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return true }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(min(left, 1) * 1000) + 1)
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            guard watched.revents & Int16(POLLIN) != 0, Foundation.read(fd, &byte, 1) == 1 else {
                // The terminal went away: nothing more can be typed, so just wait.
                Thread.sleep(forTimeInterval: max(0, deadline.timeIntervalSinceNow))
                return true
            }
            if byte == 0x03 {
                write("\n")
                return false
            }
        }
    }

    /// Shows `prompt`, reads one line (never shown), then moves to the next line.
    func readSecret(prompt: String) -> Answer {
        write(prompt)
        var typed: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else {
                write("\n")
                return typed.isEmpty ? .end : .text(String(decoding: typed, as: UTF8.self))
            }
            switch byte {
            case 0x0D, 0x0A:
                write("\n")
                return .text(String(decoding: typed, as: UTF8.self))
            case 0x03:
                write("\n")
                return .interrupt
            case 0x04:
                if typed.isEmpty {
                    write("\n")
                    return .end
                }
            case 0x7F, 0x08:
                // Remove one whole character: its continuation bytes, then its lead byte.
                while let last = typed.last, last & 0xC0 == 0x80 { typed.removeLast() }
                if !typed.isEmpty { typed.removeLast() }
            case 0x15:
                typed.removeAll()
            default:
                typed.append(byte)
            }
        }
    }
}
