import Foundation
import MarkdownStore
@testable import SayItLaterCore
import Testing

/// The sync rules as a pure function: three trees and the let-go evidence in, actions out.
@Suite("sync plan")
struct SyncPlanTests {
    static let one = GitSyncFile(blob: ObjectID(hex: String(repeating: "1", count: 40))!, mode: 0o100644)
    static let two = GitSyncFile(blob: ObjectID(hex: String(repeating: "2", count: 40))!, mode: 0o100644)
    static let three = GitSyncFile(blob: ObjectID(hex: String(repeating: "3", count: 40))!, mode: 0o100644)

    /// base, local, remote → action, with no let-go record for the path.
    @Test(arguments: [
        (nil, one, nil, SyncAction.send),
        (nil, nil, one, .take),
        (nil, one, one, nil),
        (nil, one, two, .conflict),
        (one, one, one, nil),
        (one, two, one, .send),
        (one, one, two, .take),
        (one, two, two, nil),
        (one, two, three, .conflict),
        // Absence is never a let-go: what is missing comes back from where it still is.
        (one, one, nil, .restoreOnRemote),
        (one, two, nil, .restoreOnRemote),
        (one, nil, one, .restoreHere),
        (one, nil, two, .restoreHere),
        (one, nil, nil, .restoreBoth),
    ] as [(GitSyncFile?, GitSyncFile?, GitSyncFile?, SyncAction?)])
    func withoutARecordNothingIsLetGo(_ base: GitSyncFile?, _ local: GitSyncFile?, _ remote: GitSyncFile?, _ expected: SyncAction?) {
        #expect(SyncPlan.decide(base: base, local: local, remote: remote, letGo: false, letGoHere: false, isEntry: true) == expected)
    }

    /// With say's record of a let-go, the entry goes wherever it still is.
    @Test(arguments: [
        (one, one, nil, SyncAction.letGoElsewhere),
        (one, two, nil, .letGoWon),
        (nil, one, nil, .letGoElsewhere),
        (one, one, one, .letGoElsewhere),
        (one, nil, one, .letGoSent),
        (one, nil, nil, .letGoGone),
        (nil, nil, one, .letGoSent),
    ] as [(GitSyncFile?, GitSyncFile?, GitSyncFile?, SyncAction)])
    func aRecordedLetGoRemovesTheEntry(_ base: GitSyncFile?, _ local: GitSyncFile?, _ remote: GitSyncFile?, _ expected: SyncAction) {
        #expect(SyncPlan.decide(base: base, local: local, remote: remote, letGo: true, letGoHere: false, isEntry: true) == expected)
    }

    @Test func aLetGoHereIsSentWhateverTheRemoteHolds() {
        for remote in [nil, Self.one, Self.two] {
            #expect(SyncPlan.decide(base: Self.one, local: nil, remote: remote, letGo: true, letGoHere: true, isEntry: true) == .letGoSent)
        }
    }

    /// With version lines, only what was let go goes: a newer entry at the same path is kept
    /// (and becomes the final version), whichever side holds it.
    @Test(arguments: [
        // The let-go reached this computer already: a new file here is just sent.
        (nil, one, nil, LetGoSides(), SyncAction.send),
        // This computer's version was let go elsewhere; the remote holds a newer entry there.
        (one, one, two, LetGoSides(local: true, base: true), .letGoTakeNewer),
        (one, nil, two, LetGoSides(base: true), .letGoTakeNewer),
        // Let go here, and a newer entry written here before syncing; the remote's version goes.
        (nil, two, one, LetGoSides(remote: true, here: true), .letGoSendNewer),
        (nil, two, nil, LetGoSides(here: true), .letGoSendNewer),
        // A remote restored from a backup, joined again: its version goes, the newer one stays.
        (nil, two, one, LetGoSides(remote: true), .letGoSendNewer),
        // Everything there was let go: as with a path record.
        (one, one, one, LetGoSides(local: true, remote: true, base: true), .letGoElsewhere),
        (one, three, nil, LetGoSides(local: true, base: true), .letGoWon),
        (one, nil, one, LetGoSides(remote: true, base: true, here: true), .letGoSent),
        // Two newer entries that never met: like any two new files.
        (nil, two, three, LetGoSides(here: true), .conflict),
    ] as [(GitSyncFile?, GitSyncFile?, GitSyncFile?, LetGoSides, SyncAction?)])
    func versionRecordsLetGoOnlyWhatWasLetGo(_ base: GitSyncFile?, _ local: GitSyncFile?, _ remote: GitSyncFile?, _ sides: LetGoSides,
                                            _ expected: SyncAction?) {
        #expect(SyncPlan.decide(base: base, local: local, remote: remote, sides: sides) == expected)
    }

