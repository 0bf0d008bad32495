import Foundation
@testable import SayItLaterCore
import TestSupport
import Testing

// The compiled phrase table saved to the cache folder and read back (SafetyTableCache.swift).
// Content note: the labelled sets read here are invented journal lines about suicidal thoughts
// and self-harm, and everyday lines that use the same words.

@Suite("Safety table cache")
struct SafetyTableCacheTests {
    /// The table compiled in memory, once for the whole suite.
    static let compiled = SafetyEngine(.phrases)
    static let payload = SafetyTableCache.payload(of: compiled)

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The texts of the development set (beside the repository, when it is there) and the
    /// held-out set.
    static func labelledTexts() throws -> [String] {
        let dev = root.deletingLastPathComponent().appendingPathComponent("shared/safety/dev.jsonl").path
        let heldout = root.appendingPathComponent("Benchmarks/safety-heldout.jsonl").path
        var texts: [String] = []
        for path in [dev, heldout] where FileManager.default.fileExists(atPath: path) {
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                texts.append(try #require(object["text"] as? String))
            }
        }
        return texts
    }

    /// Whether the engine serializes to the very bytes of the compiled table (a Bool, so that a
    /// failure does not print a megabyte).
    static func isTheCompiledTable(_ engine: SafetyEngine) -> Bool {
        SafetyTableCache.payload(of: engine) == payload
    }

    func expectSameAnswers(_ loaded: SafetyEngine, _ texts: [String]) {
        for text in texts {
            #expect(loaded.isConcerning(text) == Self.compiled.isConcerning(text), "\(text)")
            #expect(loaded.explain(text) == Self.compiled.explain(text), "\(text)")
        }
    }

