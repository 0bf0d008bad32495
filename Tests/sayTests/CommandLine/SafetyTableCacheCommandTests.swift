import Foundation
import TestSupport
import Testing

/// The compiled safety phrase table, kept in the cache folder between runs of `say`.
/// Content note: an invented line about suicidal thoughts.
@Suite("say keeps the compiled safety table in the cache folder")
struct SafetyTableCacheCommandTests {
    let home = TemporaryFolder("say-cache")
    static let concerning = "Quillowmere and brambleshaw. I want to kill myself tonight."
    static let everyday = "This commute is killing me."

    func say(_ arguments: [String], input: String? = nil, cache: String?) throws -> SayRun {
        try SayBinary.run(arguments, input: input, home: home.path, environment: cache.map { ["XDG_CACHE_HOME": $0] } ?? [:], sharedCache: false)
    }

    /// The safety tables in `folder`, and any other file say left there.
    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Inode and modification time: the same file, not written again.
    func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return [Int(info.st_ino), Int(time.tv_sec), Int(time.tv_nsec)]
    }

    func expectRightAnswers(cache: String?) throws {
        let flagged = try say(["debug", "safety"], input: Self.concerning, cache: cache)
        #expect(flagged.status == 1)
        #expect(flagged.stderr == "")
        let everyday = try say(["debug", "safety"], input: Self.everyday, cache: cache)
        #expect(everyday.status == 0)
        #expect(everyday.stderr == "")
    }

    @Test func theFirstCheckWritesOnePrivateTableAndLaterRunsReadIt() throws {
        let cache = home.url("cache")
        #expect(try say(["--version"], cache: cache).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache))
        let first = try say(["write", "--close", "--text", Self.concerning], cache: cache)
        #expect(first.status == 0)
        let folder = cache + "/say-it-later"
        let names = files(folder)
        #expect(names.count == 1)
        let name = try #require(names.first)
        #expect(name.hasPrefix("safety-table-") && name.hasSuffix(".bin") && name.count == "safety-table-.bin".count + 64)
        #expect(try home.mode("cache/say-it-later") == 0o700)
        #expect(try home.mode("cache/say-it-later/" + name) == 0o600)
        let bytes = try home.read("cache/say-it-later/" + name)
        #expect(bytes.count > 100_000)
        for word in ["Quillowmere", "quillowmere", "brambleshaw"] {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(word))
        }
        let before = try #require(identity(folder + "/" + name))
        try expectRightAnswers(cache: cache)
        let kept = try say(["write", "--keep", "--text", Self.everyday], cache: cache)
        #expect(kept.status == 0)
        #expect(identity(folder + "/" + name) == before)
        #expect(files(folder) == [name])
    }

    /// Two processes compile the same table into the same bytes (Swift seeds its hashing per
    /// process, so nothing in the compiled table may follow the order of a Set or Dictionary).
    @Test func everyProcessCompilesTheSameBytes() throws {
        var tables: [[UInt8]] = []
        for run in 0..<3 {
            let cache = home.url("cache-\(run)")
            #expect(try say(["debug", "safety"], input: Self.everyday, cache: cache).status == 0)
            let names = files(cache + "/say-it-later")
            #expect(names.count == 1)
            tables.append(try home.read("cache-\(run)/say-it-later/" + #require(names.first)))
        }
        #expect(tables[0].count > 100_000)
        #expect(tables[1] == tables[0])
        #expect(tables[2] == tables[0])
    }

    @Test func withoutXDGCacheHomeTheTableIsUnderHome() throws {
        try expectRightAnswers(cache: nil)
        #expect(files(home.url(".cache/say-it-later")).count == 1)
    }

    @Test func aReadOnlyCacheFolderStillGivesTheRightAnswers() throws {
        let folder = home.url("cache/say-it-later")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o500)
        try expectRightAnswers(cache: home.url("cache"))
        if !TestEnvironment.isRoot { #expect(files(folder) == []) }  // root may write anywhere
    }

    @Test func aCacheFolderThatCannotBeMadeStillGivesTheRightAnswers() throws {
        try home.write("a file where the folder would be", to: "blocked")
        try expectRightAnswers(cache: home.url("blocked"))
    }

    @Test func runsThatStartTogetherEachGetTheTableAndLeaveOneFile() throws {
        let cache = home.url("cache")
        let runs = 4
        let statuses = Statuses(runs)
        DispatchQueue.concurrentPerform(iterations: runs) { i in
            let run = try? say(["debug", "safety"], input: i % 2 == 0 ? Self.concerning : Self.everyday, cache: cache)
            statuses.set(i, run?.status ?? -1)
        }
        #expect(statuses.values == (0..<runs).map { $0 % 2 == 0 ? 1 : 0 })
        let names = files(cache + "/say-it-later")
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.hasPrefix("safety-table-") })
    }
}

/// Exit statuses collected from concurrent runs.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int32]

    init(_ count: Int) { stored = Array(repeating: -1, count: count) }

    func set(_ index: Int, _ value: Int32) {
        lock.lock()
        stored[index] = value
        lock.unlock()
    }

    var values: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