    @Test func otherFilesChangedOnBothSidesAreMergedNotCopied() {
        #expect(SyncPlan.decide(base: Self.one, local: Self.two, remote: Self.three, letGo: false, letGoHere: false, isEntry: false) == .merge)
        #expect(SyncPlan.decide(base: nil, local: Self.two, remote: Self.three, letGo: false, letGoHere: false, isEntry: false) == .merge)
    }

    @Test func theWholePlanUsesEvidenceOnlyForEntries() {
        let plan = SyncPlan.make(
            base: ["entries/2026/11/a.md": Self.one, "entries/2026/11/b.md": Self.one, ".gitignore": Self.one],
            local: ["entries/2026/11/a.md": Self.one, "entries/2026/11/b.md": Self.one, ".gitignore": Self.one],
            remote: ["entries/2026/11/c.md": Self.two],
            letGo: ["entries/2026/11/a.md", ".gitignore"], letGoHere: [],
            isEntry: { $0.hasPrefix("entries/") })
        #expect(plan.actions == [
            "entries/2026/11/a.md": .letGoElsewhere,
            "entries/2026/11/b.md": .restoreOnRemote,
            "entries/2026/11/c.md": .take,
            ".gitignore": .restoreOnRemote,
        ])
        #expect(plan.removedHere == ["entries/2026/11/a.md"])
    }

    @Test func removingManyAtOnceAsksFirst() {
        #expect(!Journal.needsConfirmation(removing: 1, of: 1))
        #expect(!Journal.needsConfirmation(removing: 1, of: 2))
        #expect(Journal.needsConfirmation(removing: 2, of: 4))
        #expect(!Journal.needsConfirmation(removing: 2, of: 5))
        #expect(!Journal.needsConfirmation(removing: 3, of: 100))
        #expect(Journal.needsConfirmation(removing: 4, of: 100))
    }
}

@Suite("journal record")
struct JournalRecordTests {
    @Test func rendersAndReadsBack() {
        let record = JournalRecord(id: "3f0c1d9e-aaaa", generation: 4, letGo: [String(repeating: "a", count: 32), String(repeating: "0", count: 32)])
        let text = String(decoding: record.rendered(), as: UTF8.self)
        #expect(text == "say-it-later journal\nid: 3f0c1d9e-aaaa\ngeneration: 4\nlet-go: \(String(repeating: "0", count: 32))\nlet-go: \(String(repeating: "a", count: 32))\n")
        #expect(JournalRecord.parse(record.rendered()) == record)
        // The first version's record: no generation, no let-go lines.
        #expect(JournalRecord.parse(Array("say-it-later journal\nid: abc\n".utf8)) == JournalRecord(id: "abc", generation: 0, letGo: []))
        #expect(JournalRecord.parse(Array("say-it-later journal\r\nid: abc\r\nlater-key: kept for later versions\r\n".utf8))?.id == "abc")
    }

    @Test func versionLinesRenderReadBackAndStandWithTheirPathLine() {
        let path = String(repeating: "b", count: 32), version = String(repeating: "c", count: 32), other = String(repeating: "d", count: 32)
        let record = JournalRecord(id: "abc", generation: 2, letGo: [path], letGoVersions: [path: [version, other]])
        let text = String(decoding: record.rendered(), as: UTF8.self)
        #expect(text == "say-it-later journal\nid: abc\ngeneration: 2\nlet-go: \(path)\nlet-go-version: \(path) \(version)\nlet-go-version: \(path) \(other)\n")
        #expect(JournalRecord.parse(record.rendered()) == record)
        // A version line alone still names its path.
        #expect(JournalRecord.parse(Array("say-it-later journal\nid: abc\nlet-go-version: \(path) \(version)\n".utf8))?.letGo == [path])
        // An earlier version of say reads the path line and skips the rest.
        #expect(JournalRecord.parse(Array("say-it-later journal\nid: abc\nlet-go-version: \(path)\n".utf8)) == nil)
    }

    @Test func theVersionLineNamesNeitherPathNorWordsAndDiffersFromThePathLine() {
        let path = "entries/2026/11/notes.md"
        let tokens = JournalRecord.Tokens(journal: "journal-one")
        let version = ObjectID(hex: String(repeating: "1", count: 40))!
        let line = tokens.token(for: path, version: version)
        #expect(line.count == 32 && !line.contains("1111"))
        #expect(line != tokens.token(for: path))
        #expect(line != tokens.token(for: path, version: ObjectID(hex: String(repeating: "2", count: 40))!))
        #expect(line != tokens.token(for: "entries/2026/11/other.md", version: version))
        #expect(line != JournalRecord.Tokens(journal: "journal-two").token(for: path, version: version))
    }

