import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say reflect`: simple counts of how writing has felt.
    struct Reflect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reflect",
            abstract: "See how writing has felt over time.",
            discussion: """
                Counts your kept entries by how you felt after writing: all time, the last 30 \
                days, and month by month as a small chart. Nothing more: no streaks, scores, \
                advice or predictions. With fewer than three entries there is nothing to show yet. \
                Part of the one-time £5 unlock (see `say unlock`).

                --json prints {"entries", "enough", "summary", "allTime", "last30Days", "months"}; \
                each count is {"lighter", "same", "heavier", "unrecorded"}, months are "YYYY-MM", \
                oldest first.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Flag(help: "Print JSON for scripts.") var json = false

        func run() throws {
            let folders = try journalOptions.existingFolders()
            try Paid.require(.reflection, folders)
            try LockGate.unlock(folders)
            let reflection = try journalOptions.open().reflection()
            Output.line(json ? reflection.json : reflection.text)
        }
    }
}
