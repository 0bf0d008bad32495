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

/// How `say` talks to the person: full screen, or line by line.
enum DisplayMode: Equatable {
    /// Raw mode and the alternate screen: the calm full-screen app.
    case fullScreen
    /// Line by line, no cursor movement or clearing: for screen readers, simple terminals and
    /// anything that is not a terminal.
    case plain
}

/// The process's own terminal (standard input and output): the only code in `say` that calls
/// `isatty`, `termios`, `ioctl`, `poll` and `sigaction` for the screens.
///
/// While full screen, it restores the terminal on the way out in every case it can see: a
/// normal return, Ctrl-C (read as a key, so the draft is saved first), SIGINT/SIGTERM/SIGHUP
/// (passed to the app through a self-pipe, so the draft is saved first), and a crash (a signal
/// handler puts the saved `termios` back and leaves the alternate screen, then lets the
/// previous handler, such as the Swift runtime's backtracer, run). Only SIGKILL cannot be seen.
final class RealTerminal: Terminal {
    private let input: Int32 = STDIN_FILENO
    private let output: Int32 = STDOUT_FILENO
    let isStyled: Bool
    private let environment: [String: String]
    private var renderer: FrameRenderer
    private var decoder = KeyDecoder()
    private var queued: [Key] = []
    private var original: termios?
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    private var lineBuffer: [UInt8] = []
    /// The input ended right after a line that had no line break (Ctrl-D after an unfinished
    /// line, once the terminal had handed the line over): that line was returned, and the end
    /// is the next answer, as it is for `cat`, rather than waiting for one more Ctrl-D.
    private var endAfterLine = false
    /// Line mode on a terminal: the line discipline as it was before ``catchSignals()`` set
    /// NOFLSH, put back by ``releaseSignals()``.
    private var lineModes: termios?

    /// How long a lone Escape waits for the rest of a sequence.
    static let escapeWait = 0.05

    init(environment: [String: String]) {
        self.environment = environment
        let term = environment["TERM"] ?? ""
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        isStyled = !noColour && !term.isEmpty && term != "dumb"
        renderer = FrameRenderer(isStyled: isStyled)
    }

    deinit {
        leaveFullScreen()
    }

    /// Whether a file descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether both standard input and standard output are terminals.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Full screen when on a capable terminal; plain for `--plain`, `TERM=dumb` (or no TERM),
    /// or when standard input or output is not a terminal.
    static func mode(plain: Bool, environment: [String: String]) -> DisplayMode {
        let term = environment["TERM"] ?? ""
        if plain || term.isEmpty || term == "dumb" || !isInteractive { return .plain }
        return .fullScreen
    }

    var size: TerminalSize {
        var window = winsize()
        let result = withUnsafeMutablePointer(to: &window) { ioctl(output, UInt(TIOCGWINSZ), $0) }
        if result == 0, window.ws_row > 0, window.ws_col > 0 {
            return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
        }
        let rows = Int(environment["LINES"] ?? "") ?? TerminalSize.fallback.rows
        let columns = Int(environment["COLUMNS"] ?? "") ?? TerminalSize.fallback.columns
        return TerminalSize(rows: max(rows, 1), columns: max(columns, 1))
    }

    // MARK: Full screen

