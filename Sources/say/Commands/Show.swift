import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say show`: one entry in full.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one entry in full.",
            discussion: """
                ENTRY is its number in `say history` (1 is the newest), its id, or the first few \
                characters of its id. --path prints where its file is, for scripts and editors.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Argument(help: ArgumentHelp("The entry: a number from `say history`, an id prefix, or its file's name or path.", valueName: "entry"))
        var entry: String
        @Flag(help: "Print JSON: the history fields plus \"text\".") var json = false
        @Flag(help: "Print only the full path of the entry's file.") var path = false

        func validate() throws {
            if json && path { throw ValidationError(Copy.jsonOrPath) }
        }

        func run() throws {
            try LockGate.unlock(journalOptions.existingFolders())
            let journal = try journalOptions.open()
            let listing = journal.list()
            let summary: EntrySummary
            do {
                if path, case let .unreadable(problem) = try journal.find(entry, in: listing) {
                    // Where the file is, is what a person needs to mend it.
                    Output.error("say: \(Output.name(problem.relativePath)): \(problem.reason)")
                    Output.line(journal.absolutePath(of: journal.summary(ofUnreadable: problem)))
                    return
                }
                summary = try journal.summary(for: entry, in: listing)
            } catch {
                throw SayFailure("show the entry", error)
            }
            if path {
                Output.line(journal.absolutePath(of: summary))
                return
            }
            let found: Entry
            do {
                found = try journal.load(summary)
            } catch {
                throw SayFailure("show the entry", error)
            }
            // What history says of this file, show says too.
            for note in listing.notes where note.relativePath == summary.path {
                Output.error("say: \(Output.name(note.relativePath)): \(note.reason)")
            }
            if json {
                Output.line(EntryJSON.object(found.summary, text: found.text))
                return
            }
            Output.line(EntryText.meta(found.summary))
            Output.line()
            Output.line(found.text)
            if found.safety {
                Output.line()
                Output.line(Copy.supportPointer)
            }
        }
    }
}
