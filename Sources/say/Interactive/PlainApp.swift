import Foundation
import SayItLaterCore

/// The same flow as ``InteractiveApp``, line by line: no cursor movement, no clearing, numbered
/// choices. For screen readers, simple terminals (`TERM=dumb`), `--plain`, and input that is
/// not a terminal.
///
/// Where to go next is decided by ``WritingFlow``, as in the full-screen app. The writing ends
/// with a line holding only "." or with Ctrl-D (end of input); on a line of its own, `/history`
/// reads what was kept and `/quit` leaves. Each choice is a number (or the choice's words) and
/// Enter. The draft is saved after every line typed (a paste, once it is all in).
final class PlainApp {
    /// Why plain mode stopped.
    enum Outcome: Equatable {
        /// The input ended, or the person typed /quit.
        case ended
        /// SIGINT (Ctrl-C), SIGTERM or SIGHUP.
        case signal(Int32)
    }

    /// How many history cards are shown at a time.
    static let pageSize = 10
    /// While a paste or piped text is still arriving, the draft is written again after at
    /// least this many new bytes.
    static let pasteKeptEvery = 65_536

    private let terminal: Terminal
    private let journal: Journal
    private let formatDate: (Date) -> String
    private let onTerminal: Bool
    private let editor: ((String) throws -> String)?
    private let flow: WritingFlow
    private var warningsShown = 0

    /// - Parameters:
    ///   - onTerminal: whether a person is at a terminal: shows the name and the first-launch
    ///     welcome (a script piping text in gets neither).
    ///   - editor: when set, writing happens in the person's editor: it gets the text so far and
    ///     returns the new text.
    init(terminal: Terminal, journal: Journal, drafts: DraftStore, marks: LaunchMarks,
         formatDate: @escaping (Date) -> String, onTerminal: Bool, editor: ((String) throws -> String)? = nil) {
        self.terminal = terminal
        self.journal = journal
        self.formatDate = formatDate
        self.onTerminal = onTerminal
        self.editor = editor
        flow = WritingFlow(journal: journal, drafts: drafts, marks: marks)
    }

    /// Why reading stopped early.
    private enum Stop: Error {
        case ended
        /// The person typed /quit.
        case quit
        case signal(Int32)
    }

    /// Runs until the input ends, the person types /quit, or a signal arrives.
    @discardableResult
    func run() -> Outcome {
        do {
            try converse()
            return .ended
        } catch Stop.signal(let number) {
            flow.saveDraft()
            return .signal(number)
        } catch {
            flow.saveDraft()
            return .ended
        }
    }

    /// Whether leaving now left words behind in the draft.
    var leftDraft: Bool { flow.leftDraft }

    /// What to say on leaving about the draft: kept, or (when it could not be written) not.
    var leavingMessage: String? { flow.leavingMessage }

    private func say(_ line: String = "") {
        terminal.write(TerminalText.visible(line, keepingLineBreaks: true, keepingTabs: true) + "\n")
    }

    private func ask(_ prompt: String) {
        terminal.write(prompt)
    }

    /// The next line; `/quit` on its own leaves from any question.
    private func read() throws -> String {
        switch terminal.readLine() {
        case let .line(line):
            if line.trimmingCharacters(in: .whitespaces) == Copy.plainQuitCommand { throw Stop.quit }
            return line
        case .end: throw Stop.ended
        case let .signal(number): throw Stop.signal(number)
        }
    }

    private func converse() throws {
        if onTerminal {
            say(Copy.appName)
            say(Copy.tagline)
            say()
        }
        flow.start()
        if let told = flow.startNotice {
            say(told)
            say()
        }
        if flow.stage == .welcome, !onTerminal {
            // A script piping text in gets no welcome, and it stays unseen for the person.
            flow.skipWelcome()
        }
        while true {
            try step()
        }
    }

