import ArgumentParser
import Foundation
import MarkdownStore
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
                scripts pass --yes. ENTRY may also be the entry's file (its name, or its path in \
                the journal), which lets go of a file say cannot read. `say delete` is another \
                name for `say let-go`.
                """,
            aliases: ["delete"])

        @OptionGroup var journalOptions: JournalOptions
        @Argument(help: ArgumentHelp("The entry: a number from `say history`, an id prefix, or its file.", valueName: "entry"))
        var entry: String
        @Flag(name: [.short, .long], help: "Don't ask for confirmation.") var yes = false
        @Flag(help: "If a version of the entry was copied to another path, remove those copied versions too (a copy with changes not committed, and another entry as it is now, stay).") var withCopies = false
        @Flag(help: "If a version of the entry was copied to another path, leave the copies and let the entry go.") var keepCopies = false

        func validate() throws {
            if withCopies && keepCopies { throw ValidationError("--with-copies and --keep-copies cannot be used together") }
        }

        func run() throws {
            // The confirmation shows the entry's first line: the lock comes first.
            try LockGate.unlock(journalOptions.existingFolders())
            let journal = try journalOptions.open(settling: .none)
            // A let-go left unfinished is finished now, and the entries after it move up: a
            // number the person read before then may name another entry.
            let unfinishedBefore = journal.hasUnfinishedLetGo
            journalOptions.settle(journal)
            let summary: EntrySummary
            var unreadable: ScanProblem?
            var removed = false
            do {
                let listing = journal.list()
                if unfinishedBefore, !journal.hasUnfinishedLetGo, Int(entry) != nil {
                    throw SayFailure(message: "an earlier let-go had not finished and is done now, so the numbers in `say history` have changed; "
                        + "nothing else was let go. Run `say history` to see the new numbers, then try again")
                }
                switch try journal.find(entry, in: listing) {
                case let .entry(found):
                    summary = found
                case let .unreadable(problem):
                    // A file say cannot read is still let go like any entry: by its path.
                    unreadable = problem
                    summary = journal.summary(ofUnreadable: problem)
                case let .removed(found):
                    // Removed from the folder outside say: its versions in the history are let go.
                    removed = true
                    summary = found
                }
            } catch let failure as SayFailure {
                throw failure
            } catch {
                throw SayFailure("let the entry go", error)
            }
            if !yes {
                guard Output.inputIsTerminal else {
                    throw SayFailure(message: "could not let the entry go: confirm with --yes when not on a terminal")
                }
                if removed {
                    Output.error(Copy.removedLetGoPreview(path: Output.name(summary.path)))
                } else if let unreadable {
                    Output.error(Copy.unreadableLetGoPreview(path: Output.name(unreadable.relativePath), reason: unreadable.reason))
                } else {
                    Output.error(summary.preview.isEmpty ? Copy.emptyPreview : summary.preview)
                }
                Output.error("\(Copy.letGoConfirmation) [y/N] ", terminator: false)
                let answer = Output.answer()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    Output.error("Kept. Nothing changed.")
                    return
                }
            }
            var copies: LetGoCopies = withCopies ? .remove : keepCopies ? .keep : .refuse
            var result = LetGoResult()
            while true {
                do {
                    result = try journal.letGo(summary, copies: copies)
                    break
                } catch let JournalError.copiesElsewhere(paths, entries) where Output.inputIsTerminal {
                    // Never silently: the person decides about copies.
                    Output.error("\(Copy.copiesQuestion(paths, entries: entries)) [y/N] ", terminator: false)
                    guard ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "") else {
                        Output.error("Kept. Nothing changed. (--keep-copies lets the entry go and leaves the copies.)")
                        return
                    }
                    copies = .remove
                } catch let JournalError.copiesElsewhere(paths, entries) {
                    throw SayFailure(message: "could not let the entry go: \(GitPurgeCopiesFound.describe(paths: paths, entries: entries)); nothing was changed. "
                        + (entries.isEmpty ? "Pass --with-copies to remove them too, or --keep-copies to leave them"
                            : "Pass --with-copies to remove the copied versions too (other entries stay as they are now, and so does a file with changes not committed), or --keep-copies to leave them"))
                } catch where journal.hasUnfinishedLetGo {
                    throw SayFailure(message: "could not finish letting the entry go: \(SayFailure(nil, error).message). "
                        + "It is recorded, and say finishes it the next time it opens the journal (any `say` command)")
                } catch {
                    throw SayFailure("let the entry go", error)
                }
            }
            let wholly = result.repositoryAround == nil && result.editsStillOpen.isEmpty && result.messagesWithTheWords.isEmpty
            Output.line(wholly ? Copy.letGoSummary : Copy.letGoFromJournal)
            if !result.keptCopies.isEmpty { Output.error(Copy.copiesStillThere(result.keptCopies)) }
            if !result.changedCopies.isEmpty { Output.error(Copy.copiesChanged(result.changedCopies)) }
            if !result.entriesWithTheSameWords.isEmpty { Output.error(Copy.entriesWithTheSameWords(result.entriesWithTheSameWords)) }
            Output.warnings(of: journal)
        }
    }
}
