import Foundation
import MarkdownStore
import TestSupport
import Testing

/// Files people make and break by hand, and what the scan must make of each: a summary with
/// these fields and first line, or a problem with this reason. Nothing stops the rest listing.
@Suite("Directory scan: a catalogue of hand-edited and broken files")
struct ScannerCatalogueTests {
    enum Expected: Equatable {
        case summary(fields: [String: String], firstLine: String, hasFrontMatter: Bool = true)
        case problem(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: Expected
        var testDescription: String { name }
        init(_ name: String, _ text: String, _ expected: Expected) {
            self.init(name, Array(text.utf8), expected)
        }
        init(_ name: String, _ bytes: [UInt8], _ expected: Expected) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("say's own format", "---\nid: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c\ndate: 2026-11-22T03:42:00Z\nfeeling: lighter\nsafety: false\n---\nFirst line\nSecond\n",
             .summary(fields: ["id": "7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c", "date": "2026-11-22T03:42:00Z", "feeling": "lighter", "safety": "false"], firstLine: "First line")),
        Case("no front matter", "Written in an editor.\nMore.\n", .summary(fields: [:], firstLine: "Written in an editor.", hasFrontMatter: false)),
        Case("empty file", "", .summary(fields: [:], firstLine: "", hasFrontMatter: false)),
        Case("only blank lines", "\n\n   \n", .summary(fields: [:], firstLine: "", hasFrontMatter: false)),
        Case("CRLF line endings", "---\r\nfeeling: same\r\n---\r\nWindows line\r\n", .summary(fields: ["feeling": "same"], firstLine: "Windows line")),
        Case("byte order mark", "\u{FEFF}---\nfeeling: same\n---\nAfter a BOM\n", .summary(fields: ["feeling": "same"], firstLine: "After a BOM")),
        Case("BOM without front matter", "\u{FEFF}Plain with BOM", .summary(fields: [:], firstLine: "Plain with BOM", hasFrontMatter: false)),
        Case("trailing spaces after fences", "---  \nfeeling: heavier\n---\t\nBody\n", .summary(fields: ["feeling": "heavier"], firstLine: "Body")),
        Case("unknown keys", "---\nfeeling: lighter\nweather: rain\nplaces:\n  - home\n---\nBody\n", .summary(fields: ["feeling": "lighter", "weather": "rain"], firstLine: "Body")),
        Case("quoted values", "---\nfeeling: \"lighter\"\ndate: '2026-11-22T03:42:00Z'\n---\nBody\n", .summary(fields: ["feeling": "lighter", "date": "2026-11-22T03:42:00Z"], firstLine: "Body")),
        Case("comment lines", "---\n# my own note\nfeeling: same # trailing comment\n---\nBody\n", .summary(fields: ["feeling": "same"], firstLine: "Body")),
        Case("empty front matter", "---\n---\nBody only\n", .summary(fields: [:], firstLine: "Body only")),
        Case("missing keys", "---\nfeeling: lighter\n---\nNo id or date\n", .summary(fields: ["feeling": "lighter"], firstLine: "No id or date")),
        Case("invalid values are still read", "---\nfeeling: ecstatic\ndate: last tuesday\nsafety: maybe\n---\nBody\n", .summary(fields: ["feeling": "ecstatic", "date": "last tuesday", "safety": "maybe"], firstLine: "Body")),
        Case("blank lines before the first line", "---\nid: x\n---\n\n\n   Indented start  \n", .summary(fields: ["id": "x"], firstLine: "Indented start")),
        Case("long first line is cut", "---\nid: x\n---\n" + String(repeating: "ab", count: 200) + "\n", .summary(fields: ["id": "x"], firstLine: String(repeating: "ab", count: 80))),
        Case("horizontal rule later is body", "---\nid: x\n---\nBody\n---\nmore\n", .summary(fields: ["id": "x"], firstLine: "Body")),
        Case("dots close the front matter", "---\nid: x\n...\nBody\n", .summary(fields: ["id": "x"], firstLine: "Body")),
        Case("malformed YAML", "---\nid: x\nfeeling: [unclosed\n---\nBody\n", .problem("line 4, column 1: the front matter is not valid YAML: did not find expected ',' or ']'")),
        Case("tab indentation", "---\nid: x\n\tfeeling: same\n---\nBody\n", .problem("line 3, column 1: the front matter is not valid YAML: found a tab character that violates indentation")),
        Case("front matter is a list", "---\n- a\n- b\n---\nBody\n", .problem("the front matter must be `key: value` lines")),
        Case("front matter is a bare word", "---\njust words\n---\nBody\n", .problem("the front matter must be `key: value` lines")),
        Case("unterminated front matter", "---\nid: x\nfeeling: lighter\nBody with no closing fence\n", .problem("the front matter starts with --- but has no closing --- line")),
        Case("nesting bomb", "---\nk: " + String(repeating: "[", count: 500) + "\n---\nBody\n", .problem("line 2, column 1: the front matter is not valid YAML: nested more than 64 levels deep")),
        // What `say show` cannot read, the listing reports: both read a file the same way.
        Case("front matter not UTF-8", [0x2D, 0x2D, 0x2D, 0x0A, 0x69, 0x64, 0x3A, 0x20, 0xC3, 0x28, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A], .problem("not UTF-8 text")),
        Case("body not UTF-8", [0x48, 0x69, 0x20, 0xFF, 0x0A], .problem("not UTF-8 text")),
        Case("NUL in the text", "Before\u{0}after\n", .problem("not UTF-8 text")),
        Case("UTF-16 with a byte order mark", [0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00], .problem("not UTF-8 text")),
        Case("a surrogate written as UTF-8", [0x48, 0xED, 0xA0, 0x80, 0x0A], .problem("not UTF-8 text")),
        Case("an overlong encoding", [0x48, 0xC0, 0xAF, 0x0A], .problem("not UTF-8 text")),
        Case("four-byte UTF-8 is text", "Rain 🌧 and 𝄞\n", .summary(fields: [:], firstLine: "Rain 🌧 and 𝄞", hasFrontMatter: false)),
        Case("duplicate keys", "---\nfeeling: lighter\nfeeling: heavier\n---\nBody\n", .problem("line 2, column 1: the front matter is not valid YAML: a key appears more than once (feeling)")),
    ]

