import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say` on its own: the writing screen and everything after it.
    struct App: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "app",
            abstract: "Write, then keep it, let it go, or close it (what `say` does on its own).",
            discussion: """
                On a terminal this is a calm full-screen app. Ctrl-D is Done; every choice takes \
                the arrow keys and Enter, or the number beside it; Ctrl-C leaves, keeping what you \
                were writing as a draft for next time.

                --plain (or TERM=dumb, or input that is not a terminal) asks line by line instead, \
                for screen readers and simple terminals: finish the writing with a line holding \
                only "." or with Ctrl-D, then answer each question with its number.
                """)

        @OptionGroup var journalOptions: JournalOptions

        @Flag(help: "Ask line by line, without moving the cursor or clearing the screen (for screen readers).")
        var plain = false

        @Flag(help: "Write in your own editor ($VISUAL, else $EDITOR) instead of the writing screen.")
        var editor = false

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let folders = try journalOptions.folders()
            // The passcode comes before the journal, the draft or any screen is touched.
            try LockGate.unlock(folders)
            let journal = try journalOptions.open()
            let drafts = DraftStore.forThisRun(folder: folders.state)
            let marks = LaunchMarks(folder: folders.config)
            let terminal = RealTerminal(environment: environment)
            let useEditor = editor || marks.has(.useEditor)
            let writeInEditor: ((String) throws -> String)? = useEditor ? { text in
                try EditorSession.edit(text, stateFolder: folders.state, drafts: drafts, environment: environment, terminal: terminal)
            } : nil
            let formatDate = DateText.formatter(timeZone: .current)

            switch RealTerminal.mode(plain: plain, environment: environment) {
            case .plain:
                let app = PlainApp(terminal: terminal, journal: journal, drafts: drafts, marks: marks, formatDate: formatDate,
                                   onTerminal: RealTerminal.isInteractive, editor: writeInEditor)
                terminal.catchSignals()
                let outcome = app.run()
                terminal.releaseSignals()
                if case .signal = outcome, let message = app.leavingMessage {
                    terminal.write("\n" + TerminalText.visible(message, keepingLineBreaks: true) + "\n")
                }
                Output.warnings(of: journal)
                if case let .signal(number) = outcome { throw ExitCode(128 + number) }
            case .fullScreen:
                let app = InteractiveApp(
                    terminal: terminal, journal: journal, drafts: drafts, marks: marks,
                    clock: { ProcessInfo.processInfo.systemUptime }, formatDate: formatDate,
                    editor: writeInEditor)
                let outcome: InteractiveApp.Outcome
                do {
                    outcome = try app.run()
                } catch {
                    throw SayFailure(message: Copy.noFullScreen)
                }
                if let message = app.leavingMessage { terminal.write(TerminalText.visible(message, keepingLineBreaks: true) + "\n") }
                // Shown in the app's footer as they happened; here in full, now the screen is back.
                Output.warnings(of: journal)
                switch outcome {
                case .ended:
                    return
                case .quit:
                    throw ExitCode(ExitStatus.interrupted.rawValue)
                case let .signal(number):
                    throw ExitCode(128 + number)
                }
            }
        }
    }
}
