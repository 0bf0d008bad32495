import Foundation
import MarkdownStore
@testable import SayItLaterCore
import TestSupport
import Testing

/// Sync between journals through a folder remote, through `Journal.sync`.
@Suite("journal sync")
struct JournalSyncTests {
    @Test func aNewComputerJoinsAndBothStayInStep() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("MARK-one")
        try a.keep("MARK-two")
        let first = try a.sync()
        #expect(first.startedRemote && first.sent == 2 && first.versioningTurnedOn)
        let join = try b.sync()
        #expect(join.newHere == 2 && join.versioningTurnedOn)
        #expect(b.entries() == a.entries())
        #expect(try b.git(["status", "--porcelain"]) == "")
        var same = SyncReport()
        same.remote = remote.path
        #expect(try a.sync() == same)
        #expect(try remote.git(["fsck", "--full"]).isEmpty)
    }

    @Test func newOnEitherSideIsAddedAndHistoryStaysLinear() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try b.sync()
        let fromA = try a.keep("from a")
        let fromB = try b.keep("from b")
        try b.sync()
        let report = try a.sync()
        #expect(report.newHere == 1 && report.sent == 1)
        try b.sync()
        #expect(a.entries() == b.entries() && a.entries().count == 3)
        #expect(try remote.git(["rev-list", "--merges", "main"]).isEmpty)
        let log = try remote.git(["log", "--format=%s", "main"])
        #expect(log.hasPrefix("Keep \(fromA.suffix(11).prefix(8))\nKeep \(fromB.suffix(11).prefix(8))\n"), "\(log)")
    }

    @Test func changedOnBothKeepsTheRemoteVersionAndACopyWithTheOriginalsDate() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        let path = try a.keep("v1")
        try a.sync()
        try b.sync()
        try a.write("---\nid: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c\ndate: 2025-01-02T03:04:05Z\n---\nedited on a\n", to: path)
        let mine = "\u{FEFF}---\r\nid: 7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c\r\ndate: 2025-01-02T03:04:05Z\r\n  # kept\r\n---\r\nedited on b\r\n"
        try b.write(mine, to: path)
        try a.sync()
        let report = try b.sync()
        #expect(report.conflictCopies == 1)
        try a.sync()
        let files = b.entries()
        #expect(a.entries() == files && files.count == 2)
        #expect(files[path]?.hasSuffix("edited on a\n") == true)
        let copy = try #require(files.first { $0.key != path })
        #expect(copy.key.hasPrefix("entries/2025/01/2025-01-02T030405Z-"))
        let id = copy.key.dropLast(3).suffix(8)
        #expect(copy.value.hasPrefix("\u{FEFF}---\r\nid: \(id)"))
        #expect(copy.value.hasSuffix("\r\ndate: 2025-01-02T03:04:05Z\r\n  # kept\r\n---\r\nedited on b\r\n"))
        #expect(try b.journal().list().entries.count == 2)
    }

    @Test func aLetGoReachesEveryComputerAndLeavesNothing() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        let stays = try a.keep("STAYS-marker")
        let goes = try a.keep("GOES-marker first version")
        try a.write("---\nid: 00000000-0000-4000-8000-000000000001\n---\nGOES-marker second version\n", to: goes)
        try a.sync()
        try b.sync()
        #expect(try b.objects().contains("GOES-marker"))
        try a.letGo(goes)
        let sent = try a.sync()
        #expect(sent.letGoSent == 1)
        #expect(!(try remote.objects()).contains("GOES-marker"))
        let received = try b.sync()
        #expect(received.letGoElsewhere == 1)
        #expect(Array(b.entries().keys) == [stays])
        for objects in [try a.objects(), try b.objects(), try remote.objects()] {
            #expect(!objects.contains("GOES-marker"))
            #expect(objects.contains("STAYS-marker"))
        }
        // The record says a let-go happened, sealed with the journal's sync key, and names nothing.
        let record = try remote.git(["show", "main:.say-journal"])
        let key = try #require(try a.journal().syncKey())
        #expect(record.contains("generation: 1\nkey: \(key.id)\nseal: ") && record.contains("\nlet-go: "))
        #expect(!record.contains(key.code) && !record.contains(key.code.replacingOccurrences(of: "-", with: "")))
        #expect(!record.contains(String(goes.suffix(11).prefix(8))))
        // Its ids, hashes and seal are long random-looking runs that may hold "2026" by chance;
        // around them, nothing may name the entry's date (a path's "/2026/" stays visible).
        let aroundTokens = record.replacingOccurrences(of: "[0-9A-Za-z_.-]{16,}", with: "#", options: .regularExpression)
        #expect(!aroundTokens.contains("2026"))
        for repository in [a.path, b.path, remote.path] { #expect(try TestSupport.git(["fsck", "--full"], in: repository).status == 0) }
    }

    @Test func aLetGoElsewhereWinsOverAnEditHere() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        let goes = try a.keep("GOES-marker v1")
        try a.sync()
        try b.sync()
        try a.letGo(goes)
        try a.sync()
        try b.write("GOES-marker edited on b\n", to: goes)
        let report = try b.sync()
        #expect(report.letGoWon == 1)
        #expect(b.entries()[goes] == nil)
        #expect(!(try b.objects()).contains("GOES-marker"))
        #expect(!(try remote.objects()).contains("GOES-marker"))
    }

    @Test func aLetGoHereWhileTheRemoteMovedIsStillPurgedThere() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        let goes = try a.keep("GOES-marker")
        try a.keep("stays")
        try a.sync()
        try b.sync()
        try b.keep("from b")
        try b.sync()
        try a.letGo(goes)
        let report = try a.sync()
        #expect(report.letGoSent == 1 && report.newHere == 1)
        #expect(!(try remote.objects()).contains("GOES-marker"))
        #expect(try b.sync().letGoElsewhere == 1)
        #expect(!(try b.objects()).contains("GOES-marker"))
        #expect(a.entries() == b.entries())
    }

    @Test func theRemoteMovingBeforeThePushMeansAnotherRound() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try b.sync()
        let goes = try a.keep("GOES-marker")
        try a.sync()
        try b.sync()
        try a.letGo(goes)
        try b.keep("from b")
        var pushedMeanwhile = false
        try a.sync(checkpoint: { point in
            if point == .purged && !pushedMeanwhile {
                pushedMeanwhile = true
                try b.sync()
            }
        })
        #expect(pushedMeanwhile)
        try b.sync()
        #expect(a.entries() == b.entries() && a.entries().count == 2)
        #expect(!(try remote.objects()).contains("GOES-marker"))
        #expect(!(try b.objects()).contains("GOES-marker"))
    }

    @Test func aRemoteThatKeepsMovingIsAClearError() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try b.sync()
        try a.keep("two")
        var count = 0
        #expect(throws: SyncError.remoteKeptMoving) {
            try a.sync(checkpoint: { point in
                if point == .purged {
                    count += 1
                    try b.keep("b \(count)")
                    try b.sync()
                }
            })
        }
        #expect(count == Journal.syncAttempts)
    }

    // MARK: Absence is not a let-go

    @Test func entriesRemovedFromTheRemoteBySomethingElseAreRestoredNotPurged() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        for number in 1 ... 3 { try a.keep("KEEP-marker \(number)") }
        try a.sync()
        try b.sync()
        let clone = try remote.clone()
        #expect(try TestSupport.git(["rm", "-q", "-r", "entries"], in: clone).status == 0)
        #expect(try TestSupport.git(["commit", "-q", "-m", "wipe"], in: clone).status == 0)
        #expect(try TestSupport.git(["push", "-q", "origin", "main"], in: clone).status == 0)
        let report = try b.sync()
        #expect(report.restoredOnRemote == 3 && report.letGoElsewhere == 0)
        #expect(b.entries().count == 3)
        #expect(try remote.git(["ls-tree", "-r", "--name-only", "main", "entries"]).split(separator: "\n").count == 3)
        #expect(try a.sync().newHere == 0)
        #expect(a.entries() == b.entries())
        // Nothing was purged anywhere: history still holds every version.
        #expect(try a.objects().contains("KEEP-marker 1") && b.objects().contains("KEEP-marker 1"))
    }

    @Test func entriesDeletedHereOutsideSayComeBack() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        for number in 1 ... 3 { try a.keep("KEEP-marker \(number)") }
        try a.sync()
        try b.sync()
        try FileManager.default.removeItem(atPath: b.path + "/entries")
        let report = try b.sync()
        #expect(report.restoredHere == 3)
        #expect(b.entries() == a.entries())
        #expect(try a.sync() == { var same = SyncReport(); same.remote = remote.path; return same }())
        #expect(a.entries().count == 3)
    }

    // MARK: Remotes that went back or were rewritten

    @Test func aRemoteRestoredFromAnOlderBackupIsRefusedWithNothingChanged() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        let goes = try a.keep("GOES-marker")
        try a.sync()
        let backup = remote.folder.url("backup.git")
        try FileManager.default.copyItem(atPath: remote.path, toPath: backup)
        try a.letGo(goes)
        try a.keep("later")
        try a.sync()
        try FileManager.default.removeItem(atPath: remote.path)
        try FileManager.default.copyItem(atPath: backup, toPath: remote.path)
        let before = try a.state()
        let remoteBefore = try remote.state()
        #expect {
            try a.sync()
        } throws: { error in
            guard case SyncError.wentBack = error else { return false }
            return (error as? LocalizedError)?.errorDescription?.contains("say sync --rejoin") == true
        }
        #expect(try a.state() == before)
        #expect(try remote.state() == remoteBefore)
        // Brought together on purpose: everything kept, the let-go entry gone again everywhere.
        let rejoined = try a.sync(SyncOptions(rejoin: true))
        #expect(rejoined.letGoSent == 1)
        #expect(!(try remote.objects()).contains("GOES-marker"))
        try b.sync()
        #expect(b.entries() == a.entries() && b.entries().count == 2)
        #expect(!(try b.objects()).contains("GOES-marker"))
    }

    @Test func aRemoteRewrittenBySomethingElseIsRefused() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.journal().enableVersioning()
        try a.keep("one")
        try a.keep("two")
        try a.keep("three")
        try a.sync()
        try b.sync()
        let clone = try remote.clone()
        let before = try b.state()
        // Squashed, then cut back and amended: two histories say never wrote.
        for commands in [[["reset", "-q", "--soft", "HEAD~3"], ["commit", "-q", "-m", "squashed"], ["push", "-q", "-f", "origin", "main"]],
                         [["reset", "-q", "--hard", "HEAD~1"], ["commit", "-q", "--amend", "-m", "amended"], ["push", "-q", "-f", "origin", "main"]]] {
            for command in commands { #expect(try TestSupport.git(command, in: clone).status == 0, "\(command)") }
            #expect {
                try b.sync()
            } throws: { error in
                guard case SyncError.rewrittenElsewhere = error else { return false }
                return true
            }
            #expect(try b.state() == before)
        }
        #expect(b.entries().count == 3)
        let report = try b.sync(SyncOptions(rejoin: true))
        #expect(report.sent == 2 && report.letGoElsewhere == 0)
        // The rejoin advanced the record: another computer accepts it as say's.
        let fromA = try a.sync()
        #expect(fromA.letGoElsewhere == 0)
        #expect(a.entries() == b.entries() && a.entries().count == 3)
    }

    @Test func aRemoteEmptiedIsRefusedAndRejoinFillsItAgain() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try FileManager.default.removeItem(atPath: remote.path)
        try FileManager.default.createDirectory(atPath: remote.path, withIntermediateDirectories: true)
        try remote.git(["init", "--bare", "-q", "-b", "main"])
        #expect(throws: SyncError.remoteEmptied(remote: remote.path)) { try a.sync() }
        #expect(try a.sync(SyncOptions(rejoin: true)).startedRemote)
        #expect(try remote.git(["ls-tree", "-r", "--name-only", "main"]).split(separator: "\n").count == 3)
    }

    @Test func anotherJournalBehindTheSameAddressIsRefused() throws {
        let first = try SyncRemoteFolder(), second = try SyncRemoteFolder()
        let a = SyncComputer(remote: first.path), b = SyncComputer(remote: second.path)
        let mine = try a.keep("one")
        try a.sync()
        try b.keep("two")
        try b.sync()
        #expect(throws: SyncError.differentJournal(remote: second.path)) { try a.sync(remote: second.path) }
        #expect(Array(a.entries().keys) == [mine])
    }

    // MARK: Many at once, dry runs

    @Test func lettingGoOfManyAtOnceNeedsAConfirmation() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        var paths: [String] = []
        for number in 1 ... 6 { paths.append(try a.keep("entry \(number)")) }
        try a.sync()
        try b.sync()
        for path in paths.prefix(4) { try a.letGo(path) }
        try a.sync()
        let before = try b.state()
        var asked: SyncRemovalQuestion?
        #expect(throws: SyncError.needsConfirmation(count: 4, total: 6)) {
            try b.sync(confirm: { asked = $0; return false })
        }
        #expect(asked == SyncRemovalQuestion(paths: paths.prefix(4).sorted(), total: 6))
        #expect(try b.state() == before)
        let dry = try b.sync(SyncOptions(dryRun: true))
        #expect(dry.dryRun && dry.letGoElsewhere == 4 && dry.wouldLetGo == paths.prefix(4).sorted())
        #expect(try b.state() == before)
        #expect(try b.sync(confirm: { _ in true }).letGoElsewhere == 4)
        #expect(b.entries().count == 2)
    }

    @Test func aDryRunOfAFirstSyncLeavesTheJournalUnversioned() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try b.keep("mine")
        let before = b.folder.files(under: "journal", includeHidden: true)
        let dry = try b.sync(SyncOptions(dryRun: true))
        #expect(dry.newHere == 1 && dry.sent == 1 && !dry.versioningTurnedOn)
        #expect(b.folder.files(under: "journal", includeHidden: true) == before)
        #expect(try remote.git(["ls-tree", "-r", "--name-only", "main", "entries"]).split(separator: "\n").count == 1)
    }

    @Test func aFailedFirstSyncDoesNotTurnVersioningOn() throws {
        let a = SyncComputer(remote: "/nonexistent/journal.git")
        try a.keep("one")
        let before = a.folder.files(under: "journal", includeHidden: true)
        #expect { try a.sync() } throws: { error in
            guard case SyncError.unreachable = error else { return false }
            return true
        }
        #expect(a.folder.files(under: "journal", includeHidden: true) == before)
        #expect(!FileManager.default.fileExists(atPath: a.path + "/.git"))
    }

    // MARK: The person's own files

    @Test func aFileOfThePersonsIsNeverOverwritten() throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        try a.keep("one")
        try a.sync()
        try b.sync()
        try a.write(".say-lock\n*.swp\nfrom-a\n", to: ".gitignore")
        _ = try a.git(["commit", "-q", "-m", "ignore more", ".gitignore"])
        try a.sync()
        try b.write("my own unsaved lines\n", to: ".gitignore")
        let report = try b.sync()
        #expect(report.kept == [".gitignore"])
        #expect(String(decoding: try b.folder.read("journal/.gitignore"), as: UTF8.self) == "my own unsaved lines\n")
        #expect(try b.git(["show", "HEAD:.gitignore"]).hasSuffix("from-a\n"))
    }

    // MARK: Crashes

    @Test(arguments: GitSyncCheckpoint.allCases)
    func aSyncStoppedAtAnyStepConvergesWhenRunAgain(_ stop: GitSyncCheckpoint) throws {
        let remote = try SyncRemoteFolder()
        let a = SyncComputer(remote: remote.path), b = SyncComputer(remote: remote.path)
        let x = try a.keep("x v1")
        let y = try a.keep("y v1")
        let v = try a.keep("v v1")
        try a.write("GOES-marker\n", to: x)
        try a.sync()
        try b.sync()
        try a.letGo(x)
        try a.write("y edited on a\n", to: y)
        let z = try a.keep("z new on a")
        try b.write("y edited on b\n", to: y)
        let w = try b.keep("w new on b")
        try b.write("v edited on b\n", to: v)
        try b.sync()

        do {
            try a.sync(checkpoint: { point in if point == stop { throw SimulatedKill() } })
        } catch is SimulatedKill {}
        try a.sync()
        try b.sync()
        try a.sync()
        #expect(a.entries() == b.entries())
        let texts = Set(a.entries().values.map { $0.hasPrefix("---") ? String($0.split(separator: "\n").last ?? "") + "\n" : $0 })
        #expect(texts == ["y edited on b\n", "y edited on a\n", "z new on a\n", "w new on b\n", "v edited on b\n"], "\(texts)")
        #expect(a.entries()[z] != nil && a.entries()[w] != nil)
        for objects in [try a.objects(), try b.objects(), try remote.objects()] { #expect(!objects.contains("GOES-marker")) }
        #expect(try a.git(["status", "--porcelain"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: a.path + "/.git/say/sync-purge"))
    }
}
