import Foundation
import TestSupport
import Testing

/// A remote is untrusted input: whatever someone with write access puts there (built here with
/// git's plumbing, past everything the porcelain would refuse), `say sync` refuses it before
/// writing anything, names what it found, and changes nothing on the computer.
@Suite("say sync with a hostile remote")
struct SyncHostileRemoteTests {
    /// A journal synced with a remote, and a second computer that joined it.
    struct Setup {
        let remote: BareRemote
        let a = SyncDevice()
        let b = SyncDevice()
        let marker: String
        var hostile: HostileRemote { HostileRemote(path: remote.path) }

        init() throws {
            remote = try BareRemote()
            marker = a.home.url("PWNED")
            try a.say(["init", "--git"])
            _ = try a.keep("KEPT-marker the first entry")
            _ = try a.keep("KEPT-marker the second entry")
            try a.sync("--remote", remote.path)
            try b.sync("--remote", remote.path)
        }

        /// Everything the sync may touch on B: files (hidden too), refs, index, objects.
        func stateOfB() throws -> [String] {
            var lines = b.home.files(under: "journal", includeHidden: true).filter { !$0.contains("/.git/") }
            lines.append(try git(["rev-parse", "HEAD"], in: b.journal).output)
            lines.append(try git(["for-each-ref"], in: b.journal).output)
            lines.append(try git(["status", "--porcelain", "--ignored"], in: b.journal).output)
            lines.append(try git(["ls-files", "-s"], in: b.journal).output)
            return lines
        }

        /// B's sync is refused with a message naming `fragment`, and nothing on B changed.
        func expectRefused(_ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try #require(!fragment.isEmpty, sourceLocation: sourceLocation)
            let before = try stateOfB()
            let run = try b.sync(status: 1)
            #expect(run.stderr.hasPrefix("say: could not sync: "), sourceLocation: sourceLocation)
            #expect(run.stderr.contains(fragment), "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.lowercased().contains("nothing was changed"), "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(try stateOfB() == before, sourceLocation: sourceLocation)
            // Not even a shell prompt's `git status` in any folder of the journal runs anything.
            for folder in ["", "/entries", "/entries/2026", "/entries/2026/11"] where FileManager.default.fileExists(atPath: b.journal + folder) {
                _ = try git(["status"], in: b.journal + folder)
            }
            #expect(!FileManager.default.fileExists(atPath: marker), sourceLocation: sourceLocation)
        }

        var fsmonitorConfig: String { "[core]\n\tfsmonitor = touch \(marker)\n\tbare = false\n" }
    }