    @Test(arguments: cases)
    func scansEachCase(_ item: Case) throws {
        let folder = TemporaryFolder()
        try folder.write(item.bytes, to: "entries/2026/11/case.md")
        var summaries: [DocumentSummary] = []
        let problems = DirectoryScanner(root: folder.path).scan("entries") { summaries.append($0) }
        switch item.expected {
        case let .summary(fields, firstLine, hasFrontMatter):
            #expect(problems == [])
            let summary = try #require(summaries.first)
            #expect(summary.fields == fields)
            #expect(summary.firstLine == firstLine)
            #expect(summary.hasFrontMatter == hasFrontMatter)
            #expect(summary.relativePath == "entries/2026/11/case.md")
        case let .problem(reason):
            #expect(summaries == [])
            #expect(problems == [ScanProblem(relativePath: "entries/2026/11/case.md", reason: reason)])
        }
    }

    @Test func oneBrokenFileNeverStopsTheRest() throws {
        let folder = TemporaryFolder()
        try folder.write("---\nid: a\n---\nfirst\n", to: "entries/2026/01/a.md")
        try folder.write("---\nid: [\n---\nbroken\n", to: "entries/2026/01/b.md")
        try folder.write("---\nid: c\n---\nthird\n", to: "entries/2026/02/c.md")
        var paths: [String] = []
        let problems = DirectoryScanner(root: folder.path).scan("entries") { paths.append($0.relativePath) }
        #expect(paths == ["entries/2026/01/a.md", "entries/2026/02/c.md"])
        #expect(problems.map(\.relativePath) == ["entries/2026/01/b.md"])
    }

    @Test func skipsHiddenFilesEditorLeftoversAndOtherFiles() throws {
        let folder = TemporaryFolder()
        for name in [".hidden.md", ".a.md.swp", "a.md~", ".#a.md", "a.md.swp", "notes.txt", "picture.png", ".a.md.tmp-1-2"] {
            try folder.write("x", to: "entries/\(name)")
        }
        try folder.write("x", to: "entries/.git/config.md")
        try folder.write("kept", to: "entries/real.md")
        try folder.write("also", to: "entries/other.markdown")
        var paths: [String] = []
        let problems = DirectoryScanner(root: folder.path).scan("entries") { paths.append($0.relativePath) }
        #expect(paths == ["entries/other.markdown", "entries/real.md"])
        #expect(problems == [])
    }

