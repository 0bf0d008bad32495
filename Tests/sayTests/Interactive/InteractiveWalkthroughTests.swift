import Foundation
import SayItLaterCore
import TestSupport
import Testing
@testable import say

/// Docs/walkthrough.md is made of real frames from the app, so it cannot drift: this test
/// renders them and compares. Run with SAY_WRITE_WALKTHROUGH=1 to rewrite the file.
@Suite("Interactive walkthrough")
struct InteractiveWalkthroughTests {
    static let size = TerminalSize(rows: 16, columns: 64)

    static var documentPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/walkthrough.md").path
    }

    /// A frame drawn in a box, the cursor shown as `▏`.
    static func capture(_ frame: Frame, size: TerminalSize = size) -> String {
        var lines = frame.lines
        if let cursor = frame.cursor {
            var row = Array(lines[cursor.row])
            var column = 0
            var index = 0
            while index < row.count, column < cursor.column {
                column += DisplayWidth.of(row[index])
                index += 1
            }
            while column < cursor.column {
                row.append(" ")
                column += 1
                index = row.count
            }
            if index < row.count { row[index] = "▏" } else { row.append("▏") }
            lines[cursor.row] = String(row)
        }
        let top = "┌" + String(repeating: "─", count: size.columns) + "┐"
        let bottom = "└" + String(repeating: "─", count: size.columns) + "┘"
        let body = lines.map { line in
            "│" + line + String(repeating: " ", count: max(size.columns - DisplayWidth.of(line), 0)) + "│"
        }
        return ([top] + body + [bottom]).joined(separator: "\n")
    }

    static func walkthrough() throws -> String {
        var sections: [(String, String)] = []
        func add(_ title: String, _ harness: AppHarness) {
            sections.append((title, capture(harness.frame)))
        }

        let harness = try AppHarness(size: size, welcomed: false, splash: true)
        harness.start()
        add("1. The splash. It moves on by itself after about a second; any key skips it.", harness)
        harness.wait(1.1)
        add("2. The welcome, on the first launch only. Enter (or 1) starts writing.", harness)
        harness.press(.enter)
        add("3. The writing screen. The cursor is ready at once. The hint for Done (Ctrl-D) shows until Done has been used once.", harness)
        harness.press(.paste("I never said sorry for that summer.\nI think about it more than you'd guess, and I want to die when I remember how I left."))
        add("4. Writing. Long lines wrap softly and reflow when the window changes size; the draft is saved as you type.", harness)
        harness.press(.control("d"))
        add("5. Ctrl-D: how do you feel now? Arrow keys and Enter, or the digit.", harness)
        harness.press(.text("3"))
        add("6. The words matched the safety phrases, so the support screen comes first. No advice, no judgement.", harness)
        harness.press(.text("1"))
        add("7. Get support now: the static UK resources.", harness)
        harness.press(.enter)
        add("8. What happens to it.", harness)
        harness.press(.text("2"))
        add("9. Let go asks once, gently.", harness)
        harness.press(.text("2"), .text("1"))
        add("10. Keep for later saves it and shows the history, newest first. A card whose words matched the safety phrases carries a quiet Get support action (s).", harness)
        harness.press(.enter)
        add("11. Enter opens the entry: the full text (↑↓ scroll a long one), its date and feeling, and its actions. Delete is the same let-go, with the same confirmation.", harness)
        harness.press(.escape, .escape)
        add("12. Esc goes back to writing. Once something is kept, the writing screen quietly shows Ctrl-K for the history.", harness)
        harness.press(.paste("Something I'll come back to"))
        harness.app.handle(.key(.control("c")))

        let next = try AppHarness(size: size)
        try next.drafts.save("Something I'll come back to")
        next.start()
        add("13. After Ctrl-C, a closed terminal or a crash, the next start offers the draft back.", next)
        next.press(.text("2"), .text("1"))
        add("14. Letting go (of a draft, of the writing, or of a kept entry) ends with a short, quiet acknowledgement, then an empty page.", next)

        let empty = try AppHarness(size: size)
        empty.start()
        empty.press(.paste("gone soon"), .control("d"), .text("1"), .text("1"), .enter, .text("1"), .text("1"), .enter)
        add("15. The history when nothing is kept (here, after deleting the only entry).", empty)

        let plain = try AppHarness(welcomed: false)
        plain.terminal.add(lines: ["", "It was never about the money.", ".", "2", "3", nil])
        PlainApp(terminal: plain.terminal, journal: plain.journal, drafts: plain.drafts, marks: plain.marks,
                 formatDate: AppHarness.utc, onTerminal: true).run()

        var document = """
            # Say It Later: a walkthrough

            These are the screens of `say` run on its own in a terminal, captured from the app
            itself at 64 columns by 16 rows (the box is the terminal's edge; `▏` is the cursor).
            They are checked by `InteractiveWalkthroughTests`, so they match what the program
            draws. On a wider terminal the column of text stays at most 72 characters wide and is
            centred; on a narrow one (down to 20 columns) everything wraps to fit.

            Keys: type as in any text box (Enter, Backspace, Delete, arrows, Home/End, Page Up/Down,
            paste). **Ctrl-D** is Done. In every choice, **↑↓ and Enter** or the **digit** beside an
            item. **Esc** goes back. **Ctrl-K** opens the history once something is kept.
            **Ctrl-C** leaves; what you were writing stays as a draft.

            """
        for (title, capture) in sections {
            document += "\n## \(title)\n\n```text\n\(capture)\n```\n"
        }
        document += """

            ## Plain mode

            `say --plain` (also `TERM=dumb`, or when the input is not a terminal) asks the same
            questions line by line, for screen readers and simple terminals: no cursor movement,
            no clearing, numbered choices. What the person typed is not shown here (the terminal
            echoes it).

            ```text
            \(plain.terminal.written.trimmingCharacters(in: .newlines))
            ```

            """
        return document
    }

    @Test func walkthroughMatchesTheApp() throws {
        let document = try Self.walkthrough()
        if ProcessInfo.processInfo.environment["SAY_WRITE_WALKTHROUGH"] == "1" {
            try document.write(toFile: Self.documentPath, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        #expect(onDisk == document, "Docs/walkthrough.md is out of date: run the tests with SAY_WRITE_WALKTHROUGH=1")
    }
}
