import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say show`: one entry in full.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one entry in full.",
            discussion: "ENTRY is its number in `say history` (1 is the newest), its id, or the first few characters of its id.")

        @OptionGroup var journalOptions: JournalOptions
        @Argument(help: ArgumentHelp("The entry: a number from `say history` or an id prefix.", valueName: "entry"))
        var entry: String
        @Flag(help: "Print JSON: the history fields plus \"text\".") var json = false

        func run() throws {
            try LockGate.unlock(journalOptions.folders())
            let journal = try journalOptions.open()
            let found: Entry
            do {
                found = try journal.entry(entry)
            } catch {
                throw SayFailure("show the entry", error)
            }
            if json {
                Output.line(EntryJSON.object(found.summary, text: found.text))
                return
            }
            var meta = DateText.card(found.date)
            if let feeling = found.feeling { meta += " · felt \(feeling.displayName)" }
            Output.line(meta)
            Output.line()
            Output.line(found.text)
            if found.safety {
                Output.line()
                Output.line("\(Copy.getSupport): say support")
            }
        }
    }
}
