import Foundation
import SayItLaterCore

/// The full-screen app: splash, welcome, writing, feeling, support, actions, history, detail.
///
/// Where to go next is decided by ``WritingFlow`` (in the core, shared with plain mode); this
/// type turns keys into the flow's named actions and draws what the flow is at. ``run()`` draws
/// a frame, waits for one event, handles it, and repeats until the person leaves. Everything
/// it touches comes in through `init` (the terminal, the journal, the draft store, the clock),
/// so tests drive it with scripted keys and read back the frames it drew.
final class InteractiveApp {
    /// Why the app stopped.
    enum Outcome: Equatable {
        /// Ctrl-C.
        case quit
        /// The input ended (the terminal closed).
        case ended
        /// SIGINT, SIGTERM or SIGHUP.
        case signal(Int32)
    }

    typealias LetGoTarget = LetGoSubject
    typealias ReturnPoint = ResourcesReturn

    enum Screen: Equatable {
        case splash
        case welcome
        case draftOffer
        case writing
        case feeling
        case support
        case resources(ReturnPoint)
        case actions
        case confirmLetGo(LetGoTarget)
        /// The quiet acknowledgement after letting go; then the writing screen or the history.
        case gone(thenHistory: Bool)
        case history
        case detail
    }

    /// How long the splash stays, in seconds.
    static let splashDuration = 1.0
    /// How long "It's gone." stays before the next screen.
    static let goneDuration = 1.6
    /// How long typing may pause before the draft is flushed to disk. Every change is written
    /// to the draft file at once (so it survives the program being killed); flushing it to the
    /// disk itself (so it survives a power cut) waits for a pause, a line break or a paste.
    static let draftInterval = 0.3

    // MARK: Dependencies

    private let terminal: Terminal
    private let journal: Journal
    private let marks: LaunchMarks
    private let clock: () -> Double
    private let formatDate: (Date) -> String
    private let showSplash: Bool
    private let editor: ((String) throws -> String)?
    /// Set when the editor failed: the built-in writing screen takes over for this run.
    private var editorFailed = false

    // MARK: State (internal so tests can look)

    let flow: WritingFlow
    private var showingSplash = false
    /// Keys typed on the first launch before the writing screen (during the name and the
    /// welcome): given to the writing screen when it opens.
    private var earlyKeys: [Key] = []

    private static func isWriting(_ key: Key) -> Bool {
        switch key {
        case .text, .paste, .tab: return true
        default: return false
        }
    }
    private(set) var menu = Menu([])
    private(set) var text = TextArea()
    private(set) var outcome: Outcome?
    /// A quiet line in the footer until the next key.
    private(set) var notice: String?

    private var deadline: Double?
    private var lastDurableSave = -Double.infinity
    private var writingScroll = 0
    /// How far a screen too long for the window is scrolled (PageUp / PageDown).
    private var bodyScroll = 0

    /// How many of the journal's warnings have been shown (the rest are shown next).
    private var warningsShown = 0

    private var entries: [EntrySummary] = []
    /// Files the history's listing could not read: said under the heading.
    private var unreadableCount = 0
    private var historySelection = 0
    private var historyScroll = 0
    private var detailScroll = 0
    /// The entry on the detail screen, laid out at one width: laid out again only when the
    /// entry or the width changes, not for every key and frame (a long entry takes seconds).
    private var detailLayout: (text: String, width: Int, area: TextArea, layout: TextAreaLayout)?

    /// - Parameters:
    ///   - terminal: where to draw and read keys.
    ///   - journal: where kept entries go.
    ///   - drafts: where the words in progress are saved.
    ///   - marks: the first-launch and hint marks.
    ///   - clock: seconds on a steady clock (tests pass their own).
    ///   - formatDate: how entry dates are shown.
    ///   - showSplash: false skips the splash (tests that are not about it).
    ///   - editor: when set, the person's own editor replaces the writing screen: it gets the
    ///     words so far and returns what was saved.
    init(terminal: Terminal, journal: Journal, drafts: DraftStore, marks: LaunchMarks,
         clock: @escaping () -> Double, formatDate: @escaping (Date) -> String, showSplash: Bool = true,
         editor: ((String) throws -> String)? = nil) {
        self.terminal = terminal
        self.journal = journal
        self.marks = marks
        self.clock = clock
        self.formatDate = formatDate
        self.showSplash = showSplash
        self.editor = editor
        flow = WritingFlow(journal: journal, drafts: drafts, marks: marks)
    }

