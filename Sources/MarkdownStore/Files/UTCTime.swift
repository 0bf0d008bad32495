import Foundation

/// A calendar time in UTC, converted by arithmetic rather than a formatter.
///
/// Listing 100,000 entries parses and prints 100,000 dates; Foundation's ISO 8601 formatter
/// costs several microseconds each on Linux, this costs a few nanoseconds.
public struct UTCTime: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The UTC calendar time of a date (whole seconds, rounded down).
    public init(_ date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        // Days to civil date (proleptic Gregorian), after H. Hinnant's well-known derivation.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// The date, or nil when a field is out of range.
    public var date: Date? {
        guard (1 ... 12).contains(month), (1 ... 31).contains(day), (0 ... 23).contains(hour), (0 ... 59).contains(minute),
              (0 ... 60).contains(second), day <= Self.daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86400 + hour * 3600 + minute * 60 + second))
    }

    /// Appends ``iso8601`` as UTF-8.
    public func appendISO8601(to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            let count = write(into: UnsafeMutableBufferPointer(rebasing: text[...]))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[0 ..< count]))
        }
    }

    /// Writes ``iso8601`` (20 bytes) at the start of `out`; returns how many bytes it wrote.
    private func write(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        func put(_ value: Int, _ width: Int, at start: Int) {
            var rest = Swift.max(0, value)
            for offset in stride(from: width - 1, through: 0, by: -1) {
                out[start + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(Swift.min(year, 9999), 4, at: 0)
        out[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        out[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        out[10] = UInt8(ascii: "T")
        put(hour, 2, at: 11)
        out[13] = UInt8(ascii: ":")
        put(minute, 2, at: 14)
        out[16] = UInt8(ascii: ":")
        put(second, 2, at: 17)
        out[19] = UInt8(ascii: "Z")
        return 20
    }

    /// `2026-11-22T03:42:00Z` (years outside 0...9999 are clamped to four digits).
    public var iso8601: String {
        String(unsafeUninitializedCapacity: 20) { write(into: $0) }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z`, `+HH:MM` or `-HH:MM` (optionally with
    /// fractional seconds), or a bare `YYYY-MM-DD`. Returns nil for anything else.
    public static func parseISO8601(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseISO8601($0) }
    }

    /// ``parseISO8601(_:)`` on UTF-8 bytes.
    public static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start ..< start + count {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else { return nil }
        if bytes.count == 10 { return UTCTime(year: year, month: month, day: day, hour: 0, minute: 0, second: 0).date }
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let base = UTCTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).date
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
            return base.addingTimeInterval(fraction)
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            guard let offsetHours = number(index + 1, 2) else { return nil }
            var offsetMinutes = 0
            if index + 3 == bytes.count {
            } else if index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"), let minutes = number(index + 4, 2) {
                offsetMinutes = minutes
            } else if index + 5 == bytes.count, let minutes = number(index + 3, 2) {
                offsetMinutes = minutes
            } else {
                return nil
            }
            guard offsetHours < 24, offsetMinutes < 60 else { return nil }
            return base.addingTimeInterval(fraction - Double(sign * (offsetHours * 3600 + offsetMinutes * 60)))
        default:
            return nil
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
