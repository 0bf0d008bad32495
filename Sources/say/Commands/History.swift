import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say history`: the kept entries, newest first.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List kept entries, newest first.",
            discussion: """
                Each card shows the first line, the date and how you felt. The number before \
                each card works with `say show` and `say let-go`. Files that could not be read \
                are listed on stderr after the cards, with the reason; the rest still list.

                --json prints an array of {"id", "date", "feeling", "safety", "preview", "path"}: \
                date is ISO 8601 in UTC, feeling is "lighter", "same", "heavier" or null, path is \
                relative to the journal folder.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Flag(help: "Print JSON instead of cards.") var json = false

        func run() throws {
            try LockGate.unlock(journalOptions.folders())
            let journal = try journalOptions.open()
            let listing = journal.list()
            if json {
                EntryJSON.writeArray(listing.entries, to: FileHandle.standardOutput)
            } else if listing.entries.isEmpty && listing.problems.isEmpty {
                Copy.historyEmpty.forEach { Output.line($0) }
            } else if !listing.entries.isEmpty {
                HistoryText.write(listing.entries, to: FileHandle.standardOutput, forTerminal: Output.outputIsTerminal)
            }
            if !listing.notes.isEmpty {
                Output.error(Copy.filesWithNotes(listing.notes.count))
                for note in listing.notes { Output.error("  \(Output.name(note.relativePath)): \(note.reason)") }
            }
            if !listing.problems.isEmpty {
                Output.error(Copy.unreadableFiles(listing.problems.count))
                for problem in listing.problems {
                    Output.error("  \(Output.name(problem.relativePath)): \(problem.reason)")
                }
                if listing.entries.isEmpty { throw ExitCode.failure }
            }
        }
    }
}

/// The plain-text cards of `say history`, written as they are made (64 KB at a time), the way
/// `--json` is, so a long journal never sits in memory twice.
enum HistoryText {
    static func write(_ entries: [EntrySummary], to output: FileHandle, forTerminal: Bool) {
        let width = String(entries.count).count
        let indent = String(repeating: " ", count: width) + "  "
        var out: [UInt8] = []
        out.reserveCapacity(72 * 1024)
        for (index, entry) in entries.enumerated() {
            let number = String(index + 1)
            var card = String(repeating: " ", count: width - number.count) + number + "  "
            card += entry.preview.isEmpty ? Copy.emptyPreview : entry.preview
            card += "\n" + indent + EntryText.meta(entry)
            if entry.safety { card += " · " + Copy.supportPointer }
            card += index + 1 < entries.count ? "\n\n" : "\n"
            out += (forTerminal ? TerminalText.visible(card, keepingLineBreaks: true, keepingTabs: true) : card).utf8
            if out.count >= 64 * 1024 {
                output.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        output.write(Data(out))
    }
}

/// The line under an entry in the command line: its date and how it felt.
enum EntryText {
    static func meta(_ entry: EntrySummary) -> String {
        var meta = DateText.card(entry.date)
        if let feeling = entry.feeling { meta += " · " + Copy.felt(feeling) }
        return meta
    }
}

/// Dates as people read them: "Sun 22 Nov 2026, 03:42", in their own time zone.
enum DateText {
    /// A formatter for one time zone (the screens take one so tests can pin it).
    static func formatter(timeZone: TimeZone) -> (Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
        return { formatter.string(from: $0) }
    }

    /// Used from the main thread only (commands run there).
    nonisolated(unsafe) private static let local = formatter(timeZone: .current)

    /// A card's date, in the local time zone.
    static func card(_ date: Date) -> String { local(date) }
}
