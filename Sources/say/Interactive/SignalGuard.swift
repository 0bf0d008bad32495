#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif

/// The signal handlers that keep the terminal safe while it is in raw mode.
///
/// Signal handlers may only do async-signal-safe things, so everything they need is prepared
/// beforehand in plain global storage: the terminal's file descriptor, its saved `termios`,
/// the bytes that leave the alternate screen, and the self-pipe. SIGWINCH, SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT (Ctrl-\ in line mode) only write their number to the pipe (the app saves
/// the draft and leaves in good order, never with the runtime's crash report); crash signals restore the terminal at once, then hand the signal to whatever handled
/// it before (the Swift runtime's backtracer, or the default: a core dump).
enum SignalGuard {
    static let relayed: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installs the handlers. Called once when entering full screen.
    static func install(tty: Int32, original: termios, restore: String, pipe: Int32) {
        let bytes = Array(restore.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        guardState.pointee = GuardState(tty: tty, original: original, restore: buffer, restoreCount: bytes.count, pipe: pipe)
        for number in relayed { replace(number, with: relayHandler) }
        for number in crashes { replace(number, with: crashHandler) }
        // A program started from a thread that blocks signals inherits the mask; without this,
        // a resize or SIGTERM would never arrive.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in relayed + crashes { sigaddset(&handled, number) }
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Line mode on a terminal: Ctrl-Z (SIGTSTP) is relayed too, so the line being typed can be
    /// taken out of the terminal before the process stops (left there, the shell would read it).
    static func relayStops() {
        guard !stopsRelayed else { return }
        replace(SIGTSTP, with: relayHandler)
        stopsRelayed = true
    }

    nonisolated(unsafe) private static var stopsRelayed = false

    /// Puts back the handlers that were there before ``install(tty:original:restore:pipe:)``.
    static func uninstall() {
        for number in relayed + crashes {
            _ = sigaction(number, previousActions + Int(number), nil)
        }
        if stopsRelayed {
            _ = sigaction(SIGTSTP, previousActions + Int(SIGTSTP), nil)
            stopsRelayed = false
        }
        guardState.pointee.pipe = -1
        guardState.pointee.tty = -1
    }

    private static func replace(_ number: Int32, with handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read returns so the pipe is looked at
        _ = sigaction(number, &action, previousActions + Int(number))
    }
}

/// What the handlers read. Plain storage allocated once, never freed, so a handler never
/// touches Swift's lazy globals or reference counting.
struct GuardState {
    var tty: Int32
    var original: termios
    var restore: UnsafeMutablePointer<UInt8>?
    var restoreCount: Int
    var pipe: Int32
}

nonisolated(unsafe) private let guardState: UnsafeMutablePointer<GuardState> = {
    let state = UnsafeMutablePointer<GuardState>.allocate(capacity: 1)
    state.initialize(to: GuardState(tty: -1, original: termios(), restore: nil, restoreCount: 0, pipe: -1))
    return state
}()

/// The handlers in place before ours, by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

private func relayHandler(_ number: Int32) {
    let saved = errno
    let fd = guardState.pointee.pipe
    if fd >= 0 {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(fd, &byte, 1)
    }
    errno = saved
}

private func crashHandler(_ number: Int32) {
    let state = guardState.pointee
    if state.tty >= 0 {
        if let restore = state.restore { _ = write(state.tty, restore, state.restoreCount) }
        var original = state.original
        _ = tcsetattr(state.tty, TCSANOW, &original)
    }
    _ = sigaction(number, previousActions + Int(number), nil)
    // Blocked while this handler runs; delivered to the previous handler as soon as it returns.
    raise(number)
}

/// SIGHUP and SIGTERM while the person's editor runs: remembered, and passed on to the editor,
/// so say can wait for it to end, keep what it saved as the draft, and only then leave.
enum EditorSignals {
    static let caughtSignals: [Int32] = [SIGHUP, SIGTERM]

    /// Starts catching. Called before the editor is started.
    static func begin() {
        editorState.pointee = EditorState(child: 0, caught: 0)
        for number in caughtSignals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = editorSignalHandler
            #elseif canImport(Musl)
            action.__sa_handler.sa_handler = editorSignalHandler
            #else
            action.__sigaction_handler.sa_handler = editorSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            _ = sigaction(number, &action, editorPrevious + Int(number))
        }
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in caughtSignals { sigaddset(&handled, number) }
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// The editor's process id, once started; a signal that came before is passed on now.
    static func watch(_ pid: pid_t) {
        editorState.pointee.child = pid
        let early = editorState.pointee.caught
        if early != 0 { kill(pid, early) }
    }

    /// The signal that arrived while the editor ran, if any.
    static var caught: Int32? {
        let number = editorState.pointee.caught
        return number == 0 ? nil : number
    }

    /// Puts the earlier handlers back.
    static func end() {
        for number in caughtSignals { _ = sigaction(number, editorPrevious + Int(number), nil) }
        editorState.pointee.child = 0
    }
}

struct EditorState {
    var child: pid_t
    var caught: Int32
}

nonisolated(unsafe) private let editorState: UnsafeMutablePointer<EditorState> = {
    let state = UnsafeMutablePointer<EditorState>.allocate(capacity: 1)
    state.initialize(to: EditorState(child: 0, caught: 0))
    return state
}()

nonisolated(unsafe) private let editorPrevious: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

private func editorSignalHandler(_ number: Int32) {
    let saved = errno
    if editorState.pointee.caught == 0 { editorState.pointee.caught = number }
    let child = editorState.pointee.child
    if child > 0 { kill(child, number) }
    errno = saved
}