    /// Runs until the person leaves. The terminal is restored before this returns.
    func run() throws -> Outcome {
        try terminal.enterFullScreen()
        defer { terminal.leaveFullScreen() }
        start()
        while outcome == nil {
            terminal.draw(render(size: terminal.size))
            let timeout = deadline(now: clock()).map { max(0, $0 - clock()) }
            handle(terminal.readEvent(timeout: timeout))
        }
        return outcome ?? .quit
    }

    /// Whether leaving now left words behind in the draft.
    var leftDraft: Bool { flow.leftDraft }

    /// What to say on leaving about the draft: kept, or (when it could not be written) not.
    var leavingMessage: String? { flow.leavingMessage }

    /// How the person said they feel, on the feeling screen.
    var feeling: Feeling? { flow.feeling }

    /// The screen showing now.
    var screen: Screen {
        if showingSplash { return .splash }
        switch flow.stage {
        case .welcome: return .welcome
        case .draftOffer: return .draftOffer
        case .writing: return .writing
        case .feeling: return .feeling
        case .support: return .support
        case let .resources(point): return .resources(point)
        case .actions: return .actions
        case let .confirmLetGo(target): return .confirmLetGo(target)
        case let .gone(thenHistory): return .gone(thenHistory: thenHistory)
        case .history: return .history
        case .detail: return .detail
        }
    }

    // MARK: Flow

    func start() {
        flow.start()
        if let told = flow.startNotice { notice = told }
        if showSplash {
            showingSplash = true
            deadline = clock() + Self.splashDuration
        } else {
            stageChanged(from: nil)
        }
    }

    private func afterSplash() {
        showingSplash = false
        deadline = nil
        stageChanged(from: nil)
    }

    /// Does a named action and shows what came of it.
    private func perform(_ action: FlowAction) {
        let before = flow.stage
        let result = flow.perform(action)
        if flow.text != text.text { text = TextArea(flow.text) }
        switch result {
        case .none: break
        case let .failed(words), let .notice(words): notice = words
        case .kept:
            notice = newWarning() ?? Copy.kept
            historySelection = 0
        case .gone:
            deadline = clock() + Self.goneDuration
            if case .confirmLetGo(let subject) = before, subject != .writing, subject != .draft {
                let notes = [flow.letGoNote, newWarning()].compactMap { $0 }
                notice = notes.isEmpty ? nil : notes.joined(separator: " ")
            }
        case .closed:
            notice = Copy.closedSummary
        }
        if flow.stage != before { stageChanged(from: before) }
    }

    /// Sets up the screen the flow moved to.
    private func stageChanged(from before: FlowStage?) {
        bodyScroll = 0
        let choices = flow.choices.map(\.label)
        switch flow.stage {
        case .feeling:
            menu = Menu(choices, selection: flow.feeling.flatMap { Feeling.allCases.firstIndex(of: $0) } ?? 0)
        case .detail:
            menu = Menu(choices, selection: 1)
            if before == .history { detailScroll = 0 }
        case .history:
            loadHistory()
        case .writing:
            menu = Menu([])
            if let editor, !editorFailed {
                writeInEditor(editor)
            } else if !earlyKeys.isEmpty {
                // Keys typed while the name showed: after a draft taken up, on a line of their own.
                let held = earlyKeys
                earlyKeys = []
                if !text.isBlank {
                    text.newline()
                    text.newline()
                }
                held.forEach(handleWriting)
            }
        default:
            menu = Menu(choices)
        }
    }

