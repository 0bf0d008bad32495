/// How many terminal columns text takes.
///
/// East Asian wide and full-width characters and emoji take two columns, combining marks and
/// other zero-width characters none, everything else one. Terminals disagree at the edges
/// (some older ones draw a few emoji in one column); these are the widths most modern
/// terminals and `wcwidth` use.
enum DisplayWidth {
    /// The width of a tab as drawn here (tabs are kept in the text, drawn as spaces).
    static let tab = 4

    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character == "\t" { return tab }
        let value = first.value
        // Drawn as U+FFFD (see TerminalText), one column.
        if value < 0x300 { return 1 }  // Latin and the C0 and C1 controls, the fast path
        if TerminalText.isControl(value) { return 1 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            // A lone combining mark or zero-width character (a cluster with a base starts with the base).
            return value == 0x00AD ? 1 : 0
        default:
            break
        }
        if isWide(value) || properties.isEmojiPresentation { return 2 }
        // A text-style emoji made emoji-style with VS16, or a keycap / flag sequence.
        if scalars.count > 1, properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) {
            return 2
        }
        return 1
    }

    /// A control character, which is never drawn as itself.
    static func isControl(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return TerminalText.isControl(value)
    }

    static func of<S: StringProtocol>(_ text: S) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + of($1) }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, after Unicode 15's EastAsianWidth.txt.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100 ... 0x115F, 0x2329 ... 0x232A, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF,
             0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xA000 ... 0xA4CF, 0xA960 ... 0xA97F,
             0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF, 0xFE10 ... 0xFE19, 0xFE30 ... 0xFE6F,
             0xFF00 ... 0xFF60, 0xFFE0 ... 0xFFE6, 0x16FE0 ... 0x16FE4, 0x17000 ... 0x18CD5,
             0x1AFF0 ... 0x1B2FB, 0x1F200 ... 0x1F2FF, 0x20000 ... 0x2FFFD, 0x30000 ... 0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns, with "…" at the end when something was cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// Words wrapped into lines of at most `width` columns (long words are broken).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let rows = TextLayout.wrap(Array(paragraph), width: width)
            for row in rows {
                var characters = Array(paragraph)[row]
                while characters.last == " " { characters.removeLast() }
                lines.append(String(characters))
            }
        }
        return lines
    }
}
