/// Text from the journal made safe to show on a terminal.
///
/// A journal file can hold any bytes, and a terminal obeys some of them: ESC starts sequences
/// that set the window title, clear the screen or move the cursor; BEL rings; a carriage return
/// overwrites the line. Everything say shows that came from a file (previews, entries, file
/// names) goes through here on its way to a terminal, and every control character comes out
/// as U+FFFD (�), one column wide. JSON output keeps them, escaped.
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
            case 0x00 ..< 0x20, 0x7F ..< 0xA0:
                out.append(contentsOf: String(replacement).unicodeScalars)
            default:
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// Whether the text holds a C0 control, DEL or a C1 control (UTF-8 C2 80 … C2 9F).
    static func needsCleaning(_ text: String) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte < 0xA0) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