    /// The editor stands in for the writing screen: what it returns goes on to "How do you
    /// feel now?"; an empty file leaves the app; a failure falls back to the writing screen.
    private func writeInEditor(_ editor: (String) throws -> String) {
        let written: String
        do {
            written = try editor(text.text)
        } catch let interrupted as EditorSession.Interrupted {
            // What the editor held is the draft now; leave as the signal asks.
            text = TextArea(interrupted.text)
            flow.write(interrupted.text)
            finish(.signal(interrupted.signal))
            return
        } catch {
            editorFailed = true
            notice = WritingFlow.reason(error)
            return
        }
        text = TextArea(written)
        flow.write(written)
        if let problem = flow.saveDraft() { notice = problem }
        if text.isBlank {
            finish(.ended)
        } else {
            perform(.done)
        }
    }

    /// The next moment something happens by itself: the splash or "It's gone." moving on, or
    /// the draft being flushed to disk after a pause in typing.
    func deadline(now: Double) -> Double? {
        var next = deadline
        if flow.unsaved {
            let save = lastDurableSave + Self.draftInterval
            next = min(next ?? save, save)
        }
        return next
    }

    func handle(_ event: TerminalEvent) {
        let now = clock()
        if flow.unsaved, now >= lastDurableSave + Self.draftInterval { saveDraft(durable: true) }
        switch event {
        case .timeout:
            if let due = deadline, now >= due { timePassed() }
        case .resize:
            break  // the next frame is laid out at the new size
        case .end:
            finish(.ended)
        case let .signal(number):
            finish(.signal(number))
        case .key(.control("c")):
            finish(.quit)
        case .key(.control("l")):
            terminal.invalidate()
        case .key(.control("z")):
            saveDraft(durable: true)
            terminal.suspend()
        case let .key(key):
            let hadNotice = notice
            handle(key)
            if notice == hadNotice { notice = nil }
        }
    }

    private func timePassed() {
        deadline = nil
        if showingSplash { return afterSplash() }
        if case .gone = flow.stage { perform(.moveOn) }
    }

    private func finish(_ result: Outcome) {
        saveDraft(durable: true)
        outcome = result
    }

    private func handle(_ key: Key) {
        if showingSplash {
            // Any key skips the splash; what was typed belongs to the writing screen.
            afterSplash()
            if outcome == nil, flow.stage == .writing, editor == nil || editorFailed { handleWriting(key) }
            if flow.stage == .welcome || flow.stage == .draftOffer, Self.isWriting(key) { earlyKeys.append(key) }
            return
        }
        switch flow.stage {
        case .welcome where !earlyKeys.isEmpty && key != .enter:
            // Words begun while the name showed (on the first launch, the welcome comes next)
            // are kept for the writing screen, and so is the rest of them, typed on: they are
            // the start of the writing. Enter opens the writing screen with them.
            if Self.isWriting(key) || key == .backspace { earlyKeys.append(key) } else { handleMenu(key) }
        case .draftOffer where !earlyKeys.isEmpty && Self.isWriting(key) && key.digit == nil && key != .tab:
            // Words begun while the name showed, with a draft waiting: still the start of the
            // writing, after the person has said what to do with the draft. The choice's keys
            // (a number, the arrows, Enter) still choose.
            earlyKeys.append(key)
        case .welcome:
            handleMenu(key)
            if flow.stage == .writing, editor == nil || editorFailed {
                let held = earlyKeys
                earlyKeys = []
                held.forEach(handleWriting)
            }
        case .writing:
            handleWriting(key)
        case .gone:
            perform(.moveOn)
        case .history:
            handleHistory(key)
        case .detail:
            handleDetail(key)
        default:
            handleMenu(key)
        }
    }

    /// A screen of text and a vertical menu: the keys choose, Escape goes back, PageUp and
    /// PageDown scroll a screen too long for the window.
    private func handleMenu(_ key: Key) {
        switch key {
        case .escape:
            perform(.back)
        case .pageUp:
            bodyScroll = max(bodyScroll - 1, 0)
        case .pageDown:
            bodyScroll += 1  // kept in range when drawn
        default:
            if case let .chosen(index) = menu.handle(key), index < flow.choices.count {
                perform(flow.choices[index].action)
            }
        }
    }

    // MARK: Writing

