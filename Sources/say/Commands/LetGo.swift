import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say let-go` (also `say delete`): the permanent let-go.
    struct LetGo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "let-go",
            abstract: "Let an entry go, for good.",
            discussion: """
                The entry's file is removed. When the journal is versioned with git, every \
                version of it is removed from the history too. On a terminal say asks first; \
                scripts pass --yes.
                """,
            aliases: ["delete"])

        @OptionGroup var journalOptions: JournalOptions
        @Argument(help: ArgumentHelp("The entry: a number from `say history` or an id prefix.", valueName: "entry"))
        var entry: String
        @Flag(name: [.short, .long], help: "Don't ask for confirmation.") var yes = false

        func run() throws {
            // The confirmation shows the entry's first line: the lock comes first.
            try LockGate.unlock(journalOptions.folders())
            let journal = try journalOptions.open()
            let summary: EntrySummary
            do {
                summary = try journal.summary(for: entry, in: journal.list().entries)
            } catch {
                throw SayFailure("let the entry go", error)
            }
            if !yes {
                guard Output.inputIsTerminal else {
                    throw SayFailure(message: "could not let the entry go: confirm with --yes when not on a terminal")
                }
                Output.error(summary.preview.isEmpty ? Copy.emptyPreview : summary.preview)
                Output.error("\(Copy.letGoConfirmation) [y/N] ", terminator: false)
                let answer = Output.answer()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    Output.error("Kept. Nothing changed.")
                    return
                }
            }
            do {
                try journal.letGo(summary)
            } catch {
                throw SayFailure("let the entry go", error)
            }
            Output.line(Copy.letGoSummary)
        }
    }
}
