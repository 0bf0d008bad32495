import Foundation
import TestSupport
import Testing

@Suite("Paid: say reflect")
struct PaidReflectCommandTests {
    @Test func threeEntriesReadExactly() throws {
        let session = try PaidSession()
        try session.unlock()
        try session.keep("first", feeling: "lighter")
        try session.keep("second", feeling: "heavier")
        try session.keep("third", feeling: "lighter")
        // The month the entries were kept in, as the chart names it (TZ is UTC).
        let history = try session.say("history", "--json")
        let dates = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            .compactMap { $0["date"] as? String }
        let kept = Set(dates.map { String($0.prefix(7)) })
        try #require(kept.count == 1, "the entries straddle a month boundary; run again")
        let month = try #require(kept.first)
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let label = names[Int(month.suffix(2))! - 1] + " " + month.prefix(4)  // "YYYY-MM" from say's own JSON

        let run = try session.say("reflect")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            All time
              Most entries felt lighter after writing — 2 of 3.

              lighter   ██  2
              the same      0
              heavier   █   1

            Last 30 days
              Most entries felt lighter after writing — 2 of 3.

              lighter   ██  2
              the same      0
              heavier   █   1

            Month by month  (█ lighter  ▒ the same  ░ heavier)
              \(label)  ██░  3

            """)
        let json = try session.say("reflect", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["entries"] as? Int == 3)
        #expect(object["enough"] as? Bool == true)
        #expect(object["summary"] as? String == "Most entries felt lighter after writing — 2 of 3.")
        #expect(object["allTime"] as? [String: Int] == ["lighter": 2, "same": 0, "heavier": 1, "unrecorded": 0])
        let months = try #require(object["months"] as? [[String: Any]])
        #expect(months.count == 1)
        #expect(months.first?["month"] as? String == month)
        #expect(["lighter", "same", "heavier", "unrecorded"].map { months.first?[$0] as? Int } == [2, 0, 1, 0])
    }

    @Test func fewerThanThreeIsAGentleEmptyState() throws {
        let session = try PaidSession()
        try session.unlock()
        try session.keep("only one", feeling: "same")
        let run = try session.say("reflect")
        #expect(run.status == 0)
        #expect(run.stdout == """
            There isn't much to look back on yet.
            Once you've kept three entries, this shows how writing has felt over time.

            """)
    }

    @Test func reflectionNeverShowsTheWords() throws {
        let session = try PaidSession()
        try session.unlock()
        for word in ["apricot", "bramble", "cinder"] { try session.keep("secret \(word)", feeling: "same") }
        let text = try session.say("reflect").stdout + (try session.say("reflect", "--json")).stdout
        for word in ["secret", "apricot", "bramble", "cinder"] { #expect(!text.contains(word)) }
    }
}