    private func handleWriting(_ key: Key) {
        let width = Self.writingWidth(columns: terminal.size.columns)
        let before = text
        switch key {
        case let .text(typed): text.insert(typed)
        case let .paste(pasted): text.insert(pasted)
        case .tab: text.insert("\t")
        case .enter: text.newline()
        case .backspace: text.backspace()
        case .delete: text.deleteForward()
        case .left: text.moveLeft()
        case .right: text.moveRight()
        case .up: text.moveUp(width: width)
        case .down: text.moveDown(width: width)
        case .home, .control("a"): text.moveHome()
        case .end, .control("e"): text.moveEnd()
        case .pageUp: text.moveVertically(by: -max(writingRows(terminal.size) - 1, 1), width: width)
        case .pageDown: text.moveVertically(by: max(writingRows(terminal.size) - 1, 1), width: width)
        case .control("d"):
            flow.write(text.text)
            perform(.done)
            if !flow.unsaved { lastDurableSave = clock() }
            return
        case .control("k"):
            flow.write(text.text)
            perform(.openHistory)
            return
        default:
            break
        }
        if text.lines != before.lines {
            flow.write(text.text)
            // Written at once, so a killed program loses nothing; flushed to disk at a line
            // break, a paste, or after a pause.
            let durable = key == .enter || key.isPaste || clock() >= lastDurableSave + Self.draftInterval
            saveDraft(durable: durable)
        }
    }

    private func saveDraft(durable: Bool) {
        if let problem = flow.saveDraft(durable: durable) {
            notice = problem
        } else if notice?.hasPrefix(Copy.draftNotSaved("")) == true {
            notice = nil
        }
        if durable { lastDurableSave = clock() }
    }

    /// The latest thing the journal wants the person to know (say, an entry kept but not yet
    /// committed to git), if it has not been shown. All of them are printed again on leaving.
    private func newWarning() -> String? {
        let warnings = journal.warnings
        defer { warningsShown = warnings.count }
        return warnings.count > warningsShown ? warnings.last : nil
    }

    // MARK: History and detail

    private func loadHistory() {
        let listing = journal.list()
        entries = listing.entries
        unreadableCount = listing.problems.count
        historySelection = min(historySelection, max(entries.count - 1, 0))
        menu = Menu([])
    }

    private func handleHistory(_ key: Key) {
        switch key {
        case .escape, .control("k"), .left, .text("q"):
            perform(.back)
        case .up:
            historySelection = max(historySelection - 1, 0)
        case .down, .tab:
            historySelection = min(historySelection + 1, max(entries.count - 1, 0))
        case .home:
            historySelection = 0
        case .end:
            historySelection = max(entries.count - 1, 0)
        case .pageUp:
            historySelection = max(historySelection - 5, 0)
        case .pageDown:
            historySelection = min(historySelection + 5, max(entries.count - 1, 0))
        case .enter, .right:
            guard historySelection < entries.count else { return }
            perform(.open(entries[historySelection]))
        case .text("s"), .text("S"):
            guard historySelection < entries.count else { return }
            perform(.supportFor(entries[historySelection]))
        default:
            break
        }
    }

    private func handleDetail(_ key: Key) {
        guard let entry = flow.entry else { return perform(.back) }
        let rows = detailTextRows(terminal.size)
        let total = laidOut(entry.text, width: Self.writingWidth(columns: terminal.size.columns)).layout.rows.count
        let maxScroll = max(total - rows, 0)
        switch key {
        case .escape, .text("q"):
            perform(.back)
        case .up: detailScroll = max(detailScroll - 1, 0)
        case .down: detailScroll = min(detailScroll + 1, maxScroll)
        case .pageUp: detailScroll = max(detailScroll - max(rows - 1, 1), 0)
        case .pageDown: detailScroll = min(detailScroll + max(rows - 1, 1), maxScroll)
        case .text("s") where entry.safety, .text("S") where entry.safety:
            perform(.getSupport)
        default:
            if case let .chosen(index) = menu.handle(key, vertical: false), index < flow.choices.count {
                perform(flow.choices[index].action)
            }
        }
    }

    // MARK: Rendering

    /// The writing column's wrap width: the content column less one spare column, where the
    /// cursor sits at the end of a full row.
    static func writingWidth(columns: Int) -> Int {
        max(Canvas.margins(columns: columns).width - 1, 2)
    }