    /// A folder remote's lock records are say's only when they are in the remote itself: a
    /// planted record of a "dead say run" naming a lock behind a link in the remote removes
    /// nothing outside it, and a `say` folder that is a link to elsewhere gets no record written.
    @Test func lockRecordsAndLinksPlantedInAFolderRemoteReachNothingOutsideIt() throws {
        let setup = try Setup()
        let outside = setup.a.home.url("project")
        try FileManager.default.createDirectory(atPath: outside + "/locks", withIntermediateDirectories: true)
        try "a project's own lock file\n".write(toFile: outside + "/Cargo.lock", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: setup.remote.path + "/refs/x", withDestinationPath: outside)
        // A record of a killed say's libgit2 call, dated long ago, naming the lock behind the link.
        let record = setup.remote.path + "/say/locks/1-1"
        try FileManager.default.createDirectory(atPath: setup.remote.path + "/say/locks", withIntermediateDirectories: true)
        try "say-it-later git locks 1\nlibgit2\nrefs/x/Cargo.lock\n".write(toFile: record, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 946_684_800)], ofItemAtPath: record)
        _ = try setup.a.keep("KEPT-marker a third entry")
        _ = try setup.a.sync()
        #expect(FileManager.default.fileExists(atPath: outside + "/Cargo.lock"))

        // The remote's say folder replaced by a link to another folder: refused, nothing written there.
        try FileManager.default.removeItem(atPath: setup.remote.path + "/say")
        try FileManager.default.createSymbolicLink(atPath: setup.remote.path + "/say", withDestinationPath: outside)
        _ = try setup.a.keep("KEPT-marker a fourth entry")
        let refused = try setup.a.sync(status: 1)
        #expect(refused.stderr.contains("say is a link to another folder"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside + "/locks").isEmpty)
        #expect(FileManager.default.fileExists(atPath: outside + "/Cargo.lock"))
    }

    @Test func aNestedRepositoryWhoseConfigRunsACommand() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [
            .init("entries/.git/config", content: setup.fsmonitorConfig),
            .init("entries/.git/HEAD", content: "ref: refs/heads/main\n"),
            .init("entries/.git/objects/info/.keep", content: ""),
            .init("entries/.git/refs/heads/.keep", content: ""),
        ])
        try setup.expectRefused("entries/.git")
    }

    /// `.git` as case-insensitive and Windows or macOS file systems read it, anywhere.
    @Test(arguments: [
        ".git/config", ".GIT/config", ".Git/config", "entries/2026/11/.git/config", "entries/2026/.gIt/config",
        "git~1/config", "GIT~1/config", ".git./config", ".git /config", ".git::$INDEX_ALLOCATION/config",
        ".g\u{200C}it/config", ".gi\u{200D}t/config", "\u{FEFF}.git/config", "entries/.g\u{200E}it/config",
    ])
    func gitFolderLookAlikes(_ path: String) throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init(path, content: setup.fsmonitorConfig)])
        try setup.expectRefused(String(path.dropLast("/config".count)))
    }

    /// Files say never writes, at the root or among the entries.
    @Test(arguments: [
        (".gitmodules", "a file say never writes"), (".gitattributes", "a file say never writes"), (".say-lock", "a file say never writes"),
        ("README.md", "a file say never writes"), ("Entries/2026/11/x.md", "a file say never writes"),
        ("entries/notes.md", "not a year"), ("entries/2026/notes.md", "not a month"), ("entries/2026/13/x.md", "not a month"),
        ("entries/2026/11/deeper/x.md", "a folder inside a month"), ("entries/2026/11/x.txt", "not an entry file"),
        ("entries/2026/11/.hidden.md", "a hidden name"), ("entries/2026/11/x.md:stream", "not an entry file"),
        ("entries/2026/11/a:b.md", "characters some file systems treat specially"),
        ("entries/2026/11/..\\..\\evil.md", "a hidden name"), ("entries/2026/11/x\\..\\..\\evil.md", "characters some file systems treat specially"),
        ("entries/2026/11/CON.md", "Windows reserves"), ("entries/2026/11/x\u{202E}dm.exe.md", "invisible characters"),
        ("entries/2026/11/x\u{1B}]0;pwned\u{07}.md", "control characters"),
    ])
    func filesSayNeverWrites(_ path: String, _ reason: String) throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init(path)])
        try setup.expectRefused(reason)
    }

    @Test func pathsThatClimbOutOfTheJournal() throws {
        for components in [["..", "escaped.md"], ["entries", "..", "escaped.md"], ["entries", "2026", "11", "..", "x.md"], ["entries", ".", "x.md"]] {
            let setup = try Setup()
            try setup.hostile.commit(adding: [.init(components: components)])
            try setup.expectRefused(components.dropLast().joined(separator: "/"))
            #expect(!FileManager.default.fileExists(atPath: setup.b.home.url("escaped.md")))
        }
    }

    @Test func aSymbolicLinkAndASubmodule() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init("entries/2026/11/link.md", mode: "120000", content: "/etc/passwd")])
        try setup.expectRefused("a symbolic link")
        let second = try Setup()
        let commit = try second.hostile.git(["rev-parse", "main"])
        try second.hostile.commit(adding: [
            .init(".gitmodules", content: "[submodule \"x\"]\n\tpath = entries/2026/11/sub\n\turl = ../evil.git\n"),
            .init("entries/2026/11/sub", mode: "160000", object: commit),
        ])
        try second.expectRefused(".gitmodules")
        let third = try Setup()
        try third.hostile.commit(adding: [.init("entries/2026/11/sub", mode: "160000", object: commit)])
        try third.expectRefused("a submodule link")
    }

    @Test func namesOneFileSystemWouldTakeForTheSameFile() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init("entries/2026/11/Note.md"), .init("entries/2026/11/note.md")])
        try setup.expectRefused("differ only in case or Unicode form")
        let second = try Setup()
        try second.hostile.commit(adding: [.init("entries/2026/11/caf\u{E9}.md"), .init("entries/2026/11/cafe\u{301}.md")])
        try second.expectRefused("differ only in case or Unicode form")
    }

    @Test func aGitignoreThatWouldHideNewEntries() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init(".gitignore", content: ".say-lock\n*.md\n")], removing: [".gitignore"])
        try setup.expectRefused("hide entries")
    }

    @Test func anEnormousFileIsRefusedFromItsHeaderAndNeverCopied() throws {
        let setup = try Setup()
        let big = setup.remote.folder.url("big")
        // 17 MiB of one repeated line: larger than say reads, small once compressed.
        try String(repeating: "HUGE-marker line of a very large entry\n", count: 17 * 1024 * 1024 / 39 + 10).write(toFile: big, atomically: false, encoding: .utf8)
        let blob = try setup.hostile.git(["hash-object", "-w", big])
        try setup.hostile.commit(adding: [.init("entries/2026/11/2026-11-23T000000Z-0badf00d.md", object: blob)])
        try setup.expectRefused("larger than say reads")
        // Checked in the remote's own object store: nothing of it reached this computer.
        #expect(try git(["cat-file", "-e", blob], in: setup.b.journal).status != 0)
    }

    @Test func aBranchThatIsNotACommit() throws {
        let setup = try Setup()
        let commit = try setup.hostile.git(["rev-parse", "main"])
        let tree = try setup.hostile.git(["rev-parse", "main^{tree}"])
        let tag = try setup.hostile.git(["mktag"], input: "object \(commit)\ntype commit\ntag x\ntagger X <x@x> 0 +0000\n\nx\n")
        for target in [tag, tree] {
            // git refuses to point a branch at anything but a commit; the file is written by hand.
            try (target + "\n").write(toFile: setup.remote.path + "/refs/heads/main", atomically: true, encoding: .utf8)
            try setup.expectRefused("not a commit")
        }
    }

    // MARK: Let-go records

    /// What a forger does with the record's `key:` and `seal:` lines.
    enum Forgery: String, CaseIterable { case keepsTheSeal, dropsTheSeal, sealsWithItsOwnKey }

    /// Writes a let-go of one entry into a record the way anyone who can read the remote can:
    /// the lines are keyed by the journal's id, which the record holds (`journal path blob forgery record`).
    static let forger = #"""
        import hashlib, hmac, os, sys
        journal, path, blob, forgery, record = sys.argv[1:6]
        key = hashlib.sha256(b"say-it-later let-go key\0" + journal.encode()).digest()
        def token(text): return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()[:32]
        path_line, version_line = token(path), token("version\0" + path + "\0" + blob)
        lines = [l for l in record.splitlines() if l and (forgery == "keepsTheSeal" or l.split(":")[0] not in ("key", "seal"))]
        lines += ["let-go: " + path_line, "let-go-version: " + path_line + " " + version_line]
        if forgery == "sealsWithItsOwnKey":
            own = os.urandom(20)
            def mac(text): return hmac.new(own, text.encode(), hashlib.sha256).hexdigest()[:32]
            sealed = set()
            for line in lines:
                name, _, value = line.partition(": ")
                if name == "let-go": sealed.add(value)
                if name == "let-go-version": sealed.update([value.split(" ")[0], value])
            lines += ["key: " + mac("say-it-later sync key id"), "seal: " + mac("say-it-later seal\0" + journal + "\0" + "\n".join(sorted(sealed)))]
        print("\n".join(lines))
        """#

    /// Someone who can write to the remote writes a let-go of their own into `.say-journal` and
    /// removes the entry: no computer lets it go without asking (here, with no terminal: refused
    /// with nothing changed), whether it holds the journal's sync key or not, whatever the
    /// forger did with the seal. Lines the key did not seal are not the person's say's.
    @Test(arguments: Forgery.allCases)
    func aLetGoWrittenIntoTheRecordByAnyoneElseIsNeverTakenWithoutAsking(_ forgery: Forgery) throws {
        let setup = try Setup()
        var c = SyncDevice()
        c.carriesKey = false
        try c.sync("--remote", setup.remote.path)
        let entry = try #require(try setup.hostile.files().first { $0.components.first == "entries" })
        let path = entry.components.joined(separator: "/")
        let record = try setup.hostile.git(["cat-file", "blob", "main:.say-journal"])
        let journal = try #require(record.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst("id: ".count)
        let forged = try runProgram("/usr/bin/python3", ["-c", Self.forger, String(journal), path, entry.id, forgery.rawValue, record],
                                    environment: [:])
        try #require(forged.status == 0, "\(forged.stderr)")
        try setup.hostile.commit(adding: [.init(".say-journal", content: forged.stdout)], removing: [path, ".say-journal"], message: "let go")
        for (device, hasKey) in [(setup.a, true), (setup.b, true), (c, false)] {
            let before = try device.entries()
            #expect(before.keys.contains(path))
            let run = try device.sync(status: 1)
            #expect(run.stderr.hasPrefix("say: could not sync: the remote says 1 of your entries here was let go, but "), "\(run.stderr)")
            #expect(run.stderr.contains(hasKey ? "your say did not seal that let-go" : "this computer has no sync key"), "\(run.stderr)")
            // A computer holding the key is never told to be given it.
            #expect(run.stderr.contains("give this computer the key") == !hasKey, "\(run.stderr)")
            #expect(run.stderr.contains("Nothing was changed"))
            #expect(try device.entries() == before)
            // --yes answers only the question about many entries, never this one.
            #expect(try device.sync("--yes", status: 1).stderr.contains("let go, but"))
            #expect(try device.entries() == before)
        }
    }

    /// A journal record on the remote that say cannot read is named as that, never taken for a
    /// rewritten history, and a rejoin refuses it too rather than forget the let-gos it held.
    @Test func anUnreadableRecordOnTheRemoteIsNamedAndNoLetGoIsForgotten() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init(".say-journal", content: "say-it-later journal\nid: not one\n")], removing: [".say-journal"])
        try setup.expectRefused("(.say-journal) is not one say can read")
        let rejoin = try setup.b.sync("--rejoin", status: 1)
        #expect(rejoin.stderr.contains("(.say-journal) is not one say can read"), "\(rejoin.stderr)")
    }

    /// History on the remote that git cannot read (a commit whose parent is not there, a date
    /// git cannot parse, a branch file of garbage) is named as the remote's, never as damage
    /// in the journal, which stays as it was.
    @Test(arguments: ["missing parent", "unreadable date", "garbage branch"])
    func damageOnTheRemoteIsNamedAsTheRemotes(_ damage: String) throws {
        let setup = try Setup()
        let tree = try setup.hostile.git(["rev-parse", "main^{tree}"])
        let parent = try setup.hostile.git(["rev-parse", "main"])
        switch damage {
        case "garbage branch":
            try "not a commit id\n".write(toFile: setup.remote.path + "/refs/heads/main", atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: setup.remote.path + "/packed-refs")
        default:
            let lines = damage == "missing parent"
                ? ["tree \(tree)", "parent 1234567890123456789012345678901234567890", "author x <x@x> 1700000000 +0000", "committer x <x@x> 1700000000 +0000"]
                : ["tree \(tree)", "parent \(parent)", "author x <x@x> 99999999999999999999 +9999", "committer x <x@x> 99999999999999999999 +9999"]
            let commit = try setup.hostile.git(["hash-object", "-t", "commit", "-w", "--literally", "--stdin"], input: lines.joined(separator: "\n") + "\n\nx\n")
            try setup.hostile.git(["update-ref", "refs/heads/main", commit])
        }
        try setup.expectRefused("cannot be read")
        let run = try setup.b.sync(status: 1)
        #expect(run.stderr.contains("the history on \(setup.remote.path)") && !run.stderr.contains("journal's git repository"), "\(run.stderr)")
    }

    /// A remote whose main was renamed says so and how to rename it back (never "not a say
    /// journal"), for a computer that synced with it and for a rejoin; nothing changes.
    @Test func aRemoteWhoseMainWasRenamedSaysSo() throws {
        let setup = try Setup()
        try setup.hostile.git(["branch", "-m", "main", "master"])
        try setup.hostile.git(["symbolic-ref", "HEAD", "refs/heads/master"])
        try setup.expectRefused("has no branch main, which is the one say syncs (it has master)")
        let rejoin = try setup.b.sync("--rejoin", status: 1)
        #expect(rejoin.stderr.contains("git branch -m master main"), "\(rejoin.stderr)")
        try setup.hostile.git(["branch", "-m", "master", "main"])
        #expect(try setup.b.sync().stdout == "Already in step with the remote.\n")
    }

    /// A main that is a symbolic reference to another branch is named (a push would move the
    /// other branch, and every sync would find the remote moved again).
    @Test func aSymbolicMainOnTheRemoteIsNamed() throws {
        let setup = try Setup()
        _ = try setup.b.keep("KEPT-marker to send")
        try setup.hostile.git(["branch", "other", "main"])
        try setup.hostile.git(["symbolic-ref", "refs/heads/main", "refs/heads/other"])
        let before = try setup.b.entries()
        let run = try setup.b.sync(status: 1)
        #expect(run.stderr.contains("refs/heads/main (a symbolic reference to refs/heads/other"), "\(run.stderr)")
        #expect(try setup.b.entries() == before)
    }

    /// A computer that joined without the sync key is asked about every let-go (its own other
    /// computers' too); given the key with --key, it takes them as before. A wrong key is refused.
    @Test func aComputerWithoutTheKeyIsAskedAboutEveryLetGoUntilItIsGivenTheKey() throws {
        let setup = try Setup()
        var c = SyncDevice()
        c.carriesKey = false
        let goes = try setup.a.keep("GOES-marker let go on A")
        try setup.a.sync()
        try setup.b.sync()
        try c.sync("--remote", setup.remote.path)
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try setup.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try setup.b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try c.sync(status: 1).stderr.contains("this computer has no sync key for this journal"))
        #expect(try c.entries().keys.contains(goes.path))
        #expect(try c.say(["sync", "--show-key"], status: 1).stderr.contains("has no sync key for this journal yet"))
        let shown = try setup.a.say(["sync", "--show-key"]).stdout
        let code = try #require(shown.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(shown.contains("say sync --remote <the same remote> --key -"))
        #expect(try setup.b.say(["sync", "--show-key"]).stdout == shown)
        let wrong = String(code.reversed())
        #expect(try c.sync("--key", wrong, status: 1).stderr.contains("that is not the sync key of the journal on"))
        #expect(try c.sync("--key", "not-a-key", status: 2).stderr.contains("--key needs the code say sync --show-key shows"))
        // With "-", the key comes from standard input, never from the command line.
        #expect(try c.say(["sync", "--key", "-"], input: "", status: 1).stderr.contains("no sync key was given"))
        #expect(try c.say(["sync", "--key", "-"], input: "not-a-key\n", status: 1).stderr.contains("that is not a sync key"))
        #expect(try c.entries().keys.contains(goes.path))
        #expect(try c.say(["sync", "--key", "-"], input: code.uppercased() + "\n").stdout == "1 let go elsewhere.\n")
        #expect(try c.entries() == setup.a.entries())
        #expect(try c.say(["sync", "--show-key"]).stdout == shown)
        #expect(FileManager.default.fileExists(atPath: c.journal + "/.git/say/sync-key"))
        #expect(try git(["log", "--all", "-p"], in: setup.remote.path).output.contains(code) == false)
    }

    @Test func aFirstSyncWithAHostileRemoteLeavesTheJournalAsItWas() throws {
        let setup = try Setup()
        try setup.hostile.commit(adding: [.init("entries/.git/config", content: setup.fsmonitorConfig)])
        let c = SyncDevice()
        try c.say(["write", "--keep", "--text", "mine"])
        let before = c.home.files(under: "journal", includeHidden: true)
        let run = try c.sync("--remote", setup.remote.path, status: 1)
        #expect(run.stderr.contains("entries/.git"))
        #expect(c.home.files(under: "journal", includeHidden: true) == before)
        #expect(!FileManager.default.fileExists(atPath: c.journal + "/.git"))
    }

    // MARK: Histories

    @Test func entriesDeletedOnTheRemoteAreRestoredEverywhere() throws {
        let setup = try Setup()
        let files = try setup.hostile.files().filter { $0.components.first == "entries" }.map { $0.components.joined(separator: "/") }
        try setup.hostile.commit(removing: Set(files), message: "gone")
        #expect(try setup.b.sync().stdout == "2 missing from the remote (not let go) were put back.\n")
        #expect(try setup.a.sync().stdout == "Already in step with the remote.\n")
        #expect(try setup.a.entries() == setup.b.entries())
        #expect(try setup.a.entries().count == 2)
        #expect(try setup.b.objects().contains("KEPT-marker the first entry"))
    }

    @Test func aRolledBackRemoteIsRefusedAndRejoinBringsItBack() throws {
        let setup = try Setup()
        let goes = try setup.a.keep("GOES-marker let go after the backup")
        _ = try setup.a.sync()
        let backup = setup.remote.folder.url("backup.git")
        try FileManager.default.copyItem(atPath: setup.remote.path, toPath: backup)
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        _ = try setup.a.keep("after")
        _ = try setup.a.sync()
        try FileManager.default.removeItem(atPath: setup.remote.path)
        try FileManager.default.copyItem(atPath: backup, toPath: setup.remote.path)
        let before = try git(["rev-parse", "HEAD"], in: setup.a.journal).output
        let run = try setup.a.sync(status: 1)
        #expect(run.stderr.contains("went back to an earlier state") && run.stderr.contains("say sync --rejoin"))
        #expect(try git(["rev-parse", "HEAD"], in: setup.a.journal).output == before)
        #expect(try setup.a.sync("--rejoin").stdout == "1 sent, 1 let go here, gone from the remote too.\n")
        #expect(try setup.b.sync().stdout == "1 new here.\n")
        #expect(try setup.a.entries() == setup.b.entries())
        #expect(!(try setup.remote.objects()).contains("GOES-marker"))
    }

    @Test func aRewrittenRemoteIsRefused() throws {
        let setup = try Setup()
        let first = try setup.hostile.git(["rev-list", "--max-parents=0", "main"])
        try setup.hostile.git(["update-ref", "refs/heads/main", try setup.hostile.git(["commit-tree", try setup.hostile.git(["rev-parse", "main^{tree}"]), "-p", first, "-m", "squashed"])])
        try setup.expectRefused("rewritten by something other than say")
    }

    @Test func otherBranchesAndTagsThatHoldALetGoEntryAreNamed() throws {
        let setup = try Setup()
        let goes = try setup.a.keep("GOES-marker on a branch too")
        _ = try setup.a.sync()
        try setup.hostile.git(["branch", "old", "main"])
        try setup.hostile.git(["tag", "v1", "main"])
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        let run = try setup.a.sync()
        #expect(run.stdout == "1 let go here, gone from the remote too.\n")
        #expect(run.stderr.contains("the remote still holds a let-go entry in refs/heads/old, refs/tags/v1"))
        // Removed by the person: the next sync cleans the remote and says nothing more.
        try setup.hostile.git(["branch", "-D", "old"])
        try setup.hostile.git(["tag", "-d", "v1"])
        let again = try setup.a.sync()
        #expect(again.stderr == "")
        #expect(!(try setup.remote.objects()).contains("GOES-marker"))
    }

    // MARK: The record's evidence

    /// The let-go line (keyed by the journal's id, which anyone who reads the remote has) of `text`.
    static func letGoToken(journal: String, _ text: String) throws -> String {
        let script = #"""
            import hashlib, hmac, sys
            key = hashlib.sha256(b"say-it-later let-go key\0" + sys.argv[1].encode()).digest()
            print(hmac.new(key, sys.argv[2].encode(), hashlib.sha256).hexdigest()[:32])
            """#
        let run = try runProgram("/usr/bin/python3", ["-c", script, journal, text], environment: [:])
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The remote's record, and its journal id.
    static func record(of setup: Setup, at commit: String = "main") throws -> (text: String, journal: String) {
        let text = try setup.hostile.git(["cat-file", "blob", commit + ":.say-journal"]) + "\n"
        let journal = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst("id: ".count)
        return (text, String(journal))
    }

    /// `text` with its generation line set to `generation`.
    static func withGeneration(_ text: String, _ generation: String) -> String {
        var lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("generation:") }
        lines.insert("generation: " + generation, at: 2)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Someone who can write to the remote rolls it back to before an edit (or replaces its
    /// history with one commit of their own, an entry's words changed) and raises the record's
    /// generation, which needs no key: no computer takes that for say's rewrite. Both refuse
    /// with nothing changed, and the edit stays on both.
    @Test(arguments: ["rolled back", "replaced"])
    func aRewriteWithTheGenerationRaisedByAnyoneElseIsRefused(_ how: String) throws {
        let setup = try Setup()
        let before = try setup.hostile.git(["rev-parse", "main"])
        let (path, text) = try #require(try setup.a.entries().first)
        try (text + "EDIT-marker an edit made later\n").write(toFile: setup.a.journal + "/" + path, atomically: true, encoding: .utf8)
        try setup.a.sync()
        try setup.b.sync()
        #expect(try setup.b.entries()[path]?.contains("EDIT-marker") == true)
        let record = try Self.record(of: setup, at: before)
        if how == "rolled back" {
            try setup.hostile.git(["update-ref", "refs/heads/main", before])
            try setup.hostile.commit(adding: [.init(".say-journal", content: Self.withGeneration(record.text, "7"))], removing: [".say-journal"], message: "tidy")
        } else {
            try setup.hostile.commit(adding: [.init(".say-journal", content: Self.withGeneration(record.text, "7")), .init(path, content: "Nothing here.\n")],
                                     removing: [".say-journal", path], message: "tidy")
            let alone = try setup.hostile.git(["commit-tree", try setup.hostile.git(["rev-parse", "main^{tree}"]), "-m", "tidy"])
            try setup.hostile.git(["update-ref", "refs/heads/main", alone])
        }
        // Rolled back, an entry would go back to a version both computers had before.
        let refusal = how == "rolled back" ? "went back to an earlier state" : "rewritten by something other than say"
        try setup.expectRefused(refusal)
        let a = try setup.a.sync(status: 1)
        #expect(a.stderr.contains(refusal) && a.stderr.contains("Nothing was changed"), "\(a.stderr)")
        for device in [setup.a, setup.b] {
            #expect(try device.entries()[path]?.contains("EDIT-marker") == true)
            #expect(try git(["log", "-p"], in: device.journal).output.contains("EDIT-marker"))
        }
    }

    /// A let-go line someone else wrote for a path nothing is at yet is not taken into a
    /// computer's record (so its next let-go never seals it), and an entry written at that path
    /// later is never let go: not when a new computer joins with the key either.
    @Test func aLetGoLineForAPathNobodyWroteYetNeverLetsALaterEntryGo() throws {
        let setup = try Setup()
        let record = try Self.record(of: setup)
        let path = "entries/2027/01/notes.md"
        let token = try Self.letGoToken(journal: record.journal, path)
        try setup.hostile.commit(adding: [.init(".say-journal", content: record.text + "let-go: \(token)\n")], removing: [".say-journal"], message: "tidy")
        try setup.a.sync()
        #expect(!(try String(contentsOfFile: setup.a.journal + "/.say-journal", encoding: .utf8)).contains(token))
        #expect(!(try setup.hostile.git(["cat-file", "blob", "main:.say-journal"])).contains(token))
        let goes = try setup.a.keep("GOES-marker let go to seal the record")
        try setup.a.sync()
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try setup.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        try FileManager.default.createDirectory(atPath: setup.a.journal + "/entries/2027/01", withIntermediateDirectories: true)
        let notes = "---\nid: 77777777-7777-4777-8777-777777777777\ndate: 2027-01-05T10:00:00Z\n---\nLATER-marker written by hand.\n"
        for version in 1 ... 3 {
            try (notes + String(repeating: "One more line.\n", count: version)).write(toFile: setup.a.journal + "/" + path, atomically: true, encoding: .utf8)
            try setup.a.sync()
        }
        let c = SyncDevice()
        let joined = try c.sync("--remote", setup.remote.path)
        #expect(!joined.stdout.contains("let go"), "\(joined.stdout)")
        #expect(try c.entries()[path]?.contains("LATER-marker") == true)
        #expect(try setup.a.sync().stdout == "Already in step with the remote.\n")
        #expect(try setup.hostile.git(["log", "--format=%h", "main", "--", path]).split(separator: "\n").count == 3)
    }

    /// Someone who can write to the remote fills the record with let-go lines that name no entry
    /// (up to the size say reads), or raises its generation to the largest say reads: computers
    /// with the key keep syncing, drop what nobody vouched for, and the next let-go reaches all.
    @Test(arguments: ["padded", "generation"])
    func aRecordSomeoneElseFilledNeverStopsSync(_ how: String) throws {
        let setup = try Setup()
        let goes = try setup.a.keep("GOES-marker let go after the record was filled")
        try setup.a.sync()
        try setup.b.sync()
        var text = try Self.record(of: setup).text
        if how == "padded" {
            let count = (16 * 1_048_576 - 200 - text.utf8.count) / 82
            text += (0 ..< count).map { String(format: "let-go-version: %032x %032x\n", $0, $0 + 1) }.joined()
        } else {
            text = Self.withGeneration(text, "281474976710655")
        }
        try setup.hostile.commit(adding: [.init(".say-journal", content: text)], removing: [".say-journal"], message: "tidy")
        try setup.a.sync()
        try setup.b.sync()
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try setup.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try setup.b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try setup.a.sync().stdout == "Already in step with the remote.\n")
        #expect(try setup.b.entries() == setup.a.entries())
        #expect(!(try setup.b.objects()).contains("GOES-marker"))
        let now = try setup.hostile.git(["cat-file", "blob", "main:.say-journal"])
        #expect(now.utf8.count < 4096)
    }

    /// Someone who kept a copy of the remote from before a let-go merges that old history back
    /// into main (the files stay as they are): no computer takes it in; each refuses, says why,
    /// and holds nothing of the entry.
    @Test func oldHistoryMergedBackAfterALetGoIsRefused() throws {
        let setup = try Setup()
        let goes = try setup.a.keep("GOES-marker let go, then merged back")
        try setup.a.sync()
        try setup.b.sync()
        let old = try setup.hostile.git(["rev-parse", "main"])
        try setup.hostile.git(["update-ref", "refs/kept/old", old])
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try setup.a.sync().stdout == "1 let go here, gone from the remote too.\n")
        #expect(try setup.b.sync().stdout == "1 let go elsewhere.\n")
        let main = try setup.hostile.git(["rev-parse", "main"])
        let merge = try setup.hostile.git(["commit-tree", try setup.hostile.git(["rev-parse", "main^{tree}"]), "-p", main, "-p", old, "-m", "tidy"])
        try setup.hostile.git(["update-ref", "refs/heads/main", merge])
        try setup.hostile.git(["update-ref", "-d", "refs/kept/old"])
        try setup.expectRefused("holds a version of an entry that was let go with say")
        #expect(try setup.a.sync(status: 1).stderr.contains("holds a version of an entry that was let go with say"))
        for device in [setup.a, setup.b] {
            #expect(!(try device.objects()).contains("GOES-marker"))
        }
    }

    /// A folder remote whose pack folder, or a loose-object folder, is a link into another
    /// repository (a project of the person's): say neither writes there nor cleans it; the sync
    /// is refused naming the link, and the other repository keeps every object.
    @Test(arguments: ["objects/pack", "objects/xx"])
    func aFolderRemoteWhoseObjectsAreAnotherRepositorysIsNeverCleaned(_ link: String) throws {
        let setup = try Setup()
        let project = setup.remote.folder.url("project")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        #expect(try git(["init", "-q"], in: project).status == 0)
        try "project file\n".write(toFile: project + "/f1", atomically: true, encoding: .utf8)
        #expect(try git(["add", "."], in: project).status == 0)
        #expect(try git(["-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qm", "c1"], in: project).status == 0)
        if link == "objects/pack" { #expect(try git(["gc", "-q"], in: project).status == 0) }
        let goes = try setup.a.keep("GOES-marker let go with a linked remote")
        try setup.a.sync()
        let remote = setup.remote.path
        let named: String
        if link == "objects/pack" {
            // The remote's objects loose, so it still works without its own pack folder.
            let packs = try FileManager.default.contentsOfDirectory(atPath: remote + "/objects/pack").filter { $0.hasSuffix(".pack") }
            let aside = setup.remote.folder.url("packs-aside")
            try FileManager.default.moveItem(atPath: remote + "/objects/pack", toPath: aside)
            try FileManager.default.createDirectory(atPath: remote + "/objects/pack", withIntermediateDirectories: false)
            for pack in packs {
                let moved = aside + "/" + pack
                #expect(try runProgram("/bin/sh", ["-c", "git --git-dir='\(remote)' unpack-objects -q < '\(moved)'"], environment: ["PATH": "/usr/bin:/bin"]).status == 0)
            }
            try FileManager.default.removeItem(atPath: remote + "/objects/pack")
            try FileManager.default.createSymbolicLink(atPath: remote + "/objects/pack", withDestinationPath: project + "/.git/objects/pack")
            named = remote + "/objects/pack"
        } else {
            let folders = try FileManager.default.contentsOfDirectory(atPath: project + "/.git/objects").filter { $0.count == 2 }
            var linked: [String] = []
            for name in folders where !FileManager.default.fileExists(atPath: remote + "/objects/" + name) {
                try FileManager.default.createSymbolicLink(atPath: remote + "/objects/" + name, withDestinationPath: project + "/.git/objects/" + name)
                linked.append(name)
            }
            try #require(!linked.isEmpty)
            named = remote + "/objects/"
        }
        func projectObjects() throws -> [String] {
            (FileManager.default.enumerator(atPath: project + "/.git/objects")?.allObjects as? [String] ?? []).sorted()
        }
        let projectBefore = try projectObjects()
        try setup.a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        let run = try setup.a.sync(status: 1)
        #expect(run.stderr.contains(named) && run.stderr.contains("a link to another folder"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(try projectObjects() == projectBefore)
        #expect(try git(["log", "--oneline"], in: project).status == 0)
        let b = try setup.b.sync(status: 1)
        #expect(b.stderr.contains("a link to another folder"), "\(b.stderr)")
    }

    /// A computer that joined without the key, when someone else removes the record's `key:` and
    /// `seal:` lines, never makes a key of its own (the journal has one), so a new computer
    /// given the journal's key still joins.
    @Test func aComputerWithoutTheKeyNeverMakesASecondOne() throws {
        let setup = try Setup()
        var c = SyncDevice()
        c.carriesKey = false
        try c.sync("--remote", setup.remote.path)
        let record = try Self.record(of: setup).text
        let stripped = record.split(separator: "\n").filter { !$0.hasPrefix("key:") && !$0.hasPrefix("seal:") }.joined(separator: "\n") + "\n"
        try setup.hostile.commit(adding: [.init(".say-journal", content: stripped)], removing: [".say-journal"], message: "tidy")
        try c.say(["let-go", "1", "--yes"])
        try c.sync()
        #expect(!FileManager.default.fileExists(atPath: c.journal + "/.git/say/sync-key"))
        let d = SyncDevice()
        let joined = try d.sync("--remote", setup.remote.path)
        #expect(!joined.stderr.contains("not the sync key"), "\(joined.stderr)")
    }

    /// Given the key where a let-go of many entries waits, a computer keeps the key even though
    /// that sync stops to ask, so `say sync --yes` is all it needs next.
    @Test func aGivenKeyIsKeptWhenTheSyncStopsToAsk() throws {
        let setup = try Setup()
        for number in 1 ... 4 { _ = try setup.a.keep("MORE-marker entry \(number)") }
        try setup.a.sync()
        var c = SyncDevice()
        c.carriesKey = false
        try c.sync("--remote", setup.remote.path)
        for _ in 1 ... 4 { try setup.a.say(["let-go", "1", "--yes"]) }
        try setup.a.sync()
        let code = try #require(CarriedSyncKeys.code(for: setup.remote.path))
        let asked = try c.sync("--key", code, status: 1)
        #expect(asked.stderr.contains("say sync --yes"), "\(asked.stderr)")
        #expect(FileManager.default.fileExists(atPath: c.journal + "/.git/say/sync-key"))
        #expect(try c.sync("--yes").stdout == "4 let go elsewhere.\n")
        #expect(try c.entries() == setup.a.entries())
    }

    /// An older record (sealed by say then) put back on top of main, so the record lost a
    /// let-go: named as that (main still holds this computer's commit), nothing changed.
    @Test func aRecordThatLostALetGoIsNamedAsThat() throws {
        let setup = try Setup()
        let first = try setup.a.keep("GOES-marker let go first")
        try setup.a.sync()
        try setup.a.say(["let-go", String(first.id.prefix(8)), "--yes"])
        try setup.a.sync()
        let older = try Self.record(of: setup).text
        let second = try setup.a.keep("GOES-marker let go second")
        try setup.a.sync()
        try setup.a.say(["let-go", String(second.id.prefix(8)), "--yes"])
        try setup.a.sync()
        try setup.b.sync()
        try setup.hostile.commit(adding: [.init(".say-journal", content: older)], removing: [".say-journal"], message: "tidy")
        try setup.expectRefused("no longer lists an entry that was let go with say")
        #expect(!(try setup.b.sync(status: 1).stderr.contains("no longer holds")))
    }
}