    @Test func neverFollowsSymbolicLinks() throws {
        let folder = TemporaryFolder()
        try folder.write("---\nid: outside\n---\nnot in the journal\n", to: "outside/secret.md")
        try folder.write("inside", to: "j/entries/real.md")
        try FileManager.default.createSymbolicLink(atPath: folder.url("j/entries/link.md"), withDestinationPath: folder.url("outside/secret.md"))
        try FileManager.default.createSymbolicLink(atPath: folder.url("j/entries/linked-folder"), withDestinationPath: folder.url("outside"))
        var summaries: [DocumentSummary] = []
        let problems = DirectoryScanner(root: folder.url("j")).scan("entries") { summaries.append($0) }
        #expect(summaries.map(\.relativePath) == ["entries/real.md"])
        #expect(problems == [
            ScanProblem(relativePath: "entries/link.md", reason: "a symbolic link; say never follows links"),
            ScanProblem(relativePath: "entries/linked-folder", reason: "a symbolic link to a folder; say never follows links, so the entries in it are not listed, versioned or synced: to keep them in the journal, put the folder itself here in place of the link"),
        ])
    }

    /// A file removed between its folder being listed and its being opened (let go by another
    /// say, moved by an editor) is simply not listed: it is not a file that could not be read.
    @Test func filesRemovedWhileTheScanRunsAreNotProblems() throws {
        let folder = TemporaryFolder()
        let names = (0 ..< 400).map { String(format: "entries/2026/%02d/%03d.md", $0 % 12 + 1, $0) }
        for name in names { try folder.write("---\nid: x\n---\nbody\n", to: name) }
        let remover = Thread {
            for name in names.reversed() { unlink(folder.url(name)) }
        }
        var problems: [ScanProblem] = []
        remover.start()
        // Scan until every file is gone (bounded: the remover ends after 400 unlinks).
        for _ in 0 ..< 10_000 {
            var count = 0
            problems += DirectoryScanner(root: folder.path).scan("entries") { _ in count += 1 }
            if count == 0 && remover.isFinished { break }
        }
        #expect(problems == [])
        #expect(folder.files(under: "entries") == [])
    }

    @Test func aFolderNamedLikeAnEntryIsWalkedNotRead() throws {
        let folder = TemporaryFolder()
        try folder.write("---\nid: x\n---\ninside\n", to: "entries/odd.md/real.md")
        var paths: [String] = []
        _ = DirectoryScanner(root: folder.path).scan("entries") { paths.append($0.relativePath) }
        #expect(paths == ["entries/odd.md/real.md"])
    }

    @Test func aMissingFolderHoldsNothing() {
        let folder = TemporaryFolder()
        var count = 0
        let problems = DirectoryScanner(root: folder.path).scan("entries") { _ in count += 1 }
        #expect(count == 0)
        #expect(problems == [])
    }

    @Test func aHugeFileIsReportedWithoutBeingRead() throws {
        let folder = TemporaryFolder()
        try folder.write("---\nid: big\n---\nThe start\n", to: "entries/big.md")
        // Make it a 1 GB sparse file: reading it whole would take seconds and a gigabyte.
        let handle = try #require(FileHandle(forWritingAtPath: folder.url("entries/big.md")))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        var summaries: [DocumentSummary] = []
        let started = Date()
        let problems = DirectoryScanner(root: folder.path).scan("entries") { summaries.append($0) }
        // Over the limit `say show` reads, so reported, as `show` reports it.
        #expect(problems == [ScanProblem(relativePath: "entries/big.md", reason: "too large (1073741824 bytes; the limit is 16777216)")])
        #expect(summaries.isEmpty)
        // Whole-file reading would take well over a second; this is a correctness bound, not a benchmark.
        #expect(Date().timeIntervalSince(started) < 1)
    }
}
