import Foundation
import TestSupport
import Testing

/// Several `say` processes changing and listing one journal at once: each change waits for the
/// journal lock, none is lost, and nothing half-written is ever listed.
@Suite("say, several at once")
struct ConcurrencyTests {
    @Test(arguments: [2, 4])
    func keepingLettingGoAndListingAtOnce(processes: Int) throws {
        let home = TemporaryFolder("say-concurrent")
        let journal = home.url("journal")
        let seeded = 2 * processes
        for index in 0 ..< seeded {
            let run = try SayBinary.run(["write", "--journal", journal, "--keep", "--json", "--text", "seed \(index)"], home: home.path)
            #expect(run.status == 0)
        }
        let seededIDs = try listIDs(journal: journal, home: home)
        #expect(seededIDs.count == seeded)
        let keepsPerProcess = 5
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: processes) { worker in
            do {
                for round in 0 ..< keepsPerProcess {
                    let kept = try SayBinary.run(["write", "--journal", journal, "--keep", "--text", "worker \(worker) round \(round)"],
                                                 home: home.path, environment: ["SAY_LOCK_TIMEOUT": "60"])
                    if kept.status != 0 { failures.add("keep: \(kept.status) \(kept.stderr)") }
                    let listed = try SayBinary.run(["history", "--journal", journal, "--json"], home: home.path)
                    if listed.status != 0 || !listed.stderr.isEmpty { failures.add("history: \(listed.status) \(listed.stderr)") }
                }
                // Each worker lets go of its own two seeded entries, by id.
                for id in seededIDs[(worker * 2) ..< (worker * 2 + 2)] {
                    let letGo = try SayBinary.run(["let-go", "--journal", journal, id, "--yes"], home: home.path,
                                                  environment: ["SAY_LOCK_TIMEOUT": "60"])
                    if letGo.status != 0 { failures.add("let-go: \(letGo.status) \(letGo.stderr)") }
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all == [])
        let history = try SayBinary.run(["history", "--journal", journal, "--json"], home: home.path)
        let previews = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]).compactMap { $0["preview"] as? String }
        var expected: [String] = []
        for worker in 0 ..< processes { for round in 0 ..< keepsPerProcess { expected.append("worker \(worker) round \(round)") } }
        #expect(previews.sorted() == expected.sorted())
        #expect(home.files(under: "journal").count == processes * keepsPerProcess)
        // No temporary file was left behind by any writer.
        #expect(home.files(under: "journal", includeHidden: true).filter { $0.contains(".tmp-") } == [])
    }

    @Test func aHeldJournalGivesAClearBusyMessage() throws {
        let home = TemporaryFolder("say-busy")
        let journal = home.url("journal")
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        // Hold the journal lock from another process (flock from util-linux) while say tries to keep.
        // The holder says when it has the lock, and keeps it until its input closes: however slow
        // the machine, say meets a held lock, and nothing outlives the test.
        let held = home.url("held")
        let release = Pipe()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-o", journal + "/.say-lock", "sh", "-c", "touch \"$0\" && read -r _", held]
        holder.standardInput = release
        try holder.run()
        defer {
            try? release.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        for _ in 0 ..< 600 where !FileManager.default.fileExists(atPath: held) { usleep(50_000) }  // at most 30 s
        try #require(FileManager.default.fileExists(atPath: held))
        let run = try SayBinary.run(["write", "--journal", journal, "--keep", "--text", "waiting"], home: home.path,
                                    environment: ["SAY_LOCK_TIMEOUT": "0.3"])
        #expect(run.status == 3)
        #expect(run.stderr == "say: could not keep your entry: another say is busy with this journal; try again in a moment\n")
        #expect(home.files(under: "journal") == [])
    }

    private func listIDs(journal: String, home: TemporaryFolder) throws -> [String] {
        let run = try SayBinary.run(["history", "--journal", journal, "--json"], home: home.path)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return array.compactMap { $0["id"] as? String }
    }
}

/// Failures gathered from several threads.
final class Failures: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()
    func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
