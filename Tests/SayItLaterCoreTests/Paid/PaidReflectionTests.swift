import Foundation
import MarkdownStore
import SayItLaterCore
import TestSupport
import Testing

@Suite("Paid: reflection")
struct PaidReflectionTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A hand-made journal: one entry per (date, feeling), feeling nil for none recorded.
    func journal(_ entries: [(String, String?)], now: String = "2026-11-22T03:42:00Z") throws -> PaidJournal {
        let fixture = PaidJournal()
        fixture.now = UTCTime.parseISO8601(now)!
        for (index, (date, feeling)) in entries.enumerated() {
            let id = String(format: "%08x-0000-4000-8000-000000000000", index + 1)
            try fixture.entry(id, date, feeling: feeling, "entry \(index + 1)")
        }
        return fixture
    }

    /// 18 entries: 12 lighter, 4 the same, 2 heavier, over September to November 2026.
    func eighteen() throws -> PaidJournal {
        var entries: [(String, String?)] = []
        for day in 1 ... 5 { entries.append(("2026-09-0\(day)T10:00:00Z", "lighter")) }
        entries.append(("2026-09-20T10:00:00Z", "same"))
        for day in 1 ... 4 { entries.append(("2026-10-0\(day)T10:00:00Z", "lighter")) }
        entries += [("2026-10-05T10:00:00Z", "same"), ("2026-10-06T10:00:00Z", "same"), ("2026-10-07T10:00:00Z", "heavier")]
        for day in 1 ... 3 { entries.append(("2026-11-1\(day)T10:00:00Z", "lighter")) }
        entries += [("2026-11-14T10:00:00Z", "same"), ("2026-11-21T23:59:00Z", "heavier")]
        return try journal(entries)
    }

    @Test func eighteenEntriesReadExactly() throws {
        let fixture = try eighteen()
        let reflection = fixture.journal.reflection(timeZone: utc)
        #expect(reflection.hasEnough)
        #expect(reflection.text == """
            All time
              Most entries felt lighter after writing — 12 of 18.

              lighter   ████████████  12
              the same  ████           4
              heavier   ██             2

            Last 30 days
              Most entries felt lighter after writing — 3 of 5.

              lighter   ███  3
              the same  █    1
              heavier   █    1

            Month by month  (█ lighter  ▒ the same  ░ heavier)
              Sep 2026  █████▒   6
              Oct 2026  ████▒▒░  7
              Nov 2026  ███▒░    5
            """)
    }

    @Test func theReadMeShowsThisVeryReflection() throws {
        let fixture = try eighteen()
        #expect(ReadMe.text.contains("\n```\n" + fixture.journal.reflection(timeZone: utc).text + "\n```\n"))
    }

    @Test func theJSONCarriesTheSameNumbers() throws {
        let fixture = try eighteen()
        let reflection = fixture.journal.reflection(timeZone: utc)
        #expect(reflection.json == """
            {
              "entries": 18,
              "enough": true,
              "summary": "Most entries felt lighter after writing — 12 of 18.",
              "allTime": {"lighter": 12, "same": 4, "heavier": 2, "unrecorded": 0},
              "last30Days": {"lighter": 3, "same": 1, "heavier": 1, "unrecorded": 0},
              "months": [
                {"month": "2026-09", "lighter": 5, "same": 1, "heavier": 0, "unrecorded": 0},
                {"month": "2026-10", "lighter": 4, "same": 2, "heavier": 1, "unrecorded": 0},
                {"month": "2026-11", "lighter": 3, "same": 1, "heavier": 1, "unrecorded": 0}
              ]
            }
            """)
        #expect(try JSONSerialization.jsonObject(with: Data(reflection.json.utf8)) is [String: Any])
    }

    @Test func fewerThanThreeEntriesIsAGentleEmptyState() throws {
        for count in 0 ... 2 {
            let fixture = try journal(Array(repeating: ("2026-11-20T10:00:00Z", "lighter"), count: count))
            let reflection = fixture.journal.reflection(timeZone: utc)
            #expect(!reflection.hasEnough)
            #expect(reflection.text == """
                There isn't much to look back on yet.
                Once you've kept three entries, this shows how writing has felt over time.
                """)
        }
        let empty = try journal([])
        let none = empty.journal.reflection(timeZone: utc)
        #expect(none.json == """
            {
              "entries": 0,
              "enough": false,
              "summary": null,
              "allTime": {"lighter": 0, "same": 0, "heavier": 0, "unrecorded": 0},
              "last30Days": {"lighter": 0, "same": 0, "heavier": 0, "unrecorded": 0},
              "months": []
            }
            """)
    }

    @Test func aLeadWithoutAMajorityAndQuietMonths() throws {
        let fixture = try journal([
            ("2026-01-10T10:00:00Z", "lighter"), ("2026-01-11T10:00:00Z", "lighter"),
            ("2026-03-01T10:00:00Z", "same"), ("2026-03-02T10:00:00Z", "heavier"), ("2026-03-03T10:00:00Z", nil),
        ])
        #expect(fixture.journal.reflection(timeZone: utc).text == """
            All time
              Entries felt lighter after writing more often than any other way — 2 of 4.

              lighter       ██  2
              the same      █   1
              heavier       █   1
              not recorded  █   1

            Last 30 days
              Nothing kept in these 30 days.

            Month by month  (█ lighter  ▒ the same  ░ heavier  · not recorded)
              Jan 2026  ██   2
              Feb 2026       0
              Mar 2026  ▒░·  3
              Apr 2026       0
              May 2026       0
              Jun 2026       0
              Jul 2026       0
              Aug 2026       0
              Sep 2026       0
              Oct 2026       0
              Nov 2026       0
            """)
    }

    @Test func tiesAndUnrecordedFeelingsAreSaidPlainly() throws {
        var counts = FeelingCounts(lighter: 2, same: 0, heavier: 2)
        #expect(counts.sentence == "No one feeling stands out across these 4 entries.")
        counts = FeelingCounts(lighter: 1, same: 1, heavier: 1, unrecorded: 5)
        #expect(counts.sentence == "No one feeling stands out across these 3 entries.")
        counts = FeelingCounts(unrecorded: 3)
        #expect(counts.sentence == nil)
        counts = FeelingCounts(lighter: 0, same: 3, heavier: 2)
        #expect(counts.sentence == "Most entries felt the same after writing — 3 of 5.")
        counts = FeelingCounts(lighter: 1, same: 1, heavier: 3)
        #expect(counts.sentence == "Most entries felt heavier after writing — 3 of 5.")

        let fixture = try journal([("2026-11-20T10:00:00Z", nil), ("2026-11-21T10:00:00Z", nil), ("2026-11-21T11:00:00Z", nil)])
        #expect(fixture.journal.reflection(timeZone: utc).text == """
            All time
              No feelings were recorded with these entries.

              lighter            0
              the same           0
              heavier            0
              not recorded  ███  3

            Last 30 days
              No feelings were recorded with these entries.

              lighter            0
              the same           0
              heavier            0
              not recorded  ███  3

            Month by month  (█ lighter  ▒ the same  ░ heavier  · not recorded)
              Nov 2026  ···  3
            """)
    }

    @Test func longHistoriesShowTheLastTwelveMonthsAndScaleTheBars() throws {
        var entries: [(String, String?)] = [("2024-05-01T10:00:00Z", "heavier"), ("2025-12-31T23:00:00Z", "same")]
        entries += Array(repeating: ("2026-11-01T10:00:00Z", "lighter"), count: 45)
        entries += Array(repeating: ("2026-11-02T10:00:00Z", "heavier"), count: 5)
        let fixture = try journal(entries)
        let reflection = fixture.journal.reflection(timeZone: utc)
        #expect(reflection.months.count == 12)
        #expect(reflection.months.first.map { "\($0.year)-\($0.month)" } == "2025-12")
        let lines = reflection.text.split(separator: "\n", omittingEmptySubsequences: false)
        // 45 of at most 50 → 18 cells, 5 → 2 cells; a lone entry keeps one cell.
        #expect(lines.contains("  Nov 2026  ██████████████████░░  50"))
        #expect(lines.contains("  Dec 2025  ▒                      1"))
        #expect(lines.contains("  lighter   ████████████████████  45"))
        #expect(lines.contains("  heavier   ███                    6"))
    }

    @Test func monthsFollowThePersonsTimeZone() throws {
        // 23:30 UTC on 31 October is already November in Tokyo.
        let fixture = try journal([("2026-10-31T23:30:00Z", "lighter"), ("2026-11-05T10:00:00Z", "same"), ("2026-11-06T10:00:00Z", "same")])
        let tokyo = fixture.journal.reflection(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.months.map(\.month) == [11])
        let london = fixture.journal.reflection(timeZone: TimeZone(identifier: "Europe/London")!)
        #expect(london.months.map(\.month) == [10, 11])
    }
}
