import Foundation
import Testing
@testable import say

/// The dates on history cards are written by arithmetic; they must read exactly as ICU's
/// formatter writes them, in every zone and across daylight-saving changes.
@Suite("History card dates")
struct HistoryCardDateTests {
    static func icu(_ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
        return formatter
    }

    @Test(arguments: ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
                      "America/St_Johns", "Pacific/Kiritimati"])
    func matchICUEverywhere(_ zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let expected = Self.icu(timeZone)
        let cards = DateText.formatter(timeZone: timeZone)
        var generator = SplitMix64(seed: 1953)  // the same dates on every machine
        // Every month and weekday, the minutes around daylight-saving changes, fractions of a
        // second, times before 1970, and the last millisecond before a minute (which ICU rounds
        // to the nearest millisecond, a half upwards, before it writes a field).
        var dates: [Date] = []
        for _ in 0 ..< 3000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2_000_000_000 ... 4_000_000_000, using: &generator))) }
        for minute in [-533_930_580.0, -60, 0, 60, 1_600_000_020, 1_795_000_000] {
            for fraction in [-0.0006, -0.0005, -0.0004, -0.0003, 0, 0.0004, 0.0005, 0.9994, 0.9995] {
                dates.append(Date(timeIntervalSince1970: minute + fraction))
            }
        }
        var moment = Date(timeIntervalSince1970: 1_600_000_000)
        for _ in 0 ..< 12 {
            guard let change = timeZone.nextDaylightSavingTimeTransition(after: moment) else { break }
            for offset in stride(from: -7200.0, through: 7200, by: 599.5) { dates.append(change.addingTimeInterval(offset)) }
            moment = change.addingTimeInterval(1)
        }
        for date in dates {
            #expect(cards(date) == expected.string(from: date), "\(date.timeIntervalSince1970) in \(zone)")
        }
    }

    @Test func yearsICUWritesDifferentlyStillGoThroughIt() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let cards = DateText.formatter(timeZone: utc)
        for seconds in [-62_000_000_000.0, -40_000_000_000, 260_000_000_000] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(cards(date) == Self.icu(utc).string(from: date))
        }
    }
}
