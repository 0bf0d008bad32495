import Foundation
import SayItLaterCore
import TestSupport
@testable import say

/// A terminal for tests: scripted events in, frames and text out. Time is fake: a `.wait`
/// step moves the clock and reads as a timeout.
final class ScriptedTerminal: Terminal {
    enum Step {
        case key(Key)
        case resize(TerminalSize)
        case wait(Double)
        case signal(Int32)
    }

    var size: TerminalSize
    let isStyled = false
    var time = 100.0
    private var script: [Step] = []
    private var lines: [LineInput] = []
    private(set) var frames: [Frame] = []
    private(set) var written = ""
    private(set) var isFullScreen = false
    private(set) var fullScreenEntries = 0

    init(size: TerminalSize = TerminalSize(rows: 24, columns: 80)) {
        self.size = size
    }

    /// Adds steps to the script.
    func add(_ steps: Step...) { script += steps }
    func add(keys: [Key]) { script += keys.map { .key($0) } }
    /// Adds one key per character typed.
    func add(typing text: String) { script += text.map { .key(.text(String($0))) } }
    /// Adds lines for line mode; nil is the end of input (Ctrl-D).
    func add(lines: [String?]) { self.lines += lines.map { $0.map(LineInput.line) ?? .end } }
    /// Adds a signal arriving while a line is read (Ctrl-C in plain mode).
    func add(lineSignal number: Int32) { lines.append(.signal(number)) }

    var lastFrame: Frame? { frames.last }

    func enterFullScreen() throws {
        isFullScreen = true
        fullScreenEntries += 1
    }

    func leaveFullScreen() {
        isFullScreen = false
    }

    private(set) var invalidations = 0
    private(set) var suspensions = 0

    func invalidate() { invalidations += 1 }

    func suspend() { suspensions += 1 }

    func draw(_ frame: Frame) {
        precondition(frame.rows.count == size.rows, "a frame has one row per terminal row")
        frames.append(frame)
    }

    func readEvent(timeout: Double?) -> TerminalEvent {
        guard !script.isEmpty else { return .end }
        switch script.removeFirst() {
        case let .key(key):
            return .key(key)
        case let .resize(newSize):
            size = newSize
            return .resize
        case let .wait(seconds):
            time += seconds
            return .timeout
        case let .signal(number):
            return .signal(number)
        }
    }

    func write(_ text: String) {
        written += text
    }

    /// Whether the scripted lines arrive together, as a paste or piped text does: then more
    /// input is waiting while any is left.
    var linesArriveTogether = false
    /// Called before each line is read (to look at the draft between lines).
    var beforeEachLine: (() -> Void)?

    var inputWaiting: Bool { linesArriveTogether && !lines.isEmpty }

    func readLine() -> LineInput {
        beforeEachLine?()
        guard !lines.isEmpty else { return .end }
        return lines.removeFirst()
    }
}

/// An app with its own temporary home, driven one event at a time.
final class AppHarness {
    let home = TemporaryFolder("say-tui")
    let terminal: ScriptedTerminal
    let folders: UserFolders
    let journal: Journal
    let drafts: DraftStore
    let marks: LaunchMarks
    private(set) var app: InteractiveApp!
    private var idCounter = 0

    static var utc: (Date) -> String { DateText.formatter(timeZone: TimeZone(identifier: "UTC")!) }

    /// - Parameters:
    ///   - welcomed: whether the first-launch welcome was already shown.
    ///   - splash: whether to show the splash.
    init(size: TerminalSize = TerminalSize(rows: 24, columns: 80), welcomed: Bool = true, splash: Bool = false,
         editor: ((String) throws -> String)? = nil) throws {
        terminal = ScriptedTerminal(size: size)
        folders = UserFolders(journal: home.url("journal"), config: home.url("config"), state: home.url("state"))
        var seconds = 1_795_000_000.0
        var counter = 0
        journal = try Journal(folders: folders, clock: {
            seconds += 60
            return Date(timeIntervalSince1970: seconds)
        }, makeID: {
            counter += 1
            return UUID(uuidString: String(format: "%08x-0000-4000-8000-000000000000", counter))!
        })
        drafts = DraftStore(folder: folders.state)
        marks = LaunchMarks(folder: folders.config)
        if welcomed { try marks.set(.welcomed) }
        makeApp(splash: splash, editor: editor)
    }

    /// Builds a fresh app on the same folders, as a new start of `say` would.
    func makeApp(splash: Bool = false, editor: ((String) throws -> String)? = nil) {
        let terminal = self.terminal
        app = InteractiveApp(terminal: terminal, journal: journal, drafts: drafts, marks: marks,
                             clock: { terminal.time }, formatDate: Self.utc, showSplash: splash, editor: editor)
    }

    func start() { app.start() }

    func press(_ keys: Key...) {
        for key in keys { app.handle(.key(key)) }
    }

    func type(_ text: String) {
        for character in text { app.handle(.key(.text(String(character)))) }
    }

    /// Lets `seconds` pass with no key pressed.
    func wait(_ seconds: Double) {
        terminal.time += seconds
        app.handle(.timeout)
    }

    func resize(_ rows: Int, _ columns: Int) {
        terminal.size = TerminalSize(rows: rows, columns: columns)
        app.handle(.resize)
    }

    var frame: Frame { app.render(size: terminal.size) }
    var screen: String { frame.screenText }

    /// The kept entries' files, relative to the journal.
    var entryFiles: [String] { home.files(under: "journal") }

    var draftOnDisk: String? { (try? drafts.load()) ?? nil }
}
