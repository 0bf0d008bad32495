import Foundation
import Testing
@testable import MarkdownStore

@Suite("sync rules")
struct SyncRulesTests {
    let scratch = SyncScratch()

    @Test func firstSyncIntoAnEmptyRemoteThenANewDeviceGetsEverything() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "MARK-one\n")
        try a.keep("two", "MARK-two\n")
        let first = try a.sync()
        #expect(first.remoteWasEmpty)
        #expect(first.sent == [SyncTestDevice.path("one"), SyncTestDevice.path("two")])
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        let second = try b.sync()
        #expect(second.received == [SyncTestDevice.path("one"), SyncTestDevice.path("two")])
        #expect(b.entries() == a.entries())
        #expect(try syncGit(["status", "--porcelain"], in: b.folder).output == "")
        #expect(try syncGit(["fsck", "--full"], in: remote).status == 0)
        let again = try a.sync()
        #expect(again == GitSyncReport())
    }

    @Test func newOnEitherSideIsAddedAndHistoryStaysLinear() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "one\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.keep("fromA", "from a\n")
        try b.keep("fromB", "from b\n")
        try b.sync()
        let report = try a.sync()
        #expect(report.received == [SyncTestDevice.path("fromB")])
        #expect(report.sent == [SyncTestDevice.path("fromA")])
        try b.sync()
        #expect(a.entries() == b.entries())
        #expect(a.entries().count == 3)
        #expect(try syncGit(["rev-list", "--merges", "main"], in: remote).output == "")
        let log = try syncGit(["log", "--format=%s", "main"], in: remote).output
        #expect(log.hasPrefix("Keep fromA\nKeep fromB\n"), "\(log)")
    }

    @Test func changedOnOneSideTakesThatSide() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "v1\n")
        try a.keep("two", "v1\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.keep("one", "v2 from a\n")
        try b.keep("two", "v2 from b\n")
        try a.sync()
        let report = try b.sync()
        #expect(report.received == [SyncTestDevice.path("one")])
        #expect(report.sent == [SyncTestDevice.path("two")])
        try a.sync()
        #expect(a.text("one") == "v2 from a\n" && b.text("one") == "v2 from a\n")
        #expect(a.text("two") == "v2 from b\n" && b.text("two") == "v2 from b\n")
    }

    @Test func changedOnBothKeepsTheRemoteVersionAndACopyOfTheLocalOne() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "v1\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.keep("one", "edited on a\n")
        try b.keep("one", "edited on b\n")
        try a.sync()
        let report = try b.sync()
        #expect(report.conflictCopies.count == 1)
        let copy = try #require(report.conflictCopies.first)
        #expect(b.text("one") == "edited on a\n")
        #expect(b.entries()[copy] == "[copy] edited on b\n")
        try a.sync()
        #expect(a.entries() == b.entries())
        #expect(!a.entries().values.contains { $0.contains("<<<<<<<") })
    }

    @Test func letGoOnOneDeviceIsPurgedEverywhere() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("stays", "STAYS-marker\n")
        try a.keep("goes", "GOES-marker first version\n")
        try a.keep("goes", "GOES-marker second version\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        #expect(try syncObjects(in: b.folder).contains("GOES-marker"))

        try a.letGo("goes")
        let sent = try a.sync()
        #expect(sent.letGoSent == [SyncTestDevice.path("goes")])
        #expect(sent.rewroteRemote && sent.cleanedRemote)
        #expect(!(try syncObjects(in: remote)).contains("GOES-marker"))
        #expect(!(try syncObjects(in: a.folder)).contains("GOES-marker"))

        let report = try b.sync()
        #expect(report.letGoElsewhere == [SyncTestDevice.path("goes")])
        #expect(b.text("goes") == nil && b.text("stays") == "STAYS-marker\n")
        #expect(!(try syncObjects(in: b.folder)).contains("GOES-marker"))
        #expect(try syncObjects(in: b.folder).contains("STAYS-marker"))
        #expect(try syncGit(["fsck", "--full"], in: b.folder).status == 0)
        #expect(try syncGit(["fsck", "--full"], in: remote).status == 0)
        let clone = scratch.path + "/clone"
        #expect(try syncGit(["clone", "-q", remote, clone], in: scratch.path).status == 0)
        #expect(!(try syncObjects(in: clone)).contains("GOES-marker"))
        #expect(FileManager.default.fileExists(atPath: clone + "/" + SyncTestDevice.path("stays")))
    }

    @Test func letGoElsewhereWinsOverAnEditHere() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("goes", "GOES-marker v1\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.letGo("goes")
        try a.sync()
        try b.keep("goes", "GOES-marker edited on b\n")
        let report = try b.sync()
        #expect(report.letGoWon == [SyncTestDevice.path("goes")])
        #expect(b.text("goes") == nil)
        #expect(!(try syncObjects(in: b.folder)).contains("GOES-marker"))
        #expect(!(try syncObjects(in: remote)).contains("GOES-marker"))
    }

    @Test func letGoHereWhileTheRemoteMovedIsStillPurgedFromTheRemote() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("goes", "GOES-marker\n")
        try a.keep("stays", "stays\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try b.keep("fromB", "from b\n")
        try b.sync()
        try a.letGo("goes")
        let report = try a.sync()
        #expect(report.letGoSent == [SyncTestDevice.path("goes")])
        #expect(report.received == [SyncTestDevice.path("fromB")])
        #expect(!(try syncObjects(in: remote)).contains("GOES-marker"))
        #expect(!(try syncObjects(in: a.folder)).contains("GOES-marker"))
        let back = try b.sync()
        #expect(back.letGoElsewhere == [SyncTestDevice.path("goes")])
        #expect(!(try syncObjects(in: b.folder)).contains("GOES-marker"))
        #expect(a.entries() == b.entries())
    }

    @Test func aDeviceWithItsOwnEntriesJoinsAnExistingRemote() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("fromA", "a\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.keep("fromB", "b\n")
        let report = try b.sync()
        #expect(report.received == [SyncTestDevice.path("fromA")])
        #expect(report.sent == [SyncTestDevice.path("fromB")])
        try a.sync()
        #expect(a.entries() == b.entries() && a.entries().count == 2)
    }

    @Test func fileURLsWork() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: "file://" + remote)
        try a.keep("goes", "GOES-marker\n")
        try a.sync()
        try a.letGo("goes")
        let report = try a.sync()
        #expect(report.cleanedRemote)
        #expect(!(try syncObjects(in: remote)).contains("GOES-marker"))
    }

    @Test func theRemoteMovingDuringThePushMeansAnotherRound() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "one\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.keep("goes", "GOES-marker\n")
        try a.sync()
        try b.sync()
        try a.letGo("goes")
        try b.keep("fromB", "from b\n")
        var pushedMeanwhile = false
        let report = try a.sync { point in
            if point == .purged && !pushedMeanwhile {
                pushedMeanwhile = true
                try b.sync()
            }
        }
        #expect(report.attempts == 2)
        try b.sync()
        #expect(a.entries() == b.entries())
        #expect(a.entries().keys.sorted() == [SyncTestDevice.path("fromB"), SyncTestDevice.path("one")])
        #expect(!(try syncObjects(in: remote)).contains("GOES-marker"))
        #expect(!(try syncObjects(in: b.folder)).contains("GOES-marker"))
    }

    @Test func theRemoteKeepsMovingIsAClearError() throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "one\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.keep("goes", "x\n")
        try a.sync()
        try b.sync()
        try a.letGo("goes")
        var count = 0
        #expect(throws: GitSyncError.remoteKeptMoving(attempts: 2)) {
            try a.sync(attempts: 2) { point in
                if point == .purged {
                    count += 1
                    try b.keep("b\(count)", "b\n")
                    try b.sync()
                }
            }
        }
    }
}

