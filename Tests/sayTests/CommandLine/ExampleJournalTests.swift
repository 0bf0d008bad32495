import Foundation
import TestSupport
import Testing

/// The sample journal the README walks through, listed by the real binary from a fresh copy.
@Suite("Examples/journal")
struct ExampleJournalTests {
    static var examples: String {
        // Tests/sayTests/CommandLine/ExampleJournalTests.swift → the package root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/journal").path
    }

    @Test func listsEverySampleEntryWithItsFeeling() throws {
        let home = TemporaryFolder("say-example")
        let copy = home.url("journal")
        try FileManager.default.copyItem(atPath: Self.examples, toPath: copy)
        // The hand-written file is dated by its modification time; pin it (a clone resets it).
        let pinned = try #require(ISO8601DateFormatter().date(from: "2026-11-20T09:00:00Z"))
        try FileManager.default.setAttributes([.modificationDate: pinned], ofItemAtPath: copy + "/entries/2026/11/written by hand.md")
        let run = try SayBinary.run(["history", "--journal", copy, "--json"], home: home.path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 7)
        #expect(entries.map { $0["feeling"] as? String ?? "unknown" } == ["unknown", "same", "lighter", "heavier", "same", "lighter", "heavier"])
        #expect(entries.map { $0["safety"] as? Bool ?? false } == [false, false, false, true, false, false, false])
        #expect(entries.first?["path"] as? String == "entries/2026/11/written by hand.md")
        #expect(entries.first?["date"] as? String == "2026-11-20T09:00:00Z")
        #expect(entries[2]["preview"] as? String == "Told Priya I needed a week off the group chat. She said \"of course\". That was it.")
        // The entry with an unknown key shows in full, its key left alone on disk.
        let shown = try SayBinary.run(["show", "--journal", copy, "5d9e"], home: home.path)
        #expect(shown.stdout.contains("Dad's birthday."))
        #expect(String(decoding: try home.read("journal/entries/2026/10/2026-10-03T232150Z-5d9e7a61.md"), as: UTF8.self).contains("weather: rain, all evening\n"))
    }
}
