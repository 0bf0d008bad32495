import ArgumentParser
import MarkdownStore
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
            try LockGate.unlock(journalOptions.existingFolders())
            let journal = try journalOptions.open(settling: .whileListing)
            let listing = journalOptions.listSettled(journal)
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
        let dates = DateText.local
        var out: [UInt8] = []
        out.reserveCapacity(72 * 1024)
        var card: [UInt8] = []
        for (index, entry) in entries.enumerated() {
            card.removeAll(keepingCapacity: true)
            let number = String(index + 1)
            card.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - number.count))
            card += number.utf8
            card += "  ".utf8
            card += (entry.preview.isEmpty ? Copy.emptyPreview : entry.preview).utf8
            card.append(0x0A)
            card.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width + 2))
            EntryText.appendMeta(entry, dates: dates, to: &card)
            if entry.safety { card += (" · " + Copy.supportPointer).utf8 }
            card += (index + 1 < entries.count ? "\n\n" : "\n").utf8
            if forTerminal {
                out += TerminalText.visible(String(decoding: card, as: UTF8.self), keepingLineBreaks: true, keepingTabs: true).utf8
            } else {
                out += card
            }
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
        var meta: [UInt8] = []
        appendMeta(entry, dates: DateText.local, to: &meta)
        return String(decoding: meta, as: UTF8.self)
    }

    static func appendMeta(_ entry: EntrySummary, dates: DateText.CardDates, to out: inout [UInt8]) {
        dates.append(entry.date, to: &out)
        if let feeling = entry.feeling { out += (" · " + Copy.felt(feeling)).utf8 }
    }
}

/// Dates as people read them: "Sun 22 Nov 2026, 03:42", in their own time zone.
enum DateText {
    /// A formatter for one time zone (the screens take one so tests can pin it).
    static func formatter(timeZone: TimeZone) -> (Date) -> String {
        let dates = CardDates(timeZone: timeZone)
        return { dates.string($0) }
    }

    /// Used from the main thread only (commands run there).
    nonisolated(unsafe) static let local = CardDates(timeZone: .current)

    /// A card's date, in the local time zone.
    static func card(_ date: Date) -> String { local.string(date) }

    /// Card dates in one time zone, written by arithmetic: the English (en_GB) form
    /// `EEE d MMM yyyy, HH:mm` that ICU's formatter makes, without its cost (some
    /// microseconds and megabytes for each listing); years it would write differently
    /// (before 1000 or after 9999) still go through it.
    final class CardDates {
        let timeZone: TimeZone
        private lazy var formatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.timeZone = timeZone
            formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
            return formatter
        }()

        static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

        init(timeZone: TimeZone) {
            self.timeZone = timeZone
        }

        func string(_ date: Date) -> String {
            var out: [UInt8] = []
            append(date, to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        func append(_ date: Date, to out: inout [UInt8]) {
            // ICU reads a date to the nearest millisecond (a half upwards) before it writes any
            // field, so 10:56:59.9997 is 10:57 on its cards and on these.
            let date = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down) / 1000)
            let local = date.addingTimeInterval(Double(timeZone.secondsFromGMT(for: date)))
            let time = UTCTime(local)
            guard (1000 ... 9999).contains(time.year), local.timeIntervalSince1970.isFinite else {
                out += formatter.string(from: date).utf8
                return
            }
            let seconds = Int(local.timeIntervalSince1970.rounded(.down))
            let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
            // 1 January 1970 was a Thursday.
            out += Self.weekdays[((days % 7) + 11) % 7].utf8
            out.append(UInt8(ascii: " "))
            out += String(time.day).utf8
            out.append(UInt8(ascii: " "))
            out += Self.months[time.month - 1].utf8
            out.append(UInt8(ascii: " "))
            out += String(time.year).utf8
            out += ", ".utf8
            out.append(UInt8(ascii: "0") + UInt8(time.hour / 10))
            out.append(UInt8(ascii: "0") + UInt8(time.hour % 10))
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: "0") + UInt8(time.minute / 10))
            out.append(UInt8(ascii: "0") + UInt8(time.minute % 10))
        }
    }
}
