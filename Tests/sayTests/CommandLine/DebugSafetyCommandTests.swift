import Foundation
import TestSupport
import Testing

/// `say debug safety`, the reviewers' and benchmarks' door to the safety matcher, run as a script.
/// Content note: invented lines about self-harm and suicidal thoughts.
@Suite("say debug safety")
struct DebugSafetyCommandTests {
    let home = TemporaryFolder("say-safety")

    func say(_ arguments: String..., input: String) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path)
    }

    @Test func exitStatusSaysWhetherTheTextFlags() throws {
        #expect(try say("debug", "safety", input: "I want to kill myself tonight.").status == 1)
        #expect(try say("debug", "safety", input: "This commute is killing me.").status == 0)
        #expect(try say("debug", "safety", input: "This commute is killing me.").stdout == "")
    }

    @Test func explainPrintsFamilySpanAndPhrase() throws {
        let run = try say("debug", "safety", "--explain", input: "Walked the dog.\nI want to kill myself tonight.")
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("family: ") && $0.contains("| span: \"kill myself\" |") && $0.contains("| phrase: ") })
        #expect(lines.allSatisfy { !$0.contains("Walked the dog") })
    }

    @Test func explainShowsCancelledMatchesOfEverydayLanguage() throws {
        let run = try say("debug", "safety", "--explain", input: "Cut myself shaving this morning.")
        #expect(run.status == 0)
        #expect(run.stdout.contains("span: \"Cut myself\""))
        #expect(run.stdout.contains("cancelled: everyday language: accidents"))
    }

    @Test func explainWithJSONLinesPrintsOneObjectPerLine() throws {
        let input = "{\"text\": \"wish i was deadd\"}\n{\"text\": \"Burnt the toast again.\"}\n"
        let run = try say("debug", "safety", "--jsonl", "--explain", input: input)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["flag"] as? Bool == true)
        let matches = try #require(first["matches"] as? [[String: Any]])
        #expect(matches.contains { ($0["span"] as? String) == "wish i was deadd" || ($0["span"] as? String)?.contains("deadd") == true })
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["flag"] as? Bool == false)
        #expect((second["matches"] as? [Any])?.isEmpty == true)
    }

    @Test func plainJSONLinesStayTrueOrFalse() throws {
        let input = "{\"text\": \"i w a n t  t o  d i e\"}\n{\"text\": \"Dead tired, bed by ten.\"}\n"
        let run = try say("debug", "safety", "--jsonl", input: input)
        #expect(run.stdout == "true\nfalse\n")
    }
}
