import Foundation
@testable import MarkdownStore
import Testing
import Yams

@Suite("Front matter documents")
struct FrontMatterTests {
    private func parse(_ text: String, path: String = "entries/a.md") throws -> FrontMatterDocument {
        try FrontMatterDocument.parse(Array(text.utf8), path: path)
    }

    @Test func readsFieldsAndBody() throws {
        let document = try parse("---\nid: abc\ndate: 2026-11-22T03:42:00Z\nfeeling: lighter\nsafety: false\n---\nHello\nthere\n")
        #expect(document.fields == ["id": "abc", "date": "2026-11-22T03:42:00Z", "feeling": "lighter", "safety": "false"])
        #expect(document.body == "Hello\nthere\n")
        #expect(document.frontMatter == "id: abc\ndate: 2026-11-22T03:42:00Z\nfeeling: lighter\nsafety: false\n")
    }

    @Test func keepsTheBodyByteForByte() throws {
        let body = "  leading spaces\r\n\ttabs\n---\nnot front matter\n\n\n🌧 done"
        let document = try parse("---\na: 1\n---\n" + body)
        #expect(document.body == body)
        #expect(document.rendered() == "---\na: 1\n---\n" + body)
    }

    @Test func readsCRLFAndAByteOrderMark() throws {
        let document = try parse("\u{FEFF}---\r\nid: x\r\nfeeling: same\r\n---\r\nBody\r\n")
        #expect(document.fields == ["id": "x", "feeling": "same"])
        #expect(document.body == "Body\r\n")
    }

    @Test func acceptsTrailingSpacesAfterTheFences() throws {
        let document = try parse("---   \nid: x\n--- \t\nBody")
        #expect(document["id"] == "x")
        #expect(document.body == "Body")
    }

    @Test func readsAFileWithoutFrontMatter() throws {
        let document = try parse("Just some words\nwritten by hand\n")
        #expect(document.frontMatter == nil)
        #expect(document.fields.isEmpty)
        #expect(document.body == "Just some words\nwritten by hand\n")
    }

    @Test func closingFenceMayBeDotsOrEndTheFile() throws {
        #expect(try parse("---\na: b\n...\nbody").body == "body")
        #expect(try parse("---\na: b\n---").body == "")
    }

    @Test func settingAKeyKeepsUnknownKeysAndComments() throws {
        let original = "---\n# written on the train\nid: x\nmood_colour: blue\nfeeling: heavier\ntags:\n  - one\n  - two\n---\nBody\n"
        let updated = try parse(original).setting("feeling", to: "lighter").setting("tags", to: "none")
        #expect(updated.rendered() == "---\n# written on the train\nid: x\nmood_colour: blue\nfeeling: lighter\ntags: none\n---\nBody\n")
        let appended = try parse(original).setting("extra", to: "1")
        #expect(appended.rendered().contains("two\nextra: 1\n---\nBody\n"))
    }

    @Test func loneCarriageReturnsAreLineBreaksToo() throws {
        let document = try parse("---\nid: x\rfeeling: same\n---\nBody\n")
        #expect(document.fields == ["id": "x", "feeling": "same"])
        let updated = document.setting("feeling", to: "lighter")
        #expect(updated.rendered() == "---\nid: x\nfeeling: lighter\n---\nBody\n")
    }