    /// Inode and modification time (seconds, nanoseconds) of a file: the same file, untouched.
    static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(SafetyTableCache.modified(info).tv_sec), Int(SafetyTableCache.modified(info).tv_nsec)]
    }

    func file(_ folder: TemporaryFolder) -> String {
        folder.url("say-it-later/" + SafetyTableCache.fileName(SafetyTableCache.key(for: .phrases)))
    }

    // MARK: Reading back

    @Test func aTableReadFromItsOwnBytesIsTheSameTable() throws {
        let loaded = try #require(Self.payload.withUnsafeBufferPointer { SafetyTableCache.engine(fromPayload: $0) })
        #expect(Self.isTheCompiledTable(loaded))
        #expect(loaded.problems == [])
        let texts = try Self.labelledTexts()
        #expect(texts.count >= 661)
        expectSameAnswers(loaded, texts + ["", "I want to kill myself tonight.", "Cut myself shaving."])
    }

    @Test func aTableReadFromAFileAnswersAsTheCompiledOne() throws {
        let folder = TemporaryFolder("say-table")
        _ = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        let key = SafetyTableCache.key(for: .phrases)
        let loaded = try #require(SafetyTableCache.withFile(file(folder)) { SafetyTableCache.engine(fromFile: $0, key: key) })
        let sentences = [
            "I want to kill myself tonight.", "I keep thinking everyone would be better off without me.",
            "I cut myself again last night.", "wanna kms", "This commute is killing me.", "Cut myself shaving.",
            "I'm dying to see the new film.", "The cake there is to die for.", "'I want to die' is the opening line of the poem.",
        ]
        for text in sentences {
            #expect(loaded.isConcerning(text) == Self.compiled.isConcerning(text), "\(text)")
            #expect(loaded.explain(text) == Self.compiled.explain(text), "\(text)")
        }
        #expect(loaded.isConcerning("I want to kill myself tonight."))
        #expect(!loaded.isConcerning("This commute is killing me."))
    }

    /// The engine's arrays are views into the one buffer it holds, not copies.
    @Test func aTableIsViewedWhereItWasRead() throws {
        let e = Self.compiled
        let bytes = UnsafeRawBufferPointer(e.table.bytes)
        func inside<T>(_ array: SafetyTableArray<T>) -> Bool {
            let start = UnsafeRawPointer(array.buffer.baseAddress!)
            return start >= bytes.baseAddress! && start + array.count * MemoryLayout<T>.stride <= bytes.baseAddress! + bytes.count
                && Int(bitPattern: start) % MemoryLayout<T>.alignment == 0
        }
        #expect(inside(e.code) && inside(e.dispatch) && inside(e.wordSets.masks) && inside(e.wordSets.words))
        #expect(inside(e.lexicon.slots) && inside(e.lexicon.entryHash) && inside(e.lexicon.pool) && inside(e.lexicon.names.bytes))
        #expect(inside(e.concerning.list) && inside(e.concerning.offsets) && inside(e.concerning.sources.ends))
    }

    @Test func theFileFormatCarriesTheWholeTable() throws {
        let key = SafetyTableCache.key(for: .phrases)
        let bytes = SafetyTableCache.fileBytes(Self.compiled, key: key)
        let loaded = try #require(bytes.withUnsafeBufferPointer { SafetyTableCache.engine(fromFile: $0, key: key) })
        #expect(Self.isTheCompiledTable(loaded))
        var otherKey = key
        otherKey[0] ^= 1
        #expect(bytes.withUnsafeBufferPointer { SafetyTableCache.engine(fromFile: $0, key: otherKey) } == nil)
    }

    // MARK: Files that are not to be trusted

    @Test func theFirstUseWritesOnePrivateFileAndTheNextReadsIt() throws {
        let folder = TemporaryFolder("say-table")
        let engine = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        #expect(Self.isTheCompiledTable(engine))
        #expect(folder.files() == ["say-it-later/" + (file(folder) as NSString).lastPathComponent])
        #expect(try folder.mode("say-it-later") == 0o700)
        #expect(try folder.mode("say-it-later/" + (file(folder) as NSString).lastPathComponent) == 0o600)
        let written = try Data(contentsOf: URL(fileURLWithPath: file(folder)))
        let before = try #require(Self.identity(file(folder)))
        let again = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        #expect(Self.isTheCompiledTable(again))
        #expect(Self.identity(file(folder)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file(folder))) == written)
    }

    @Test("a truncated, bit-flipped, wrong-version or empty file is ignored and replaced", arguments: [
        "empty", "header only", "truncated", "one byte short", "bit flipped in the payload", "bit flipped in the header",
        "wrong version", "another table's key",
    ])
    func badFilesAreReplaced(_ damage: String) throws {
        let folder = TemporaryFolder("say-table")
        let key = SafetyTableCache.key(for: .phrases)
        let good = SafetyTableCache.fileBytes(Self.compiled, key: key)
        var bad = good
        switch damage {
        case "empty": bad = []
        case "header only": bad = Array(good[0..<SafetyTableCache.headerSize])
        case "truncated": bad = Array(good[0..<(good.count / 2)])
        case "one byte short": bad.removeLast()
        case "bit flipped in the payload": bad[good.count / 2] ^= 0x10
        case "bit flipped in the header": bad[20] ^= 0x01 // the payload length
        case "wrong version": bad[8] &+= 1
        case "another table's key": bad[40] ^= 0xFF
        default: Issue.record("no such damage")
        }
        try folder.write(bad, to: "say-it-later/" + (file(folder) as NSString).lastPathComponent)
        chmod(file(folder), 0o600)
        let engine = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        #expect(Self.isTheCompiledTable(engine))
        #expect(engine.isConcerning("I want to kill myself tonight."))
        #expect(!engine.isConcerning("This commute is killing me."))
        let rewritten = try folder.read("say-it-later/" + (file(folder) as NSString).lastPathComponent) == good
        #expect(rewritten)
    }

    @Test func aFileOthersCanWriteIsNotRead() throws {
        let folder = TemporaryFolder("say-table")
        _ = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        chmod(file(folder), 0o622)
        #expect(SafetyTableCache.withFile(file(folder)) { _ in true } == nil)
        chmod(file(folder), 0o600)
        #expect(SafetyTableCache.withFile(file(folder)) { _ in true } == true)
    }

    @Test func aWellChecksummedTableWithAnIndexOutOfBoundsIsRefused() throws {
        let e = Self.compiled
        /// The payload with `value` written over it at `offset`.
        func patched<T>(_ offset: Int, _ value: T) -> [UInt8] {
            var bytes = Self.payload
            withUnsafeBytes(of: value) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
            return bytes
        }
        /// Where element `index` of one of the engine's arrays lies in its payload.
        func offset<T>(_ array: SafetyTableArray<T>, _ index: Int) -> Int {
            let payload = UnsafeRawPointer(e.table.bytes.baseAddress! + e.payload.lowerBound)
            return payload.distance(to: UnsafeRawPointer(array.buffer.baseAddress! + index))
        }
        let jump = try #require(e.code.lastIndex { $0.op == .jump })
        let backwards = patched(offset(e.code, jump) + 4, Int32(jump)) // a jump to itself would never end
        let outside = patched(offset(e.code, jump) + 4, Int32(e.code.count))
        let badSet = patched(offset(e.code, try #require(e.code.firstIndex { $0.op == .set })) + 4, Int32(e.wordSets.count))
        let badOp = patched(offset(e.code, jump), UInt8(SafetyOp.dispatch.rawValue + 1))
        let sets = e.wordSets
        let last = try #require(sets.masks.lastIndex { $0 != 0 })
        // Its words would run one past the end.
        let badRank = patched(offset(sets.ranks, last), Int32(sets.words.count - sets.masks[last].nonzeroBitCount + 1))
        // The word sets' two sizes (bitmapWords, maskWords) come right after the dispatch tables.
        let narrow = patched(offset(e.dispatch, e.dispatch.count), (Int64(1), Int64(1)))
        let dispatch = patched(offset(e.dispatch, e.dispatch.count - 1), Int32(-1))
        // The intent set comes right after the last index's last list.
        let intentSet = patched(offset(e.backNow.anchored, e.backNow.anchored.count), Int32(-1))
        // The set the words after a dispatch table's first key go on with; a phrase's second word.
        let keys = Int(e.dispatch[0])
        #expect(keys > 0)
        let badFilter = patched(offset(e.dispatch, 2 + keys + 2), Int32(e.wordSets.count))
        let second = try #require(e.concerning.listNext.firstIndex { $0 >= 0 })
        let badSecond = patched(offset(e.concerning.listNext, second), Int32(e.wordSets.count))
        for bad in [backwards, outside, badSet, badOp, dispatch, badRank, narrow, intentSet, badFilter, badSecond] {
            #expect(bad != Self.payload)
            #expect(bad.withUnsafeBufferPointer { SafetyTableCache.engine(fromPayload: $0) } == nil)
        }
        var truncated = Self.payload
        truncated.removeLast()
        var longer = Self.payload
        longer.append(0)
        for bad in [truncated, longer, []] {
            #expect(bad.withUnsafeBufferPointer { SafetyTableCache.engine(fromPayload: $0) } == nil)
        }
    }

    @Test func writingANewTableRemovesTheOldOnes() throws {
        let folder = TemporaryFolder("say-table")
        let old = "safety-table-" + String(repeating: "0", count: 64) + ".bin"
        try folder.write("old", to: "say-it-later/" + old)
        try folder.write("in progress", to: "say-it-later/.safety-table-x.bin.tmp-1-2")
        try folder.write("left by a killed writer", to: "say-it-later/.safety-table-y.bin.tmp-3-4")
        let longAgo = Date().addingTimeInterval(-7200)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: folder.url("say-it-later/.safety-table-y.bin.tmp-3-4"))
        try folder.write("not ours", to: "say-it-later/notes.txt")
        _ = SafetyTableCache.engine(for: .phrases, in: folder.url("say-it-later"))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url("say-it-later")))
        #expect(names == [(file(folder) as NSString).lastPathComponent, ".safety-table-x.bin.tmp-1-2", "notes.txt"])
    }

    @Test func aFolderThatCannotBeWrittenStillGivesTheTable() throws {
        let folder = TemporaryFolder("say-table")
        try folder.write("a file where the folder would be", to: "blocked")
        let engine = SafetyTableCache.engine(for: .phrases, in: folder.url("blocked/say-it-later"))
        #expect(Self.isTheCompiledTable(engine))
    }

    // MARK: The key

    @Test func theKeyChangesWithEveryInput() {
        let base = SafetyTableCache.key(for: .phrases)
        #expect(SafetyTableCache.key(for: .phrases) == base)
        #expect(base.count == 32)
        var changes: [(inout SafetyTableSource) -> Void] = [
            { $0.macros[0].1 += " x" },
            { $0.concerning[0] = SafetyPhraseGroup(name: $0.concerning[0].name, note: $0.concerning[0].note + ".",
                                                    phrases: $0.concerning[0].phrases) },
            { $0.concerning[0].unlessEntryMentions = "pets" },
            { $0.concerning[0].onlyIfEntryMentions = "pets" },
            { $0.exclusions[0].yieldsToIntent.toggle() },
            { $0.exclusions.removeLast() },
            { $0.aliases.append(("x", "y")) },
            { $0.typoTolerant.append("x") },
            { $0.censorable.append("x") },
            { $0.knownWords.append("x") },
            { $0.vetoLists[0].1.append("x") },
            { $0.intentWords.append("x") },
            { $0.quotation = SafetyQuotationPhrases(before: $0.quotation.before, after: $0.quotation.after + ["x"],
                                                     ownWords: $0.quotation.ownWords) },
            { $0.toldFromSafety = SafetyToldFromSafety(safeNow: $0.toldFromSafety.safeNow,
                                                       backNow: $0.toldFromSafety.backNow + ["x"]) },
        ]
        // Two lists that only differ in where one string ends.
        changes.append { $0.knownWords += ["ab", "c"] }
        var keys: Set<[UInt8]> = [base]
        for change in changes {
            var source = SafetyTableSource.phrases
            change(&source)
            keys.insert(SafetyTableCache.key(for: source))
        }
        var split = SafetyTableSource.phrases
        split.knownWords += ["a", "bc"]
        keys.insert(SafetyTableCache.key(for: split))
        #expect(keys.count == changes.count + 2)
    }

    /// The program's own table is kept under a key of the program's file alone: it is written
    /// once, read back the next time, and never shares a file with a table given as a source.
    @Test func theBuiltInTableIsKeyedByTheProgramFile() throws {
        let key = SafetyTableCache.builtInKey()
        #expect(key.count == 32)
        #expect(SafetyTableCache.builtInKey() == key)
        #expect(key != SafetyTableCache.key(for: .phrases))
        let folder = TemporaryFolder("say-table")
        let name = "say-it-later/" + SafetyTableCache.fileName(key)
        let first = SafetyTableCache.builtInEngine(in: folder.url("say-it-later"))
        #expect(Self.isTheCompiledTable(first))
        #expect(folder.files() == [name])
        let before = try #require(Self.identity(folder.url(name)))
        let again = SafetyTableCache.builtInEngine(in: folder.url("say-it-later"))
        #expect(Self.isTheCompiledTable(again))
        #expect(Self.identity(folder.url(name)) == before)
        // A file under that name that is not a good table is replaced, as any other.
        try folder.write(Array("SAYTABLE".utf8), to: name)
        chmod(folder.url(name), 0o600)
        #expect(Self.isTheCompiledTable(SafetyTableCache.builtInEngine(in: folder.url("say-it-later"))))
        let rewritten = try folder.read(name) == SafetyTableCache.fileBytes(Self.compiled, key: key)
        #expect(rewritten)
    }

    /// A field added to the inputs must be added to the key too (`SafetyTableSource.encode`).
    @Test func theKeyCoversEveryField() {
        let source = SafetyTableSource.phrases
        #expect(Mirror(reflecting: source).children.count == 11)
        #expect(Mirror(reflecting: source.concerning[0]).children.count == 6)
        #expect(Mirror(reflecting: source.quotation).children.count == 3)
        #expect(Mirror(reflecting: source.toldFromSafety).children.count == 2)
    }
}
