import Foundation
import TestSupport
import Testing

/// One computer: its own home folder (so its own ~/.ssh) and journal.
struct SyncDevice {
    let home = TemporaryFolder("say-sync-device")
    var journal: String { home.url("journal") }
    /// Whether the person gives this computer the sync key when it joins a remote another
    /// computer synced with (`--key`, as the README says); false for a computer without it.
    var carriesKey = true

    @discardableResult
    func say(_ arguments: [String], input: String? = nil, status: Int32 = 0, environment: [String: String] = [:],
             timeout: TimeInterval = 120) throws -> SayRun {
        var arguments = arguments
        let remote = arguments.first == "sync" ? arguments.firstIndex(of: "--remote").map { arguments[$0 + 1] } : nil
        if let remote, carriesKey, !arguments.contains("--key"), let code = CarriedSyncKeys.code(for: remote) {
            arguments += ["--key", code]
        }
        let run = try SayBinary.run(arguments + ["--journal", journal], input: input, home: home.path,
                                    environment: environment, timeout: timeout)
        #expect(run.status == status, "say \(arguments.joined(separator: " ")): \(run.stderr)")
        if let remote, run.status == 0 { CarriedSyncKeys.remember(journal: journal, remote: remote) }
        return run
    }

    @discardableResult
    func sync(_ arguments: String..., status: Int32 = 0) throws -> SayRun {
        try say(["sync"] + arguments, status: status)
    }

    func keep(_ text: String) throws -> (id: String, path: String) {
        let run = try say(["write", "--keep", "--json"], input: text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(object["id"] as? String), try #require(object["path"] as? String))
    }

    /// Entry files (relative to the journal) and their contents.
    func entries() throws -> [String: String] {
        var result: [String: String] = [:]
        for file in home.files(under: "journal/entries") {
            result[String(file.dropFirst("journal/".count))] = String(decoding: try home.read(file), as: UTF8.self)
        }
        return result
    }

    func objects() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"], in: journal).output
    }
}

/// A bare repository as the remote, in its own temporary folder.
struct BareRemote {
    let folder = TemporaryFolder("say-sync-remote")
    var path: String { folder.url("journal.git") }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.url("journal.git"), withIntermediateDirectories: true)
        #expect(try git(["init", "--bare", "-q", "-b", "main"], in: folder.url("journal.git")).status == 0)
    }

    func objects() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"], in: path).output
    }
}

