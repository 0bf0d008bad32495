/// A place in the text: a line (0-based) and a character offset within it.
struct TextPosition: Equatable, Sendable {
    var line: Int
    var index: Int
}

/// One row on the screen: the characters `start ..< end` of logical line `line`.
struct VisualRow: Equatable, Sendable {
    var line: Int
    var start: Int
    var end: Int
    /// Whether this is the last row of its line (so the cursor may sit at `end`).
    var isLastOfLine: Bool
}

/// Soft wrapping by display width.
///
/// A row holds at most `width` columns, breaking after the last space that fits; a word longer
/// than the row is broken where it must be. A single space that does not fit may hang past the
/// edge (it is not drawn), so callers give the text one spare column for it and for the cursor.
enum TextLayout {
    /// The rows of one line, as character ranges; always at least one (an empty line is one row).
    static func wrap(_ line: [Character], width: Int) -> [Range<Int>] {
        let width = max(width, 2)
        var rows: [Range<Int>] = []
        var start = 0
        while true {
            var used = 0
            var end = start
            var lastBreak: Int?
            while end < line.count {
                let columns = DisplayWidth.of(line[end])
                if used + columns > width { break }
                used += columns
                end += 1
                if line[end - 1] == " " { lastBreak = end }
            }
            if end == line.count {
                rows.append(start ..< end)
                return rows
            }
            if line[end] == " " {
                // The space that overflows hangs at the end of this row.
                rows.append(start ..< end + 1)
                start = end + 1
            } else if let lastBreak, lastBreak > start {
                rows.append(start ..< lastBreak)
                start = lastBreak
            } else {
                let cut = max(end, start + 1)  // a character wider than the row still gets a row
                rows.append(start ..< cut)
                start = cut
            }
            if start == line.count {
                // The line ended exactly at a break: the cursor after it starts a row of its own.
                rows.append(start ..< start)
                return rows
            }
        }
    }
}

/// What a text area looks like at one width: its rows and where the cursor is among them.
struct TextAreaLayout: Equatable, Sendable {
    var rows: [VisualRow]
    /// The row the cursor is on, an index into `rows`.
    var cursorRow: Int
    /// The cursor's column, 0 ... width (the spare column).
    var cursorColumn: Int
}

/// The writing area: lines of characters and a cursor, with the edits of a plain text box.
///
/// A value with no I/O, so every edit is easy to test. Line breaks separate `lines`; the text
/// itself never holds `\r`.
struct TextArea: Equatable, Sendable {
    private(set) var lines: [[Character]]
    private(set) var cursor: TextPosition
    /// The column vertical moves aim for, kept while moving up and down through short rows.
    private var goalColumn: Int?

    init(_ text: String = "") {
        // Foundation's replacing is slow on long texts; most hold no carriage return at all.
        let normalised = !text.utf8.contains(13) ? text
            : text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        lines = normalised.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
        cursor = TextPosition(line: lines.count - 1, index: lines[lines.count - 1].count)
    }

    /// The whole text, lines joined with `\n`.
    var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Whether there is nothing but spaces and line breaks.
    var isBlank: Bool { lines.allSatisfy { $0.allSatisfy(\.isWhitespace) } }

    // MARK: Editing

    /// Inserts typed or pasted text at the cursor; `\n` starts a new line.
    mutating func insert(_ string: String) {
        goalColumn = nil
        let pieces = string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        for (number, piece) in pieces.enumerated() {
            if number > 0 { splitLine() }
            insertInLine(String(piece))
        }
    }

    mutating func newline() {
        goalColumn = nil
        splitLine()
    }

    /// Deletes the character before the cursor; at the start of a line, joins it to the line above.
    mutating func backspace() {
        goalColumn = nil
        if cursor.index > 0 {
            lines[cursor.line].remove(at: cursor.index - 1)
            cursor.index -= 1
        } else if cursor.line > 0 {
            let line = lines.remove(at: cursor.line)
            cursor.line -= 1
            cursor.index = lines[cursor.line].count
            lines[cursor.line].append(contentsOf: line)
        }
    }

    /// Deletes the character after the cursor; at the end of a line, joins the next line to it.
    mutating func deleteForward() {
        goalColumn = nil
        if cursor.index < lines[cursor.line].count {
            lines[cursor.line].remove(at: cursor.index)
        } else if cursor.line + 1 < lines.count {
            let next = lines.remove(at: cursor.line + 1)
            lines[cursor.line].append(contentsOf: next)
        }
    }

