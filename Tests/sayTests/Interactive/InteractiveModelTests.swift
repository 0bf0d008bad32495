import Testing
@testable import say

@Suite("Interactive key decoding")
struct InteractiveKeyDecoderTests {
    private func decode(_ chunks: [[UInt8]], flush: Bool = false) -> [Key] {
        var decoder = KeyDecoder()
        var keys = chunks.flatMap { decoder.feed($0) }
        if flush { keys += decoder.flushEscape() }
        return keys
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func printableTextArrivesTogether() {
        #expect(decode([bytes("hello")]) == [.text("hello")])
    }

    @Test func controlKeys() {
        #expect(decode([[0x0D, 0x7F, 0x08, 0x09, 0x04, 0x03, 0x0B, 0x01, 0x05]])
            == [.enter, .backspace, .backspace, .tab, .control("d"), .control("c"), .control("k"), .control("a"), .control("e")])
    }

    @Test func crLfIsOneEnter() {
        #expect(decode([[0x0D, 0x0A]]) == [.enter])
        #expect(decode([[0x0A]]) == [.enter])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp),
        ("\u{1B}[6~", .pageDown), ("\u{1B}[1;5C", .right), ("\u{1B}[1;2A", .up),
    ])
    func escapeSequences(sequence: String, key: Key) {
        #expect(decode([bytes(sequence)]) == [key])
    }

    @Test func unknownSequencesAreDropped() {
        #expect(decode([bytes("\u{1B}[15~a\u{1B}[Zb")]) == [.text("a"), .text("b")])
    }

    @Test func sequenceSplitAcrossReads() {
        #expect(decode([[0x1B], [UInt8(ascii: "[")], [UInt8(ascii: "A")]]) == [.up])
    }

    @Test func loneEscapeWaitsThenFlushes() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flushEscape() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test func utf8SplitAcrossReads() {
        let emoji = bytes("🌧")
        #expect(decode([Array(emoji[0 ..< 2]), Array(emoji[2...])]) == [.text("🌧")])
    }

    @Test func wideCharactersAndEmoji() {
        #expect(decode([bytes("日本語 👩‍👩‍👧 é")]) == [.text("日本語 👩‍👩‍👧 é")])
    }

    @Test func bracketedPasteKeepsEverything() {
        let keys = decode([bytes("\u{1B}[200~line one\r\nline two\rthree\u{1B}[A\u{03}\u{1B}[201~"), bytes("x")])
        #expect(keys == [.paste("line one\nline two\nthree[A"), .text("x")])
    }

    /// An end marker inside the pasted text does not end the paste: nothing of it is a key.
    @Test func anEndMarkerInsideAPasteIsText() {
        let keys = decode([bytes("\u{1B}[200~a quote\u{1B}[201~\u{04}1\u{1B}[201~")])
        #expect(keys == [.paste("a quote[201~1")])
        // What arrives with a paste's end is pasted text too; a new paste still starts.
        #expect(decode([bytes("\u{1B}[200~one\u{1B}[201~\r2\u{1B}[200~two\u{1B}[201~")]) == [.paste("one\n2"), .paste("two")])
    }

    @Test func bracketedPasteAcrossReads() {
        let keys = decode([bytes("\u{1B}[200~hel"), bytes("lo\u{1B}[20"), bytes("1~")])
        #expect(keys == [.paste("hello")])
    }

    @Test func digits() {
        #expect(Key.text("2").digit == 2)
        #expect(Key.text("0").digit == nil)
        #expect(Key.text("22").digit == nil)
        #expect(Key.enter.digit == nil)
    }
}

@Suite("Interactive display width")
struct InteractiveDisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("Ａ", 2), ("🌊", 2), ("🌧", 1), ("🌧️", 2), ("👩‍👩‍👧", 2),
        ("❤️", 2), ("🇬🇧", 2), ("\t", 4), ("\u{301}", 0), ("—", 1),
    ])
    func widths(character: String, width: Int) {
        #expect(DisplayWidth.of(Character(character)) == width)
    }

    @Test func truncation() {
        #expect(DisplayWidth.truncate("hello world", to: 8) == "hello w…")
        #expect(DisplayWidth.truncate("hello", to: 8) == "hello")
        #expect(DisplayWidth.truncate("日本語日本語", to: 6) == "日本…")
    }

    @Test func wrapping() {
        #expect(DisplayWidth.wrap("What do you need to say right now?", width: 20) == ["What do you need to", "say right now?"])
        #expect(DisplayWidth.wrap("one\ntwo", width: 20) == ["one", "two"])
    }
}

