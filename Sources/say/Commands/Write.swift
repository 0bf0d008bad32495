import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say write`: the whole writing flow without a screen.
    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract: "Write an entry from standard input or --text, then keep it, let it go, or close it.",
            discussion: """
                Examples:
                  say write --feeling lighter --keep < note.md
                  printf 'what I need to say' | say write --feeling heavier --let-go

                Exactly one of --keep, --let-go and --close says what happens to the writing. \
                --let-go and --close save nothing. Each prints one line saying what happened, on \
                standard output (with --json, --keep prints the kept entry instead, and --let-go \
                and --close print nothing there). When the words suggest you may be thinking of \
                ending your life or hurting yourself, say prints where support is (on stderr) and \
                keeps the entry as asked.
                """)

        @OptionGroup var journalOptions: JournalOptions

        @Option(help: ArgumentHelp(
            "The text to write. Prefer standard input: text given here lands in your shell history.",
            valueName: "text"))
        var text: String?

        @Option(help: ArgumentHelp("How you feel now.", valueName: "lighter|same|heavier"))
        var feeling: Feeling?

        @Flag(help: "Keep the entry for later.") var keep = false
        @Flag(name: .customLong("let-go"), help: "Let it go: nothing is saved.") var letGo = false
        @Flag(help: "Close without saving anything.") var close = false

        @Flag(help: "Print the kept entry as JSON.") var json = false

        func validate() throws {
            let choices = [keep, letGo, close].filter { $0 }.count
            guard choices == 1 else {
                throw ValidationError(Copy.keepLetGoOrClose)
            }
        }

        func run() throws {
            let body = try text ?? readStandardInput()
            // A keep commits its own file only; edits made outside say wait for the next listing.
            let journal = try journalOptions.open(settling: .interruptedWork)
            guard !body.allSatisfy(\.isWhitespace) else {
                throw SayFailure("write", JournalError.emptyText)
            }
            if journal.needsSupport(body) { SupportText.printShort() }
            if letGo || close {
                if !json { Output.line(letGo ? Copy.letGoSummary : Copy.closedSummary) }
                return
            }
            let entry: Entry
            do {
                entry = try journal.keep(text: body, feeling: feeling)
            } catch {
                throw SayFailure("keep your entry", error)
            }
            if json {
                Output.line(EntryJSON.object(entry.summary, text: entry.text))
            } else {
                Output.line(Copy.keptSummary(shortID: entry.shortID))
            }
            Output.warnings(of: journal)
        }

        private func readStandardInput() throws -> String {
            if Output.inputIsTerminal {
                Output.error(Copy.writeFromTerminalHint)
                return try readTerminal()
            }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard var text = String(data: data, encoding: .utf8) else {
                throw SayFailure(message: Copy.inputNotText)
            }
            // The line ending that ends the input (echo, heredocs) is not part of the writing.
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }

        /// Typed at a terminal: line by line until Ctrl-D on an empty line. Ctrl-C, SIGTERM or
        /// SIGHUP keeps what was typed (the unfinished line too) as the draft, as the app does,
        /// so the next `say` offers it.
        private func readTerminal() throws -> String {
            let terminal = RealTerminal(environment: ProcessInfo.processInfo.environment)
            terminal.catchSignals()
            var lines: [String] = []
            while true {
                switch terminal.readLine() {
                case let .line(line):
                    lines.append(line)
                    continue
                case .end:
                    terminal.releaseSignals()
                case let .signal(number):
                    let partial = terminal.takePartialLine()
                    if !partial.isEmpty { lines.append(partial) }
                    terminal.releaseSignals()
                    try keepAsDraft(lines.joined(separator: "\n"))
                    throw ExitCode(128 + number)
                }
                break
            }
            return lines.joined(separator: "\n")
        }

        /// Saves interrupted words as the draft, after any draft already there, and says so on
        /// stderr (or says that they could not be saved).
        private func keepAsDraft(_ words: String) throws {
            guard !words.allSatisfy(\.isWhitespace) else { return }
            do {
                let drafts = DraftStore.forThisRun(folder: try journalOptions.folders().state)
                drafts.adoptEditorLeftovers()
                let existing = try drafts.load()
                try drafts.save(existing.map { $0 + "\n\n" + words } ?? words)
                Output.error("\n" + Copy.draftKeptOnExit)
            } catch {
                Output.error("\n" + Copy.draftLostOnExit(WritingFlow.reason(error)))
            }
        }
    }
}