    /// Shows the current stage and handles one answer.
    private func step() throws {
        switch flow.stage {
        case .welcome:
            Copy.welcome.forEach { say($0) }
            say(Copy.privacy)
            say()
            ask(Copy.plainStart + " ")
            // Words typed here instead of a bare Enter are the start of the writing.
            let first = try read()
            say()
            perform(.startWriting)
            if flow.stage == .writing, editor == nil, !first.allSatisfy(\.isWhitespace),
               first.trimmingCharacters(in: .whitespaces) != "." {
                flow.write(first)
                flow.saveDraft()
            }
        case .draftOffer:
            say(Copy.draftFound)
            say(Copy.draftPreview(flow.foundDraft ?? ""))
            try choose()
        case .writing:
            try write()
        case .feeling:
            say(Copy.feelingQuestion)
            try choose()
        case .support:
            say()
            say(Copy.supportHeading)
            Copy.supportBody.forEach { say($0) }
            try choose()
        case .resources:
            say()
            say(Copy.supportResourcesHeading)
            for resource in SupportResource.all {
                say("  \(resource.call) (\(resource.detail))")
            }
            say(Copy.supportPrivacy)
            say()
            perform(.leaveResources)
        case .actions:
            say(Copy.actionsQuestion)
            try choose()
        case .confirmLetGo:
            say(flow.letGoQuestion)
            try choose()
        case .gone:
            say(Copy.letGoDone)
            if let note = flow.letGoNote { say(note) }
            sayWarnings()
            say()
            perform(.moveOn)
        case .history:
            try history()
        case .detail:
            try choose()
        }
    }

    /// Does a named action and says what came of it.
    private func perform(_ action: FlowAction) {
        switch flow.perform(action) {
        case .none, .gone:
            break
        case let .failed(words), let .notice(words):
            say(words)
        case .kept:
            say(Copy.kept)
            sayWarnings()
            say()
        case .closed:
            say(Copy.closedSummary)
            say()
        }
        if flow.stage == .detail, case .open = action { showEntry() }
    }

    // MARK: Writing

    /// Reads the writing, a line at a time, or from the editor.
    private func write() throws {
        if let editor {
            let text: String
            do {
                text = try editor(flow.text)
            } catch let interrupted as EditorSession.Interrupted {
                flow.write(interrupted.text)
                throw Stop.signal(interrupted.signal)
            } catch {
                say(WritingFlow.reason(error))
                throw Stop.ended
            }
            guard !text.allSatisfy(\.isWhitespace) else { throw Stop.ended }
            flow.write(text)
            flow.saveDraft()
            return perform(.done)
        }
        if flow.text.isEmpty {
            say(Copy.writingPrompt)
            say(Copy.plainFinishHint)
            say(Copy.plainCommandsHint(history: flow.hasEntries))
        } else {
            say(Copy.plainDraftFollows)
            say(flow.text)
            say(Copy.plainContinue)
        }
        var lines = flow.text.isEmpty ? [] : flow.text.components(separatedBy: "\n")
        // A line typed by hand is in the draft, flushed to the disk, before the next is read.
        // Lines that arrive together (a paste, text piped in) are kept as they arrive, but the
        // draft is written again only when a quarter more of it has come (and 64 KB at least),
        // then flushed once when the rest is in: rewriting and flushing a growing draft at
        // every line of a long paste made it quadratic.
        var keptBytes = flow.text.utf8.count
        var arrivingBytes = 0
        func keep(durable: Bool) {
            flow.write(lines.joined(separator: "\n"))
            flow.saveDraft(durable: durable)
            keptBytes += arrivingBytes
            arrivingBytes = 0
        }
        while true {
            let line: String
            do {
                line = try read()
            } catch Stop.ended {
                // Ctrl-D ends the writing; with nothing written it ends the session.
                if lines.joined().allSatisfy(\.isWhitespace) { throw Stop.ended }
                break
            } catch Stop.signal(let number) {
                // The line being typed (no Enter yet) is part of the writing too.
                let partial = terminal.takePartialLine()
                if !partial.isEmpty { lines.append(partial) }
                if !partial.isEmpty || arrivingBytes > 0 { flow.write(lines.joined(separator: "\n")) }
                throw Stop.signal(number)
            } catch {
                // /quit: leaving keeps every line read so far as the draft.
                if arrivingBytes > 0 { flow.write(lines.joined(separator: "\n")) }
                throw error
            }
            switch line.trimmingCharacters(in: .whitespaces) {
            case ".":
                break
            case Copy.plainHistoryCommand where flow.hasEntries:
                if arrivingBytes > 0 { keep(durable: true) }
                say()
                return perform(.openHistory)
            default:
                lines.append(line)
                arrivingBytes += line.utf8.count + 1
                let waiting = terminal.inputWaiting
                if !waiting || arrivingBytes >= max(Self.pasteKeptEvery, keptBytes / 4) { keep(durable: !waiting) }
                continue
            }
            break
        }
        if arrivingBytes > 0 { keep(durable: true) }
        say()
        perform(.done)
        if flow.stage == .writing { say() }
    }

