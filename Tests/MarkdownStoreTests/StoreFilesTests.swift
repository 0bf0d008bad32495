import Foundation
import MarkdownStore
import TestSupport
import Testing

@Suite("Atomic files and the document store")
struct StoreFilesTests {
    @Test func writesFilesOwnerOnlyInOwnerOnlyFolders() throws {
        let folder = TemporaryFolder()
        let store = DocumentStore(root: folder.url("journal"))
        try store.write(FrontMatterDocument(fields: ["id": "x"], body: "text\n"), to: "entries/2026/11/a.md")
        #expect(try folder.mode("journal/entries/2026/11/a.md") == 0o600)
        for path in ["journal", "journal/entries", "journal/entries/2026", "journal/entries/2026/11"] {
            #expect(try folder.mode(path) == 0o700, "\(path)")
        }
        #expect(String(decoding: try folder.read("journal/entries/2026/11/a.md"), as: UTF8.self) == "---\nid: x\n---\ntext\n")
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = TemporaryFolder()
        try folder.write("old contents", to: "j/a.md")
        // A folder where the temporary file would be renamed to: the rename fails.
        try FileManager.default.createDirectory(atPath: folder.url("j/b.md"), withIntermediateDirectories: true)
        try folder.write("inside", to: "j/b.md/keep")
        #expect(throws: MarkdownStoreError.self) {
            try AtomicFile.write(Array("new".utf8), to: folder.url("j/b.md"))
        }
        #expect(folder.files(under: "j") == ["j/a.md", "j/b.md/keep"])
    }

    @Test(.enabled(if: !TestEnvironment.isRoot, "root ignores folder permissions; the rename case covers root"))
    func aFolderThatCannotBeWrittenLeavesTheOldFile() throws {
        let folder = TemporaryFolder()
        try folder.write("old contents", to: "j/a.md")
        chmod(folder.url("j"), 0o500)
        defer { chmod(folder.url("j"), 0o700) }
        #expect(throws: MarkdownStoreError.self) { try AtomicFile.write(Array("new".utf8), to: folder.url("j/a.md")) }
        #expect(String(decoding: try folder.read("j/a.md"), as: UTF8.self) == "old contents")
    }

    @Test func rewritingTheSameBytesLeavesTheFileAlone() throws {
        let folder = TemporaryFolder()
        let store = DocumentStore(root: folder.path)
        let document = FrontMatterDocument(fields: ["id": "x"], body: "text\n")
        #expect(try store.write(document, to: "a.md"))
        #expect(try store.write(document, to: "a.md") == false)
        #expect(try store.write(document.setting("id", to: "y"), to: "a.md"))
    }

    @Test func refusesPathsOutsideTheRoot() throws {
        let folder = TemporaryFolder()
        let store = DocumentStore(root: folder.url("j"))
        for path in ["../escape.md", "/etc/passwd", "entries/../../x.md", "a//b.md"] {
            #expect(throws: MarkdownStoreError.self, "\(path)") { try store.write(FrontMatterDocument(body: "x"), to: path) }
        }
        #expect(folder.files() == [])
    }

    @Test func readingALinkIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write("secret elsewhere", to: "outside.md")
        try FileManager.default.createDirectory(atPath: folder.url("j/entries"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url("j/entries/link.md"), withDestinationPath: folder.url("outside.md"))
        #expect(throws: MarkdownStoreError.symbolicLink(path: "entries/link.md")) {
            try DocumentStore(root: folder.url("j")).read("entries/link.md")
        }
    }

    @Test func removeFlushesAndToleratesAMissingFile() throws {
        let folder = TemporaryFolder()
        let store = DocumentStore(root: folder.path)
        try store.write(FrontMatterDocument(body: "x"), to: "e/a.md")
        try store.remove("e/a.md")
        try store.remove("e/a.md")
        #expect(folder.files() == [])
    }

    @Test func shardedPathsCarryTimeAndTagOnly() throws {
        let date = try #require(UTCTime.parseISO8601("2026-11-22T03:42:00Z"))
        let path = ShardedPath.make(folder: "entries", date: date, tag: "7f3c9a2e")
        #expect(path == "entries/2026/11/2026-11-22T034200Z-7f3c9a2e.md")
        let parsed = try #require(ShardedPath.parse(fileName: "2026-11-22T034200Z-7f3c9a2e.md"))
        #expect(parsed.date == date)
        #expect(parsed.tag == "7f3c9a2e")
        #expect(ShardedPath.parse(fileName: "my thoughts.md") == nil)
        #expect(ShardedPath.parse(fileName: "2026-13-22T034200Z-7f3c9a2e.md") == nil)
    }

    @Test func utcTimeAgreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SeededGenerator(seed: 42)
        for _ in 0 ..< 2000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_000_000_000 ... 6_000_000_000, using: &generator)))
            let ours = UTCTime(date).iso8601
            #expect(ours == formatter.string(from: date))
            #expect(UTCTime.parseISO8601(ours) == date)
        }
        #expect(UTCTime.parseISO8601("2026-11-22T04:42:00+01:00") == UTCTime.parseISO8601("2026-11-22T03:42:00Z"))
        #expect(UTCTime.parseISO8601("2026-11-22T03:42:00.500Z") == UTCTime.parseISO8601("2026-11-22T03:42:00Z")!.addingTimeInterval(0.5))
        #expect(UTCTime.parseISO8601("2026-11-22") == UTCTime.parseISO8601("2026-11-22T00:00:00Z"))
        for bad in ["", "yesterday", "2026-02-30T00:00:00Z", "2026-11-22T25:00:00Z", "2026-11-22T03:42:00", "2026-11-22T03:42:00Zjunk"] {
            #expect(UTCTime.parseISO8601(bad) == nil, "\(bad)")
        }
    }
}
