import Foundation
import SayItLaterCore

/// The same flow as ``InteractiveApp``, line by line: no cursor movement, no clearing, numbered
/// choices. For screen readers, simple terminals (`TERM=dumb`), `--plain`, and input that is
/// not a terminal.
///
/// The writing ends with a line holding only "." or with Ctrl-D (end of input); each choice
/// is a number (or the choice's words) and Enter. The draft is saved after every line.
final class PlainApp {
    private let terminal: Terminal
    private let journal: Journal
    private let drafts: DraftStore
    private let marks: LaunchMarks
    private let formatDate: (Date) -> String
    private let onTerminal: Bool
    private let editor: ((String) throws -> String)?

    /// - Parameters:
    ///   - onTerminal: whether a person is at a terminal: shows the name and the first-launch
    ///     welcome (a script piping text in gets neither).
    ///   - editor: when set, writing happens in the person's editor: it gets the text so far and
    ///     returns the new text, or nil when it could not run.
    init(terminal: Terminal, journal: Journal, drafts: DraftStore, marks: LaunchMarks,
         formatDate: @escaping (Date) -> String, onTerminal: Bool, editor: ((String) throws -> String)? = nil) {
        self.terminal = terminal
        self.journal = journal
        self.drafts = drafts
        self.marks = marks
        self.formatDate = formatDate
        self.onTerminal = onTerminal
        self.editor = editor
    }

    private struct EndOfInput: Error {}

    /// Runs until the input ends. Returns whether words were left in the draft.
    @discardableResult
    func run() -> Bool {
        do {
            try flow()
        } catch {
            // The input ended; whatever was written is in the draft.
        }
        return ((try? drafts.load()) ?? nil) != nil
    }

    private func say(_ line: String = "") {
        terminal.write(line + "\n")
    }

    private func read() throws -> String {
        guard let line = terminal.readLine() else { throw EndOfInput() }
        return line
    }

    private func flow() throws {
        if onTerminal {
            say(Copy.appName)
            say(Copy.tagline)
            say()
            if !marks.has(.welcomed) {
                Copy.welcome.forEach { say($0) }
                say(Copy.privacy)
                say()
                terminal.write(Copy.plainStart + " ")
                _ = try read()
                try? marks.set(.welcomed)
                say()
            }
        }
        var carried = ""
        if let draft = (try? drafts.load()) ?? nil {
            carried = try offerDraft(draft)
        }
        while true {
            let text = try write(startingWith: carried)
            carried = ""
            guard let text else { continue }
            try afterWriting(text)
        }
    }

    /// Offers a draft found at start; returns the text to carry on from ("" to start fresh).
    private func offerDraft(_ draft: String) throws -> String {
        while true {
            say(Copy.draftFound)
            switch try choose(nil, [Copy.continueDraft, Copy.discardDraft]) {
            case 0:
                if editor == nil {
                    say(Copy.plainDraftFollows)
                    say(draft)
                    say(Copy.plainContinue)
                }
                return draft
            default:
                if try choose(Copy.letGoConfirmation, [Copy.letGoConfirm, Copy.letGoCancel]) == 0 {
                    try? drafts.clear()
                    say(Copy.letGoDone)
                    say()
                    return ""
                }
            }
        }
    }

    /// Reads the writing. Returns nil when nothing was written (and the input goes on).
    private func write(startingWith carried: String) throws -> String? {
        if let editor {
            let text: String
            do {
                text = try editor(carried)
            } catch {
                say(Copy.editorFailed(InteractiveApp.reason(error)))
                throw EndOfInput()
            }
            guard !text.allSatisfy(\.isWhitespace) else { throw EndOfInput() }
            try? drafts.save(text)
            return text
        }
        if carried.isEmpty {
            say(Copy.writingPrompt)
            say(Copy.plainFinishHint)
        }
        var lines = carried.isEmpty ? [] : carried.components(separatedBy: "\n")
        var ended = false
        while true {
            guard let line = terminal.readLine() else {
                ended = true
                break
            }
            if line == "." { break }
            lines.append(line)
            try? drafts.save(lines.joined(separator: "\n"))
        }
        let text = lines.joined(separator: "\n")
        if text.allSatisfy(\.isWhitespace) {
            if ended { throw EndOfInput() }
            say(Copy.nothingWritten)
            say()
            return nil
        }
        try? drafts.save(text)
        say()
        return text
    }