    private func promptLines(_ size: TerminalSize) -> [String] {
        DisplayWidth.wrap(Copy.writingPrompt, width: Canvas(size: size).width)
    }

    private func writingFooter(_ canvas: Canvas) -> [ScreenRow] {
        if let notice { return canvas.footerRows(notice) }
        var hints: [String] = []
        if !marks.has(.doneKeyLearned) { hints.append(Copy.doneHint) }
        if flow.hasEntries { hints.append(Copy.keptKeyHint) }
        if hints.isEmpty { return [] }
        let together = hints.joined(separator: "   ")
        if DisplayWidth.of(together) <= canvas.width { return [canvas.footerRow(together)] }
        return hints.map { canvas.footerRow($0) }
    }

    /// The first screen row of the text and how many rows it has.
    private func writingArea(_ size: TerminalSize) -> (top: Int, rows: Int) {
        let canvas = Canvas(size: size)
        let prompt = promptLines(size).count
        let footer = writingFooter(canvas).count
        let roomy = size.rows >= prompt + footer + 6
        let top = (roomy ? 1 : 0) + prompt + (roomy ? 1 : 0)
        let bottom = footer + (roomy && footer > 0 ? 1 : 0)
        return (top, max(size.rows - top - bottom, 1))
    }

    private func writingRows(_ size: TerminalSize) -> Int { writingArea(size).rows }

    private func detailTextRows(_ size: TerminalSize) -> Int {
        max(size.rows - 4 - detailFooterCount(size), 1)
    }

    private func detailFooterCount(_ size: TerminalSize) -> Int {
        var canvas = Canvas(size: size)
        canvas.actionRow(menu)
        return canvas.rows.count + 1 + (notice.map { canvas.footerRows($0).count } ?? 1)
    }

    /// The frame for the current state at `size`.
    func render(size: TerminalSize) -> Frame {
        let size = TerminalSize(rows: max(size.rows, 1), columns: max(size.columns, 1))
        var canvas = Canvas(size: size)
        switch screen {
        case .splash:
            let lines = DisplayWidth.wrap(Copy.appName, width: canvas.width).map { ($0, TextStyle.bold) }
                + [("", .plain)] + DisplayWidth.wrap(Copy.tagline, width: canvas.width).map { ($0, TextStyle.dim) }
            canvas.blank(max((size.rows - lines.count) / 2, 0))
            for (line, style) in lines { canvas.centred(line, style) }
            return canvas.frame()
        case .welcome:
            return menuScreen(size, [[.blank, .paragraph(Copy.appName, .bold), .blank]
                + Copy.welcome.map { .plain($0) } + [.blank, .plain(Copy.privacy)]])
        case .draftOffer:
            return menuScreen(size, [[.blank, .paragraph(Copy.draftFound, .bold), .blank,
                                      .line(Copy.draftPreview(flow.foundDraft ?? ""), .dim)]])
        case .writing:
            return renderWriting(size: size)
        case .feeling:
            return menuScreen(size, [[.blank, .paragraph(Copy.feelingQuestion, .bold)]])
        case .support:
            return menuScreen(size, [[.blank, .paragraph(Copy.supportHeading, .bold), .blank]
                + Copy.supportBody.map { .plain($0) }])
        case .resources:
            return renderResources(size: size)
        case .actions:
            return menuScreen(size, [[.blank, .paragraph(Copy.actionsQuestion, .bold)]])
        case .confirmLetGo:
            return menuScreen(size, [[.blank, .paragraph(flow.letGoQuestion, .bold)]])
        case .gone:
            canvas.blank(max((size.rows - 1) / 2, 0))
            canvas.centred(Copy.letGoDone, .plain)
            return canvas.frame()
        case .history:
            return renderHistory(size: size)
        case .detail:
            return renderDetail(size: size)
        }
    }

    /// One piece of a menu screen's text: a paragraph wrapped to the column, one row cut with
    /// "…", styled spans, or a blank row.
    private enum Piece {
        case paragraph(String, TextStyle)
        case line(String, TextStyle)
        case spans([Span])
        case blank

