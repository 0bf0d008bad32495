import Foundation

/// The dates people already write in front matter, read the way they mean them.
///
/// - ISO 8601 and YAML timestamps: `2026-11-22T03:42:00Z`, `2026-11-22T04:42:00+01:00`,
///   `2026-11-22 10:00:00 +0100` (Jekyll's default), `2026-11-22t10:00:00.5-5`, one-digit
///   months, days and hours, seconds left out (`2026-11-22 10:00`), a space or tab before the zone.
/// - A time with no zone, and a date with no time, are in the person's own time zone.
/// - Seconds since 1970 (9 to 11 digits, optionally with a fraction), or milliseconds (12 or 13).
///
/// Anything else is unreadable (nil), and the caller says so.
public enum WrittenDate {
    /// - Parameters:
    ///   - text: the value as written.
    ///   - timeZone: the zone of a time written without one.
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        var text = text
        return text.withUTF8 { parse($0, timeZone: { timeZone }) }
    }

    /// ``parse(_:timeZone:)`` on UTF-8 bytes; the zone is asked for only when the text has none.
    public static func parse(_ utf8: UnsafeBufferPointer<UInt8>, timeZone: () -> TimeZone) -> Date? {
        if utf8.count > 10, let date = UTCTime.parseISO8601(utf8) { return date }  // say's own form, fast
        let bytes = Array(utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) { return epoch(bytes) }
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4 ... 4), reader.skip("-"), let month = reader.number(1 ... 2), reader.skip("-"),
              let day = reader.number(1 ... 2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset: Int?
        if !reader.atEnd {
            guard reader.skip("T") || reader.skip("t") || reader.skipBlanks() else { return nil }
            guard let h = reader.number(1 ... 2), reader.skip(":"), let m = reader.number(2 ... 2) else { return nil }
            (hour, minute) = (h, m)
            if reader.skip(":") {
                guard let s = reader.number(2 ... 2) else { return nil }
                second = s
                if reader.skip(".") {
                    guard let value = reader.fraction() else { return nil }
                    fraction = value
                }
            }
            _ = reader.skipBlanks()
            if reader.skip("Z") || reader.skip("z") {
                offset = 0
            } else if let sign = reader.sign() {
                guard let hours = reader.number(1 ... 2) else { return nil }
                var minutes = 0
                if reader.skip(":") {
                    guard let value = reader.number(2 ... 2) else { return nil }
                    minutes = value
                } else if let value = reader.number(2 ... 2) {
                    minutes = value
                }
                guard hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard reader.atEnd else { return nil }
        }
        guard let wallClock = UTCTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).date else {
            return nil
        }
        if let offset { return wallClock.addingTimeInterval(fraction - Double(offset)) }
        // A wall-clock time in the person's zone: the zone's offset at that moment (twice, so
        // a time next to a daylight-saving change lands on the right side of it).
        let timeZone = timeZone()
        let first = wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: wallClock)))
        let settled = wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: first)))
        return settled.addingTimeInterval(fraction)
    }

    /// Seconds (9–11 digits) or milliseconds (12–13 digits) since 1970.
    private static func epoch(_ bytes: [UInt8]) -> Date? {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, (9 ... 13).contains(whole.count),
              parts.count == 1 || !parts[1].isEmpty,
              let value = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
        return Date(timeIntervalSince1970: whole.count >= 12 ? value / 1000 : value)
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Spaces and tabs; true when there was at least one.
        mutating func skipBlanks() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            return index > start
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }

        mutating func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while index < bytes.count, count < digits.upperBound, WrittenDate.isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                count += 1
            }
            return count >= digits.lowerBound ? value : nil
        }

        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = index
            while index < bytes.count, WrittenDate.isDigit(bytes[index]) {
                value += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            return index > start ? value : nil
        }
    }
}