    @Test(arguments: [
        "", "id: abc\n", "say-it-later journal\n", "say-it-later journal\nid: \n", "say-it-later journal\nid: a b\n",
        "say-it-later journal\nid: abc\ngeneration: -1\n", "say-it-later journal\nid: abc\nlet-go: xyz\n",
        "say-it-later journal\nid: abc\nlet-go: \(String(repeating: "A", count: 32))\n", "say-it-later journal\nid: abc\nno colon\n",
        "say-it-later journal\nid: abc\nid: def\n",
    ])
    func refusesWhatIsNotARecord(_ text: String) {
        #expect(JournalRecord.parse(Array(text.utf8)) == nil)
    }

    @Test func theLetGoLineNamesNothingAndDependsOnTheJournal() {
        let path = "entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md"
        let token = JournalRecord.token(for: path, journal: "journal-one")
        #expect(token.count == 32)
        #expect(!token.contains("7f3c9a2e") && !token.contains("2026"))
        #expect(token == JournalRecord.token(for: path, journal: "journal-one"))
        #expect(token != JournalRecord.token(for: path, journal: "journal-two"))
        #expect(token != JournalRecord.token(for: path + " ", journal: "journal-one"))
    }
}

@Suite("conflict copies")
struct SyncConflictCopyTests {
    let path = "entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md"

    func newID(_ copy: GitSyncCopy) throws -> String {
        let name = try #require(copy.path.split(separator: "/").last)
        return String(name.dropLast(3).suffix(8))
    }

    @Test func keepsEveryByteButTheIDLine() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let original = bom + Array("---\r\nid: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c   # mine\r\ndate: 2026-11-22T03:42:00Z\r\n  # an indented comment\r\nmood: ok\r\n---\r\nWords\r\nmore words".utf8)
        let copy = SyncConflictCopy.entry(at: path, bytes: original)
        let id = try newID(copy)
        let fullID = try #require(String(decoding: copy.bytes, as: UTF8.self).split(separator: "\r\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
        #expect(fullID.hasPrefix(id))
        #expect(copy.bytes == bom + Array("---\r\nid: \(fullID)\r\ndate: 2026-11-22T03:42:00Z\r\n  # an indented comment\r\nmood: ok\r\n---\r\nWords\r\nmore words".utf8))
        #expect(copy.path == "entries/2026/11/2026-11-22T034200Z-\(id).md")
        #expect(copy.message == "Keep " + id)
        // The same bytes make the same copy (a sync run again does not copy twice).
        #expect(SyncConflictCopy.entry(at: path, bytes: original) == copy)
    }

    @Test func addsAnIDLineWhereThereIsNone() throws {
        let copy = SyncConflictCopy.entry(at: path, bytes: Array("---\rfeeling: same\r---\rtext\r".utf8))
        let text = String(decoding: copy.bytes, as: UTF8.self)
        #expect(text.hasPrefix("---\rid: "))
        #expect(text.hasSuffix("\rfeeling: same\r---\rtext\r"))
        #expect(text.count == "---\rfeeling: same\r---\rtext\r".count + "id: \r".count + 36)
    }

    @Test func aFileWithoutFrontMatterIsCopiedByteForByte() throws {
        let original = Array("Just words, no front matter.\n".utf8)
        let copy = SyncConflictCopy.entry(at: path, bytes: original)
        #expect(copy.bytes == original)
        #expect(copy.path.hasPrefix("entries/2026/11/2026-11-22T034200Z-"))
    }

    @Test func theCopyKeepsTheOriginalsDateNeverNineteenSeventy() {
        // No date field: the file name's date.
        #expect(SyncConflictCopy.entry(at: path, bytes: Array("---\nfeeling: same\n---\nx\n".utf8)).path.hasPrefix("entries/2026/11/2026-11-22T034200Z-"))
        // A hand-named file with no date at all: the first day of its month folder.
        let handNamed = SyncConflictCopy.entry(at: "entries/2025/03/my note.md", bytes: Array("no date\n".utf8))
        #expect(handNamed.path.hasPrefix("entries/2025/03/2025-03-01T000000Z-"))
        // A date field wins over the name.
        let dated = SyncConflictCopy.entry(at: "entries/2025/03/my note.md", bytes: Array("---\ndate: 2025-03-17T08:09:10Z\n---\nx\n".utf8))
        #expect(dated.path.hasPrefix("entries/2025/03/2025-03-17T080910Z-"))
    }
}
