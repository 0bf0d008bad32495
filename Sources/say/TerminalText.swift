/// Text from the journal made safe to show on a terminal.
///
/// A journal file can hold any bytes, and a terminal obeys some of them: ESC starts sequences
/// that set the window title, clear the screen or move the cursor; BEL rings; a carriage return
/// overwrites the line. Everything say shows that came from a file (previews, entries, file
/// names) goes through here on its way to a terminal, and every control character comes out
/// as U+FFFD (�), one column wide. So do the bidirectional overrides and isolates (U+202A to
/// U+202E, U+2066 to U+2069): in a terminal that reorders text, one in a preview would reorder
/// the rest of say's line too (its date, how the entry felt). JSON output keeps them, escaped.
enum TerminalText {
    static let replacement: Character = "\u{FFFD}"

    /// - Parameters:
    ///   - keepingLineBreaks: keep line breaks (LF; CRLF and a lone CR become LF) for text shown
    ///     over several lines.
    ///   - keepingTabs: keep tabs (a terminal moves to the next tab stop); otherwise a tab is a space.
    static func visible(_ text: String, keepingLineBreaks: Bool = false, keepingTabs: Bool = false) -> String {
        guard needsCleaning(text) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar.value {
            case 0x0A where keepingLineBreaks:
                out.append(scalar)
            case 0x0D where keepingLineBreaks:
                out.append("\n")
                if index + 1 < scalars.count, scalars[index + 1].value == 0x0A { index += 1 }
            case 0x09:
                out.append(keepingTabs ? scalar : " ")
            case _ where isControl(scalar.value):
                out.append(contentsOf: String(replacement).unicodeScalars)
            default:
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// Whether a scalar is never sent to a terminal as itself: a C0 control, DEL, a C1 control,
    /// or a bidirectional override or isolate.
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F ..< 0xA0).contains(value) || (0x202A ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value)
    }

    /// Whether the text holds a C0 control, DEL, a C1 control (UTF-8 C2 80 … C2 9F) or a
    /// bidirectional override or isolate (E2 80 AA … AE, E2 81 A6 … A9).
    static func needsCleaning(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous.1 == 0xC2 && byte < 0xA0) { return true }
            if previous.0 == 0xE2, previous.1 == 0x80, (0xAA ... 0xAE).contains(byte) { return true }
            if previous.0 == 0xE2, previous.1 == 0x81, (0xA6 ... 0xA9).contains(byte) { return true }
            previous = (previous.1, byte)
        }
        return false
    }
}