    /// Says what the journal wants the person to know (an entry kept but not yet committed).
    private func sayWarnings() {
        let warnings = journal.warnings
        for warning in warnings[min(warningsShown, warnings.count)...] { say(warning) }
        warningsShown = warnings.count
    }

    // MARK: History

    /// The kept entries as numbered cards, a page at a time; a number opens one, Enter goes
    /// back to writing.
    private func history() throws {
        let listing = journal.list()
        let entries = listing.entries
        say(Copy.historyHeading)
        if !listing.problems.isEmpty { say(Copy.unreadableInHistory(listing.problems.count)) }
        if entries.isEmpty {
            if listing.problems.isEmpty { Copy.historyEmpty.forEach { say($0) } }
            say()
            return perform(.back)
        }
        var shown = 0
        func page() {
            let end = min(shown + Self.pageSize, entries.count)
            for index in shown ..< end {
                let entry = entries[index]
                let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
                say("  \(index + 1). \(entry.preview.isEmpty ? Copy.emptyPreview : entry.preview)")
                say("     " + meta.joined(separator: " · "))
                if entry.safety { say("     \(Copy.getSupport): type s\(index + 1)") }
            }
            shown = end
        }
        page()
        while true {
            let more = entries.count - shown
            ask(more > 0 ? Copy.plainHistoryMorePrompt(more) : Copy.plainHistoryPrompt)
            let answer = try read().trimmingCharacters(in: .whitespaces).lowercased()
            say()
            if answer.isEmpty { return perform(.back) }
            if answer == Copy.plainMoreKey, more > 0 {
                page()
            } else if answer.hasPrefix("s"), let number = Int(answer.dropFirst()), (1 ... entries.count).contains(number),
                      entries[number - 1].safety {
                perform(.supportFor(entries[number - 1]))
                while case .resources = flow.stage { try step() }
            } else if let number = Int(answer), (1 ... entries.count).contains(number) {
                perform(.open(entries[number - 1]))
                // The entry, its actions, and back here unless it was let go.
                while flow.stage != .history {
                    if flow.stage == .writing { return }
                    if case .gone = flow.stage {
                        try step()
                        return
                    }
                    try step()
                }
            } else {
                say(Copy.plainNotUnderstood(entries.count))
            }
        }
    }

    private func showEntry() {
        guard let entry = flow.entry else { return }
        let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
        say(meta.joined(separator: " · "))
        say()
        say(entry.text)
        say()
    }

    // MARK: Choices

    /// Asks for one of the stage's choices by number or words, and does it.
    private func choose() throws {
        let choices = flow.choices
        for (index, choice) in choices.enumerated() { say("  \(index + 1). \(choice.label)") }
        while true {
            ask(Copy.plainChoose(choices.count))
            let answer = try read().trimmingCharacters(in: .whitespaces)
            let index = Int(answer).map { $0 - 1 }
                ?? choices.firstIndex { !answer.isEmpty && $0.label.lowercased() == answer.lowercased() }
            if let index, choices.indices.contains(index) {
                say()
                return perform(choices[index].action)
            }
            say(Copy.plainNotUnderstood(choices.count))
        }
    }
}