    // MARK: Moving

    mutating func moveLeft() {
        goalColumn = nil
        if cursor.index > 0 {
            cursor.index -= 1
        } else if cursor.line > 0 {
            cursor.line -= 1
            cursor.index = lines[cursor.line].count
        }
    }

    mutating func moveRight() {
        goalColumn = nil
        if cursor.index < lines[cursor.line].count {
            cursor.index += 1
        } else if cursor.line + 1 < lines.count {
            cursor.line += 1
            cursor.index = 0
        }
    }

    /// To the start of the line.
    mutating func moveHome() {
        goalColumn = nil
        cursor.index = 0
    }

    /// To the end of the line.
    mutating func moveEnd() {
        goalColumn = nil
        cursor.index = lines[cursor.line].count
    }

    /// Up one row on screen (through wrapped rows), keeping the column where it can.
    mutating func moveUp(width: Int) { moveVertically(by: -1, width: width) }

    /// Down one row on screen (through wrapped rows), keeping the column where it can.
    mutating func moveDown(width: Int) { moveVertically(by: 1, width: width) }

    /// Up or down `count` rows at once (Page Up / Page Down).
    mutating func moveVertically(by count: Int, width: Int) {
        let layout = self.layout(width: width)
        let goal = goalColumn ?? layout.cursorColumn
        let target = layout.cursorRow + count
        if target < 0 {
            cursor = TextPosition(line: 0, index: 0)
            goalColumn = nil
            return
        }
        if target >= layout.rows.count {
            cursor = TextPosition(line: lines.count - 1, index: lines[lines.count - 1].count)
            goalColumn = nil
            return
        }
        let row = layout.rows[target]
        let line = lines[row.line]
        var index = row.start
        var used = 0
        let limit = row.isLastOfLine ? row.end : max(row.start, row.end - 1)
        while index < limit {
            let columns = DisplayWidth.of(line[index])
            if used + columns > goal { break }
            used += columns
            index += 1
        }
        cursor = TextPosition(line: row.line, index: index)
        goalColumn = goal
    }

    // MARK: Layout

    /// The rows of the whole text at `width` columns, and the cursor among them.
    func layout(width: Int) -> TextAreaLayout {
        var rows: [VisualRow] = []
        var cursorRow = 0
        var cursorColumn = 0
        for (number, line) in lines.enumerated() {
            let ranges = TextLayout.wrap(line, width: width)
            for (rowNumber, range) in ranges.enumerated() {
                let isLast = rowNumber == ranges.count - 1
                if number == cursor.line,
                   cursor.index >= range.lowerBound, cursor.index < range.upperBound || (isLast && cursor.index == range.upperBound) {
                    cursorRow = rows.count
                    cursorColumn = DisplayWidth.of(line[range.lowerBound ..< cursor.index])
                }
                rows.append(VisualRow(line: number, start: range.lowerBound, end: range.upperBound, isLastOfLine: isLast))
            }
        }
        return TextAreaLayout(rows: rows, cursorRow: cursorRow, cursorColumn: cursorColumn)
    }

    /// The characters of a row, as drawn: tabs as spaces, a hanging space left off.
    func display(_ row: VisualRow, width: Int) -> String {
        var result = ""
        var used = 0
        for character in lines[row.line][row.start ..< row.end] {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            if character == "\t" {
                result += String(repeating: " ", count: DisplayWidth.tab)
            } else if DisplayWidth.isControl(character) {
                result.append(TerminalText.replacement)  // never sent to the terminal as is
            } else {
                result.append(character)
            }
            used += columns
        }
        return result
    }

    // MARK: Private

    private mutating func splitLine() {
        let rest = Array(lines[cursor.line][cursor.index...])
        lines[cursor.line].removeSubrange(cursor.index...)
        lines.insert(rest, at: cursor.line + 1)
        cursor = TextPosition(line: cursor.line + 1, index: 0)
    }

    private mutating func insertInLine(_ piece: String) {
        guard !piece.isEmpty else { return }
        let line = lines[cursor.line]
        // Rebuild the line as a String so a combining mark or emoji modifier typed on its own
        // joins the character before it, as it would in any text box.
        let before = String(line[..<cursor.index]) + piece
        let merged = Array(before + String(line[cursor.index...]))
        lines[cursor.line] = merged
        cursor.index = min(before.count, merged.count)
    }
}
