import Foundation
import MarkdownStore

/// How many kept entries felt each way.
public struct FeelingCounts: Sendable, Hashable {
    public var lighter = 0
    public var same = 0
    public var heavier = 0
    /// Entries kept without an answer to "How do you feel now?".
    public var unrecorded = 0

    public init(lighter: Int = 0, same: Int = 0, heavier: Int = 0, unrecorded: Int = 0) {
        self.lighter = lighter
        self.same = same
        self.heavier = heavier
        self.unrecorded = unrecorded
    }

    /// Every entry counted.
    public var total: Int { lighter + same + heavier + unrecorded }
    /// The entries with a feeling.
    public var recorded: Int { lighter + same + heavier }

    public subscript(feeling: Feeling) -> Int {
        switch feeling {
        case .lighter: return lighter
        case .same: return same
        case .heavier: return heavier
        }
    }

    mutating func add(_ feeling: Feeling?) {
        switch feeling {
        case .lighter: lighter += 1
        case .same: same += 1
        case .heavier: heavier += 1
        case nil: unrecorded += 1
        }
    }

    /// One calm sentence about these counts, or nil when no entry has a feeling.
    ///
    /// A feeling held by more than half: "Most entries felt lighter after writing — 12 of 18."
    /// The largest share without a majority: "Entries felt … more often than any other way — 5 of 12."
    /// A tie at the top: "No one feeling stands out across these 10 entries."
    public var sentence: String? {
        let recorded = recorded
        guard recorded > 0 else { return nil }
        let ranked = Feeling.allCases.sorted { self[$0] > self[$1] }
        let top = ranked[0]
        if self[ranked[1]] == self[top] { return Copy.reflectionNoneStandsOut(recorded) }
        if self[top] * 2 > recorded { return Copy.reflectionMost(top, self[top], of: recorded) }
        return Copy.reflectionMoreOften(top, self[top], of: recorded)
    }
}

/// One calendar month's counts.
public struct MonthCounts: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public var counts: FeelingCounts
}

/// Simple, non-judgemental insights over the kept entries: counts by feeling, all time and
/// over the last 30 days, and month by month. Nothing else: no streaks, scores, advice or
/// predictions. Reads only what the history reads (dates and feelings), never the text.
public struct Reflection: Sendable, Hashable {
    /// Fewer kept entries than this shows a gentle empty state instead of numbers.
    public static let minimumEntries = 3
    /// The month-by-month chart covers at most this many months, ending this month.
    public static let monthsShown = 12
    /// The widest bar, in character cells.
    public static let barWidth = 20

    public let allTime: FeelingCounts
    public let last30Days: FeelingCounts
    /// Oldest first, from the first month with an entry (or 11 months ago, if later) to this month.
    public let months: [MonthCounts]

    /// Counts entries.
    ///
    /// - Parameters:
    ///   - entries: the kept entries (summaries are enough).
    ///   - now: today, for "last 30 days" and the last month of the chart.
    ///   - timeZone: where months begin and end.
    public init(entries: [EntrySummary], now: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func monthIndex(_ date: Date) -> Int {
            let parts = calendar.dateComponents([.year, .month], from: date)
            return (parts.year ?? 1970) * 12 + (parts.month ?? 1) - 1
        }
        var allTime = FeelingCounts(), recent = FeelingCounts()
        var byMonth: [Int: FeelingCounts] = [:]
        let cutoff = now.addingTimeInterval(-30 * 86_400)
        for entry in entries {
            allTime.add(entry.feeling)
            if entry.date >= cutoff { recent.add(entry.feeling) }
            byMonth[monthIndex(entry.date), default: FeelingCounts()].add(entry.feeling)
        }
        var months: [MonthCounts] = []
        if let first = byMonth.keys.min(), let latest = byMonth.keys.max() {
            let last = max(monthIndex(now), latest)
            for index in max(first, last - Self.monthsShown + 1) ... last {
                months.append(MonthCounts(year: index / 12, month: index % 12 + 1, counts: byMonth[index] ?? FeelingCounts()))
            }
        }
        self.allTime = allTime
        self.last30Days = recent
        self.months = months
    }

    /// Whether there are enough entries to show numbers.
    public var hasEnough: Bool { allTime.total >= Self.minimumEntries }

