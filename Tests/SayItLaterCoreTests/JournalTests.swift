import Foundation
import MarkdownStore
import SayItLaterCore
import TestSupport
import Testing

/// A journal in a fresh folder with a fixed clock and predictable ids.
final class JournalFixture {
    let folder = TemporaryFolder("say-core")
    var now = UTCTime.parseISO8601("2026-11-22T03:42:00Z")!
    var ids: [UUID] = []
    lazy var journal: Journal = try! Journal(  // a fresh temporary folder is always usable
        folders: UserFolders(journal: folder.url("journal"), config: folder.url("config"), state: folder.url("state")),
        clock: { [unowned self] in self.now },
        makeID: { [unowned self] in self.ids.isEmpty ? UUID() : self.ids.removeFirst() })

    func write(_ text: String, to relative: String) throws {
        try folder.write(text, to: "journal/" + relative)
    }
}

@Suite("Journal")
struct JournalTests {
    @Test func keepStoresTheFlagOfTheTextKeptNotOfTheTextLastChecked() throws {
        let fixture = JournalFixture()
        let concerning = "I want to kill myself tonight."
        let everyday = "Walked the dog by the river."
        #expect(fixture.journal.needsSupport(concerning))
        #expect(try fixture.journal.keep(text: everyday, feeling: nil).safety == false)
        #expect(!fixture.journal.needsSupport(everyday))
        #expect(try fixture.journal.keep(text: concerning, feeling: nil).safety == true)
        // The same words with different bytes (a trailing space) are read again, not remembered.
        #expect(fixture.journal.needsSupport(concerning))
        #expect(try fixture.journal.keep(text: everyday + " ", feeling: nil).safety == false)
        let flags = fixture.journal.list().entries.map(\.safety)
        #expect(flags.count == 3 && flags.filter { $0 }.count == 1)
    }