    private func afterWriting(_ text: String) throws {
        let feeling = Feeling.allCases[try choose(Copy.feelingQuestion, Feeling.allCases.map(\.displayName))]
        if journal.needsSupport(text) {
            say()
            say(Copy.supportHeading)
            Copy.supportBody.forEach { say($0) }
            if try choose(nil, [Copy.getSupportNow, Copy.notRightNow]) == 0 { showResources() }
        }
        while true {
            switch try choose(Copy.actionsQuestion, [Copy.keepForLater, Copy.letGo, Copy.close]) {
            case 0:
                do {
                    try journal.keep(text: text, feeling: feeling)
                } catch {
                    say(Copy.couldNotKeep(InteractiveApp.reason(error)))
                    continue
                }
                try? drafts.clear()
                say(Copy.kept)
                sayWarnings()
                say()
                try history()
                return
            case 1:
                guard try choose(Copy.letGoConfirmation, [Copy.letGoConfirm, Copy.letGoCancel]) == 0 else { continue }
                try? drafts.clear()
                say(Copy.letGoDone)
                say()
                return
            default:
                try? drafts.clear()
                say(Copy.closedSummary)
                say()
                return
            }
        }
    }

    /// Says what the journal wants the person to know (an entry kept but not yet committed).
    private func sayWarnings() {
        let warnings = journal.warnings
        for warning in warnings[min(warningsShown, warnings.count)...] { say(warning) }
        warningsShown = warnings.count
    }

    private var warningsShown = 0

    private func showResources() {
        say()
        say(Copy.supportResourcesHeading)
        for resource in SupportResource.all {
            say("  \(resource.name): \(resource.contact) (\(resource.detail))")
        }
        say()
    }

    /// The kept entries as numbered cards; a number opens one, Enter goes back to writing.
    private func history() throws {
        while true {
            let entries = journal.list().entries
            say(Copy.historyHeading)
            if entries.isEmpty {
                Copy.historyEmpty.forEach { say($0) }
                say()
                return
            }
            for (index, entry) in entries.enumerated() {
                let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
                say("  \(index + 1). \(entry.preview.isEmpty ? Copy.emptyPreview : entry.preview)")
                say("     " + meta.joined(separator: " · "))
                if entry.safety { say("     \(Copy.getSupport): type s\(index + 1)") }
            }
            terminal.write(Copy.plainHistoryPrompt)
            let answer = try read().trimmingCharacters(in: .whitespaces).lowercased()
            say()
            if answer.isEmpty { return }
            if answer.hasPrefix("s"), let number = Int(answer.dropFirst()), (1 ... entries.count).contains(number), entries[number - 1].safety {
                showResources()
            } else if let number = Int(answer), (1 ... entries.count).contains(number) {
                try detail(entries[number - 1])
            } else {
                say(Copy.plainNotUnderstood(entries.count))
            }
        }
    }

    private func detail(_ summary: EntrySummary) throws {
        let entry: Entry
        do {
            entry = try journal.load(summary)
        } catch {
            say(Copy.couldNotOpen(InteractiveApp.reason(error)))
            return
        }
        let meta = [formatDate(entry.date)] + (entry.feeling.map { [$0.displayName] } ?? [])
        say(meta.joined(separator: " · "))
        say()
        say(entry.text)
        say()
        while true {
            let actions = entry.safety ? [Copy.delete, Copy.back, Copy.getSupport] : [Copy.delete, Copy.back]
            switch try choose(nil, actions) {
            case 0:
                guard try choose(Copy.letGoConfirmation, [Copy.letGoConfirm, Copy.letGoCancel]) == 0 else { continue }
                do {
                    try journal.letGo(summary)
                    say(Copy.letGoDone)
                    sayWarnings()
                } catch {
                    say(Copy.couldNotLetGo(InteractiveApp.reason(error)))
                }
                say()
                return
            case 1:
                return
            default:
                showResources()
            }
        }
    }

    /// Asks a numbered question; returns the chosen index. Accepts the number or the words.
    private func choose(_ question: String?, _ items: [String]) throws -> Int {
        if let question { say(question) }
        for (index, item) in items.enumerated() { say("  \(index + 1). \(item)") }
        while true {
            terminal.write(Copy.plainChoose(items.count))
            let answer = try read().trimmingCharacters(in: .whitespaces)
            if let number = Int(answer), (1 ... items.count).contains(number) {
                say()
                return number - 1
            }
            if let index = items.firstIndex(where: { $0.lowercased() == answer.lowercased() }), !answer.isEmpty {
                say()
                return index
            }
            say(Copy.plainNotUnderstood(items.count))
        }
    }
}
