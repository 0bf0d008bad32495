import Foundation
import TestSupport
import Testing

private let strace = "/usr/bin/strace"

/// Two computers syncing with the same folder remote at the same moment: the push that comes
/// second finds the remote's branch moved. The race is lost every time, not now and then: the
/// losing `say sync` runs under strace, which stops it right after it copied its objects into the
/// remote and before it moves the remote's branch (its first touch of the remote's `say` folder,
/// where it records the locks it takes), while the other computer's sync runs to the end.
@Suite("say sync losing a race for the remote", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: strace), "needs strace (scripts/install-dependencies --tests)"))
struct SyncRaceTests {

    /// Runs `say sync <arguments>` on `device`, stopped just after its first touch of the remote's
    /// `say` folder until `meanwhile` has run, then lets it go on to the end.
    func sync(_ device: SyncDevice, _ arguments: [String], remote: String, meanwhile: () throws -> Void) throws -> SayRun {
        let out = device.home.url("race-stdout"), err = device.home.url("race-stderr"), trace = device.home.url("race-trace")
        for file in [out, err, trace] { FileManager.default.createFile(atPath: file, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        // Every call naming that folder (the first of each kind) stops say with SIGSTOP.
        process.arguments = ["-qq", "-o", trace, "-P", remote + "/say", "-e", "trace=%file",
                             "-e", "inject=%file:signal=STOP:when=1", SayBinary.path, "sync"] + arguments + ["--journal", device.journal]
        process.environment = SayBinary.environment(home: device.home.path)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        // Foundation starts strace in a process group of its own, which say joins: the group's
        // processes are told to go on, say's pid never needed.
        let group = process.processIdentifier
        #expect(getpgid(group) == group)
        /// Lets say go on to the end (through every stop); killed if not done in two minutes.
        func finish() {
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning {
                kill(-group, Date() < deadline ? SIGCONT : SIGKILL)
                usleep(10_000)
            }
        }
        // However the test ends, say is never left stopped.
        defer { finish() }
        var stopped = false
        let deadline = Date().addingTimeInterval(60)
        while !stopped, process.isRunning, Date() < deadline {
            stopped = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").contains("stopped by SIGSTOP")
            if !stopped { usleep(10_000) }
        }
        try #require(stopped, "say sync never reached the remote's say folder: \((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        try meanwhile()
        finish()
        return SayRun(status: process.terminationStatus, stdout: try String(contentsOfFile: out, encoding: .utf8),
                      stderr: try String(contentsOfFile: err, encoding: .utf8))
    }

    /// What the remote holds while the losing sync is stopped: its objects are there, its branch
    /// is not (the race is being lost as it should be).
    func expectCopiedNotMoved(_ remote: BareRemote, holding marker: String) throws {
        try #require(try git(["rev-parse", "--verify", "-q", "refs/heads/main"], in: remote.path).status != 0, "the remote's branch moved already")
        try #require(try remote.objects().contains(marker), "the losing sync had not copied its objects yet")
    }

    func journalID(_ device: SyncDevice) throws -> String {
        try String(contentsOfFile: device.journal + "/.say-journal", encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("id: ") }
            .map(String.init) ?? "no id"
    }

    /// Two computers with journals of their own start syncing with the same empty remote at the
    /// same moment. The one whose push comes second joins the journal the other put there, as it
    /// would a moment later: both sets of entries end up on both computers, one journal record,
    /// one sync key (the first computer's; the second holds none of its own, as a computer that
    /// joined without the key), and nothing it first copied stays unreachable in the remote.
    @Test func theComputerThatLosesTheRaceToStartTheRemoteJoinsIt() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        try b.say(["init", "--git"])
        _ = try a.keep("ALPHA-marker written on a")
        _ = try b.keep("BETA-marker written on b")
        let run = try sync(b, ["--remote", remote.path], remote: remote.path) {
            try expectCopiedNotMoved(remote, holding: "BETA-marker")
            #expect(try a.sync("--remote", remote.path).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1 new here, 1 sent.\n")
        #expect(try journalID(b) == journalID(a))
        #expect(!FileManager.default.fileExists(atPath: b.journal + "/.git/say/sync-key"), "a key of b's own")
        #expect(try git(["log", "--format=%s", "main"], in: b.journal).output.components(separatedBy: "Start syncing").count == 2)
        #expect(try a.sync().stdout == "1 new here.\n")
        #expect(try a.entries() == b.entries() && a.entries().count == 2)
        #expect(try b.sync().stdout == "Already in step with the remote.\n")
        #expect(try git(["fsck", "--unreachable", "--no-reflogs"], in: remote.path).output == "")
    }

    /// A computer that missed a let-go loses the race to fill an emptied remote again (both run
    /// `say sync --rejoin`) to the computer that made the let-go. The history it copied into the
    /// folder remote before its push was refused still held the entry: that copy goes, so the
    /// let-go entry's words are nowhere in the remote, and the computer receives the let-go.
    @Test func aPushThatLostTheRaceLeavesNoWordOfALetGoEntryInTheFolderRemote() throws {
        let marker = "LETGO\(UInt32.random(in: 100_000 ... 999_999))WORD"
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let goes = try a.keep("\(marker) words let go on a")
        _ = try a.keep("STAYS-marker kept everywhere")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        _ = try a.keep("LATER-marker written on a")
        _ = try b.keep("LATER-marker written on b")
        // The remote is emptied (a new drive in its place); both computers rejoin it.
        try FileManager.default.removeItem(atPath: remote.path)
        try FileManager.default.createDirectory(atPath: remote.path, withIntermediateDirectories: true)
        #expect(try git(["init", "--bare", "-q", "-b", "main"], in: remote.path).status == 0)
        let run = try sync(b, ["--rejoin"], remote: remote.path) {
            try expectCopiedNotMoved(remote, holding: marker)
            #expect(try a.sync("--rejoin").status == 0)
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 let go elsewhere"), "\(run.stdout)")
        #expect(!(try remote.objects()).contains(marker), "the let-go entry's words stayed in the remote")
        #expect(!(try b.objects()).contains(marker))
        #expect(try a.sync().stdout == "1 new here.\n")
        #expect(try a.entries() == b.entries() && a.entries().count == 3)
        #expect(try git(["fsck", "--full"], in: remote.path).status == 0)
        #expect(!(try remote.objects()).contains(marker))
    }
}

@Suite("say sync: a first sync that fails")
struct SyncFirstFailureTests {
    /// Everything of a journal a sync could change, objects aside: files with their contents
    /// (`.git/say` too, where the sync key is kept), refs, the index, `git status`, the settings.
    func state(of device: SyncDevice) throws -> [String] {
        var lines: [String] = []
        for file in device.home.files(under: "journal", includeHidden: true) where !file.contains("/.git/objects/") {
            lines.append("\(file) \(String(decoding: try device.home.read(file), as: UTF8.self))")
        }
        for arguments in [["for-each-ref"], ["status", "--porcelain", "--ignored"], ["ls-files", "-s"], ["log", "--format=%H %s"]] {
            lines.append(try git(arguments, in: device.journal).output)
        }
        return lines
    }

    /// The first sync of a versioned journal makes its record, a commit and the sync key only
    /// for the remote: when its push is refused (here a git command holds the remote's branch
    /// lock), the journal is as it was (no record, no commit, no key, no remote stored) and the
    /// remote holds nothing of it. Once the lock is gone, the sync works.
    @Test func aFirstSyncWhosePushIsRefusedLeavesTheJournalAsItWas() throws {
        let remote = try BareRemote()
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("FIRST-marker written before any sync")
        FileManager.default.createFile(atPath: remote.path + "/refs/heads/main.lock", contents: nil)
        let before = try state(of: a)
        let run = try a.sync("--remote", remote.path, status: 1)
        #expect(run.stderr.contains("refs/heads/main.lock"), "\(run.stderr)")
        let changed = Set(try state(of: a)).symmetricDifference(before)
        #expect(changed.isEmpty, "\(changed.sorted())")
        #expect(!FileManager.default.fileExists(atPath: a.journal + "/.say-journal"))
        #expect(!FileManager.default.fileExists(atPath: a.journal + "/.git/say/sync-key"))
        #expect(!(try remote.objects()).contains("FIRST-marker"), "what the refused push copied stayed in the remote")
        try FileManager.default.removeItem(atPath: remote.path + "/refs/heads/main.lock")
        #expect(try a.sync("--remote", remote.path).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
        #expect(FileManager.default.fileExists(atPath: a.journal + "/.git/say/sync-key"))
    }
}