        static func plain(_ text: String) -> Piece { .paragraph(text, .plain) }

        var isBlank: Bool {
            if case .blank = self { return true }
            return false
        }
    }

    /// Lays out the first of `variants` whose text fits above the menu, dropping blank rows
    /// before giving up on a variant. When none fits, the last one scrolls (PageUp / PageDown)
    /// above a line saying there is more, and the menu, the way on, never leaves the screen.
    private func menuScreen(_ size: TerminalSize, _ variants: [[Piece]]) -> Frame {
        let footer = notice.map { Canvas(size: size).footerRows($0) } ?? []
        var menuCanvas = Canvas(size: size)
        menuCanvas.menu(menu)
        let menuRows = menuCanvas.rows
        func rows(_ pieces: [Piece]) -> [ScreenRow] {
            var canvas = Canvas(size: size)
            for piece in pieces {
                switch piece {
                case let .paragraph(text, style): canvas.paragraph(text, style)
                case let .line(text, style): canvas.line(text, style)
                case let .spans(spans): canvas.spans(spans)
                case .blank: canvas.blank()
                }
            }
            return canvas.rows
        }
        let room = size.rows - footer.count - menuRows.count
        var body: [ScreenRow] = []
        var fits = false
        for pieces in variants where !fits {
            body = rows(pieces)
            if body.count + 1 <= room {
                body.append(.blank)  // a blank row between the text and the menu
                fits = true
            } else if body.count <= room {
                fits = true
            } else {
                body = rows(pieces.filter { !$0.isBlank })
                fits = body.count <= room
            }
        }
        var canvas = Canvas(size: size)
        if fits {
            bodyScroll = 0
            canvas.append(body)
        } else {
            let window = max(room - 1, 0)
            let maxScroll = max(body.count - window, 0)
            bodyScroll = min(bodyScroll, maxScroll)
            canvas.append(Array(body[bodyScroll ..< min(bodyScroll + window, body.count)]))
            if room >= 1 {
                canvas.line(bodyScroll < maxScroll ? Copy.moreBelow(maxScroll - bodyScroll) : Copy.moreAbove, .dim)
            }
        }
        canvas.append(menuRows)
        return canvas.frame(footer: footer)
    }

    /// The support resources: all three, their numbers and the way on, at any size down to
    /// 40×10 (blank rows and the details give way first).
    private func renderResources(size: TerminalSize) -> Frame {
        var full: [Piece] = [.blank, .paragraph(Copy.supportResourcesHeading, .bold), .blank]
        var short: [Piece] = [.paragraph(Copy.supportResourcesHeading, .bold)]
        for resource in SupportResource.all {
            let call: [Span] = resource.name.contains(resource.contact)
                ? [Span(resource.name, .bold)]
                : [Span(resource.name + "  "), Span(resource.contact, .bold)]
            full += [.spans(call), .paragraph(resource.detail, .dim), .blank]
            short.append(.spans(call))
        }
        full.append(.plain(Copy.supportPrivacy))
        short.append(.paragraph(Copy.supportFree, .dim))
        return menuScreen(size, [full, short])
    }

    private func renderWriting(size: TerminalSize) -> Frame {
        var canvas = Canvas(size: size)
        let width = Self.writingWidth(columns: size.columns)
        let area = writingArea(size)
        let layout = text.layout(width: width)
        if layout.cursorRow < writingScroll { writingScroll = layout.cursorRow }
        if layout.cursorRow >= writingScroll + area.rows { writingScroll = layout.cursorRow - area.rows + 1 }
        writingScroll = max(0, min(writingScroll, max(layout.rows.count - area.rows, 0)))

        let prompt = promptLines(size)
        if area.top > prompt.count { canvas.blank() }
        for line in prompt { canvas.line(line, .bold) }
        while canvas.rows.count < area.top { canvas.blank() }
        for index in writingScroll ..< min(writingScroll + area.rows, layout.rows.count) {
            canvas.spans([Span(text.display(layout.rows[index], width: width))])
        }
        let cursorRow = area.top + layout.cursorRow - writingScroll
        let cursorColumn = min(canvas.left + layout.cursorColumn, size.columns - 1)
        return canvas.frame(footer: writingFooter(canvas), cursor: (cursorRow, cursorColumn))
    }