@Suite("Interactive text layout")
struct InteractiveTextLayoutTests {
    private func rows(_ text: String, _ width: Int) -> [String] {
        let line = Array(text)
        return TextLayout.wrap(line, width: width).map { String(line[$0]) }
    }

    @Test func shortLineIsOneRow() {
        #expect(rows("hello", 10) == ["hello"])
        #expect(rows("", 10) == [""])
    }

    @Test func wrapsAtSpaces() {
        #expect(rows("the quick brown fox", 10) == ["the quick ", "brown fox"])
    }

    @Test func overflowingSpaceHangs() {
        #expect(rows("hello world", 5) == ["hello ", "world"])
    }

    @Test func longWordsBreak() {
        #expect(rows("abcdefghij", 4) == ["abcd", "efgh", "ij"])
    }

    @Test func wideCharactersNeverSplit() {
        #expect(rows("日本語日本", 5) == ["日本", "語日", "本"])
        #expect(rows("ab🌊🌊", 5) == ["ab🌊", "🌊"])
    }

    @Test func lineEndingInAHangingSpaceGetsARowForTheCursor() {
        #expect(rows("hello ", 5) == ["hello ", ""])
    }
}

@Suite("Interactive text area")
struct InteractiveTextAreaTests {
    @Test func typingAndNewlines() {
        var area = TextArea()
        area.insert("hello")
        area.newline()
        area.insert("world")
        #expect(area.text == "hello\nworld")
        #expect(area.cursor == TextPosition(line: 1, index: 5))
    }

    @Test func backspaceJoinsLines() {
        var area = TextArea("one\ntwo")
        area.moveHome()
        area.backspace()
        #expect(area.text == "onetwo")
        #expect(area.cursor == TextPosition(line: 0, index: 3))
        area.backspace()
        #expect(area.text == "ontwo")
    }

    @Test func backspaceAtTheStartDoesNothing() {
        var area = TextArea()
        area.backspace()
        #expect(area.text == "")
        #expect(area.cursor == TextPosition(line: 0, index: 0))
    }

    @Test func deleteJoinsTheNextLine() {
        var area = TextArea("ab\ncd")
        area.moveUp(width: 40)
        area.moveEnd()
        area.deleteForward()
        #expect(area.text == "abcd")
    }

    @Test func insertInTheMiddle() {
        var area = TextArea("helo")
        area.moveLeft()
        area.insert("l")
        #expect(area.text == "hello")
        #expect(area.cursor.index == 4)
    }

    @Test func newlineInTheMiddleSplits() {
        var area = TextArea("hello")
        area.moveLeft()
        area.moveLeft()
        area.newline()
        #expect(area.lines.map { String($0) } == ["hel", "lo"])
        #expect(area.cursor == TextPosition(line: 1, index: 0))
    }

    @Test func leftAndRightCrossLines() {
        var area = TextArea("a\nb")
        area.moveHome()
        area.moveLeft()
        #expect(area.cursor == TextPosition(line: 0, index: 1))
        area.moveRight()
        #expect(area.cursor == TextPosition(line: 1, index: 0))
    }

    @Test func pasteWithLineBreaks() {
        var area = TextArea("start ")
        area.insert("one\r\ntwo\nthree")
        #expect(area.text == "start one\ntwo\nthree")
        #expect(area.cursor == TextPosition(line: 2, index: 5))
    }

    @Test func combiningMarkJoinsTheCharacterBefore() {
        var area = TextArea()
        area.insert("e")
        area.insert("\u{301}")
        #expect(area.lines[0].count == 1)
        #expect(area.text == "e\u{301}")
        area.backspace()
        #expect(area.text == "")
    }

    @Test func emojiIsOneCharacter() {
        var area = TextArea()
        area.insert("hi 👩‍👩‍👧")
        area.backspace()
        #expect(area.text == "hi ")
    }

    @Test func upAndDownThroughWrappedRows() {
        // "aaaa bbbb cccc" at width 5 wraps into "aaaa ", "bbbb ", "cccc".
        var area = TextArea("aaaa bbbb cccc")
        #expect(area.layout(width: 5).cursorRow == 2)
        area.moveUp(width: 5)
        #expect(area.cursor == TextPosition(line: 0, index: 9))
        area.moveUp(width: 5)
        #expect(area.cursor == TextPosition(line: 0, index: 4))
        area.moveUp(width: 5)
        #expect(area.cursor == TextPosition(line: 0, index: 0))
        area.moveDown(width: 5)
        area.moveDown(width: 5)
        area.moveDown(width: 5)
        #expect(area.cursor == TextPosition(line: 0, index: 14))
    }

