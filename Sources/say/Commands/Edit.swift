import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say edit`: a kept entry in the person's own editor.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a kept entry in your own editor ($VISUAL, else $EDITOR).",
            discussion: """
                The editor gets a private copy of the entry's file (front matter and all), \
                started without swap, undo or backup files. When it exits, the edit is saved \
                over the entry, and in a versioned journal committed as "Edit <id>", with no \
                words of it. If the entry changed while the editor was open, what it became is \
                kept as a copy beside the edit; if it was let go, the edit is not saved (it is \
                kept in a private file, and say says where). The safety flag follows the edited words. An edit that does not \
                read back is not saved: say says why, offers to open it again, and otherwise \
                keeps it in a private file and says where.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Argument(help: ArgumentHelp("The entry: a number from `say history`, an id prefix, or its file's name or path.", valueName: "entry"))
        var entry: String

        func run() throws {
            let folders = try journalOptions.existingFolders()
            try LockGate.unlock(folders)
            SafetyDetector.prepareInBackground()  // while the editor is open
            let journal = try journalOptions.open()
            let summary: EntrySummary
            let original: String
            do {
                summary = try journal.summary(for: entry, in: journal.list())
                original = try journal.fileText(of: summary)
            } catch {
                throw SayFailure("edit the entry", error)
            }
            let environment = ProcessInfo.processInfo.environment
            let scratch: EditorScratch
            do {
                scratch = try EditorScratch.create(text: original, stateFolder: folders.state, entry: summary.id)
            } catch {
                throw SayFailure("edit the entry", error)
            }
            var keepScratch = false
            defer { if !keepScratch { scratch.remove() } }
            let terminal = RealTerminal(environment: environment)
            let command = EditorSession.command(environment: environment)
            let program = (command[0] as NSString).lastPathComponent
            while true {
                switch terminal.runEditor(command, file: scratch.file, inherited: scratch.lockDescriptor) {
                case .notStarted:
                    throw SayFailure(message: Copy.editorLeftEntryAlone(Copy.editorDidNotStart(EditorSession.chosen(environment: environment))))
                case let .exited(status) where status != 0:
                    try leaveAfterEditorFailed(status: status, program: program, scratch: scratch, original: original, keep: &keepScratch)
                case let .killed(signal):
                    try leaveAfterEditorFailed(status: 128 + signal, program: program, scratch: scratch, original: original,
                                               keep: &keepScratch)
                case let .interrupted(signal):
                    keepScratch = true
                    Output.error("say: " + Copy.editKeptAside(scratch.file))
                    throw ExitCode(128 + signal)
                case .exited:
                    break
                }
                let edited: String
                do {
                    edited = try scratch.readExactly()
                } catch {
                    throw SayFailure("edit the entry", error)
                }
                let outcome: EditOutcome
                do {
                    outcome = try journal.edit(summary, from: original, to: edited)
                } catch {
                    Output.error("say: " + Copy.editNotSaved(error))
                    if Output.inputIsTerminal, Copy.editTextIsAtFault(error) {
                        // Ctrl-C (or the terminal closing) at the question keeps the edit and says
                        // where: caught from before the question shows, so a key pressed the
                        // moment it appears is caught too.
                        terminal.catchSignals()
                        Output.error(Copy.editAgainQuestion, terminator: false)
                        let read = terminal.readLine()
                        terminal.releaseSignals()
                        var answer = "n"
                        switch read {
                        case let .line(text): answer = text.trimmingCharacters(in: .whitespaces).lowercased()
                        case .end: break
                        case let .signal(number):
                            keepScratch = true
                            Output.error("")
                            Output.error("say: " + Copy.editKeptAside(scratch.file))
                            throw ExitCode(128 + number)
                        }
                        if answer.isEmpty || answer == "y" || answer == "yes" { continue }
                    }
                    keepScratch = true
                    Output.error("say: " + Copy.editKeptAside(scratch.file))
                    throw ExitCode.failure
                }
                switch outcome {
                case .unchanged:
                    Output.line(Copy.editUnchanged)
                case let .saved(entry):
                    Output.line(Copy.edited(shortID: entry.shortID))
                case let .savedBesideChange(entry, copyID):
                    Output.line(Copy.editedBesideChange(shortID: entry.shortID, copyID: copyID))
                case .letGo:
                    keepScratch = true
                    Output.error("say: " + Copy.editAfterLetGo(scratch.file))
                    Output.warnings(of: journal)
                    throw ExitCode.failure
                }
                Output.warnings(of: journal)
                return
            }
        }

        /// The editor ended with an error. After Ctrl-C (or Ctrl-\) in it, what it had already
        /// saved is kept in the private file and said to be, and say leaves as interrupted;
        /// otherwise (an editor's own way to abort, such as Vim's `:cq`) nothing is used.
        private func leaveAfterEditorFailed(status: Int32, program: String, scratch: EditorScratch, original: String,
                                            keep: inout Bool) throws -> Never {
            let interrupted = status == 128 + SIGINT || status == 128 + SIGQUIT
            let saved = try? scratch.readExactly()
            if interrupted, let saved, saved != original {
                keep = true
                Output.error("say: " + Copy.editorExited(program, status: status) + "; " + Copy.editKeptAside(scratch.file))
                throw ExitCode(ExitStatus.interrupted.rawValue)
            }
            if interrupted {
                Output.error("say: " + Copy.editorLeftEntryAlone(Copy.editorExited(program, status: status)))
                throw ExitCode(ExitStatus.interrupted.rawValue)
            }
            throw SayFailure(message: Copy.editorLeftEntryAlone(Copy.editorExited(program, status: status)))
        }
    }
}