    private func renderHistory(size: TerminalSize) -> Frame {
        var canvas = Canvas(size: size)
        let footer = canvas.footerRows(notice ?? (entries.isEmpty ? Copy.historyEmptyKeys : Copy.historyKeys))
        let roomy = size.rows - footer.count >= 9
        if roomy { canvas.blank() }
        canvas.paragraph(Copy.historyHeading, .bold)
        if unreadableCount > 0 { canvas.paragraph(Copy.unreadableInHistory(unreadableCount), .dim) }
        if roomy { canvas.blank() }
        if entries.isEmpty {
            if unreadableCount == 0 { for line in Copy.historyEmpty { canvas.paragraph(line, .dim) } }
            return canvas.frame(footer: footer)
        }
        // Cards: preview, then date and feeling, then (for a flagged entry) the support action.
        func card(_ index: Int) -> [ScreenRow] {
            var card = Canvas(size: size)
            let entry = entries[index]
            let selected = index == historySelection
            let preview = entry.preview.isEmpty ? Copy.emptyPreview : entry.preview
            card.marked(selected, preview, selected ? .bold : .plain)
            let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
            let indent = card.left >= 2 ? 0 : 2
            card.spans([Span(meta.joined(separator: " · "), .dim)], indent: indent)
            if entry.safety { card.spans([Span(Copy.getSupportKeyHint, .dim)], indent: indent) }
            card.blank()
            return card.rows
        }
        let room = max(size.rows - canvas.rows.count - footer.count, 1)
        /// Rows the cards `first ... last` take, with a row for "n more" when cards follow.
        func needed(_ first: Int, _ last: Int) -> Int {
            (first ... last).reduce(0) { $0 + card($1).count } - 1 + (last < entries.count - 1 ? 1 : 0)
        }
        // Scroll by whole cards so the selected card is always fully in view.
        if historySelection < historyScroll { historyScroll = historySelection }
        while historyScroll < historySelection, needed(historyScroll, historySelection) > room { historyScroll += 1 }
        var last = historyScroll
        while last + 1 < entries.count, needed(historyScroll, last + 1) <= room { last += 1 }
        var rows = (historyScroll ... last).flatMap(card)
        if rows.last == .blank { rows.removeLast() }
        let below = entries.count - 1 - last
        if below > 0 {
            rows = Array(rows.prefix(room - 1))
            var more = Canvas(size: size)
            more.line(Copy.moreBelow(below), .dim)
            rows += more.rows
        }
        canvas.append(Array(rows.prefix(room)))
        return canvas.frame(footer: footer)
    }

    private func laidOut(_ text: String, width: Int) -> (area: TextArea, layout: TextAreaLayout) {
        if let cached = detailLayout, cached.width == width, cached.text == text { return (cached.area, cached.layout) }
        let area = TextArea(text)
        let layout = area.layout(width: width)
        detailLayout = (text, width, area, layout)
        return (area, layout)
    }

    private func renderDetail(size: TerminalSize) -> Frame {
        var canvas = Canvas(size: size)
        guard let entry = flow.entry else { return canvas.frame() }
        canvas.blank()
        let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
        canvas.line(meta.joined(separator: " · "), .dim)
        canvas.blank()
        let width = Self.writingWidth(columns: size.columns)
        let (area, layout) = laidOut(entry.text, width: width)
        let rows = detailTextRows(size)
        detailScroll = max(0, min(detailScroll, max(layout.rows.count - rows, 0)))
        for index in detailScroll ..< min(detailScroll + rows, layout.rows.count) {
            canvas.spans([Span(area.display(layout.rows[index], width: width))])
        }
        var footer = Canvas(size: size)
        footer.blank()
        footer.actionRow(menu)
        if let notice {
            footer.append(footer.footerRows(notice))
        } else if layout.rows.count > rows {
            footer.line(Copy.detailScrollHint, .dim)
        } else {
            footer.blank()
        }
        return canvas.frame(footer: footer.rows)
    }
}
