/// A small terminal emulator: enough of xterm to know what a full-screen program shows.
///
/// Understands printable UTF-8 (wide characters and emoji take two cells), CR, LF, backspace,
/// cursor positioning (`CSI row;col H`), erasing (`CSI J`, `CSI K`), the alternate screen
/// (`CSI ?1049 h/l`) and cursor visibility; other sequences are consumed and ignored.
public final class ScreenEmulator: @unchecked Sendable {
    public private(set) var rows: Int
    public private(set) var columns: Int
    private var main: [[String]]
    private var alternate: [[String]]
    public private(set) var isAlternate = false
    public private(set) var isCursorVisible = true
    public private(set) var isBracketedPaste = false
    public private(set) var cursor = (row: 0, column: 0)
    private var savedCursor = (row: 0, column: 0)
    private var pending: [UInt8] = []

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        main = Self.blank(rows: rows, columns: columns)
        alternate = Self.blank(rows: rows, columns: columns)
    }

    private static func blank(rows: Int, columns: Int) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The visible rows, trailing spaces removed.
    public var lines: [String] {
        (isAlternate ? alternate : main).map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The visible text, trailing blank rows removed.
    public var text: String {
        var lines = self.lines
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    public func resize(rows: Int, columns: Int) {
        func fit(_ grid: [[String]]) -> [[String]] {
            var grid = grid.prefix(rows).map { row -> [String] in
                var row = Array(row.prefix(columns))
                row += Array(repeating: " ", count: columns - row.count)
                return row
            }
            grid += Array(repeating: Array(repeating: " ", count: columns), count: rows - grid.count)
            return grid
        }
        self.rows = rows
        self.columns = columns
        main = fit(main)
        alternate = fit(alternate)
        cursor = (min(cursor.row, rows - 1), min(cursor.column, columns - 1))
    }

    public func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        pending += bytes
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard let length = sequenceLength(at: index) else { break }
                apply(Array(pending[index ..< index + length]))
                index += length
                continue
            }
            if byte < 0x20 {
                control(byte)
                index += 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { break }
            // Gather a whole grapheme: following combining marks, joiners and variation selectors.
            var end = index + length
            while end < pending.count {
                let next = pending[end]
                guard next >= 0x80 else { break }
                let nextLength = next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : 2
                guard end + nextLength <= pending.count else { break }
                let scalar = String(decoding: pending[end ..< end + nextLength], as: UTF8.self).unicodeScalars.first
                let previous = String(decoding: pending[index ..< end], as: UTF8.self)
                guard let scalar, (previous + String(scalar)).count == previous.count else { break }
                end += nextLength
            }
            print(String(decoding: pending[index ..< end], as: UTF8.self))
            index = end
        }
        pending.removeFirst(index)
    }

    private func sequenceLength(at start: Int) -> Int? {
        guard start + 1 < pending.count else { return nil }
        let kind = pending[start + 1]
        if kind == UInt8(ascii: "[") {
            var end = start + 2
            while end < pending.count, !(0x40 ... 0x7E).contains(pending[end]) { end += 1 }
            return end < pending.count ? end - start + 1 : nil
        }
        if kind == UInt8(ascii: "]") {  // OSC, ended by BEL or ST
            var end = start + 2
            while end < pending.count {
                if pending[end] == 0x07 { return end - start + 1 }
                if pending[end] == 0x1B, end + 1 < pending.count, pending[end + 1] == UInt8(ascii: "\\") { return end - start + 2 }
                end += 1
            }
            return nil
        }
        return 2
    }

    private var grid: [[String]] {
        get { isAlternate ? alternate : main }
        set { if isAlternate { alternate = newValue } else { main = newValue } }
    }

    private func apply(_ sequence: [UInt8]) {
        guard sequence.count >= 3, sequence[1] == UInt8(ascii: "[") else {
            if sequence.count == 2, sequence[1] == UInt8(ascii: "7") { savedCursor = cursor }
            if sequence.count == 2, sequence[1] == UInt8(ascii: "8") { cursor = savedCursor }
            return
        }
        let final = sequence.last!  // count >= 3
        var body = String(decoding: sequence[2 ..< sequence.count - 1], as: UTF8.self)
        let isPrivate = body.hasPrefix("?")
        if isPrivate { body.removeFirst() }
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ fallback: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? fallback) : fallback
        }
        if isPrivate {
            let on = final == UInt8(ascii: "h")
            for mode in numbers.compactMap({ $0 }) {
                switch mode {
                case 1049:
                    if on, !isAlternate {
                        savedCursor = cursor
                        isAlternate = true
                        alternate = Self.blank(rows: rows, columns: columns)
                    } else if !on, isAlternate {
                        isAlternate = false
                        cursor = savedCursor
                    }
                case 25: isCursorVisible = on
                case 2004: isBracketedPaste = on
                default: break
                }
            }
            return
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursor = (min(max(number(0, 1), 1), rows) - 1, min(max(number(1, 1), 1), columns) - 1)
        case UInt8(ascii: "A"): cursor.row = max(cursor.row - number(0, 1), 0)
        case UInt8(ascii: "B"): cursor.row = min(cursor.row + number(0, 1), rows - 1)
        case UInt8(ascii: "C"): cursor.column = min(cursor.column + number(0, 1), columns - 1)
        case UInt8(ascii: "D"): cursor.column = max(cursor.column - number(0, 1), 0)
        case UInt8(ascii: "G"): cursor.column = min(max(number(0, 1), 1), columns) - 1
        case UInt8(ascii: "J"):
            switch number(0, 0) {
            case 2, 3: grid = Self.blank(rows: rows, columns: columns)
            case 0:
                eraseLine(from: cursor.column, to: columns)
                for row in (cursor.row + 1) ..< max(rows, cursor.row + 1) { grid[row] = Array(repeating: " ", count: columns) }
            default: break
            }
        case UInt8(ascii: "K"):
            switch number(0, 0) {
            case 0: eraseLine(from: cursor.column, to: columns)
            case 1: eraseLine(from: 0, to: cursor.column + 1)
            default: eraseLine(from: 0, to: columns)
            }
        default:
            break  // SGR and anything else: no effect on the text
        }
    }

    private func eraseLine(from start: Int, to end: Int) {
        guard cursor.row < rows else { return }
        for column in max(start, 0) ..< min(end, columns) { grid[cursor.row][column] = " " }
    }

    private func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: cursor.column = 0
        case 0x0A: lineFeed()
        case 0x08: cursor.column = max(cursor.column - 1, 0)
        default: break
        }
    }

    private func lineFeed() {
        if cursor.row == rows - 1 {
            grid.removeFirst()
            grid.append(Array(repeating: " ", count: columns))
        } else {
            cursor.row += 1
        }
    }

    private func print(_ character: String) {
        let width = Self.width(of: character)
        if width == 0 {
            if cursor.column > 0 { grid[cursor.row][cursor.column - 1] += character }
            return
        }
        if cursor.column + width > columns {
            cursor.column = 0
            lineFeed()
        }
        grid[cursor.row][cursor.column] = character
        if width == 2, cursor.column + 1 < columns { grid[cursor.row][cursor.column + 1] = "" }
        cursor.column += width
        if cursor.column >= columns { cursor.column = columns }  // pending wrap
    }

    /// Columns a grapheme takes, as xterm-like terminals draw it.
    public static func width(of character: String) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        switch value {
        case 0x1100 ... 0x115F, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
             0xA000 ... 0xA4CF, 0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF, 0xFE30 ... 0xFE4F, 0xFF00 ... 0xFF60,
             0xFFE0 ... 0xFFE6, 0x20000 ... 0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