    /// What `say reflect` prints.
    public var text: String {
        guard hasEnough else { return Copy.reflectionEmpty.joined(separator: "\n") }
        var lines: [String] = []
        section(Copy.reflectionAllTime, allTime, into: &lines)
        lines.append("")
        section(Copy.reflectionLast30Days, last30Days, into: &lines)
        lines.append("")
        monthChart(into: &lines)
        return lines.joined(separator: "\n")
    }

    /// What `say reflect --json` prints: the same numbers for scripts.
    ///
    /// `{"entries", "enough", "summary", "allTime", "last30Days", "months"}`; each count object
    /// has `lighter`, `same`, `heavier`, `unrecorded`; months are `"YYYY-MM"`, oldest first.
    public var json: String {
        func counts(_ counts: FeelingCounts) -> String {
            "{\"lighter\": \(counts.lighter), \"same\": \(counts.same), \"heavier\": \(counts.heavier), \"unrecorded\": \(counts.unrecorded)}"
        }
        var summary = "null"
        if let sentence = allTime.sentence {
            summary = ""
            ExportRendering.appendJSONString(sentence, to: &summary)
        }
        var out = "{\n  \"entries\": \(allTime.total),\n  \"enough\": \(hasEnough),\n  \"summary\": \(summary),\n"
        out += "  \"allTime\": \(counts(allTime)),\n  \"last30Days\": \(counts(last30Days)),\n  \"months\": ["
        for (index, month) in months.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            let name = String(format: "%04d-%02d", month.year, month.month)
            out += "    {\"month\": \"\(name)\", " + counts(month.counts).dropFirst()
        }
        out += months.isEmpty ? "]\n}" : "\n  ]\n}"
        return out
    }

    private func section(_ heading: String, _ counts: FeelingCounts, into lines: inout [String]) {
        lines.append(heading)
        guard counts.total > 0 else {
            lines.append("  " + Copy.reflectionNothingRecent)
            return
        }
        lines.append("  " + (counts.sentence ?? Copy.reflectionNoFeelings))
        lines.append("")
        var rows: [(String, Int)] = Feeling.allCases.map { ($0.displayName, counts[$0]) }
        if counts.unrecorded > 0 { rows.append((Copy.reflectionUnrecorded, counts.unrecorded)) }
        let largest = rows.map(\.1).max() ?? 0
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let bars = rows.map { String(repeating: "█", count: cells($0.1, largest: largest)) }
        let barWidth = bars.map(\.count).max() ?? 0
        let numberWidth = String(largest).count
        for ((label, count), bar) in zip(rows, bars) {
            lines.append("  " + pad(label, labelWidth) + "  " + pad(bar, barWidth) + "  " + leftPad(String(count), numberWidth))
        }
    }

    private func monthChart(into lines: inout [String]) {
        let anyUnrecorded = months.contains { $0.counts.unrecorded > 0 }
        lines.append(Copy.reflectionByMonth + "  (" + Copy.reflectionLegend(includingUnrecorded: anyUnrecorded) + ")")
        let largest = months.map(\.counts.total).max() ?? 0
        let marks: [(Character, KeyPath<FeelingCounts, Int>)] = [("█", \.lighter), ("▒", \.same), ("░", \.heavier), ("·", \.unrecorded)]
        let bars = months.map { month in
            marks.map { String(repeating: $0.0, count: cells(month.counts[keyPath: $0.1], largest: largest)) }.joined()
        }
        let barWidth = bars.map(\.count).max() ?? 0
        let numberWidth = String(largest).count
        for (month, bar) in zip(months, bars) {
            let label = Self.monthNames[month.month - 1] + " " + String(month.year)
            lines.append("  " + label + "  " + pad(bar, barWidth) + "  " + leftPad(String(month.counts.total), numberWidth))
        }
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// One cell per entry while the largest fits the bar width; scaled down after that, never
    /// hiding a count that is not zero.
    private func cells(_ count: Int, largest: Int) -> Int {
        guard count > 0 else { return 0 }
        guard largest > Self.barWidth else { return count }
        return max(1, Int((Double(count) * Double(Self.barWidth) / Double(largest)).rounded()))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension Journal {
    /// The reflection over every kept entry that can be read.
    ///
    /// - Parameter timeZone: where months begin and end.
    public func reflection(timeZone: TimeZone = .current) -> Reflection {
        Reflection(entries: list().entries, now: clock(), timeZone: timeZone)
    }
}
