/// The size of the terminal window in character cells.
struct TerminalSize: Equatable, Sendable {
    var rows: Int
    var columns: Int

    static let fallback = TerminalSize(rows: 24, columns: 80)
}

/// What reading from the terminal produced.
enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    /// The window changed size; ask for ``Terminal/size`` again.
    case resize
    /// Nothing happened before the timeout.
    case timeout
    /// The input ended: the terminal was closed, or (in tests) the script ran out.
    case end
    /// SIGINT, SIGTERM or SIGHUP arrived: save and leave.
    case signal(Int32)
}

/// The terminal the interactive app talks to.
///
/// Screens never touch the real terminal: they draw ``Frame``s and read ``TerminalEvent``s
/// through this protocol, so tests drive them with a scripted terminal. `RealTerminal` is the
/// one implementation that calls `isatty`, `termios` and `ioctl`.
protocol Terminal: AnyObject {
    /// The current window size.
    var size: TerminalSize { get }
    /// Whether bold and faint text may be used (off for `NO_COLOR` and simple terminals).
    var isStyled: Bool { get }

    /// Raw mode, the alternate screen and bracketed paste, until ``leaveFullScreen()``.
    func enterFullScreen() throws
    /// Puts the terminal back exactly as it was. Safe to call more than once.
    func leaveFullScreen()
    /// Shows a frame (the real terminal redraws only the rows that changed).
    func draw(_ frame: Frame)
    /// Forgets what is on screen, so the next frame is drawn in full (Ctrl-L).
    func invalidate()
    /// Ctrl-Z: puts the terminal back, stops the process as a shell job, and takes the
    /// terminal again when the shell continues it.
    func suspend()
    /// The next key, resize or signal; `.timeout` after `timeout` seconds (nil waits for ever).
    func readEvent(timeout: Double?) -> TerminalEvent

    /// Line mode (plain mode and messages outside the full screen): writes text as is.
    func write(_ text: String)
    /// Line mode: one line without its line break, the end of input (Ctrl-D), or a signal.
    func readLine() -> LineInput
    /// Line mode, after a signal: the line that was being typed and not yet ended with Enter
    /// (taken out of the terminal, so it is neither lost nor left for the shell to read).
    func takePartialLine() -> String
    /// Line mode: more input has already arrived (the rest of a paste, or text piped in), so
    /// the next line can be read without waiting for the person.
    var inputWaiting: Bool { get }
}

extension Terminal {
    func takePartialLine() -> String { "" }
    var inputWaiting: Bool { false }
}

/// What reading a line produced.
enum LineInput: Equatable, Sendable {
    case line(String)
    /// The end of input: Ctrl-D, a closed pipe, a closed terminal.
    case end
    /// SIGINT (Ctrl-C), SIGTERM or SIGHUP arrived while waiting: save and leave.
    case signal(Int32)
}

// MARK: Frames

/// How a piece of text is drawn. Kept to weight only: the app uses no colour.
enum TextStyle: Equatable, Sendable {
    case plain
    case bold
    case dim
}

/// A run of text in one style.
struct Span: Equatable, Sendable {
    var text: String
    var style: TextStyle

    init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One row of the screen.
struct ScreenRow: Equatable, Sendable {
    var spans: [Span]

    static let blank = ScreenRow(spans: [])

    init(spans: [Span]) {
        self.spans = spans
    }

    init(_ text: String, _ style: TextStyle = .plain, indent: Int = 0) {
        spans = [Span(String(repeating: " ", count: indent)), Span(text, style)]
    }

    /// The row's characters without styling.
    var text: String { spans.map(\.text).joined() }
}

/// A whole screen: exactly one row per terminal row, and where the cursor shows (if anywhere).
struct Frame: Equatable, Sendable {
    var rows: [ScreenRow]
    /// Row and column, 0-based; nil hides the cursor.
    var cursor: (row: Int, column: Int)?

    init(rows: [ScreenRow], cursor: (row: Int, column: Int)?) {
        self.rows = rows
        self.cursor = cursor
    }

    /// The rows as plain text with trailing spaces removed: what tests compare.
    var lines: [String] {
        rows.map { row in
            var text = row.text
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The visible text, one row per line, trailing blank rows dropped.
    var screenText: String {
        var lines = self.lines
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    static func == (left: Frame, right: Frame) -> Bool {
        left.rows == right.rows && left.cursor?.row == right.cursor?.row && left.cursor?.column == right.cursor?.column
    }
}

/// Turns frames into the escape sequences that draw them, redrawing only changed rows.
///
/// Each changed row is cleared and then written, so a row is never left half old, half new;
/// a new size or ``invalidate()`` clears the whole screen first.
struct FrameRenderer: Sendable {
    var isStyled: Bool
    private var previous: Frame?
    private var previousSize: TerminalSize?

    init(isStyled: Bool) {
        self.isStyled = isStyled
    }

    /// Forget what is on screen, so the next frame is drawn in full.
    mutating func invalidate() {
        previous = nil
    }

    mutating func render(_ frame: Frame, size: TerminalSize) -> String {
        var output = "\u{1B}[?2026h"  // synchronised update, where the terminal supports it
        let full = previous == nil || previousSize != size
        output += "\u{1B}[?25l"
        if full { output += "\u{1B}[H\u{1B}[2J" }
        for (number, row) in frame.rows.enumerated() where number < size.rows {
            if !full, let previous, number < previous.rows.count, previous.rows[number] == row { continue }
            output += "\u{1B}[\(number + 1);1H"
            if !full { output += "\u{1B}[2K" }
            for span in row.spans where !span.text.isEmpty {
                output += styled(span)
            }
        }
        if let cursor = frame.cursor {
            output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        output += "\u{1B}[?2026l"
        previous = frame
        previousSize = size
        return output
    }

    private func styled(_ span: Span) -> String {
        // The last guard: whatever a screen put in a span, no control character reaches the terminal.
        let text = TerminalText.visible(span.text)
        guard isStyled else { return text }
        switch span.style {
        case .plain: return text
        case .bold: return "\u{1B}[1m" + text + "\u{1B}[0m"
        case .dim: return "\u{1B}[2m" + text + "\u{1B}[0m"
        }
    }
}
