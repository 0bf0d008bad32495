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
                words of it. The safety flag follows the edited words. An edit that does not \
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
                scratch = try EditorScratch.create(text: original, stateFolder: folders.state, forEntry: true)
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
                    throw SayFailure(message: Copy.editorLeftEntryAlone(Copy.editorExited(program, status: status)))
                case let .killed(signal):
                    throw SayFailure(message: Copy.editorLeftEntryAlone(Copy.editorExited(program, status: 128 + signal)))
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
                do {
                    switch try journal.edit(summary, to: edited) {
                    case .unchanged:
                        Output.line(Copy.editUnchanged)
                    case let .saved(entry):
                        Output.line(Copy.edited(shortID: entry.shortID))
                    }
                    Output.warnings(of: journal)
                    return
                } catch {
                    Output.error("say: " + Copy.editNotSaved(WritingFlow.reason(error)))
                    if Output.inputIsTerminal {
                        Output.error(Copy.editAgainQuestion, terminator: false)
                        let answer = Output.answer()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "n"
                        if answer.isEmpty || answer == "y" || answer == "yes" { continue }
                    }
                    keepScratch = true
                    Output.error("say: " + Copy.editKeptAside(scratch.file))
                    throw ExitCode.failure
                }
            }
        }
    }
}
