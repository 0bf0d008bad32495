import Foundation
import SayItLaterCore
import TestSupport
import Testing
@testable import say

@Suite("Interactive flow")
struct InteractiveFlowTests {
    // MARK: Splash and welcome

    @Test func splashShowsNameAndLineThenAdvancesByItself() throws {
        let harness = try AppHarness(welcomed: true, splash: true)
        harness.start()
        #expect(harness.app.screen == .splash)
        #expect(harness.screen.contains("Say It Later"))
        #expect(harness.screen.contains("A private place to say what you can't yet"))
        #expect(harness.frame.cursor == nil)
        harness.wait(0.5)
        #expect(harness.app.screen == .splash)
        harness.wait(0.6)
        #expect(harness.app.screen == .writing)
    }

    @Test func keysTypedDuringTheSplashBelongToTheWritingScreen() throws {
        let harness = try AppHarness(welcomed: true, splash: true)
        harness.start()
        harness.press(.text("x"))
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "x")
        // A quick typist's word arrives as one piece: none of it is lost either.
        let quick = try AppHarness(welcomed: true, splash: true)
        quick.start()
        quick.press(.text("Today"), .text(" I"))
        #expect(quick.app.text.text == "Today I")
        #expect(quick.draftOnDisk == "Today I")
    }

    @Test func aKeyDuringTheSplashBeforeTheWelcomeOnlySkipsIt() throws {
        let harness = try AppHarness(welcomed: false, splash: true)
        harness.start()
        harness.press(.enter)
        #expect(harness.app.screen == .welcome)
        #expect(!harness.marks.has(.welcomed))
    }

    @Test func welcomeOnFirstLaunchOnlyWithOneAction() throws {
        let harness = try AppHarness(welcomed: false)
        harness.start()
        #expect(harness.app.screen == .welcome)
        #expect(harness.screen == """

                Say It Later

                Write what you can't say out loud yet.
                Then keep it for later, or let it go.

                Nothing you write leaves this computer. There is no account, and nothing
                is shared.

              › 1  Start writing
            """)
        harness.press(.down, .text("x"))
        #expect(harness.app.screen == .welcome)
        harness.press(.enter)
        #expect(harness.app.screen == .writing)
        #expect(harness.marks.has(.welcomed))

        harness.makeApp()
        harness.start()
        #expect(harness.app.screen == .writing)
    }

    // MARK: Writing

    @Test func writingScreenIsThePromptTheCursorAndAOneTimeHint() throws {
        let harness = try AppHarness()
        harness.start()
        let frame = harness.frame
        #expect(frame.lines[1] == "    What do you need to say right now?")
        #expect(frame.lines[23] == "    Ctrl-D when you're done")
        #expect(frame.lines.filter { !$0.isEmpty }.count == 2)
        #expect(frame.cursor! == (3, 4))
    }

    @Test func typingShowsTheTextAndMovesTheCursor() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("Dear you,")
        harness.press(.enter)
        harness.type("I miss you.")
        #expect(harness.frame.lines[3] == "    Dear you,")
        #expect(harness.frame.lines[4] == "    I miss you.")
        #expect(harness.frame.cursor! == (4, 15))
    }

    @Test func threeLinesWithABackspaceThatJoinsTwo() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("one")
        harness.press(.enter)
        harness.type("two")
        harness.press(.enter)
        harness.type("three")
        harness.press(.home, .backspace)
        #expect(harness.app.text.text == "one\ntwothree")
        #expect(harness.frame.lines[4] == "    twothree")
        #expect(harness.frame.cursor! == (4, 7))
    }

    @Test func softWrapReflowsOnResize() throws {
        let harness = try AppHarness()
        harness.start()
        let sentence = "I keep thinking about what I should have said to you that night"
        harness.type(sentence)
        #expect(harness.frame.lines[3] == "    " + sentence)
        harness.resize(24, 40)
        #expect(Array(harness.frame.lines[3 ... 4]) == ["  I keep thinking about what I should", "  have said to you that night"])
        #expect(harness.frame.cursor! == (4, 2 + 27))
        harness.resize(24, 80)
        #expect(harness.frame.lines[3] == "    " + sentence)
        #expect(harness.app.text.text == sentence)
    }

    @Test func wideCharactersAndEmojiWrapByWidth() throws {
        let harness = try AppHarness(size: TerminalSize(rows: 24, columns: 24))
        harness.start()
        // 20 columns wide, 19 for text: nine wide characters per row. The prompt takes two rows.
        harness.type("日本語のテキストと絵文字🌊🌊")
        let frame = harness.frame
        #expect(frame.lines[4] == "  日本語のテキストと")
        #expect(frame.lines[5] == "  絵文字🌊🌊")
        #expect(frame.cursor! == (5, 2 + 10))
        for line in frame.lines { #expect(DisplayWidth.of(line) <= 24) }
    }

    @Test func narrowTerminalWrapsThePrompt() throws {
        let harness = try AppHarness(size: TerminalSize(rows: 12, columns: 20))
        harness.start()
        #expect(Array(harness.frame.lines[1 ... 2]) == ["What do you need to", "say right now?"])
        for line in harness.frame.lines { #expect(DisplayWidth.of(line) <= 20) }
    }

    @Test func longTextScrollsToKeepTheCursorInView() throws {
        let harness = try AppHarness(size: TerminalSize(rows: 10, columns: 40))
        harness.start()
        for number in 1 ... 12 {
            harness.type("line \(number)")
            harness.press(.enter)
        }
        harness.type("last")
        let frame = harness.frame
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row] == "  last")
        #expect(frame.lines[1] == "  What do you need to say right now?")
        harness.press(.pageUp, .pageUp, .pageUp)
        #expect(harness.frame.lines[3] == "  line 1")
    }

    @Test func pasteKeepsLinesAndSavesTheDraftAtOnce() throws {
        let harness = try AppHarness()
        harness.start()
        harness.press(.paste("first\nsecond 🌧"))
        #expect(harness.app.text.text == "first\nsecond 🌧")
        #expect(harness.draftOnDisk == "first\nsecond 🌧")
    }

    @Test func doneWithNothingWrittenSaysSoQuietly() throws {
        let harness = try AppHarness()
        harness.start()
        harness.press(.control("d"))
        #expect(harness.app.screen == .writing)
        #expect(harness.frame.lines[23] == "    Nothing written yet.")
        harness.type("a")
        #expect(harness.app.notice == nil)
    }

    @Test func theDoneHintGoesOnceDoneIsLearned() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("hello")
        harness.press(.control("d"))
        #expect(harness.marks.has(.doneKeyLearned))
        harness.press(.escape)
        #expect(harness.app.screen == .writing)
        #expect(!harness.screen.contains("Ctrl-D"))
    }

    // MARK: The draft

    @Test func everyKeystrokeIsInTheDraftAtOnceAndFlushedAfterAPause() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("a")  // the first edit is flushed to disk at once
        #expect(harness.draftOnDisk == "a")
        #expect(!harness.app.flow.unsaved)
        harness.type("bc")  // within 0.3 s: written (a killed program loses nothing), not yet flushed
        #expect(harness.draftOnDisk == "abc")
        #expect(harness.app.flow.unsaved)
        #expect(harness.app.deadline(now: harness.terminal.time) == harness.terminal.time + 0.3)
        harness.wait(0.3)
        #expect(!harness.app.flow.unsaved)
        #expect(harness.draftOnDisk == "abc")
        harness.type("d")
        harness.press(.enter)
        #expect(harness.draftOnDisk == "abcd\n" || harness.draftOnDisk == "abcd")
        #expect(harness.app.text.text == "abcd\n")
        harness.type("e")
        harness.press(.control("d"))
        #expect(harness.draftOnDisk == "abcd\ne")
    }

    @Test func draftFileIsPrivate() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("private words")
        #expect(try harness.home.mode("state/draft.txt") == 0o600)
        #expect(try harness.home.mode("state") == 0o700)
    }

    @Test func nextStartOffersTheDraftBack() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("unfinished 日本 🌧")
        harness.press(.enter)
        harness.type("second line")
        harness.app.handle(.signal(SIGTERM))
        #expect(harness.app.outcome == .signal(SIGTERM))
        #expect(harness.app.leftDraft)

        harness.makeApp()
        harness.start()
        #expect(harness.app.screen == .draftOffer)
        #expect(harness.screen == """

                You have something you were writing before.

                “unfinished 日本 🌧”

              › 1  Continue writing it
                2  Let it go and start fresh
            """)
        harness.press(.text("1"))
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "unfinished 日本 🌧\nsecond line")
    }

    @Test func lettingTheDraftGoAsksFirst() throws {
        let harness = try AppHarness()
        try harness.drafts.save("old words")
        harness.start()
        harness.press(.text("2"))
        #expect(harness.app.screen == .confirmLetGo(.draft))
        harness.press(.escape)
        #expect(harness.app.screen == .draftOffer)
        #expect(harness.draftOnDisk == "old words")
        harness.press(.text("2"), .text("1"))
        #expect(harness.app.screen == .gone(thenHistory: false))
        #expect(harness.draftOnDisk == nil)
        harness.wait(2)
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "")
    }

    @Test func quittingBeforeDecidingLeavesTheDraftAlone() throws {
        let harness = try AppHarness()
        try harness.drafts.save("old words")
        harness.start()
        harness.press(.control("c"))
        #expect(harness.app.outcome == .quit)
        #expect(harness.draftOnDisk == "old words")
        #expect(harness.app.leftDraft)
    }

    // MARK: Feeling, support, actions

    private func written(_ text: String, harness: AppHarness) {
        harness.start()
        harness.press(.paste(text))
        harness.press(.control("d"))
    }

    @Test func feelingChoiceInTheBriefsOrder() throws {
        let harness = try AppHarness()
        written("hello", harness: harness)
        #expect(harness.screen == """

                How do you feel now?

              › 1  lighter
                2  the same
                3  heavier
            """)
        harness.press(.down, .down)
        #expect(harness.frame.lines[5] == "  › 3  heavier")
        harness.press(.enter)
        #expect(harness.app.feeling == .heavier)
        #expect(harness.app.screen == .actions)
    }

    @Test func escapeFromFeelingGoesBackToWriting() throws {
        let harness = try AppHarness()
        written("hello", harness: harness)
        harness.press(.escape)
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "hello")
    }

    @Test func actionsInTheBriefsOrder() throws {
        let harness = try AppHarness()
        written("hello", harness: harness)
        harness.press(.text("1"))
        #expect(harness.screen == """

                What would you like to do with it?

              › 1  Keep for later
                2  Let go
                3  Close
            """)
    }

    @Test func keepSavesClearsTheDraftAndShowsHistory() throws {
        let harness = try AppHarness()
        written("first line of it\nand more", harness: harness)
        harness.press(.text("1"), .text("1"))
        #expect(harness.app.screen == .history)
        #expect(harness.entryFiles.count == 1)
        #expect(harness.draftOnDisk == nil)
        let entry = try harness.journal.entry("1")
        #expect(entry.text == "first line of it\nand more")
        #expect(entry.feeling == .lighter)
        #expect(Array(harness.frame.lines[0 ... 5]) == [
            "", "    Kept for later", "", "  › first line of it", "    Wed 18 Nov 2026, 11:07 · lighter", "",
        ])
        #expect(harness.frame.lines[23] == "    Kept.")
    }

    @Test func letGoConfirmsThenSaysGoneThenAnEmptyPage() throws {
        let harness = try AppHarness()
        written("let this go", harness: harness)
        harness.press(.text("2"), .text("2"))
        #expect(harness.app.screen == .confirmLetGo(.writing))
        #expect(harness.screen.contains("Let this go? It will be gone for good."))
        harness.press(.text("2"))
        #expect(harness.app.screen == .actions)
        harness.press(.text("2"), .enter)
        #expect(harness.app.screen == .gone(thenHistory: false))
        #expect(harness.frame.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "It's gone." })
        #expect(harness.draftOnDisk == nil)
        #expect(harness.entryFiles.isEmpty)
        harness.wait(1.7)
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "")
    }

    @Test func closeSavesNothingAndClearsTheDraft() throws {
        let harness = try AppHarness()
        written("close this", harness: harness)
        harness.press(.text("3"), .text("3"))
        #expect(harness.app.screen == .writing)
        #expect(harness.app.text.text == "")
        #expect(harness.entryFiles.isEmpty)
        #expect(harness.draftOnDisk == nil)
    }

    @Test func flaggedWritingShowsTheSupportScreenThenTheActions() throws {
        let harness = try AppHarness()
        written("some days I want to die", harness: harness)
        harness.press(.text("3"))
        #expect(harness.app.screen == .support)
        #expect(harness.screen == """

                That sounded really heavy.

                Thank you for writing it down. What you wrote stays private, on this
                computer.
                If you'd like to talk to someone, people are there, any time.

              › 1  Get support now
                2  Not right now
            """)
        harness.press(.enter)
        #expect(harness.app.screen == .resources(.actions))
        #expect(harness.screen.contains("Samaritans  116 123"))
        #expect(harness.screen.contains("NHS 111\n"))
        #expect(!harness.screen.contains("111  111"))
        #expect(harness.screen.contains("Emergency services  999"))
        #expect(harness.screen.contains("These are free and confidential."))
        harness.press(.enter)
        #expect(harness.app.screen == .actions)
    }

    @Test func notRightNowGoesStraightToTheActions() throws {
        let harness = try AppHarness()
        written("I want to die", harness: harness)
        harness.press(.text("2"), .text("2"))
        #expect(harness.app.screen == .actions)
    }

    @Test func unflaggedWritingSkipsTheSupportScreen() throws {
        let harness = try AppHarness()
        written("this week is killing me", harness: harness)
        harness.press(.text("2"))
        #expect(harness.app.screen == .actions)
    }

    // MARK: History and detail

    private func keep(_ text: String, feeling: String, harness: AppHarness) {
        harness.press(.paste(text), .control("d"), .text(feeling))
        if harness.app.screen == .support { harness.press(.text("2")) }
        harness.press(.text("1"))
    }

    @Test func historyIsReachableOnlyOnceSomethingIsKept() throws {
        let harness = try AppHarness()
        harness.start()
        harness.press(.control("k"))
        #expect(harness.app.screen == .writing)
        #expect(!harness.screen.contains("Ctrl-K"))
        keep("kept one", feeling: "1", harness: harness)
        harness.press(.escape)
        #expect(harness.app.screen == .writing)
        #expect(harness.frame.lines[23] == "    Ctrl-D when you're done   Ctrl-K kept for later" || harness.frame.lines[23] == "    Ctrl-K kept for later")
        harness.press(.control("k"))
        #expect(harness.app.screen == .history)
    }

    /// Files the history cannot read are never passed over in silence: a quiet line says how
    /// many, and where to read why.
    @Test func historySaysHowManyFilesCouldNotBeRead() throws {
        let harness = try AppHarness()
        harness.start()
        keep("a readable entry", feeling: "1", harness: harness)
        try harness.home.write("---\nid: [broken\n---\nwritten by hand\n", to: "journal/entries/2026/11/2026-11-01T100000Z-mine.md")
        try harness.home.write(Array("caf".utf8) + [0xE9] + Array("\n".utf8), to: "journal/entries/2026/11/2026-11-02T100000Z-latin1.md")
        harness.press(.escape, .control("k"))
        #expect(harness.app.screen == .history)
        #expect(Array(harness.frame.lines[0 ... 5]) == [
            "", "    Kept for later", "    2 files could not be read; `say history` lists why", "", "  › a readable entry",
            "    Wed 18 Nov 2026, 11:07 · lighter",
        ])
        harness.terminal.add(lines: ["/history", "", nil])
        PlainApp(terminal: harness.terminal, journal: harness.journal, drafts: harness.drafts, marks: harness.marks,
                 formatDate: AppHarness.utc, onTerminal: true).run()
        let transcript = harness.terminal.written
        #expect(transcript.contains("Kept for later\n2 files could not be read; `say history` lists why\n  1. a readable entry\n"))
    }

    @Test func historyCardsNewestFirstWithKeyboardNavigationAndDetail() throws {
        let harness = try AppHarness()
        harness.start()
        keep("older entry\nwith a second line", feeling: "2", harness: harness)
        harness.press(.escape)
        keep("I want to die some days", feeling: "3", harness: harness)
        #expect(harness.screen.contains("""
              › I want to die some days
                Wed 18 Nov 2026, 11:08 · heavier
                Get support (s)

                older entry
                Wed 18 Nov 2026, 11:07 · the same
            """))
        harness.press(.text("s"))
        #expect(harness.app.screen == .resources(.history))
        harness.press(.escape)
        #expect(harness.app.screen == .history)
        harness.press(.down, .enter)
        #expect(harness.app.screen == .detail)
        #expect(Array(harness.frame.lines[0 ... 5]) == [
            "", "    Wed 18 Nov 2026, 11:07 · the same", "", "    older entry", "    with a second line", "",
        ])
        #expect(harness.frame.lines[22] == "    1 Delete   › 2 Back")
        harness.press(.enter)
        #expect(harness.app.screen == .history)
        harness.press(.up, .enter)
        #expect(harness.frame.lines[22] == "    1 Delete   › 2 Back     3 Get support")
        harness.press(.text("3"))
        #expect(harness.app.screen == .resources(.detail))
        harness.press(.enter)
        #expect(harness.app.screen == .detail)
    }

    @Test func longEntryScrollsInDetail() throws {
        let harness = try AppHarness(size: TerminalSize(rows: 12, columns: 40))
        harness.start()
        keep((1 ... 30).map { "line \($0)" }.joined(separator: "\n"), feeling: "1", harness: harness)
        harness.press(.enter)
        #expect(harness.frame.lines[3] == "  line 1")
        #expect(harness.screen.contains("↑↓ to scroll"))
        harness.press(.down, .down)
        #expect(harness.frame.lines[3] == "  line 3")
        harness.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
        #expect(harness.frame.lines.contains("  line 30"))
    }

    @Test func deleteFromDetailConfirmsThenGoesBackToAnEmptyHistory() throws {
        let harness = try AppHarness()
        harness.start()
        keep("delete me", feeling: "1", harness: harness)
        harness.press(.enter, .text("1"))
        #expect(harness.app.screen == .confirmLetGo(.entry(EntrySummary(
            id: try harness.journal.entry("1").id, date: try harness.journal.entry("1").date,
            feeling: .lighter, safety: false, preview: "delete me", path: try harness.journal.entry("1").path))))
        harness.press(.escape)
        #expect(harness.app.screen == .detail)
        #expect(harness.entryFiles.count == 1)
        harness.press(.text("1"), .text("1"))
        #expect(harness.entryFiles.isEmpty)
        harness.press(.text("x"))
        #expect(harness.app.screen == .history)
        #expect(Array(harness.frame.lines[0 ... 5]) == [
            "", "    Kept for later", "", "    Nothing kept yet.",
            "    When you keep something you wrote, it waits for you here.", "",
        ])
        #expect(harness.frame.lines[23] == "    Esc to write")
        harness.press(.escape)
        #expect(!harness.screen.contains("Ctrl-K"))
    }

    // MARK: Leaving

    @Test func ctrlCFromAnywhereSavesTheDraftAndQuits() throws {
        let harness = try AppHarness()
        written("half said", harness: harness)
        harness.press(.control("c"))
        #expect(harness.app.outcome == .quit)
        #expect(harness.draftOnDisk == "half said")
    }

    @Test func ctrlLRedrawsAndCtrlZSuspendsAfterSavingTheDraft() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("ab")  // the second key is within 0.3 s of the first save
        harness.press(.control("l"))
        #expect(harness.terminal.invalidations == 1)
        harness.press(.control("z"))
        #expect(harness.terminal.suspensions == 1)
        #expect(harness.draftOnDisk == "ab")
        #expect(harness.app.screen == .writing)
    }

    @Test func endOfInputSavesTheDraft() throws {
        let harness = try AppHarness()
        harness.start()
        harness.type("typed")
        harness.type("more")
        harness.app.handle(.end)
        #expect(harness.app.outcome == .ended)
        #expect(harness.draftOnDisk == "typedmore")
    }

    @Test func runDrawsFramesAndRestoresTheTerminal() throws {
        let harness = try AppHarness()
        harness.terminal.add(typing: "hi")
        harness.terminal.add(keys: [.control("c")])
        let outcome = try harness.app.run()
        #expect(outcome == .quit)
        #expect(harness.terminal.fullScreenEntries == 1)
        #expect(!harness.terminal.isFullScreen)
        #expect(harness.terminal.frames.last?.lines[3] == "    hi")
    }

    @Test func runWaitsOutTheSplash() throws {
        let harness = try AppHarness(splash: true)
        harness.terminal.add(.wait(1.0))
        harness.terminal.add(typing: "x")
        let outcome = try harness.app.run()
        #expect(outcome == .ended)
        #expect(harness.terminal.frames.first?.screenText.contains("Say It Later") == true)
        #expect(harness.draftOnDisk == "x")
    }

    // MARK: Editor

    @Test func editorReplacesTheWritingScreen() throws {
        var received: [String] = []
        let harness = try AppHarness(editor: { text in
            received.append(text)
            return received.count == 1 ? "written in vim" : ""
        })
        harness.start()
        #expect(harness.app.screen == .feeling)
        #expect(harness.draftOnDisk == "written in vim")
        harness.press(.text("1"), .text("3"))
        #expect(received == ["", ""])
        #expect(harness.app.outcome == .ended)
        #expect(harness.draftOnDisk == nil)
    }

    @Test func aFailingEditorFallsBackToTheWritingScreen() throws {
        let harness = try AppHarness(editor: { _ in throw EditorSession.Failure(reason: Copy.editorFellBack(Copy.editorDidNotStart("nano"))) })
        harness.start()
        #expect(harness.app.screen == .writing)
        #expect(Array(harness.frame.lines[22 ... 23]) == [
            "    Could not start your editor (nano); check $VISUAL or $EDITOR. Your words",
            "    so far are kept; the writing screen is here instead.",
        ])
    }
}

@Suite("Interactive plain mode")
struct InteractivePlainTests {
    private func plain(_ harness: AppHarness, lines: [String?], onTerminal: Bool = true) -> String {
        harness.terminal.add(lines: lines)
        PlainApp(terminal: harness.terminal, journal: harness.journal, drafts: harness.drafts, marks: harness.marks,
                 formatDate: AppHarness.utc, onTerminal: onTerminal).run()
        return harness.terminal.written
    }

    /// How many times the draft file held new words while `lines` were read, and what it held
    /// when the input ended.
    private func draftWrites(lines: [String], arrivingTogether: Bool) throws -> (writes: Int, draft: String?) {
        let harness = try AppHarness()
        harness.terminal.linesArriveTogether = arrivingTogether
        var sizes: [Int] = []
        harness.terminal.beforeEachLine = {
            var info = stat()
            sizes.append(stat(harness.drafts.path, &info) == 0 ? Int(info.st_size) : 0)
        }
        _ = plain(harness, lines: lines + [nil])
        let writes = zip(sizes, sizes.dropFirst()).filter { $0 != $1 }.count
        return (writes, try harness.drafts.load())
    }

    @Test func linesTypedOneByOneAreEachInTheDraftBeforeTheNextIsRead() throws {
        let typed = (1 ... 40).map { "line \($0) typed by hand" }
        let result = try draftWrites(lines: typed, arrivingTogether: false)
        #expect(result.writes == typed.count)
        #expect(result.draft == typed.joined(separator: "\n"))
    }

    @Test func aLongPasteIsKeptOnceItIsAllInNotRewrittenAtEveryLine() throws {
        let pasted = (1 ... 3_000).map { "line \($0) of a long letter pasted in at once, with words enough to fill it out" }
        let result = try draftWrites(lines: pasted, arrivingTogether: true)
        // About 250 KB: written when 64 KB and then each further quarter has arrived, and
        // once more when the paste is all in; never once per line.
        #expect(result.writes >= 2 && result.writes <= 8)
        #expect(result.draft == pasted.joined(separator: "\n"))
    }

    @Test func theWholeFlowLineByLine() throws {
        let harness = try AppHarness(welcomed: false)
        let transcript = plain(harness, lines: ["", "first line", "second line", ".", "1", "1", "", nil])
        #expect(transcript == """
            Say It Later
            A private place to say what you can't yet

            Write what you can't say out loud yet.
            Then keep it for later, or let it go.
            Nothing you write leaves this computer. There is no account, and nothing is shared.

            Press Enter to start writing. 
            What do you need to say right now?
            Write as many lines as you like. Finish with a line holding only a full stop, or Ctrl-D.
            On a line of its own, /quit leaves. What you have written stays as a draft.

            How do you feel now?
              1. lighter
              2. the same
              3. heavier
            Type a number from 1 to 3, then Enter: 
            What would you like to do with it?
              1. Keep for later
              2. Let go
              3. Close
            Type a number from 1 to 3, then Enter: 
            Kept.

            Kept for later
              1. first line
                 Wed 18 Nov 2026, 11:07 · lighter
            Type a card's number to read it, or press Enter to write: 
            What do you need to say right now?
            Write as many lines as you like. Finish with a line holding only a full stop, or Ctrl-D.
            On a line of its own, /history reads what you kept and /quit leaves. What you have written stays as a draft.

            """)
        #expect(!transcript.contains("\u{1B}"))
        #expect(try harness.journal.entry("1").text == "first line\nsecond line")
        #expect(harness.marks.has(.welcomed))
    }

    @Test func letGoAndCloseLeaveNothing() throws {
        let harness = try AppHarness()
        let transcript = plain(harness, lines: ["go away", nil, "2", "2", "1", "stay a moment", ".", "3", "3", nil])
        #expect(transcript.contains("It's gone."))
        #expect(transcript.contains("Closed. Nothing was saved."))
        #expect(harness.entryFiles.isEmpty)
        #expect(harness.draftOnDisk == nil)
    }

    @Test func supportAndDetailInPlainMode() throws {
        let harness = try AppHarness()
        let transcript = plain(harness, lines: [
            "I want to die", ".", "3", "1", "1", "s1", "1", "2", nil,
        ])
        #expect(transcript.contains("That sounded really heavy."))
        #expect(transcript.contains("  Samaritans 116 123 (free, any time, day or night)"))
        #expect(transcript.contains("  NHS 111 (when you need help that isn't an emergency)"))
        #expect(transcript.contains("These are free and confidential."))
        #expect(transcript.contains("     Get support: type s1"))
        #expect(transcript.contains("Wed 18 Nov 2026, 11:07 · heavier\n\nI want to die\n"))
        #expect(transcript.contains("  3. Get support"))
    }

    @Test func unclearAnswersAreAskedAgain() throws {
        let harness = try AppHarness()
        let transcript = plain(harness, lines: ["words", ".", "7", "heavier", "close", nil])
        #expect(transcript.contains("Please type a number from 1 to 3."))
        #expect(transcript.contains("Closed. Nothing was saved."))
    }

    @Test func endOfInputKeepsTheDraftAndOffersItNextTime() throws {
        let harness = try AppHarness()
        _ = plain(harness, lines: ["unfinished", "thought", nil, nil])
        #expect(harness.draftOnDisk == "unfinished\nthought")
        let next = plain(harness, lines: ["1", "and more", "."])
        #expect(next.contains("You have something you were writing before."))
        #expect(next.contains("Here is what you had written:\nunfinished\nthought\n"))
        #expect(harness.draftOnDisk == "unfinished\nthought\nand more")
    }

    @Test func notOnATerminalSkipsTheNameAndWelcome() throws {
        let harness = try AppHarness(welcomed: false)
        let transcript = plain(harness, lines: ["piped", ".", "2", "1", ""], onTerminal: false)
        #expect(transcript.hasPrefix("What do you need to say right now?"))
        #expect(try harness.journal.entry("1").feeling == .same)
        #expect(!harness.marks.has(.welcomed))
    }
}

@Suite("Interactive drafts and marks")
struct InteractiveDraftStoreTests {
    @Test func saveLoadClear() throws {
        let home = TemporaryFolder("say-draft")
        let drafts = DraftStore(folder: home.url("state/say-it-later"))
        #expect(try drafts.load() == nil)
        try drafts.save("words 🌧\nmore")
        #expect(try drafts.load() == "words 🌧\nmore")
        #expect(try home.mode("state/say-it-later/draft.txt") == 0o600)
        #expect(try home.mode("state/say-it-later") == 0o700)
        try drafts.save("  \n ")
        #expect(try drafts.load() == nil)
        #expect(home.files(under: "state").isEmpty)
        try drafts.clear()
    }

    @Test func marks() throws {
        let home = TemporaryFolder("say-marks")
        let marks = LaunchMarks(folder: home.url("config"))
        #expect(!marks.has(.welcomed))
        try marks.set(.welcomed)
        #expect(marks.has(.welcomed))
        try marks.clear(.welcomed)
        try marks.clear(.welcomed)
        #expect(!marks.has(.welcomed))
    }

    @Test func editorScratchIsPrivateAndRemoved() throws {
        let home = TemporaryFolder("say-scratch")
        let scratch = try EditorScratch.create(text: "draft", stateFolder: home.path)
        #expect(try home.mode(String(scratch.folder.dropFirst(home.path.count + 1))) == 0o700)
        #expect(try scratch.read() == "draft")
        try "edited\n".write(toFile: scratch.file, atomically: false, encoding: .utf8)
        try "backup".write(toFile: scratch.file + "~", atomically: false, encoding: .utf8)
        #expect(try scratch.read() == "edited")
        scratch.remove()
        #expect(!FileManager.default.fileExists(atPath: scratch.folder))
    }

    @Test func vimIsStartedWithoutCopies() {
        #expect(EditorSession.command(environment: ["EDITOR": "nano"]) == ["nano"])
        #expect(EditorSession.command(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]) == ["code", "--wait"])
        let vim = EditorSession.command(environment: ["EDITOR": "vim"])
        #expect(vim == ["vim", "-n", "-i", "NONE", "--cmd", EditorSession.noCopies, "-c", EditorSession.noCopies])
        let nvim = EditorSession.command(environment: ["EDITOR": "/usr/local/bin/nvim"])
        #expect(nvim.contains("-n") && nvim.contains("NONE"))
    }
}

@Suite("Interactive screens at every size")
struct InteractiveSizeTests {
    /// Drives a fresh app to a screen, at a size.
    private func screen(_ rows: Int, _ columns: Int, welcomed: Bool = true, draft: String? = nil,
                        keys: [Key]) throws -> (Frame, InteractiveApp) {
        let harness = try AppHarness(size: TerminalSize(rows: rows, columns: columns), welcomed: welcomed)
        if let draft { try harness.drafts.save(draft) }
        harness.start()
        for key in keys { harness.press(key) }
        return (harness.frame, harness.app)
    }

    static let sizes: [(Int, Int)] = [(10, 40), (10, 41), (11, 44), (10, 60), (12, 50), (10, 80), (24, 40)]

    @Test(arguments: sizes)
    func everyMenuScreenShowsItsWayOnAndFits(rows: Int, columns: Int) throws {
        let heavy: [Key] = [.paste("I want to die"), .control("d"), .text("1")]
        let cases: [(String, Bool, String?, [Key], [String])] = [
            ("welcome", false, nil, [], ["1  Start writing"]),
            ("draft offer", true, String(repeating: "a long first line of an old draft ", count: 5), [], ["1  Continue writing it", "2  Let it go"]),
            ("feeling", true, nil, [.paste("hello"), .control("d")], ["1  lighter", "3  heavier"]),
            ("support", true, nil, heavy, ["1  Get support now", "2  Not right now"]),
            ("resources", true, nil, heavy + [.text("1")],
             ["Samaritans", "116 123", "NHS 111", "Emergency services", "999", "1  Continue"]),
            ("actions", true, nil, [.paste("hello"), .control("d"), .text("1")], ["1  Keep for later", "3  Close"]),
            ("confirm", true, nil, [.paste("hello"), .control("d"), .text("1"), .text("2")], ["1  Let it go", "2  Not yet"]),
        ]
        for (name, welcomed, draft, keys, expected) in cases {
            let (frame, _) = try screen(rows, columns, welcomed: welcomed, draft: draft, keys: keys)
            #expect(frame.rows.count == rows)
            let text = frame.screenText
            for words in expected { #expect(text.contains(words), "\(name) at \(rows)×\(columns) lacks \(words):\n\(text)") }
            for line in frame.lines { #expect(DisplayWidth.of(line) <= columns, "\(name) at \(rows)×\(columns): \(line)") }
            #expect(!text.contains("111  111"))
        }
    }

    @Test(arguments: sizes)
    func theHistorySaysHowManyMoreAreBelow(rows: Int, columns: Int) throws {
        let harness = try AppHarness(size: TerminalSize(rows: rows, columns: columns))
        harness.start()
        for number in 1 ... 9 {
            harness.press(.paste("entry \(number)"), .control("d"), .text("1"), .text("1"), .escape)
        }
        harness.press(.control("k"))
        let shown = harness.screen.components(separatedBy: "entry ").count - 1
        #expect(shown >= 1)
        if shown < 9 {
            #expect(harness.screen.contains("↓ \(9 - shown) more"), "\(rows)×\(columns):\n\(harness.screen)")
        }
        for line in harness.frame.lines { #expect(DisplayWidth.of(line) <= columns) }
        // At the end of the list, nothing more is below.
        harness.press(.end)
        #expect(!harness.screen.contains(" more"))
        #expect(harness.screen.contains("› entry 1"))
    }
}