@Suite("say sync")
struct SyncCommandTests {
    @Test func firstSyncStartsTheRemoteAndANewComputerJoinsIt() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("MARK-one first")
        _ = try a.keep("MARK-two second")
        #expect(try a.sync("--remote", remote.path).stdout == "The remote was empty; your journal is there now. 2 sent.\n")
        // B has no journal yet: sync makes one, turns versioning on and brings everything.
        #expect(try b.sync("--remote", remote.path).stdout == "Versioning is on now. 2 new here.\n")
        #expect(try b.entries() == a.entries())
        #expect(try a.sync().stdout == "Already in step with the remote.\n")
        #expect(try git(["status", "--porcelain"], in: b.journal).output == "")
        #expect(try git(["config", "remote.origin.url"], in: b.journal).output == remote.path + "\n")
    }

    /// A remote and two computers synced with it, holding the entry `text` and one more.
    private func twoComputersSynced(with text: String) throws -> (BareRemote, SyncDevice, SyncDevice, (id: String, path: String)) {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let entry = try a.keep(text)
        _ = try a.keep("STAYS-marker")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        return (remote, a, b, entry)
    }

    /// Moves an entry to the October folder with git mv and commits it, as a person would.
    private func moveToOctober(_ path: String, on device: SyncDevice) throws -> String {
        let moved = "entries/2026/10/" + (path as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: device.journal + "/entries/2026/10", withIntermediateDirectories: true)
        #expect(try git(["mv", path, moved], in: device.journal).status == 0)
        #expect(try git(["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "move"], in: device.journal).status == 0)
        return moved
    }

    /// An entry renamed with git mv on one computer is renamed on the others: the old name is
    /// not "brought back" beside the new one.
    /// (With an edit in the same commit, the entry's front-matter id tells it is the same one.)
    @Test(arguments: [false, true])
    func anEntryRenamedOnOneComputerIsRenamedOnTheOthers(editedToo: Bool) throws {
        let (remote, a, b, moves) = try twoComputersSynced(with: "MOVES-marker renamed on b")
        defer { withExtendedLifetime(remote) {} }  // the remote's folder lasts the whole test
        if editedToo {
            let file = b.journal + "/" + moves.path
            try (try String(contentsOfFile: file, encoding: .utf8) + "A line added while moving it.\n").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try git(["add", moves.path], in: b.journal).status == 0)
        }
        let moved = try moveToOctober(moves.path, on: b)
        #expect(try b.sync().stdout == "1 sent.\n")
        #expect(try a.sync().stdout == "1 new here.\n")
        #expect(try a.entries() == b.entries())
        #expect(try a.entries().count == 2 && a.entries().keys.contains(moved))
        #expect(try git(["status", "--porcelain"], in: a.journal).output == "")
    }

    /// An entry renamed on one computer (edited too, or not) while another lets it go is gone
    /// everywhere, whichever syncs first, and its words are in no repository: the let-go wins
    /// over the edit, as it does over an edit made without a rename.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func anEntryRenamedWhileAnotherComputerLetsItGoIsGoneEverywhere(renameSyncedFirst: Bool, editedToo: Bool) throws {
        let (remote, a, b, goes) = try twoComputersSynced(with: "GOES-marker renamed on b, let go on a")
        if editedToo {
            let file = b.journal + "/" + goes.path
            try (try String(contentsOfFile: file, encoding: .utf8) + "ADDED-marker while moving it.\n").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try git(["add", goes.path], in: b.journal).status == 0)
        }
        _ = try moveToOctober(goes.path, on: b)
        if renameSyncedFirst { try b.sync() }
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try a.sync().stdout == "Already in step with the remote.\n")
        #expect(try a.entries() == b.entries())
        #expect(try a.entries().count == 1)
        for objects in [try a.objects(), try b.objects(), try remote.objects()] {
            #expect(!objects.contains("GOES-marker"))
            #expect(!objects.contains("ADDED-marker"))
        }
    }

    /// An entry renamed on one computer, with a page of the person's own put at its old name in
    /// the same commit, while another computer lets the entry go: the entry goes everywhere
    /// under its new name; the page is not the entry, and stays with its history.
    @Test func aPageAtTheOldNameOfAnEntryLetGoElsewhereStays() throws {
        let (remote, a, b, goes) = try twoComputersSynced(with: "GOES-marker renamed on a, let go on b")
        defer { withExtendedLifetime(remote) {} }
        let moved = "entries/2026/10/" + (goes.path as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: a.journal + "/entries/2026/10", withIntermediateDirectories: true)
        #expect(try git(["mv", goes.path, moved], in: a.journal).status == 0)
        let page = "---\nid: mine-0001\ndate: 2026-11-02T10:00:00Z\n---\nMy own page, PAGE-marker.\n"
        try page.write(toFile: a.journal + "/" + goes.path, atomically: true, encoding: .utf8)
        #expect(try git(["add", "-A"], in: a.journal).status == 0)
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "commit", "-qm", "move, and my page"], in: a.journal).status == 0)
        try b.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        try b.sync()
        #expect(try a.sync().stdout == "1 sent, 1 let go elsewhere.\n")
        #expect(try a.entries()[goes.path] == page)
        #expect(try !a.entries().keys.contains(moved))
        #expect(try git(["log", "--format=%s", "--", goes.path], in: a.journal).output.contains("move, and my page"))
        try b.sync()
        #expect(try b.entries() == a.entries())
        for objects in [try a.objects(), try b.objects(), try remote.objects()] { #expect(!objects.contains("GOES-marker")) }
    }

    /// An exact copy of an entry, committed under another name on one computer and not yet
    /// synced, while another computer lets the entry go: sync names the copy and changes
    /// nothing, so the words never go back; once the person lets the copy go too, the entry goes
    /// and no repository holds the words.
    @Test func anExactCopyOfAnEntryLetGoElsewhereIsNamedAndNeverSent() throws {
        let (remote, a, b, goes) = try twoComputersSynced(with: "GOES-marker copied on b, let go on a")
        try FileManager.default.createDirectory(atPath: b.journal + "/entries/2026/12", withIntermediateDirectories: true)
        let copy = "entries/2026/12/copy.md"
        try FileManager.default.copyItem(atPath: b.journal + "/" + goes.path, toPath: b.journal + "/" + copy)
        #expect(try git(["add", copy], in: b.journal).status == 0)
        #expect(try git(["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "a backup copy"], in: b.journal).status == 0)
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        try a.sync()
        let refused = try b.sync(status: 1)
        #expect(refused.stderr.contains("has an exact copy here, in \(copy)"), "\(refused.stderr)")
        #expect(try b.entries().keys.contains(goes.path))
        #expect(try a.sync().stdout == "Already in step with the remote.\n")
        for objects in [try a.objects(), try remote.objects()] { #expect(!objects.contains("GOES-marker")) }
        try b.say(["let-go", copy, "--with-copies", "--yes"])
        #expect(try b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try a.sync().stdout == "Already in step with the remote.\n")
        for objects in [try a.objects(), try b.objects(), try remote.objects()] { #expect(!objects.contains("GOES-marker")) }
    }

    /// A file sync cannot carry that the person removed from the folder (`git rm`) still sits
    /// in a commit the push would carry: sync names it and sends nothing, and it never reaches
    /// the remote or another computer.
    @Test func aFileSyncCannotCarryIsRefusedWhileAnyCommitToSendHoldsIt() throws {
        let remote = try BareRemote()
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("KEPT-marker stays")
        try FileManager.default.createDirectory(atPath: a.journal + "/private", withIntermediateDirectories: true)
        try "SHOPPING-marker list\n".write(toFile: a.journal + "/private/notes.txt", atomically: true, encoding: .utf8)
        #expect(try git(["add", "private/notes.txt"], in: a.journal).status == 0)
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "commit", "-qm", "notes"], in: a.journal).status == 0)
        #expect(try git(["rm", "-q", "private/notes.txt"], in: a.journal).status == 0)
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "commit", "-qm", "out again"], in: a.journal).status == 0)
        let refused = try a.sync("--remote", remote.path, status: 1)
        #expect(refused.stderr.contains("this journal holds private"), "\(refused.stderr)")
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: remote.path).status != 0)
        #expect(!(try remote.objects()).contains("SHOPPING-marker"))
    }

    /// A folder remote whose own git setting forbids rewriting its history
    /// (`receive.denyNonFastForwards`) keeps it: the sync after a let-go names the setting and
    /// leaves the remote's main where it was.
    @Test func aFolderRemoteThatForbidsRewritesIsNamedAndLeftAlone() throws {
        let (remote, a, _, goes) = try twoComputersSynced(with: "GOES-marker let go while the remote forbids rewrites")
        #expect(try git(["config", "receive.denyNonFastForwards", "true"], in: remote.path).status == 0)
        let before = try git(["rev-parse", "main"], in: remote.path).output
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        let refused = try a.sync(status: 1)
        #expect(refused.stderr.contains("receive.denyNonFastForwards"), "\(refused.stderr)")
        #expect(try git(["rev-parse", "main"], in: remote.path).output == before)
    }

    /// A journal that let many entries go over its life has a record of several mebibytes: every
    /// computer still reads it, sends it whole and follows the next let-go.
    @Test func aRecordOfManyLetGosKeepsSyncing() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let goes = try a.keep("GOES-marker let go after many")
        _ = try a.keep("KEPT-marker stays")
        try a.sync("--remote", remote.path)
        // 40,000 let-go lines (about 1.7 MB), as the record of a journal's many earlier let-gos.
        var generator = SystemRandomNumberGenerator()
        let lines = (0 ..< 40_000).map { _ in "let-go: " + (0 ..< 16).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255, using: &generator)) }.joined() }
        let record = try String(contentsOfFile: a.journal + "/.say-journal", encoding: .utf8) + lines.joined(separator: "\n") + "\n"
        try record.write(toFile: a.journal + "/.say-journal", atomically: true, encoding: .utf8)
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "commit", "-qam", "earlier let-gos"], in: a.journal).status == 0)
        try a.sync()
        func letGoLines(_ text: String) -> Int { text.split(separator: "\n").filter { $0.hasPrefix("let-go: ") }.count }
        #expect(letGoLines(try git(["show", "main:.say-journal"], in: remote.path).output) == 40_000)
        #expect(try b.sync("--remote", remote.path).stdout == "Versioning is on now. 2 new here.\n")
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try b.entries() == a.entries())
        #expect(letGoLines(try git(["show", "main:.say-journal"], in: remote.path).output) == 40_001)
        #expect(!(try b.objects()).contains("GOES-marker"))
    }

    @Test func aShallowCloneIsToldToFetchTheRestBeforeItSyncsOrLetsGo() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        for n in 1...4 { _ = try a.keep("entry \(n)") }
        try a.sync("--remote", remote.path)
        #expect(try git(["clone", "-q", "--depth", "2", "file://" + remote.path, b.journal], in: b.home.path).status == 0)
        let head = try git(["rev-parse", "HEAD"], in: b.journal).output
        let files = try b.entries()
        for arguments in [["sync"], ["let-go", "1", "--yes"]] {
            let run = try b.say(arguments, status: 1)
            #expect(run.stderr.contains("shallow clone"), "\(run.stderr)")
            #expect(run.stderr.contains("git fetch --unshallow"))
            #expect(try git(["rev-parse", "HEAD"], in: b.journal).output == head)
            #expect(try git(["status", "--porcelain"], in: b.journal).output == "")
            #expect(try b.entries() == files)
        }
        #expect(try git(["fetch", "-q", "--unshallow"], in: b.journal).status == 0)
        _ = try b.keep("entry 5")
        #expect(try b.sync().stdout == "1 sent.\n")
        try b.say(["let-go", "1", "--yes"])
        #expect(try b.entries().count == 4)
    }

    /// A sparse checkout keeps a file away from the folder by the person's choice: it is not a
    /// deletion. Keeping, listing, letting another entry go and syncing an edit of it from
    /// another computer all leave it in the commit, away from the folder and marked for git.
    @Test func anEntryASparseCheckoutKeepsAwayIsNeitherRemovedNorBroughtBack() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let away = try a.keep("AWAY-marker kept out of this folder")
        let goes = try a.keep("GOES-marker let go later")
        _ = try a.keep("STAYS-marker stays")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        #expect(try git(["sparse-checkout", "init", "--no-cone"], in: a.journal).status == 0)
        try a.home.write("/*\n!/\(away.path)\n", to: "journal/.git/info/sparse-checkout")
        #expect(try git(["read-tree", "-mu", "HEAD"], in: a.journal).status == 0)
        #expect(try a.entries()[away.path] == nil)
        let awayMarked = "S " + away.path + "\n"

        func expectAwayButKept(_ step: String, text: String = "AWAY-marker") throws {
            #expect(try git(["show", "HEAD:" + away.path], in: a.journal).output.contains(text), "\(step)")
            #expect(try git(["ls-files", "-v", "--", away.path], in: a.journal).output == awayMarked, "\(step)")
            #expect(try git(["status", "--porcelain"], in: a.journal).output == "", "\(step)")
            #expect(try a.entries()[away.path] == nil, "\(step)")
            #expect(try !a.say(["git", "status"]).stdout.contains("made outside say"), "\(step)")
        }
        _ = try a.keep("NEW-marker kept while the other is away")
        #expect(try a.say(["history"]).stdout.contains("NEW-marker"))
        try expectAwayButKept("keep and history")
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        try expectAwayButKept("let-go of another entry")
        try a.sync()

        try b.sync()
        #expect(try b.entries()[goes.path] == nil)
        #expect(try b.entries().count == 3)
        try b.home.write("---\nid: \(away.id)\n---\nAWAY-marker edited on the other computer\n", to: "journal/" + away.path)
        #expect(try b.sync().stdout == "1 sent.\n")
        #expect(try a.sync().stdout.hasPrefix("1 "))
        try expectAwayButKept("sync of an edit", text: "edited on the other computer")
        #expect(try a.sync().stdout == "Already in step with the remote.\n")
        #expect(try b.entries()[away.path]?.contains("edited on the other computer") == true)
    }

    @Test func theSummaryCountsBothWaysAndJSONIsForScripts() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("one")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", "file://" + remote.path)
        _ = try a.keep("two from a")
        _ = try a.keep("three from a")
        let goes = try b.keep("from b, let go later")
        _ = try b.keep("four from b")
        try b.sync()
        try b.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "2 new here, 2 sent.\n")
        let run = try b.sync("--json")
        #expect(run.stdout == #"{"newHere":2,"sent":0,"letGoElsewhere":0,"conflictCopies":0,"letGoWon":0,"letGoSent":1,"startedRemote":false,"versioningTurnedOn":false,"remote":"file://\#(remote.path)","summary":"2 new here, 1 let go here, gone from the remote too.","restoredHere":0,"restoredOnRemote":0,"kept":[],"dryRun":false,"wouldLetGo":[],"remoteStillHolds":[]}"# + "\n")
        #expect(try a.sync().stdout == "1 let go elsewhere.\n")
        #expect(try a.entries() == b.entries())
        #expect(try a.entries().count == 4)
    }

    @Test func letGoOnOneComputerLeavesNothingAnywhere() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let stays = try a.keep("STAYS-marker this one stays")
        let goes = try a.keep("GOES-marker this one goes, first version")
        // A second version, edited by hand, so history holds two blobs of it.
        try a.home.write("---\nid: \(goes.id)\n---\nGOES-marker second version\n", to: "journal/" + goes.path)
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        #expect(try b.objects().contains("GOES-marker"))

        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try b.sync().stdout == "1 let go elsewhere.\n")

        #expect(try b.entries().keys.sorted() == [stays.path])
        #expect(!(try b.objects()).contains("GOES-marker"))
        #expect(try b.objects().contains("STAYS-marker"))
        #expect(!(try remote.objects()).contains("GOES-marker"))
        #expect(!(try a.objects()).contains("GOES-marker"))
        for folder in [a.journal, b.journal, remote.path] {
            #expect(try git(["fsck", "--full"], in: folder).status == 0)
        }
        let clone = remote.folder.url("clone")
        #expect(try git(["clone", "-q", remote.path, clone], in: remote.folder.path).status == 0)
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: clone).output).contains("GOES-marker"))
        #expect(!(try git(["log", "--all", "--stat", "--format=%s"], in: clone).output).contains(String(goes.id.prefix(8)) + ".md"))
        #expect(FileManager.default.fileExists(atPath: clone + "/" + stays.path))
    }

    @Test func concurrentEditsMakeAConflictCopyWithANewID() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        let entry = try a.keep("the first words")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        try a.home.write("---\nid: \(entry.id)\nfeeling: lighter\n---\nedited on a\n", to: "journal/" + entry.path)
        try b.home.write("---\nid: \(entry.id)\nfeeling: heavier\n---\nedited on b\n", to: "journal/" + entry.path)
        try a.sync()
        #expect(try b.sync().stdout == "1 changed on both devices: yours is kept as a copy.\n")
        try a.sync()
        let files = try b.entries()
        #expect(try a.entries() == files)
        #expect(files.count == 2)
        #expect(files[entry.path] == "---\nid: \(entry.id)\nfeeling: lighter\n---\nedited on a\n")
        let copy = try #require(files.first { $0.key != entry.path })
        #expect(copy.value.hasSuffix("feeling: heavier\n---\nedited on b\n"))
        #expect(!copy.value.contains(entry.id))
        #expect(!files.values.contains { $0.contains("<<<<<<<") || $0.contains(">>>>>>>") })
        let history = try JSONSerialization.jsonObject(with: Data(try b.say(["history", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(Set((history ?? []).compactMap { $0["id"] as? String }).count == 2)
    }

    @Test func errorsAreOneClearLine() throws {
        let a = SyncDevice()
        try a.say(["init", "--git"])
        #expect(try a.sync(status: 1).stderr == "say: could not sync: there is no remote yet; run say sync --remote URL once (a folder, file://… or ssh://user@host/path)\n")
        let missing = a.home.url("nowhere.git")
        #expect(try a.sync("--remote", missing, status: 1).stderr
            == "say: could not sync: the remote \(missing) could not be reached; check the address, and that the drive or server is there\n")
        let plain = a.home.url("plain")
        try a.home.write("not git\n", to: "plain/notes.txt")
        #expect(try a.sync("--remote", plain, status: 1).stderr
            == "say: could not sync: \(plain) is a folder with other files in it, not a git repository; use an empty folder or an empty bare repository (git init --bare)\n")
        // A remote that did not work is not kept as the journal's origin.
        #expect(try git(["config", "--get", "remote.origin.url"], in: a.journal).output == "")
        #expect(try a.say(["sync", "--remote", " "], status: 2).stderr.contains("--remote needs a folder or a URL"))
    }

    @Test func anEmptyFolderBecomesTheRemote() throws {
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("one")
        let folder = a.home.url("usb/journal")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try a.sync("--remote", folder).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
        #expect(try git(["rev-parse", "--is-bare-repository"], in: folder).output == "true\n")
        #expect(try b.sync("--remote", folder).stdout == "Versioning is on now. 1 new here.\n")
    }

    /// The person's own `origin` (not one say set up) stays as it is: `--remote` is refused until
    /// they keep theirs under another name. The remote say set up itself can be changed.
    @Test func aRemoteCalledOriginThatSayDidNotSetUpIsNeverOverwritten() throws {
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("one")
        let mine = a.home.url("mine.git")
        #expect(try git(["init", "-q", "--bare", "-b", "main", mine], in: a.home.path).status == 0)
        #expect(try git(["remote", "add", "origin", mine], in: a.journal).status == 0)
        #expect(try git(["config", "remote.origin.pushurl", mine], in: a.journal).status == 0)
        let config = try String(contentsOfFile: a.journal + "/.git/config", encoding: .utf8)
        let usb = a.home.url("usb/journal")
        try FileManager.default.createDirectory(atPath: usb, withIntermediateDirectories: true)
        let refused = try a.sync("--remote", usb, status: 1)
        #expect(refused.stderr.contains("already has a git remote called origin"), "\(refused.stderr)")
        #expect(refused.stderr.contains("git remote rename origin"))
        #expect(try String(contentsOfFile: a.journal + "/.git/config", encoding: .utf8) == config)
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: usb).status != 0)

        #expect(try git(["remote", "rename", "origin", "mine"], in: a.journal).status == 0)
        #expect(try a.sync("--remote", usb).status == 0)
        #expect(try git(["remote", "get-url", "mine"], in: a.journal).output == mine + "\n")
        #expect(try git(["config", "remote.mine.pushurl"], in: a.journal).output == mine + "\n")
        // The address say set up itself moves to another remote when asked.
        let server = a.home.url("server/journal")
        try FileManager.default.createDirectory(atPath: server, withIntermediateDirectories: true)
        #expect(try a.sync("--remote", server).status == 0)
        #expect(try git(["remote", "get-url", "origin"], in: a.journal).output.hasSuffix("server/journal\n"))
    }

    /// Only transports that keep the words private on the way; nothing is sent or stored.
    @Test(arguments: ["http://127.0.0.1:9/journal.git", "git://127.0.0.1:9/journal.git", "ext::sh -c touch% /tmp/say-ext-pwned", "ftp://127.0.0.1/j.git"])
    func plainTextAndProgramTransportsAreRefused(_ url: String) throws {
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        let run = try a.sync("--remote", url, status: 1)
        #expect(run.stderr.contains("which is not private on the way; use a folder, file://, ssh:// or https://. Nothing was sent"))
        #expect(try git(["config", "--get", "remote.origin.url"], in: a.journal).output == "")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/say-ext-pwned"))
    }

    @Test func aWorkingCopyWithMainCheckedOutIsNotMoved() throws {
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("one")
        let working = a.home.url("working")
        try FileManager.default.createDirectory(atPath: working, withIntermediateDirectories: true)
        #expect(try git(["init", "-q", "-b", "main"], in: working).status == 0)
        #expect(try git(["commit", "-q", "--allow-empty", "-m", "mine"], in: working).status == 0)
        let head = try git(["rev-parse", "HEAD"], in: working).output
        let run = try a.sync("--remote", working, status: 1)
        #expect(run.stderr.contains("is a working copy with the branch main checked out"))
        #expect(try git(["rev-parse", "HEAD"], in: working).output == head)
        #expect(try git(["status", "--porcelain"], in: working).output == "")
    }

    @Test func aDryRunShowsWhatWouldHappenAndManyLetGosNeedYes() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        var ids: [String] = []
        for number in 1 ... 5 { ids.append(try a.keep("entry \(number)").id) }
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        for id in ids.prefix(4) { try a.say(["let-go", String(id.prefix(8)), "--yes"]) }
        try a.sync()
        let before = try b.entries()
        let dry = try b.sync("--dry-run")
        #expect(dry.stdout.hasPrefix("Dry run, nothing was changed. A sync would do this: 4 let go elsewhere.\n"))
        #expect(dry.stdout.split(separator: "\n").filter { $0.hasPrefix("  would let go here: entries/") }.count == 4)
        #expect(try b.entries() == before)
        let refused = try b.sync(status: 1)
        #expect(refused.stderr == "say: could not sync: this sync would let go of 4 of your 5 entries here (they were let go on another computer); nothing was changed. See them with say sync --dry-run; if that is right, run say sync --yes\n")
        #expect(try b.entries() == before)
        #expect(try b.sync("--yes").stdout == "4 let go elsewhere.\n")
        #expect(try b.entries() == a.entries())
    }

    /// What every other computer would refuse from the remote is never sent: a `.gitignore`
    /// hiding entries and a file larger than say reads stop the sync here, naming what to do,
    /// with nothing sent; once fixed here (the line removed, the file let go), sync carries it.
    @Test func whatOtherComputersWouldRefuseIsNeverSent() throws {
        let remote = try BareRemote()
        let a = SyncDevice(), b = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("MARK-first")
        try a.sync("--remote", remote.path)
        try b.sync("--remote", remote.path)
        let remoteHead = try git(["rev-parse", "main"], in: remote.path).output

        try a.home.write(String(decoding: try a.home.read("journal/.gitignore"), as: UTF8.self) + "*.md\n", to: "journal/.gitignore")
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "commit", "-qam", "hide"], in: a.journal).status == 0)
        let hiding = try a.sync(status: 1)
        #expect(hiding.stderr.contains("this journal holds .gitignore") && hiding.stderr.contains("by its line *.md"), "\(hiding.stderr)")
        #expect(hiding.stderr.contains("remove that line"), "\(hiding.stderr)")
        #expect(try git(["rev-parse", "main"], in: remote.path).output == remoteHead)
        #expect(try git(["-c", "user.name=a", "-c", "user.email=a@a", "revert", "--no-edit", "HEAD"], in: a.journal).status == 0)

        try a.home.write(String(repeating: "a", count: 17 << 20), to: "journal/entries/2026/11/huge.md")
        _ = try SayBinary.run(["history", "--journal", a.journal], home: a.home.path)  // commits it, naming it unreadable
        #expect(try git(["ls-tree", "-r", "--name-only", "HEAD"], in: a.journal).output.contains("huge.md"))
        let large = try a.sync(status: 1)
        #expect(large.stderr.contains("this journal holds entries/2026/11/huge.md (a file of 17825792 bytes, larger than say reads"), "\(large.stderr)")
        #expect(try git(["rev-parse", "main"], in: remote.path).output == remoteHead)
        try a.say(["let-go", "entries/2026/11/huge.md", "--yes"])
        try a.sync()
        try b.sync()
        #expect(try git(["ls-tree", "-r", "--name-only", "main"], in: remote.path).output.contains("huge.md") == false)
    }
}