    func enterFullScreen() throws {
        guard original == nil else { return }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw TerminalFailure.notATerminal }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalFailure.notATerminal }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipe = (fds[0], fds[1])
        original = saved
        SignalGuard.install(tty: output, original: saved, restore: Self.leaveSequence, pipe: fds[1])
        // TCSANOW keeps anything typed already, so a person who starts typing at once loses nothing.
        _ = tcsetattr(input, TCSANOW, &raw)
        writeAll("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
        renderer.invalidate()
    }

    /// Leaves bracketed paste, resets styles, shows the cursor and leaves the alternate screen.
    static let leaveSequence = "\u{1B}[?2026l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func leaveFullScreen() {
        guard var saved = original else { return }
        writeAll(Self.leaveSequence)
        _ = tcsetattr(input, TCSADRAIN, &saved)
        SignalGuard.uninstall()
        close(signalPipe.read)
        close(signalPipe.write)
        signalPipe = (-1, -1)
        original = nil
    }

    func invalidate() {
        renderer.invalidate()
    }

    func suspend() {
        guard original != nil else { return }
        leaveFullScreen()
        // Stop as the shell expects; execution continues here when the job is resumed.
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
        try? enterFullScreen()
    }

    func draw(_ frame: Frame) {
        writeAll(renderer.render(frame, size: size))
    }

    func readEvent(timeout: Double?) -> TerminalEvent {
        if !queued.isEmpty { return .key(queued.removeFirst()) }
        let start = ProcessInfo.processInfo.systemUptime
        while true {
            let elapsed = ProcessInfo.processInfo.systemUptime - start
            var wait = timeout.map { max($0 - elapsed, 0) }
            if decoder.isWaiting { wait = min(wait ?? Self.escapeWait, Self.escapeWait) }
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
            let milliseconds = wait.map { Int32(min($0 * 1000, 1_000_000).rounded(.up)) } ?? -1
            let ready = poll(&fds, nfds_t(fds[1].fd >= 0 ? 2 : 1), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .end
            }
            if fds[1].revents & Int16(POLLIN) != 0, let event = drainSignals() {
                return event
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(input, &chunk, chunk.count)
                if count == 0 { return .end }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return .end
                }
                queued += decoder.feed(chunk[0 ..< count])
                if !queued.isEmpty { return .key(queued.removeFirst()) }
                continue
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .end }
            if ready == 0 {
                if decoder.isWaiting {
                    queued += decoder.flushEscape()
                    if !queued.isEmpty { return .key(queued.removeFirst()) }
                }
                if let timeout, ProcessInfo.processInfo.systemUptime - start >= timeout { return .timeout }
            }
        }
    }

    /// Reads what the signal handlers wrote: a resize, or a signal to stop for.
    private func drainSignals() -> TerminalEvent? {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(signalPipe.read, &bytes, bytes.count)
        guard count > 0 else { return nil }
        var resized = false
        for byte in bytes[0 ..< count] {
            if Int32(byte) == SIGWINCH {
                resized = true
            } else {
                return .signal(Int32(byte))
            }
        }
        return resized ? .resize : nil
    }

    // MARK: Line mode

    func write(_ text: String) {
        writeAll(text)
    }

    /// Line mode: catch SIGINT, SIGTERM and SIGHUP until ``releaseSignals()``, so a person who
    /// presses Ctrl-C (or closes the terminal) while a line is being read is told their draft
    /// is kept, instead of the program vanishing mid-sentence.
    func catchSignals() {
        guard original == nil, signalPipe.read < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipe = (fds[0], fds[1])
        SignalGuard.install(tty: -1, original: termios(), restore: "", pipe: fds[1])
        // On a terminal, the line being typed lives in the terminal until Enter, and Ctrl-C or
        // Ctrl-Z would throw it away (the line discipline flushes its input). NOFLSH keeps it
        // there, so ``takePartialLine()`` can take it into the draft.
        var modes = termios()
        if tcgetattr(input, &modes) == 0 {
            lineModes = modes
            modes.c_lflag |= tcflag_t(NOFLSH)
            _ = tcsetattr(input, TCSANOW, &modes)
            SignalGuard.relayStops()
            // Read byte by byte for the whole session, between lines too: a paste that
            // arrives while say is busy is never held to the terminal's line limit.
            sessionCanonical = beginLineEditing()
        }
    }

    /// Puts back the signal handlers that were there before ``catchSignals()``.
    func releaseSignals() {
        guard original == nil, signalPipe.read >= 0 else { return }
        sessionCanonical = nil
        if var modes = lineModes {
            // Anything still typed-ahead is taken first: it must not reach the shell.
            lineBuffer += takePendingInput()
            _ = tcsetattr(input, TCSANOW, &modes)
            lineModes = nil
        }
        SignalGuard.uninstall()
        close(signalPipe.read)
        close(signalPipe.write)
        signalPipe = (-1, -1)
    }

    var inputWaiting: Bool {
        if lineBuffer.contains(0x0A) || !unedited.isEmpty || endPending { return true }
        var waiting = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) == 1 && waiting.revents & Int16(POLLIN) != 0
    }

    func readLine() -> LineInput {
        if endAfterLine {
            endAfterLine = false
            return .end
        }
        // On a terminal the line is read and edited here, not by the terminal's line
        // discipline: that holds at most 4,095 characters of one line and drops the rest of a
        // long pasted paragraph without a word.
        let own = sessionCanonical == nil ? beginLineEditing() : nil
        let canonical = sessionCanonical ?? own
        defer { if var modes = own { _ = tcsetattr(input, TCSANOW, &modes) } }
        if canonical != nil, !unedited.isEmpty {
            let held = unedited
            unedited = []
            editLine(held[...], modes: canonical!)
        }
        while true {
            if let newline = lineBuffer.firstIndex(of: 0x0A) {
                var line = Array(lineBuffer[..<newline])
                lineBuffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if endPending {
                endPending = false
                guard !lineBuffer.isEmpty else { return .end }
                defer { lineBuffer.removeAll() }
                endAfterLine = true
                return .line(String(decoding: lineBuffer, as: UTF8.self))
            }
            if signalPipe.read >= 0 {
                var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
                if poll(&fds, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    return .end
                }
                if fds[1].revents & Int16(POLLIN) != 0, case let .signal(number)? = drainSignals() {
                    if number == SIGTSTP {
                        if var modes = canonical { _ = tcsetattr(input, TCSANOW, &modes) }
                        stopForShell()
                        if canonical != nil { _ = beginLineEditing() }
                        continue
                    }
                    return .signal(number)
                }
                if fds[0].revents == 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(input, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                // End of input. Not sticky: on a terminal, Ctrl-D ends the writing and the
                // next question still reads.
                guard !lineBuffer.isEmpty else { return .end }
                defer { lineBuffer.removeAll() }
                endAfterLine = true
                return .line(String(decoding: lineBuffer, as: UTF8.self))
            }
            if let canonical {
                editLine(chunk[0 ..< count], modes: canonical)
            } else {
                lineBuffer += chunk[0 ..< count]
            }
        }
    }

    /// While signals are caught in line mode: the terminal's own (canonical) modes, put back
    /// by ``releaseSignals()``; the terminal is read byte by byte until then.
    private var sessionCanonical: termios?
    /// Bytes read after an end of input (Ctrl-D) in the same read: edited on the next line read.
    private var unedited: [UInt8] = []
    /// Ctrl-D was typed: the line so far (if any) is the last, then the input ends.
    private var endPending = false
    /// The last byte edited was Ctrl-D on an unfinished line (a second one ends the input).
    private var afterEndKey = false
    /// Inside an escape sequence (an arrow key, say), which is not part of the writing.
    private var escape: UInt8 = 0

    /// On a terminal in canonical mode: switches to reading byte by byte, without the
    /// terminal's echo, and returns the modes to put back. Nil when not on such a terminal.
    private func beginLineEditing() -> termios? {
        var modes = termios()
        guard isatty(input) == 1, tcgetattr(input, &modes) == 0, modes.c_lflag & tcflag_t(ICANON) != 0 else { return nil }
        var editing = modes
        editing.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHOE | ECHOK | ECHONL)
        withUnsafeMutableBytes(of: &editing.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &editing) == 0 else { return nil }
        return modes
    }

    /// The terminal's line editing, done here: typed text is echoed and added to the line;
    /// the erase, kill and word-erase keys work as the terminal set them; Enter ends the line;
    /// Ctrl-D on an empty line ends the input (twice on an unfinished one, as before); escape
    /// sequences and other control keys are ignored.
    private func editLine(_ bytes: ArraySlice<UInt8>, modes: termios) {
        let keys = withUnsafeBytes(of: modes.c_cc) { cc in
            (erase: cc[Int(VERASE)], kill: cc[Int(VKILL)], word: cc[Int(VWERASE)], end: cc[Int(VEOF)])
        }
        let echoes = modes.c_lflag & tcflag_t(ECHO) != 0
        var echo: [UInt8] = []
        var lineStart = (lineBuffer.lastIndex(of: 0x0A) ?? -1) + 1
        func eraseLast() {
            guard lineBuffer.count > lineStart else { return }
            var start = lineBuffer.count - 1
            while start > lineStart, lineBuffer[start] & 0xC0 == 0x80 { start -= 1 }
            let removed = String(decoding: lineBuffer[start...], as: UTF8.self)
            lineBuffer.removeSubrange(start...)
            let width = removed == "\t" ? 1 : max(removed.first.map { DisplayWidth.of($0) } ?? 1, 1)
            for _ in 0 ..< width { echo += [0x08, 0x20, 0x08] }
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if escape == 1 {
                escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? 2 : 0
                continue
            }
            if escape == 2 {
                if (0x40 ... 0x7E).contains(byte) { escape = 0 }
                continue
            }
            let wasAfterEnd = afterEndKey
            afterEndKey = false
            switch byte {
            case keys.end where keys.end != 0:
                if lineBuffer.count == lineStart || wasAfterEnd {
                    endPending = true
                    unedited += bytes[index...]
                    index = bytes.endIndex
                } else {
                    afterEndKey = true
                }
            case 0x0A, 0x0D:
                lineBuffer.append(0x0A)
                lineStart = lineBuffer.count
                echo += [0x0D, 0x0A]
            case keys.erase where keys.erase != 0, 0x7F, 0x08:
                eraseLast()
            case keys.kill where keys.kill != 0:
                while lineBuffer.count > lineStart { eraseLast() }
            case keys.word where keys.word != 0:
                while lineBuffer.count > lineStart, lineBuffer.last == 0x20 || lineBuffer.last == 0x09 { eraseLast() }
                while lineBuffer.count > lineStart, lineBuffer.last != 0x20, lineBuffer.last != 0x09 { eraseLast() }
            case 0x1B:
                escape = 1
            case 0x09, 0x20...:
                lineBuffer.append(byte)
                echo.append(byte)
            default:
                break  // other control keys are not part of the writing
            }
        }
        if echoes, !echo.isEmpty { writeAll(bytes: echo) }
    }

    func takePartialLine() -> String {
        let bytes = lineBuffer + (lineModes == nil ? [] : takePendingInput())
        lineBuffer.removeAll()
        var text = String(decoding: bytes, as: UTF8.self)
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }

    /// What was typed and is still in the terminal: the line not yet ended with Enter. Leaving
    /// canonical mode for a moment hands it over (it would otherwise wait for the Enter).
    private func takePendingInput() -> [UInt8] {
        var modes = termios()
        guard tcgetattr(input, &modes) == 0 else { return [] }
        var now = modes
        now.c_lflag &= ~tcflag_t(ICANON)
        withUnsafeMutableBytes(of: &now.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &now) == 0 else { return [] }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(input, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk[0 ..< count]
        }
        _ = tcsetattr(input, TCSANOW, &modes)
        return pending
    }

    /// Ctrl-Z in line mode: the line being typed is taken out of the terminal first (kept, and
    /// not left for the shell to read), the process stops as a shell job, and when it is
    /// continued the line is shown again and typing carries on after it.
    private func stopForShell() {
        lineBuffer += takePendingInput()
        writeAll("\n")
        var stopDefault = sigaction()
        var relay = sigaction()
        sigemptyset(&stopDefault.sa_mask)
        _ = sigaction(SIGTSTP, &stopDefault, &relay)
        raise(SIGTSTP)
        _ = sigaction(SIGTSTP, &relay, nil)
        // The shell may have changed the line discipline while say was stopped.
        if var modes = lineModes {
            modes.c_lflag |= tcflag_t(NOFLSH)
            _ = tcsetattr(input, TCSANOW, &modes)
        }
        let shown = lineBuffer.split(separator: 0x0A, omittingEmptySubsequences: false).last.map(Array.init) ?? []
        if !shown.isEmpty { writeAll(TerminalText.visible(String(decoding: shown, as: UTF8.self), keepingTabs: true)) }
    }

    private func writeAll(_ text: String) {
        writeAll(bytes: Array(text.utf8))
    }

    private func writeAll(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                systemWrite(output, raw.baseAddress! + offset, raw.count - offset)  // offset < count, so non-nil
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // the terminal is gone; nothing more can be shown
            }
            offset += written
        }
    }

    // MARK: Editor

    /// How an editor run ended.
    enum EditorEnd: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It was ended by this signal, not sent by say.
        case killed(Int32)
        /// It could not be started.
        case notStarted
        /// SIGHUP or SIGTERM reached say while it ran (the terminal closed, or the system is
        /// stopping): the signal was passed on to the editor, and say waited for it to end.
        case interrupted(Int32)
    }

    /// Runs `command` with `file` as its last argument on this terminal and waits for it.
    ///
    /// Leaves full screen first (and comes back after) when in it. SIGINT and SIGQUIT are
    /// ignored here while the editor runs (they are the editor's keys), and reset to their
    /// defaults in the editor. SIGHUP and SIGTERM are caught: passed on to the editor, then
    /// reported, so the caller can keep what the editor saved before leaving.
    /// - Parameter inherited: a descriptor the editor keeps open while it runs (the lock that
    ///   tells a later run of say this editor is still at work).
    func runEditor(_ command: [String], file: String, inherited: Int32? = nil) -> EditorEnd {
        let wasFullScreen = original != nil
        if wasFullScreen { leaveFullScreen() }
        let caughtLines = signalPipe.read >= 0
        if caughtLines { releaseSignals() }
        defer {
            if caughtLines { catchSignals() }
            if wasFullScreen { try? enterFullScreen() }
        }
        let arguments = command + [file]
        let cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        if let inherited {
            // Kept open in the editor (say's own descriptors close on exec), only for this spawn.
            _ = fcntl(inherited, F_SETFD, 0)
        }
        defer { if let inherited { _ = fcntl(inherited, F_SETFD, FD_CLOEXEC) } }
        let oldInterrupt = signal(SIGINT, SIG_IGN)
        let oldQuit = signal(SIGQUIT, SIG_IGN)
        EditorSignals.begin()
        defer {
            EditorSignals.end()
            signal(SIGINT, oldInterrupt)
            signal(SIGQUIT, oldQuit)
        }
        // The terminal as the editor found it. An editor that is killed (by SIGTERM passed on
        // to it, say) leaves it raw, without echo, on its own screen: say puts it back whatever
        // the editor did, since say outlives it.
        var modes = termios()
        let hadModes = tcgetattr(input, &modes) == 0
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], nil, &attributes, cArguments, environ)
        guard spawned == 0 else { return .notStarted }
        EditorSignals.watch(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .notStarted }
        }
        let endedBySignal = EditorSignals.caught != nil || status & 0x7F != 0
        if hadModes { _ = tcsetattr(input, TCSANOW, &modes) }
        if endedBySignal, isatty(output) == 1 { writeAll(Self.leaveSequence) }
        if let caught = EditorSignals.caught { return .interrupted(caught) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, written out: the C macros are not imported.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(status & 0x7F)
    }
}

/// Why the terminal could not be used full screen.
enum TerminalFailure: Error {
    case notATerminal
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