    @Test func keepWritesOneShardedFileWithFrontMatter() throws {
        let fixture = JournalFixture()
        fixture.ids = [UUID(uuidString: "7F3C9A2E-5D7A-4C1E-9F3A-2B8D6E4F1A7C")!]
        let entry = try fixture.journal.keep(text: "I never said it.\nNot once.", feeling: .lighter)
        #expect(entry.path == "entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md")
        #expect(fixture.folder.files(under: "journal") == ["journal/entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md"])
        let text = String(decoding: try fixture.folder.read("journal/" + entry.path), as: UTF8.self)
        #expect(text == """
            ---
            id: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c
            date: 2026-11-22T03:42:00Z
            feeling: lighter
            safety: false
            ---
            I never said it.
            Not once.

            """)
        #expect(try fixture.folder.mode("journal/" + entry.path) == 0o600)
        #expect(try fixture.folder.mode("journal") == 0o700)
    }

    @Test func keptTextRoundTripsExactly() throws {
        let fixture = JournalFixture()
        for text in ["one line", "ends with a newline\n", "two\n\nblank lines\n\n", "  spaces  ", "emoji 🌧️ and 中文", "---\nlooks like front matter\n---", "tab\tand \\ backslash"] {
            let kept = try fixture.journal.keep(text: text, feeling: nil)
            let loaded = try fixture.journal.load(kept.summary)
            #expect(loaded == kept, "\(text.debugDescription)")
        }
    }

    @Test func blankTextIsRefusedAndNothingIsWritten() throws {
        let fixture = JournalFixture()
        for text in ["", "   ", "\n\n\t \n"] {
            #expect(throws: JournalError.emptyText) { try fixture.journal.keep(text: text, feeling: .same) }
        }
        #expect(fixture.folder.files() == [])
    }

    @Test func listsNewestFirst() throws {
        let fixture = JournalFixture()
        try fixture.journal.keep(text: "first", feeling: .heavier)
        fixture.now = fixture.now.addingTimeInterval(3600)
        try fixture.journal.keep(text: "second", feeling: .same)
        fixture.now = fixture.now.addingTimeInterval(-86400)
        try fixture.journal.keep(text: "earliest", feeling: nil)
        let listing = fixture.journal.list()
        #expect(listing.entries.map(\.preview) == ["second", "first", "earliest"])
        #expect(listing.entries.map(\.feeling) == [.same, .heavier, nil])
        #expect(listing.problems == [])
    }

    @Test func handWrittenFilesListWithTheBestDateAvailable() throws {
        let fixture = JournalFixture()
        try fixture.write("Typed in my editor\n", to: "entries/2025/03/2025-03-04T050607Z-abcdef12.md")
        try fixture.write("No date anywhere\n", to: "entries/loose note.md")
        let mtime = UTCTime.parseISO8601("2024-01-02T03:04:05Z")!
        try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: fixture.folder.url("journal/entries/loose note.md"))
        try fixture.write("---\nfeeling: sort of ok\ndate: not a date\nsafety: perhaps\n---\nOdd values\n", to: "entries/2023/05/2023-05-06T070809Z-00000000.md")
        let entries = fixture.journal.list().entries
        #expect(entries.map(\.preview) == ["Typed in my editor", "No date anywhere", "Odd values"])
        #expect(entries.map { UTCTime($0.date).iso8601 } == ["2025-03-04T05:06:07Z", "2024-01-02T03:04:05Z", "2023-05-06T07:08:09Z"])
        #expect(entries.map(\.feeling) == [nil, nil, nil])
        #expect(entries.map(\.safety) == [false, false, false])
        // Ids derived from the path are stable from one listing to the next.
        #expect(fixture.journal.list().entries.map(\.id) == entries.map(\.id))
        #expect(Set(entries.map(\.id)).count == 3)
    }

    @Test func listingNeverRewritesAFile() throws {
        let fixture = JournalFixture()
        let original = "---\r\nfeeling: Lighter\r\nunknown: kept\r\n---\r\nMine\r\n"
        try fixture.write(original, to: "entries/mine.md")
        let before = try FileManager.default.attributesOfItem(atPath: fixture.folder.url("journal/entries/mine.md"))[.modificationDate] as? Date
        _ = fixture.journal.list()
        _ = try fixture.journal.entry("1")
        #expect(String(decoding: try fixture.folder.read("journal/entries/mine.md"), as: UTF8.self) == original)
        let after = try FileManager.default.attributesOfItem(atPath: fixture.folder.url("journal/entries/mine.md"))[.modificationDate] as? Date
        #expect(before == after)
        #expect(fixture.journal.list().entries.first?.feeling == .lighter)
    }

    @Test func brokenFilesAreReportedAndTheRestStillList() throws {
        let fixture = JournalFixture()
        try fixture.journal.keep(text: "fine", feeling: .same)
        try fixture.write("---\nfeeling: [\n---\nbroken\n", to: "entries/2026/11/broken.md")
        let listing = fixture.journal.list()
        #expect(listing.entries.map(\.preview) == ["fine"])
        #expect(listing.problems.map(\.relativePath) == ["entries/2026/11/broken.md"])
    }

    @Test func findsEntriesByNumberOrIdPrefix() throws {
        let fixture = JournalFixture()
        fixture.ids = ["11111111-0000-4000-8000-000000000001", "22222222-0000-4000-8000-000000000002", "22223333-0000-4000-8000-000000000003"].map { UUID(uuidString: $0)! }
        try fixture.journal.keep(text: "one", feeling: nil)
        fixture.now += 60
        try fixture.journal.keep(text: "two", feeling: nil)
        fixture.now += 60
        try fixture.journal.keep(text: "three", feeling: nil)
        let journal = fixture.journal
        #expect(try journal.entry("1").text == "three")
        #expect(try journal.entry("#3").text == "one")
        #expect(try journal.entry("1111").text == "one")
        #expect(try journal.entry("22222222-0000-4000-8000-000000000002").text == "two")
        #expect(try journal.entry("  22223 ").text == "three")
        #expect(throws: JournalError.noSuchEntry(reference: "4")) { try journal.entry("4") }
        #expect(throws: JournalError.noSuchEntry(reference: "#9")) { try journal.entry("#9") }
        #expect(throws: JournalError.noSuchEntry(reference: "abc")) { try journal.entry("abc") }
        #expect(throws: JournalError.noSuchEntry(reference: "ffff")) { try journal.entry("ffff") }
        #expect(throws: JournalError.ambiguousReference(reference: "2222", candidates: [
            "entries/2026/11/2026-11-22T034400Z-22223333.md", "entries/2026/11/2026-11-22T034300Z-22222222.md",
        ])) { try journal.entry("2222") }
    }

    @Test func letGoRemovesTheFile() throws {
        let fixture = JournalFixture()
        let kept = try fixture.journal.keep(text: "let this go", feeling: .lighter)
        try fixture.journal.keep(text: "stays", feeling: .lighter)
        try fixture.journal.letGo(kept.summary)
        #expect(fixture.journal.list().entries.map(\.preview) == ["stays"])
        #expect(fixture.folder.files(under: "journal").count == 1)
    }

    /// Ids are random: within one second, the later keep must still be number 1, so that
    /// `say let-go 1` right after a keep is that keep.
    @Test(arguments: 0 ..< 8)
    func entriesKeptInTheSameSecondListInTheOrderKept(seed: Int) throws {
        let fixture = JournalFixture()
        var generator = SeededIDs(seed: UInt64(seed))
        fixture.ids = (0 ..< 3).map { _ in generator.next() }
        fixture.now = UTCTime.parseISO8601("2026-11-22T03:42:00.100Z")!
        let first = try fixture.journal.keep(text: "first", feeling: nil)
        fixture.now = UTCTime.parseISO8601("2026-11-22T03:42:00.450Z")!
        let second = try fixture.journal.keep(text: "second", feeling: nil)
        fixture.now = UTCTime.parseISO8601("2026-11-22T03:42:00.999Z")!
        let third = try fixture.journal.keep(text: "third", feeling: nil)
        #expect(fixture.journal.list().entries.map(\.id) == [third.id, second.id, first.id])
        #expect(try fixture.journal.entry("1").id == third.id)
        let text = String(decoding: try fixture.folder.read("journal/" + second.path), as: UTF8.self)
        #expect(text.contains("date: 2026-11-22T03:42:00.450Z\n"))
    }

    @Test func changesWaitForAnotherProcessAndThenGiveUp() throws {
        let fixture = JournalFixture()
        let kept = try fixture.journal.keep(text: "already here", feeling: nil)
        let folders = fixture.journal.folders
        let held = try FolderLock(folder: folders.journal, timeout: 1)
        let impatient = try Journal(folders: folders, lockTimeout: 0.2)
        #expect(throws: JournalError.busy) { try impatient.keep(text: "waits", feeling: nil) }
        #expect(throws: JournalError.busy) { try impatient.letGo(kept.summary) }
        // Reading never needs the lock.
        #expect(impatient.list().entries.count == 1)
        withExtendedLifetime(held) {}
    }

    @Test func aJournalPathThatIsAFileIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write("x", to: "file")
        #expect(throws: JournalError.unusableJournal(path: folder.url("file"), reason: "it is a file, not a folder")) {
            try Journal(folders: UserFolders(journal: folder.url("file"), config: folder.url("c"), state: folder.url("s")))
        }
    }
}

@Suite("Where the journal lives")
struct UserFoldersTests {
    @Test func followsOptionThenEnvironmentThenXDGThenHome() throws {
        let home = ["HOME": "/home/sam"]
        #expect(try UserFolders.resolve(journalOption: nil, environment: home, workingDirectory: "/w")
            == UserFolders(journal: "/home/sam/.local/share/say-it-later", config: "/home/sam/.config/say-it-later", state: "/home/sam/.local/state/say-it-later",
                           cache: "/home/sam/.cache/say-it-later"))
        let xdg = home.merging(["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k"]) { $1 }
        #expect(try UserFolders.resolve(journalOption: nil, environment: xdg, workingDirectory: "/w")
            == UserFolders(journal: "/d/say-it-later", config: "/c/say-it-later", state: "/s/say-it-later", cache: "/k/say-it-later"))
        let relativeXDG = home.merging(["XDG_DATA_HOME": "relative", "XDG_CACHE_HOME": "relative"]) { $1 }
        #expect(try UserFolders.resolve(journalOption: nil, environment: relativeXDG, workingDirectory: "/w").journal == "/home/sam/.local/share/say-it-later")
        #expect(try UserFolders.resolve(journalOption: nil, environment: relativeXDG, workingDirectory: "/w").cache == "/home/sam/.cache/say-it-later")
        #expect(UserFolders.cache(environment: xdg) == "/k/say-it-later")
        #expect(UserFolders.cache(environment: ["XDG_CACHE_HOME": "relative"]) == nil)
        #expect(try UserFolders.resolve(journalOption: nil, environment: xdg.merging(["SAY_JOURNAL": "j"]) { $1 }, workingDirectory: "/w").journal == "/w/j")
        #expect(try UserFolders.resolve(journalOption: "../other", environment: xdg.merging(["SAY_JOURNAL": "j"]) { $1 }, workingDirectory: "/w/x").journal == "/w/other")
        #expect(try UserFolders.resolve(journalOption: "~/notes", environment: home, workingDirectory: "/w").journal == "/home/sam/notes")
        #expect(throws: JournalError.noHomeFolder) { try UserFolders.resolve(journalOption: "/j", environment: [:], workingDirectory: "/w") }
    }
}

@Suite("Feelings")
struct FeelingTests {
    @Test func readsRawValuesAndDisplayNames() {
        #expect(Feeling.allCases.map(\.displayName) == ["lighter", "the same", "heavier"])
        #expect(Feeling(text: "the same") == .same)
        #expect(Feeling(text: " Heavier ") == .heavier)
        #expect(Feeling(text: "fine") == nil)
    }
}

/// Deterministic UUIDs (a small xorshift), so id order is random but repeatable.
struct SeededIDs {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UUID {
        var bytes: [UInt8] = []
        for _ in 0 ..< 16 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
