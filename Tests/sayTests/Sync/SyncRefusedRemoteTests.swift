import Foundation
import TestSupport
import Testing

/// A remote that sync refuses (rolled back to a backup, or rewritten by something other than say)
/// may still hold entries that were let go. Whatever the sync read from it stays out of this
/// computer's `.git`: after the refusal, `git cat-file --batch-all-objects` finds no word of a
/// let-go entry, the remote-tracking ref has not moved, and nothing else changed either. The
/// same holds for a dry run, which never keeps what it fetched.
@Suite("say sync refusing a remote keeps nothing of it")
struct SyncRefusedRemoteTests {
    enum Transport: String, CaseIterable, CustomStringConvertible {
        case folder, ssh
        var description: String { rawValue }
    }

    enum Change: String, CaseIterable, CustomStringConvertible {
        /// The remote restored from a copy made before the let-go.
        case rolledBack
        /// The same, with the current journal record planted on top (a rewrite no let-go explains).
        case rewritten
        var description: String { rawValue }
    }

    /// Two computers and a remote, reached through a folder or an ssh server on 127.0.0.1.
    final class World {
        let a = SyncDevice(), b = SyncDevice()
        let spare = TemporaryFolder("say-sync-backup")
        let server: SSHServer?
        let folderRemote: BareRemote?
        let remotePath: String
        let address: String
        /// A word only the let-go entry holds.
        let marker = "LETGO\(UInt32.random(in: 100_000 ... 999_999))WORD"

        init(_ transport: Transport) throws {
            switch transport {
            case .folder:
                let remote = try BareRemote()
                folderRemote = remote
                server = nil
                remotePath = remote.path
                address = remote.path
            case .ssh:
                let server = try SSHServer(authorizedKeys: [try a.makeSSHKey(), try b.makeSSHKey()])
                self.server = server
                folderRemote = nil
                remotePath = server.folder.url("journal.git")
                try FileManager.default.createDirectory(atPath: remotePath, withIntermediateDirectories: true)
                #expect(try git(["init", "--bare", "-q", "-b", "main"], in: remotePath).status == 0)
                address = server.url(remotePath)
                try a.trust(server)
                try b.trust(server)
            }
        }

        deinit { server?.stop() }

        /// Both computers hold an entry with the marker, and the remote too; a copy of the remote
        /// is kept; then A lets the entry go and both computers sync, so neither holds a word of it.
        /// - Returns: where the copy of the remote is.
        func letGoAfterABackup() throws -> String {
            try a.say(["init", "--git"])
            _ = try a.keep("KEPT-marker stays everywhere")
            try a.sync("--remote", address)
            try b.sync("--remote", address)
            let goes = try a.keep("\(marker) words that are let go later")
            #expect(try a.sync().stdout == "1 sent.\n")
            #expect(try b.sync().stdout == "1 new here.\n")
            let backup = spare.url("backup.git")
            try FileManager.default.copyItem(atPath: remotePath, toPath: backup)
            try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
            #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
            #expect(try b.sync().stdout == "1 let go elsewhere.\n")
            for device in [a, b] { try #require(!(try device.objects()).contains(marker)) }
            return backup
        }

        /// Puts the copy back in the remote's place (`rewritten`: with the current record on top).
        func restore(_ backup: String, _ change: Change) throws {
            let record = try String(contentsOfFile: a.journal + "/.say-journal", encoding: .utf8)
            try FileManager.default.removeItem(atPath: remotePath)
            try FileManager.default.copyItem(atPath: backup, toPath: remotePath)
            #expect(try git(["cat-file", "--batch-all-objects", "--batch"], in: remotePath).output.contains(marker))
            if change == .rewritten {
                try HostileRemote(path: remotePath).commit(adding: [.init(".say-journal", content: record)], removing: [".say-journal"],
                                                         message: "Sync")
            }
        }

        /// Everything in a computer's journal and `.git` a sync could change: files with their
        /// contents, refs, HEAD, the index, and every object.
        func state(of device: SyncDevice) throws -> [String] {
            var lines: [String] = []
            for file in device.home.files(under: "journal", includeHidden: true) {
                let bytes = try device.home.read(file)
                // Object and pack files by size (their names are their contents' ids).
                lines.append(file.contains("/.git/objects/") ? "\(file) \(bytes.count)" : "\(file) \(String(decoding: bytes, as: UTF8.self))")
            }
            lines.append(try git(["for-each-ref"], in: device.journal).output)
            lines.append(try git(["status", "--porcelain", "--ignored"], in: device.journal).output)
            lines.append(try git(["ls-files", "-s"], in: device.journal).output)
            lines.append(try git(["cat-file", "--batch-all-objects", "--batch-check"], in: device.journal).output)
            return lines
        }

        /// The device's sync is refused with `fragment`, keeps no word of the let-go entry, and
        /// changes nothing.
        func expectRefused(_ device: SyncDevice, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = try state(of: device)
            let tracking = try git(["rev-parse", "refs/remotes/origin/main"], in: device.journal).output
            let run = try device.sync(status: 1)
            #expect(run.stderr.contains(fragment) && run.stderr.contains("Nothing was changed"), "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(!(try device.objects()).contains(marker), "the refused remote's objects stayed", sourceLocation: sourceLocation)
            #expect(try git(["rev-parse", "refs/remotes/origin/main"], in: device.journal).output == tracking, sourceLocation: sourceLocation)
            let changed = Set(try state(of: device)).symmetricDifference(before)
            #expect(changed.isEmpty, "\(changed.sorted())", sourceLocation: sourceLocation)
            #expect(try git(["fsck", "--full"], in: device.journal).status == 0, sourceLocation: sourceLocation)
        }
    }

    static let refusals: [Change: String] = [.rolledBack: "went back to an earlier state", .rewritten: "rewritten by something other than say"]

    @Test(arguments: Transport.allCases, Change.allCases)
    func aRefusedRemoteLeavesNoWordOfALetGoEntry(_ transport: Transport, _ change: Change) throws {
        if transport == .ssh, !SSHServer.isAvailable { return }
        let world = try World(transport)
        let backup = try world.letGoAfterABackup()
        try world.restore(backup, change)
        let fragment = try #require(Self.refusals[change])
        for device in [world.b, world.a, world.b] { try world.expectRefused(device, fragment) }
        // The way back still works, and lets the entry go from the remote again.
        #expect(try world.a.sync("--rejoin").status == 0)
        #expect(try world.b.sync().status == 0)
        #expect(try world.a.entries() == world.b.entries())
        for device in [world.a, world.b] { #expect(!(try device.objects()).contains(world.marker)) }
    }

    /// A dry run fetches to see what a sync would do, and keeps none of it: here the remote still
    /// holds an entry this computer let go since its last sync.
    @Test(arguments: Transport.allCases)
    func aDryRunKeepsNothingItFetched(_ transport: Transport) throws {
        if transport == .ssh, !SSHServer.isAvailable { return }
        let world = try World(transport)
        let a = world.a
        try a.say(["init", "--git"])
        _ = try a.keep("KEPT-marker stays everywhere")
        let goes = try a.keep("\(world.marker) words that are let go")
        try a.sync("--remote", world.address)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        try #require(!(try a.objects()).contains(world.marker))
        let before = try world.state(of: a)
        let run = try a.sync("--dry-run")
        #expect(run.stdout.contains("let go here"), "\(run.stdout)")
        #expect(!(try a.objects()).contains(world.marker))
        let changed = Set(try world.state(of: a)).symmetricDifference(before)
        #expect(changed.isEmpty, "\(changed.sorted())")
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(!(try a.objects()).contains(world.marker))
    }
}