    /// The fuzzer's find: a `---` line ended by a lone CR sat inside the front matter, where the
    /// YAML parser saw a document marker and a rewrite with LF made it a closing fence.
    @Test func aFenceEndedByALoneCarriageReturnIsAFence() throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF, 0x2D, 0x2D, 0x2D, 0x0D, 0x0A, 0x2D, 0x2D, 0x2D, 0x0D, 0x67, 0x3A, 0x20, 0x73,
                              0x61, 0x6D, 0x65, 0x0D, 0x0A, 0x2D, 0x2D, 0x2D, 0x0D, 0x0A, 0x43, 0x52, 0x4C, 0x46, 0x0A, 0x43,
                              0x52, 0x4C, 0x46, 0x0D, 0x08]
        let document = try FrontMatterDocument.parse(input, path: "fuzz.md")
        #expect(document.fields.isEmpty)
        #expect(document.body == "g: same\r\n---\r\nCRLF\nCRLF\r\u{08}")
        let again = try parse(document.rendered())
        #expect(again.fields == document.fields && again.body == document.body)
        for closing in ["---\r", "...\r", "--- \t\r"] {
            let lone = try parse("---\rid: x\r" + closing + "Body\r")
            #expect(lone.fields == ["id": "x"] && lone.body == "Body\r", "closing fence \(closing.debugDescription)")
            #expect(try parse(lone.rendered()) == lone)
        }
    }

    /// The scanner reads the start of a file: a fence line cut off by the end of what it read is
    /// not a fence until its line ending is seen, so the listing and `show` read files alike.
    @Test func aPartialReadDoesNotDecideOnACutOffFence() {
        func shape(_ text: String, whole: Bool) -> FrontMatterSplit.Shape {
            Array(text.utf8).withUnsafeBufferPointer { FrontMatterSplit($0, isWholeFile: whole).shape }
        }
        #expect(shape("---\nid: x\n---", whole: false) == .unterminated)
        #expect(shape("---\nid: x\n---\r", whole: false) == .unterminated)
        #expect(shape("---\nid: x\n---", whole: true) == .complete(yaml: 4 ..< 10, bodyStart: 13))
        #expect(shape("--", whole: false) == .unterminated)
        #expect(shape("--", whole: true) == .noFrontMatter)
        #expect(shape("---\nid: x\n---\n", whole: false) == .complete(yaml: 4 ..< 10, bodyStart: 14))
    }

    @Test func awkwardYAMLIsWrittenOutAgainRatherThanBroken() throws {
        // A quoted value continuing on a line that starts like a key: editing that line in place
        // would break the YAML, so the front matter is re-emitted with every value kept.
        let document = try parse("---\nnote: \"first\nfeeling: inside the quote\"\nfeeling: heavier\n---\nBody\n")
        #expect(document["note"] == "first feeling: inside the quote")
        let updated = document.setting("feeling", to: "lighter")
        let reread = try parse(updated.rendered())
        #expect(reread.fields == ["note": "first feeling: inside the quote", "feeling": "lighter"])
        #expect(reread.body == "Body\n")
    }

    @Test func aListAtTheKeysOwnIndentIsReplacedWhole() throws {
        let document = try parse("---\ntags:\n- one\n- two\nfeeling: same\n---\n")
        #expect(document.setting("tags", to: "none").rendered() == "---\ntags: none\nfeeling: same\n---\n")
    }

    @Test func valuesThatNeedQuotingAreQuotedAndReadBackByYAML() throws {
        let values = ["needs: quoting", "# not a comment", "- not a list", "quote \" and \\ backslash", "line\nbreak", "", "  spaces", "yes", "tab\there", "emoji 🌧"]
        for value in values {
            let rendered = FrontMatterDocument(fields: ["k": value], body: "").rendered()
            let reread = try parse(rendered)
            #expect(reread["k"] == value, "value \(value.debugDescription) rendered as \(rendered.debugDescription)")
        }
    }

    @Test func yamlErrorsCarryThePathAndTheLineInTheFile() throws {
        #expect(throws: MarkdownStoreError.invalidFrontMatter(
            path: "entries/broken.md", line: 4, column: 9,
            reason: "mapping values are not allowed in this context")) {
            try parse("---\nid: x\nfeeling: same\nfoo: bar: baz\n---\nbody", path: "entries/broken.md")
        }
    }

    @Test func unterminatedFrontMatterIsAnError() {
        #expect(throws: MarkdownStoreError.unterminatedFrontMatter(path: "entries/a.md")) {
            try parse("---\nid: x\nno closing fence\n")
        }
    }

    @Test func frontMatterThatIsAListIsAnError() {
        #expect(throws: MarkdownStoreError.frontMatterNotAMapping(path: "entries/a.md")) {
            try parse("---\n- one\n- two\n---\nbody")
        }
    }

    @Test func deepNestingIsRefusedBeforeParsing() throws {
        let bomb = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: MarkdownStoreError.invalidFrontMatter(path: "entries/a.md", line: 2, column: 1, reason: "nested more than 64 levels deep")) {
            try parse("---\nk: " + bomb + "\n---\nbody")
        }
    }

    @Test func textThatIsNotUTF8IsAnError() {
        #expect(throws: MarkdownStoreError.notText(path: "entries/a.md")) {
            try FrontMatterDocument.parse([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A], path: "entries/a.md")
        }
    }

    /// Whenever the fast reader accepts a front matter, Yams must read it too and give exactly the
    /// same fields. Inputs are generated from a fixed seed so failures repeat.
    @Test func fastReaderAgreesWithYAML() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let keyParts = ["id", "date", "feeling", "safety", "a", "my-key", "x_y", "K1", "2k", "k k", "k\t"]
        let valueParts = ["lighter", "2026-11-22T03:42:00Z", "true", "null", "~", "1.5", "a b", "a: b", "a:b", "#c", "x #c",
                          "'q'", "\"q\"", "-x", "- x", "[1]", "{a: 1}", "&a x", "*a", "|", ">", "a:", "http://x/y", "ü", "", " ", "a  ", "\t"]
        var accepted = 0
        var declined = 0
        for _ in 0 ..< 8000 {
            var lines: [String] = []
            for _ in 0 ..< Int.random(in: 1 ... 5, using: &generator) {
                let key = keyParts.randomElement(using: &generator)!
                let value = valueParts.randomElement(using: &generator)! + (Bool.random(using: &generator) ? "" : valueParts.randomElement(using: &generator)!)
                lines.append(Bool.random(using: &generator) ? "\(key): \(value)" : "\(key):\(value)")
            }
            if Int.random(in: 0 ..< 10, using: &generator) == 0 { lines.insert("# comment", at: 0) }
            if Int.random(in: 0 ..< 10, using: &generator) == 0 { lines.append("") }
            let yaml = lines.joined(separator: "\n") + "\n"
            let bytes = Array(yaml.utf8)
            guard let fast = bytes.withUnsafeBufferPointer({ FastFields.parse($0, 0 ..< $0.count) }) else {
                declined += 1
                continue
            }
            accepted += 1
            let node = try Yams.compose(yaml: yaml)
            var fromYams: [String: String] = [:]
            if case let .mapping(mapping)? = node {
                for (key, value) in mapping {
                    guard case let .scalar(k) = key, case let .scalar(v) = value else {
                        Issue.record("fast reader accepted a non-scalar value: \(yaml.debugDescription)")
                        continue
                    }
                    fromYams[k.string] = v.string
                }
            } else {
                #expect(fast.isEmpty, "Yams saw no mapping in \(yaml.debugDescription)")
            }
            #expect(fast == fromYams, "\(yaml.debugDescription)")
        }
        // Both branches must be exercised for the comparison to mean something.
        #expect(accepted > 150)
        #expect(declined > 300)
    }

    /// The listing's reader, which only notes where a few keys' values are, accepts and
    /// refuses exactly what the fast reader does and finds the same values, for every byte a
    /// value or key may start or go on with.
    @Test func keyedReaderAgreesWithTheFastReader() throws {
        var generator = SeededGenerator(seed: 0x10CA7E)
        let keys = ["id", "date", "feeling", "safety", "my-key"]
        let keyParts = keys + ["a", "x_y", "K1", "_k", "-k", "2k", "k k", "k.k", "k\t", "ü"]
        let bytes = (0x20 ... 0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["ü", "\t", "\r"]
        var accepted = 0
        var declined = 0
        for _ in 0 ..< 20000 {
            var lines: [String] = []
            for _ in 0 ..< Int.random(in: 1 ... 6, using: &generator) {
                let key = keyParts.randomElement(using: &generator)!
                var value = ["lighter", "2026-11-22T03:42:00Z", "a", "7f3c9a2e-5d7a", ""].randomElement(using: &generator)!
                for _ in 0 ..< Int.random(in: 0 ... 2, using: &generator) {
                    value.insert(contentsOf: bytes.randomElement(using: &generator)!, at: value.index(value.startIndex, offsetBy: Int.random(in: 0 ... value.count, using: &generator)))
                }
                lines.append(key + (Bool.random(using: &generator) ? ": " : ":") + value)
            }
            if Int.random(in: 0 ..< 10, using: &generator) == 0 { lines.insert("# comment", at: 0) }
            let yaml = Array((lines.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n") + "\n").utf8)
            let fast = yaml.withUnsafeBufferPointer { FastFields.parse($0, 0 ..< $0.count) }
            var found = [Range<Int>](repeating: 0 ..< 0, count: keys.count)
            let located = yaml.withUnsafeBufferPointer { all in
                found.withUnsafeMutableBufferPointer { FastFields.locate(all, 0 ..< all.count, keys: keys.map { Array($0.utf8) }, into: $0) }
            }
            #expect(located == (fast != nil), "\(String(decoding: yaml, as: UTF8.self).debugDescription)")
            guard let fast, located else {
                declined += 1
                continue
            }
            accepted += 1
            for (index, key) in keys.enumerated() {
                let value = found[index].lowerBound < 0 ? nil : String(decoding: yaml[found[index]], as: UTF8.self)
                #expect(value == fast[key], "\(key) in \(String(decoding: yaml, as: UTF8.self).debugDescription)")
            }
        }
        #expect(accepted > 1000)
        #expect(declined > 1000)
    }
}

/// A small deterministic random source (SplitMix64) so generated cases repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
