import Foundation
import Testing
@testable import MarkdownStore

/// A sync stopped at any durable step (as a kill would stop it), then run again, converges
/// with nothing lost and nothing of a let-go entry left anywhere.
@Suite("sync interrupted")
struct SyncCrashTests {
    let scratch = SyncScratch()

    @Test(arguments: GitSyncCheckpoint.allCases)
    func reconcilingConvergesAfterAStopAt(_ stop: GitSyncCheckpoint) throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        for name in ["x", "y", "v"] { try a.keep(name, "\(name) v1\n") }
        try a.keep("x", "GOES-marker\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.letGo("x")
        try a.keep("y", "y edited on a\n")
        try a.keep("z", "z new on a\n")
        try b.keep("y", "y edited on b\n")
        try b.keep("w", "w new on b\n")
        try b.keep("v", "v edited on b\n")
        try b.sync()

        var stopped = false
        do {
            try a.sync { point in
                if point == stop { stopped = true; throw SimulatedSyncCrash() }
            }
        } catch is SimulatedSyncCrash {}
        #expect(stopped || stop == .pushed || stop == .listed)
        try a.reopen()
        try a.sync()
        try a.sync()
        try b.sync()
        try a.sync()
        #expect(a.entries() == b.entries())
        let texts = Set(a.entries().values)
        #expect(texts == ["y edited on b\n", "[copy] y edited on a\n", "z new on a\n", "w new on b\n", "v edited on b\n"], "\(texts)")
        for folder in [a.folder, b.folder, remote] {
            #expect(!(try syncObjects(in: folder)).contains("GOES-marker"), "\(folder)")
            #expect(try syncGit(["fsck", "--full"], in: folder).status == 0)
        }
        #expect(try syncGit(["status", "--porcelain"], in: a.folder).output == "")
    }

    @Test(arguments: GitSyncCheckpoint.allCases)
    func pushingALetGoConvergesAfterAStopAt(_ stop: GitSyncCheckpoint) throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("stays", "stays\n")
        try a.keep("goes", "GOES-marker\n")
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        try a.letGo("goes")
        try a.keep("new", "new on a\n")
        do {
            try a.sync { point in if point == stop { throw SimulatedSyncCrash() } }
        } catch is SimulatedSyncCrash {}
        try a.reopen()
        try a.sync()
        try b.sync()
        #expect(a.entries() == b.entries())
        #expect(Set(b.entries().values) == ["stays\n", "new on a\n"])
        for folder in [a.folder, b.folder, remote] {
            #expect(!(try syncObjects(in: folder)).contains("GOES-marker"), "\(folder)")
        }
    }

    @Test(arguments: GitSyncCheckpoint.allCases)
    func startingARemoteConvergesAfterAStopAt(_ stop: GitSyncCheckpoint) throws {
        let remote = try scratch.bareRemote()
        let a = try SyncTestDevice(scratch, "a", remote: remote)
        try a.keep("one", "one\n")
        do {
            try a.sync { point in if point == stop { throw SimulatedSyncCrash() } }
        } catch is SimulatedSyncCrash {}
        try a.reopen()
        try a.sync()
        let b = try SyncTestDevice(scratch, "b", remote: remote)
        try b.sync()
        #expect(a.entries() == b.entries() && b.entries().count == 1)
    }
}
