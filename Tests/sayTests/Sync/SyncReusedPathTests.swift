import Foundation
import TestSupport
import Testing

/// A let-go removes the versions that were let go, never later writing at the same path: a
/// person who names files themselves (`entries/2026/11/notes.md`) may write a new one where an
/// entry was let go, and every sync keeps it, on every computer, while the old words stay gone.
@Suite("say sync and a new entry where one was let go")
struct SyncReusedPathTests {
    static let path = "entries/2026/11/notes.md"
    static let oldID = "11111111-1111-4111-8111-111111111111"
    static let newID = "22222222-2222-4222-8222-222222222222"

    /// Two computers, a remote, and an entry the person named themselves, on both computers.
    final class World {
        let remote: BareRemote
        let a = SyncDevice(), b = SyncDevice()
        let old = "OLDNOTES\(UInt32.random(in: 100_000 ... 999_999))WORD"
        let new = "NEWNOTES\(UInt32.random(in: 100_000 ... 999_999))WORD"

        init() throws {
            remote = try BareRemote()
            try a.say(["init", "--git"])
            _ = try a.keep("KEPT-marker stays everywhere")
            try write(a, id: SyncReusedPathTests.oldID, text: "\(old) the first notes")
            #expect(try a.sync("--remote", remote.path).stdout == "The remote was empty; your journal is there now. 2 sent.\n")
            #expect(try b.sync("--remote", remote.path).stdout == "Versioning is on now. 2 new here.\n")
        }

        /// Writes the file by hand, as a person with an editor would.
        func write(_ device: SyncDevice, id: String, text: String) throws {
            try device.home.write("---\nid: \(id)\ndate: 2026-11-20T10:00:00Z\n---\n\(text)\n", to: "journal/" + SyncReusedPathTests.path)
        }

        func letGoOld(on device: SyncDevice) throws {
            try device.say(["let-go", String(SyncReusedPathTests.oldID.prefix(8)), "--yes"])
        }

        func text(on device: SyncDevice) throws -> String? {
            try device.entries()[SyncReusedPathTests.path]
        }

        /// The old words are nowhere (both computers, the remote); the new ones are at the path on
        /// both computers and in the remote.
        func expectOnlyTheNewEntry(sourceLocation: SourceLocation = #_sourceLocation) throws {
            for device in [a, b] {
                let entries = try device.entries()
                #expect(entries[SyncReusedPathTests.path]?.contains(new) == true, "\(entries)", sourceLocation: sourceLocation)
                #expect(try device.entries().count == 2, sourceLocation: sourceLocation)
                let objects = try device.objects()
                #expect(!objects.contains(old), sourceLocation: sourceLocation)
                #expect(objects.contains(new), sourceLocation: sourceLocation)
                #expect(try git(["status", "--porcelain"], in: device.journal).output == "", sourceLocation: sourceLocation)
            }
            #expect(!(try remote.objects()).contains(old), sourceLocation: sourceLocation)
            #expect(try git(["show", "main:" + SyncReusedPathTests.path], in: remote.path).output.contains(new), sourceLocation: sourceLocation)
        }
    }

    /// The let-go reached every computer; later, on either of them, a new file at the same path.
    @Test(arguments: ["a", "b"])
    func aNewEntryWrittenAfterTheLetGoIsKept(_ writer: String) throws {
        let world = try World()
        try world.letGoOld(on: world.a)
        #expect(try world.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try world.b.sync().stdout == "1 let go elsewhere.\n")
        let (writing, other) = writer == "a" ? (world.a, world.b) : (world.b, world.a)
        try world.write(writing, id: Self.newID, text: "\(world.new) notes written again")
        #expect(try writing.sync().stdout == "1 sent.\n")
        #expect(try world.text(on: writing)?.contains(world.new) == true)
        #expect(try other.sync().stdout == "1 new here.\n")
        // And it stays so: more syncs on both, and an edit of the new notes.
        #expect(try writing.sync().stdout == "Already in step with the remote.\n")
        #expect(try other.sync().stdout == "Already in step with the remote.\n")
        try world.write(other, id: Self.newID, text: "\(world.new) notes written again, and edited")
        #expect(try other.sync().stdout == "1 sent.\n")
        #expect(try writing.sync().stdout == "1 new here.\n")
        try world.expectOnlyTheNewEntry()
    }

    /// The person lets the notes go and starts them again at once, before any sync: the old
    /// notes go from the remote, the new ones go there.
    @Test func aNewEntryWrittenBeforeTheLetGoWasSynced() throws {
        let world = try World()
        try world.letGoOld(on: world.a)
        try world.write(world.a, id: Self.newID, text: "\(world.new) notes started again")
        #expect(try world.a.sync().status == 0)
        #expect(try world.text(on: world.a)?.contains(world.new) == true)
        #expect(try world.b.sync().status == 0)
        #expect(try world.a.sync().stdout == "Already in step with the remote.\n")
        try world.expectOnlyTheNewEntry()
    }

    /// A computer that missed the let-go syncs after the new notes reached the remote: its old
    /// notes go, the new ones come.
    @Test func aComputerThatMissedTheLetGoGetsTheNewEntry() throws {
        let world = try World()
        try world.letGoOld(on: world.a)
        #expect(try world.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        try world.write(world.a, id: Self.newID, text: "\(world.new) notes written again")
        #expect(try world.a.sync().stdout == "1 sent.\n")
        #expect(try world.b.sync().status == 0)
        #expect(try world.a.sync().stdout == "Already in step with the remote.\n")
        try world.expectOnlyTheNewEntry()
    }

    /// Both computers let the same notes go; one of them syncs, writes new notes at the path and
    /// syncs again before the other syncs at all: the other's let-go does not take the new notes.
    @Test func bothLetTheNotesGoAndOneWritesThemAgainFirst() throws {
        let world = try World()
        try world.letGoOld(on: world.b)
        #expect(try world.b.sync().stdout == "1 let go here, gone from the remote too.\n")
        try world.write(world.b, id: Self.newID, text: "\(world.new) notes written again")
        #expect(try world.b.sync().stdout == "1 sent.\n")
        try world.letGoOld(on: world.a)
        #expect(try world.a.sync().status == 0)
        #expect(try world.b.sync().status == 0)
        #expect(try world.a.sync().stdout == "Already in step with the remote.\n")
        try world.expectOnlyTheNewEntry()
    }

    /// A remote restored from a backup that still holds the old notes, joined again with
    /// `--rejoin` from a computer that has new notes at the path: the old ones go again, the new
    /// ones stay.
    @Test func aRejoinKeepsTheNewEntryAndLetsTheOldOneGoAgain() throws {
        let world = try World()
        let backup = world.remote.folder.url("backup.git")
        try FileManager.default.copyItem(atPath: world.remote.path, toPath: backup)
        try world.letGoOld(on: world.a)
        #expect(try world.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try world.b.sync().stdout == "1 let go elsewhere.\n")
        try world.write(world.a, id: Self.newID, text: "\(world.new) notes written again")
        #expect(try world.a.sync().stdout == "1 sent.\n")
        #expect(try world.b.sync().stdout == "1 new here.\n")
        try FileManager.default.removeItem(atPath: world.remote.path)
        try FileManager.default.copyItem(atPath: backup, toPath: world.remote.path)
        #expect(try world.a.sync(status: 1).stderr.contains("say sync --rejoin"))
        #expect(try world.a.sync("--rejoin").status == 0)
        #expect(try world.b.sync().status == 0)
        try world.expectOnlyTheNewEntry()
    }
}