@Suite("sync errors")
struct SyncErrorTests {
    let scratch = SyncScratch()

    @Test func aMissingFolderIsUnreachable() throws {
        let a = try SyncTestDevice(scratch, "a", remote: scratch.path + "/nowhere.git")
        #expect {
            try a.sync()
        } throws: { error in
            guard case let GitSyncError.unreachable(remote, _) = error else { return false }
            return remote == scratch.path + "/nowhere.git"
        }
    }

    @Test func aFolderThatIsNoRepositoryIsNotAJournal() throws {
        let folder = scratch.path + "/plain"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let a = try SyncTestDevice(scratch, "a", remote: folder)
        #expect(throws: GitSyncError.notAJournal(remote: folder)) { try a.sync() }
    }

    @Test func aRepositoryWithoutTheMarkerIsNotAJournal() throws {
        let remote = try scratch.bareRemote()
        let other = scratch.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try syncGit(["init", "-q", "-b", "main"], in: other)
        try "code\n".write(toFile: other + "/main.c", atomically: true, encoding: .utf8)
        try syncGit(["add", "."], in: other)
        try syncGit(["commit", "-q", "-m", "code"], in: other)
        try syncGit(["push", "-q", remote, "main"], in: other)
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        #expect(throws: GitSyncError.notAJournal(remote: remote)) { try a.sync() }
    }

    @Test func anotherJournalBehindTheSameURLIsRefused() throws {
        let first = try scratch.bareRemote("first.git")
        let second = try scratch.bareRemote("second.git")
        let a = try SyncTestDevice(scratch, "a", remote: first)
        try a.keep("one", "one\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: second)
        try b.keep("two", "two\n")
        try b.sync()
        #expect(throws: GitSyncError.diverged(reason: "the remote holds a different journal than the one this device last synced with")) {
            try a.sync(remote: second)
        }
        #expect(a.entries().keys.sorted() == [SyncTestDevice.path("one")])
    }

    @Test func noRemoteYet() throws {
        let a = try SyncTestDevice(scratch, "a", remote: "")
        #expect(throws: GitSyncError.noRemote) { try a.repository.sync(a.settings(nil)) }
    }
}