    @Test func verticalMovesKeepTheGoalColumn() {
        var area = TextArea("long line here\nab\nanother long one")
        area.moveUp(width: 40)
        area.moveUp(width: 40)
        area.moveEnd()
        area.moveDown(width: 40)
        #expect(area.cursor == TextPosition(line: 1, index: 2))
        area.moveDown(width: 40)
        #expect(area.cursor == TextPosition(line: 2, index: 14))
    }

    @Test func verticalMovesCountWideCharacters() {
        var area = TextArea("日本語\nabcdef")
        area.moveUp(width: 40)
        area.moveHome()
        area.moveRight()
        area.moveRight()  // after 日本, column 4
        area.moveDown(width: 40)
        #expect(area.cursor == TextPosition(line: 1, index: 4))
    }

    @Test func cursorLayoutAtTheEndOfAFullRow() {
        let area = TextArea("abcde")
        let layout = area.layout(width: 5)
        #expect(layout.rows.count == 1)
        #expect(layout.cursorColumn == 5)  // the spare column
    }

    @Test func blankness() {
        #expect(TextArea("  \n\t ").isBlank)
        #expect(!TextArea(" x ").isBlank)
    }

    @Test func displayDrawsTabsAsSpaces() {
        let area = TextArea("a\tb")
        let layout = area.layout(width: 20)
        #expect(area.display(layout.rows[0], width: 20) == "a    b")
    }
}

@Suite("Interactive menus and frames")
struct InteractiveFrameTests {
    @Test func menuKeys() {
        var menu = Menu(["lighter", "the same", "heavier"])
        #expect(menu.handle(.down) == .moved)
        #expect(menu.selection == 1)
        #expect(menu.handle(.down) == .moved)
        #expect(menu.handle(.down) == .moved)
        #expect(menu.selection == 2)
        #expect(menu.handle(.up) == .moved)
        #expect(menu.handle(.enter) == .chosen(1))
        #expect(menu.handle(.text("3")) == .chosen(2))
        #expect(menu.handle(.text("4")) == .moved)
        #expect(menu.handle(.text("x")) == .ignored)
    }

    @Test func horizontalMenuUsesLeftAndRight() {
        var menu = Menu(["Delete", "Back"], selection: 1)
        #expect(menu.handle(.up, vertical: false) == .ignored)
        #expect(menu.handle(.left, vertical: false) == .moved)
        #expect(menu.selection == 0)
    }

    @Test func rendererDrawsEverythingFirstThenOnlyChanges() {
        var renderer = FrameRenderer(isStyled: false)
        let size = TerminalSize(rows: 3, columns: 10)
        let first = Frame(rows: [ScreenRow("one"), ScreenRow("two"), .blank], cursor: (1, 3))
        let output = renderer.render(first, size: size)
        #expect(output == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}[1;1Hone\u{1B}[2;1Htwo\u{1B}[3;1H\u{1B}[2;4H\u{1B}[?25h\u{1B}[?2026l")
        let second = Frame(rows: [ScreenRow("one"), ScreenRow("too"), .blank], cursor: nil)
        #expect(renderer.render(second, size: size) == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[2;1H\u{1B}[2Ktoo\u{1B}[?2026l")
        // A new size redraws in full.
        #expect(renderer.render(second, size: TerminalSize(rows: 3, columns: 12)).contains("\u{1B}[2J"))
    }

    @Test func stylesOnlyWhenAllowed() {
        let frame = Frame(rows: [ScreenRow("hi", .bold)], cursor: nil)
        var plain = FrameRenderer(isStyled: false)
        var styled = FrameRenderer(isStyled: true)
        #expect(!plain.render(frame, size: TerminalSize(rows: 1, columns: 5)).contains("\u{1B}[1m"))
        #expect(styled.render(frame, size: TerminalSize(rows: 1, columns: 5)).contains("\u{1B}[1mhi\u{1B}[0m"))
    }

    @Test func margins() {
        #expect(Canvas.margins(columns: 80) == (4, 72))
        #expect(Canvas.margins(columns: 40) == (2, 36))
        #expect(Canvas.margins(columns: 120) == (24, 72))
        #expect(Canvas.margins(columns: 10) == (0, 10))
    }
}
