import Foundation
import SayItLaterCore

/// The full-screen app: splash, welcome, writing, feeling, support, actions, history, detail.
///
/// A small state machine. ``run()`` draws a frame, waits for one event, handles it, and repeats
/// until the person leaves. Everything it touches comes in through `init` (the terminal, the
/// journal, the draft store, the clock), so tests drive it with scripted keys and read back
/// the frames it drew.
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

    /// What a let-go confirmation is about.
    enum LetGoTarget: Equatable {
        /// The words just written (the Let go action).
        case writing
        /// A draft found at start.
        case draft
        /// A kept entry (Delete in its detail).
        case entry(EntrySummary)
    }

    /// Where the support resources screen returns to.
    enum ReturnPoint: Equatable {
        case actions
        case history
        case detail
    }

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
    /// The most often the draft is written while typing.
    static let draftInterval = 0.3

    // MARK: Dependencies

    private let terminal: Terminal
    private let journal: Journal
    private let drafts: DraftStore
    private let marks: LaunchMarks
    private let clock: () -> Double
    private let formatDate: (Date) -> String
    private let showSplash: Bool
    private let editor: ((String) throws -> String)?
    /// Set when the editor failed: the built-in writing screen takes over for this run.
    private var editorFailed = false

    // MARK: State (internal so tests can look)

    private(set) var screen: Screen = .splash
    private(set) var menu = Menu([])
    private(set) var text = TextArea()
    private(set) var feeling: Feeling?
    private(set) var outcome: Outcome?
    /// A quiet line in the footer until the next key.
    private(set) var notice: String?

    private var deadline: Double?
    /// The draft found at start, until the person decides about it.
    private var foundDraft: String?
    /// False until any draft found at start has been dealt with; until then the draft on disk
    /// belongs to the person's decision, not to this run.
    private var ownsDraft = false
    private var draftDirty = false
    private var lastDraftSave = -Double.infinity
    private var writingScroll = 0
    private var hasEntries = false

    /// How many of the journal's warnings have been shown (the rest are shown next).
    private var warningsShown = 0

    private var entries: [EntrySummary] = []
    private var historySelection = 0
    private var historyScroll = 0
    private var detail: Entry?
    private var detailScroll = 0
    private var detailMenuSelection = 1

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
        self.drafts = drafts
        self.marks = marks
        self.clock = clock
        self.formatDate = formatDate
        self.showSplash = showSplash
        self.editor = editor
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
    var leftDraft: Bool {
        ownsDraft ? !text.isBlank : foundDraft != nil
    }

    // MARK: Flow

    func start() {
        hasEntries = !journal.list().entries.isEmpty
        foundDraft = (try? drafts.load()) ?? nil
        if showSplash {
            screen = .splash
            deadline = clock() + Self.splashDuration
        } else {
            afterSplash()
        }
    }

    private func afterSplash() {
        deadline = nil
        if !marks.has(.welcomed) {
            go(.welcome)
        } else {
            afterWelcome()
        }
    }

    private func afterWelcome() {
        if foundDraft != nil {
            go(.draftOffer)
        } else {
            ownsDraft = true
            go(.writing)
        }
    }

    /// Moves to a screen, setting up its menu.
    private func go(_ next: Screen) {
        screen = next
        switch next {
        case .welcome: menu = Menu([Copy.startWriting])
        case .draftOffer: menu = Menu([Copy.continueDraft, Copy.discardDraft])
        case .feeling: menu = Menu(Feeling.allCases.map(\.displayName), selection: feeling.flatMap { Feeling.allCases.firstIndex(of: $0) } ?? 0)
        case .support: menu = Menu([Copy.getSupportNow, Copy.notRightNow])
        case let .resources(point): menu = Menu([point == .actions ? Copy.continueLabel : Copy.back])
        case .actions: menu = Menu([Copy.keepForLater, Copy.letGo, Copy.close])
        case .confirmLetGo: menu = Menu([Copy.letGoConfirm, Copy.letGoCancel])
        case .gone:
            deadline = clock() + Self.goneDuration
        case .detail: menu = Menu(detailActions, selection: detailMenuSelection)
        case .writing:
            menu = Menu([])
            if let editor, !editorFailed { writeInEditor(editor) }
        case .splash, .history: menu = Menu([])
        }
    }

    /// The editor stands in for the writing screen: what it returns goes on to "How do you
    /// feel now?"; an empty file leaves the app; a failure falls back to the writing screen.
    private func writeInEditor(_ editor: (String) throws -> String) {
        let written: String
        do {
            written = try editor(text.text)
        } catch {
            editorFailed = true
            notice = Copy.editorFailed(Self.reason(error))
            return
        }
        text = TextArea(written)
        saveDraft()
        if text.isBlank {
            finish(.ended)
        } else {
            go(.feeling)
        }
    }

    private var detailActions: [String] {
        detail?.safety == true ? [Copy.delete, Copy.back, Copy.getSupport] : [Copy.delete, Copy.back]
    }

    /// The next moment something happens by itself: the splash or "It's gone." moving on, or
    /// the draft being saved after a pause in typing.
    func deadline(now: Double) -> Double? {
        var next = deadline
        if draftDirty {
            let save = lastDraftSave + Self.draftInterval
            next = min(next ?? save, save)
        }
        return next
    }

    func handle(_ event: TerminalEvent) {
        let now = clock()
        if draftDirty, now >= lastDraftSave + Self.draftInterval { saveDraft() }
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
            if ownsDraft { saveDraft() }
            terminal.suspend()
        case let .key(key):
            let hadNotice = notice
            handle(key)
            if notice == hadNotice { notice = nil }
        }
    }

    private func timePassed() {
        deadline = nil
        switch screen {
        case .splash: afterSplash()
        case let .gone(thenHistory): thenHistory ? openHistory() : go(.writing)
        default: break
        }
    }

    private func finish(_ result: Outcome) {
        if ownsDraft { saveDraft() }
        outcome = result
    }

    private func handle(_ key: Key) {
        switch screen {
        case .splash:
            afterSplash()
        case .welcome:
            if case .chosen = menu.handle(key) {
                try? marks.set(.welcomed)
                afterWelcome()
            }
        case .draftOffer:
            switch menu.handle(key) {
            case .chosen(0):
                text = TextArea(foundDraft ?? "")
                foundDraft = nil
                ownsDraft = true
                go(.writing)
            case .chosen:
                go(.confirmLetGo(.draft))
            default:
                break
            }
        case .writing:
            handleWriting(key)
        case .feeling:
            if key == .escape { return go(.writing) }
            if case let .chosen(index) = menu.handle(key) {
                feeling = Feeling.allCases[index]
                go(journal.needsSupport(text.text) ? .support : .actions)
            }
        case .support:
            if key == .escape { return go(.actions) }
            switch menu.handle(key) {
            case .chosen(0): go(.resources(.actions))
            case .chosen: go(.actions)
            default: break
            }
        case let .resources(point):
            if key == .escape || menu.handle(key) == .chosen(0) {
                switch point {
                case .actions: go(.actions)
                case .history: go(.history)
                case .detail: go(.detail)
                }
            }
        case .actions:
            if key == .escape { return go(.feeling) }
            switch menu.handle(key) {
            case .chosen(0): keep()
            case .chosen(1): go(.confirmLetGo(.writing))
            case .chosen: closeWriting()
            default: break
            }
        case let .confirmLetGo(target):
            let choice = menu.handle(key)
            if key == .escape || choice == .chosen(1) {
                switch target {
                case .writing: go(.actions)
                case .draft: go(.draftOffer)
                case .entry: go(.detail)
                }
            } else if choice == .chosen(0) {
                letGo(target)
            }
        case .gone:
            timePassed()
        case .history:
            handleHistory(key)
        case .detail:
            handleDetail(key)
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
            if text.isBlank {
                notice = Copy.nothingWritten
                return
            }
            saveDraft()
            if !marks.has(.doneKeyLearned) { try? marks.set(.doneKeyLearned) }
            feeling = nil
            go(.feeling)
        case .control("k"):
            if hasEntries {
                saveDraft()
                openHistory()
            }
        default:
            break
        }
        if text.lines != before.lines {
            draftDirty = true
            // A line break or a paste is a natural moment to save; otherwise at most every 0.3 s.
            if key == .enter || key.isPaste || clock() >= lastDraftSave + Self.draftInterval {
                saveDraft()
            }
        }
    }

    private func saveDraft() {
        do {
            try drafts.save(text.text)
            if notice?.hasPrefix(Copy.draftNotSaved("")) == true { notice = nil }
        } catch {
            notice = Copy.draftNotSaved(Self.reason(error))
        }
        draftDirty = false
        lastDraftSave = clock()
    }

    private func clearWriting() {
        text = TextArea()
        feeling = nil
        writingScroll = 0
        draftDirty = false
        do {
            try drafts.clear()
        } catch {
            notice = Copy.draftNotSaved(Self.reason(error))
        }
    }

    private func keep() {
        do {
            try journal.keep(text: text.text, feeling: feeling)
        } catch {
            notice = Copy.couldNotKeep(Self.reason(error))
            return
        }
        clearWriting()
        hasEntries = true
        historySelection = 0
        openHistory()
        notice = newWarning() ?? Copy.kept
    }

    /// The latest thing the journal wants the person to know (say, an entry kept but not yet
    /// committed to git), if it has not been shown. All of them are printed again on leaving.
    private func newWarning() -> String? {
        let warnings = journal.warnings
        defer { warningsShown = warnings.count }
        return warnings.count > warningsShown ? warnings.last : nil
    }

    private func closeWriting() {
        clearWriting()
        go(.writing)
    }

    private func letGo(_ target: LetGoTarget) {
        switch target {
        case .writing:
            clearWriting()
            go(.gone(thenHistory: false))
        case .draft:
            foundDraft = nil
            ownsDraft = true
            clearWriting()
            go(.gone(thenHistory: false))
        case let .entry(summary):
            do {
                try journal.letGo(summary)
            } catch {
                go(.detail)
                notice = Copy.couldNotLetGo(Self.reason(error))
                return
            }
            detail = nil
            go(.gone(thenHistory: true))
            notice = newWarning()
        }
    }

    // MARK: History and detail

    private func openHistory() {
        let listing = journal.list()
        entries = listing.entries
        hasEntries = !entries.isEmpty
        historySelection = min(historySelection, max(entries.count - 1, 0))
        go(.history)
    }

    private func handleHistory(_ key: Key) {
        switch key {
        case .escape, .control("k"), .left, .text("q"):
            go(.writing)
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
            do {
                detail = try journal.load(entries[historySelection])
            } catch {
                notice = Copy.couldNotOpen(Self.reason(error))
                return
            }
            detailScroll = 0
            detailMenuSelection = 1
            go(.detail)
        case .text("s"), .text("S"):
            if historySelection < entries.count, entries[historySelection].safety { go(.resources(.history)) }
        default:
            break
        }
    }

    private func handleDetail(_ key: Key) {
        guard let entry = detail else { return go(.history) }
        let rows = detailTextRows(terminal.size)
        let total = TextArea(entry.text).layout(width: Self.writingWidth(columns: terminal.size.columns)).rows.count
        let maxScroll = max(total - rows, 0)
        switch key {
        case .escape, .text("q"):
            go(.history)
            return
        case .up: detailScroll = max(detailScroll - 1, 0)
        case .down: detailScroll = min(detailScroll + 1, maxScroll)
        case .pageUp: detailScroll = max(detailScroll - max(rows - 1, 1), 0)
        case .pageDown: detailScroll = min(detailScroll + max(rows - 1, 1), maxScroll)
        case .text("s") where entry.safety, .text("S") where entry.safety:
            go(.resources(.detail))
        default:
            let result = menu.handle(key, vertical: false)
            detailMenuSelection = menu.selection
            switch result {
            case .chosen(0): go(.confirmLetGo(.entry(EntrySummary(
                id: entry.id, date: entry.date, feeling: entry.feeling, safety: entry.safety,
                preview: "", path: entry.path))))
            case .chosen(1): go(.history)
            case .chosen(2): go(.resources(.detail))
            default: break
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
        if let notice { return [canvas.footerRow(notice)] }
        var hints: [String] = []
        if !marks.has(.doneKeyLearned) { hints.append(Copy.doneHint) }
        if hasEntries { hints.append(Copy.keptKeyHint) }
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
        return canvas.rows.count + 2
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
            for (line, style) in lines { centred(&canvas, line, style) }
            return canvas.frame()
        case .welcome:
            canvas.blank()
            canvas.paragraph(Copy.appName, .bold)
            canvas.blank()
            for line in Copy.welcome { canvas.paragraph(line) }
            canvas.blank()
            canvas.paragraph(Copy.privacy)
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame()
        case .draftOffer:
            canvas.blank()
            canvas.paragraph(Copy.draftFound, .bold)
            canvas.blank()
            let preview = EntryPreview.firstLine(foundDraft ?? "")
            canvas.line("“" + preview + "”", .dim)
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame()
        case .writing:
            return renderWriting(size: size)
        case .feeling:
            canvas.blank()
            canvas.paragraph(Copy.feelingQuestion, .bold)
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame(footer: notice.map { [canvas.footerRow($0)] } ?? [])
        case .support:
            canvas.blank()
            canvas.paragraph(Copy.supportHeading, .bold)
            canvas.blank()
            for line in Copy.supportBody { canvas.paragraph(line) }
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame()
        case .resources:
            canvas.blank()
            canvas.paragraph(Copy.supportResourcesHeading, .bold)
            canvas.blank()
            for resource in SupportResource.all {
                canvas.spans([Span(resource.name + "  "), Span(resource.contact, .bold)])
                canvas.paragraph(resource.detail, .dim)
                canvas.blank()
            }
            canvas.menu(menu)
            return canvas.frame()
        case .actions:
            canvas.blank()
            canvas.paragraph(Copy.actionsQuestion, .bold)
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame(footer: notice.map { [canvas.footerRow($0)] } ?? [])
        case .confirmLetGo:
            canvas.blank()
            canvas.paragraph(Copy.letGoConfirmation, .bold)
            canvas.blank()
            canvas.menu(menu)
            return canvas.frame()
        case .gone:
            canvas.blank(max((size.rows - 1) / 2, 0))
            centred(&canvas, Copy.letGoDone, .plain)
            return canvas.frame()
        case .history:
            return renderHistory(size: size)
        case .detail:
            return renderDetail(size: size)
        }
    }

    private func centred(_ canvas: inout Canvas, _ text: String, _ style: TextStyle) {
        let free = max(canvas.width - DisplayWidth.of(text), 0)
        canvas.spans([Span(String(repeating: " ", count: free / 2)), Span(text, style)])
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
        canvas.blank()
        canvas.paragraph(Copy.historyHeading, .bold)
        canvas.blank()
        let footer = [canvas.footerRow(notice ?? (entries.isEmpty ? Copy.historyEmptyKeys : Copy.historyKeys))]
        if entries.isEmpty {
            for line in Copy.historyEmpty { canvas.paragraph(line, .dim) }
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
        // Scroll by whole cards so the selected card is always fully in view.
        if historySelection < historyScroll { historyScroll = historySelection }
        while historyScroll < historySelection {
            let used = (historyScroll ... historySelection).reduce(0) { $0 + card($1).count }
            if used - 1 <= room { break }
            historyScroll += 1
        }
        var rows: [ScreenRow] = []
        var index = historyScroll
        while index < entries.count, rows.count < room {
            rows += card(index)
            index += 1
        }
        canvas.append(Array(rows.prefix(room)))
        return canvas.frame(footer: footer)
    }

    private func renderDetail(size: TerminalSize) -> Frame {
        var canvas = Canvas(size: size)
        guard let entry = detail else { return canvas.frame() }
        canvas.blank()
        let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
        canvas.line(meta.joined(separator: " · "), .dim)
        canvas.blank()
        let width = Self.writingWidth(columns: size.columns)
        let area = TextArea(entry.text)
        let layout = area.layout(width: width)
        let rows = detailTextRows(size)
        detailScroll = max(0, min(detailScroll, max(layout.rows.count - rows, 0)))
        for index in detailScroll ..< min(detailScroll + rows, layout.rows.count) {
            canvas.spans([Span(area.display(layout.rows[index], width: width))])
        }
        var footer = Canvas(size: size)
        footer.blank()
        footer.actionRow(menu)
        if let notice {
            footer.line(notice, .dim)
        } else if layout.rows.count > rows {
            footer.line(Copy.detailScrollHint, .dim)
        } else {
            footer.blank()
        }
        return canvas.frame(footer: footer.rows)
    }

    static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// The first line of some text, for a preview.
enum EntryPreview {
    static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first(where: { !$0.isEmpty }) ?? ""
    }
}
