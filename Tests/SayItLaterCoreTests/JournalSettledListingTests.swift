import Foundation
import MarkdownStore
import SayItLaterCore
import TestSupport
import Testing

/// `Journal.listSettled`: a versioned journal whose repository has nothing to commit is listed
/// without opening the repository, and any change made outside say is still found and
/// committed, whichever way it was made.
@Suite("Journal listing, settled")
struct JournalSettledListingTests {
    /// A versioned journal with three entries, listed once (the full settle, which leaves the
    /// record the quick look reads).
    final class Settled {
        let fixture = JournalFixture()
        var kept: [Entry] = []
        var journalFolder: String { fixture.folder.url("journal") }

        /// - Parameter ignoringOnlyTheLock: a `.gitignore` of the person's own, which leaves
        ///   editor leftovers for git to see.
        init(ignoringOnlyTheLock: Bool = false) throws {
            try fixture.journal.enableVersioning()
            if ignoringOnlyTheLock {
                try fixture.write(FolderLock.fileName + "\n", to: ".gitignore")
                try git(["commit", "-q", "-am", "my own ignore file"], in: fixture.folder.url("journal"))
            }
            for (number, text) in ["first words", "second words", "third words"].enumerated() {
                fixture.now = fixture.now.addingTimeInterval(Double(number + 1) * 3600)
                kept.append(try fixture.journal.keep(text: text, feeling: .lighter))
            }
            _ = fixture.journal.listSettled()
        }

        /// A journal as a new `say` process makes one for `history`.
        func freshJournal() throws -> Journal {
            try Journal(folders: fixture.journal.folders, opensRepositoryWhenNeeded: true)
        }

        func status() throws -> String { try git(["status", "--porcelain"], in: journalFolder).output }
        func lastMessage() throws -> String { try git(["log", "--format=%s", "-1"], in: journalFolder).output }
        func path(_ relative: String) -> String { journalFolder + "/" + relative }
    }

    @Test func aSettledJournalIsListedWithoutOpeningItsRepository() throws {
        let settled = try Settled()
        let journal = try settled.freshJournal()
        let (listing, failure) = journal.listSettled()
        #expect(failure == nil)
        #expect(!journal.hasOpenedRepository)
        #expect(listing.entries == settled.fixture.journal.list().entries)
        #expect(listing.entries.map(\.id) == settled.kept.reversed().map(\.id))
        #expect(try settled.status() == "")
    }

    enum OutsideChange: String, CaseIterable, CustomTestStringConvertible {
        case editKeepingSizeAndTime, append, newFileBeside, newFileInNewFolder, notADocument, removed,
             inAFolderTheScanSkips, vimSecondSwapName, link
        var testDescription: String { rawValue }
    }

    @Test(arguments: OutsideChange.allCases)
    func changesMadeOutsideSayAreStillCommitted(_ change: OutsideChange) throws {
        let settled = try Settled(ignoringOnlyTheLock: change == .inAFolderTheScanSkips || change == .vimSecondSwapName)
        let entry = settled.kept[1]
        let file = settled.path(entry.path)
        switch change {
        case .editKeepingSizeAndTime:
            // Written in place (same inode), same length, same modification time: only the
            // change time tells.
            var info = stat()
            #expect(lstat(file, &info) == 0)
            let text = String(decoding: try settled.fixture.folder.read("journal/" + entry.path), as: UTF8.self)
            let handle = try #require(FileHandle(forWritingAtPath: file))
            try handle.write(contentsOf: Data(text.replacingOccurrences(of: "second words", with: "SECOND WORDS").utf8))
            try handle.close()
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        case .append:
            let handle = try #require(FileHandle(forWritingAtPath: file))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("more, typed in an editor\n".utf8))
            try handle.close()
        case .newFileBeside:
            try settled.fixture.write("typed by hand\n", to: (entry.path as NSString).deletingLastPathComponent + "/mine.md")
        case .newFileInNewFolder:
            try settled.fixture.write("typed by hand\n", to: "entries/2031/01/mine.md")
        case .notADocument:
            try settled.fixture.write("a list\n", to: "entries/notes.txt")
        case .removed:
            #expect(unlink(file) == 0)
        case .inAFolderTheScanSkips:
            try settled.fixture.write("kept aside\n", to: "entries/drafts~/mine.md")
        case .vimSecondSwapName:
            try settled.fixture.write("swap\n", to: "entries/mine.md.swo")
        case .link:
            #expect(symlink("/dev/null", settled.path("entries/elsewhere.md")) == 0)
        }
        // (No `git status` before the listing: it may write the index, which sends the
        // listing the long way, and the quick look would go untested.)
        let journal = try settled.freshJournal()
        let (listing, failure) = journal.listSettled()
        #expect(failure == nil)
        #expect(journal.hasOpenedRepository)
        #expect(try settled.lastMessage() != "Keep \(settled.kept[2].shortID)\n", "\(change)")
        #expect(try settled.status() == "", "\(change)")
        #expect(listing.entries.count == (change == .removed ? 2 : change == .newFileBeside || change == .newFileInNewFolder ? 4 : 3))
        // Settled again: once a listing has found nothing more to commit (and recorded so),
        // the next needs no repository.
        _ = try settled.freshJournal().listSettled()
        let next = try settled.freshJournal()
        _ = next.listSettled()
        #expect(try settled.status() == "")
        if change != .inAFolderTheScanSkips, change != .vimSecondSwapName, change != .link {
            #expect(!next.hasOpenedRepository, "\(change)")
        }
    }

    @Test func aFileOfThePersonsOwnBesideTheEntriesIsWatchedToo() throws {
        let settled = try Settled()
        try settled.fixture.write("my own list\n", to: "entries/notes.txt")
        _ = try settled.freshJournal().listSettled()
        _ = try settled.freshJournal().listSettled()
        let quick = try settled.freshJournal()
        _ = quick.listSettled()
        #expect(!quick.hasOpenedRepository)
        let handle = try #require(FileHandle(forWritingAtPath: settled.path("entries/notes.txt")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("one more\n".utf8))
        try handle.close()
        let journal = try settled.freshJournal()
        _ = journal.listSettled()
        #expect(journal.hasOpenedRepository)
        #expect(try settled.status() == "")
        #expect(try settled.lastMessage().hasPrefix("Edit "))
    }

    @Test func changesStagedWithGitAreCommitted() throws {
        let settled = try Settled()
        let entry = settled.kept[0]
        let text = String(decoding: try settled.fixture.folder.read("journal/" + entry.path), as: UTF8.self)
        try settled.fixture.write(text + "staged by hand\n", to: entry.path)
        try git(["add", entry.path], in: settled.journalFolder)
        _ = try settled.freshJournal().listSettled()
        #expect(try settled.status() == "")
        #expect(try settled.lastMessage() == "Edit \(entry.shortID)\n")
    }

    @Test func aCommitMadeWithGitIsNoticed() throws {
        let settled = try Settled()
        let entry = settled.kept[2]
        let text = String(decoding: try settled.fixture.folder.read("journal/" + entry.path), as: UTF8.self)
        try settled.fixture.write(text + "committed by hand\n", to: entry.path)
        try git(["commit", "-q", "-am", "by hand"], in: settled.journalFolder)
        let journal = try settled.freshJournal()
        _ = journal.listSettled()
        #expect(journal.hasOpenedRepository)
        #expect(try settled.lastMessage() == "by hand\n")
        let next = try settled.freshJournal()
        _ = next.listSettled()
        #expect(!next.hasOpenedRepository)
    }

    /// The record of a settled journal, and what HEAD and the index are now (as the record
    /// would name them).
    func record(_ settled: Settled) throws -> (text: String, head: String, index: String) {
        let text = String(decoding: try settled.fixture.folder.read("journal/.git/say/settled"), as: UTF8.self)
        let head = try git(["rev-parse", "HEAD"], in: settled.journalFolder).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let index = try settled.fixture.folder.read("journal/.git/index").suffix(20).map { String(format: "%02x", $0) }.joined()
        return (text, head, index)
    }

    /// A keep changes HEAD and the index alike, for its own file only: the record that the
    /// journal was settled is carried to the new HEAD and index, and the next listing is right.
    @Test func aKeepCarriesTheSettledRecord() throws {
        let settled = try Settled()
        let kept = try settled.freshJournal().keep(text: "fourth words", feeling: nil)
        let now = try record(settled)
        #expect(now.text.contains("\nhead \(now.head)\nindex \(now.index)\n"))
        let (listing, failure) = try settled.freshJournal().listSettled()
        #expect(failure == nil)
        #expect(listing.entries.map(\.id) == [kept.id] + settled.kept.reversed().map(\.id))
        #expect(try settled.status() == "")
        #expect(try settled.lastMessage() == "Keep \(kept.shortID)\n")
    }

    /// A record that no longer held before the keep (a commit made with git) is not carried:
    /// the next listing looks the long way, as it would have.
    @Test func aRecordThatNoLongerHeldIsNotCarried() throws {
        let settled = try Settled()
        try settled.fixture.write("typed by hand\n", to: "entries/2031/01/mine.md")
        try git(["add", "-A"], in: settled.journalFolder)
        try git(["commit", "-q", "-m", "by hand"], in: settled.journalFolder)
        let stale = try record(settled).text
        _ = try settled.freshJournal().keep(text: "fourth words", feeling: nil)
        #expect(try record(settled).text == stale)
        let journal = try settled.freshJournal()
        #expect(journal.listSettled().listing.entries.count == 5)
        #expect(journal.hasOpenedRepository)
        #expect(try settled.status() == "")
    }

    /// An edit made outside say before a keep: the carried record does not hide it, the next
    /// listing finds and commits it.
    @Test func anEditMadeBeforeAKeepIsStillCommitted() throws {
        let settled = try Settled()
        let entry = settled.kept[1]
        let text = String(decoding: try settled.fixture.folder.read("journal/" + entry.path), as: UTF8.self)
        try settled.fixture.write(text + "added by hand\n", to: entry.path)
        _ = try settled.freshJournal().keep(text: "fourth words", feeling: nil)
        let journal = try settled.freshJournal()
        _ = journal.listSettled()
        #expect(journal.hasOpenedRepository)
        #expect(try settled.lastMessage() == "Edit \(entry.shortID)\n")
        #expect(try settled.status() == "")
    }

    /// A power cut after a keep can lose its commit and index (git does not flush them) but not
    /// its file: the next listing commits the file, whichever of the two reached the disk.
    @Test(arguments: [false, true])
    func aKeepWhoseCommitWasLostIsCommittedAgain(indexKept: Bool) throws {
        let settled = try Settled()
        let head = try git(["rev-parse", "HEAD"], in: settled.journalFolder).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let index = try settled.fixture.folder.read("journal/.git/index")
        let kept = try settled.freshJournal().keep(text: "fourth words", feeling: nil)
        try git(["update-ref", "refs/heads/main", head], in: settled.journalFolder)
        if !indexKept { try Data(index).write(to: URL(fileURLWithPath: settled.path(".git/index"))) }
        let (listing, failure) = try settled.freshJournal().listSettled()
        #expect(failure == nil)
        #expect(listing.entries.first?.id == kept.id)
        #expect(try settled.status() == "")
        #expect(try git(["ls-tree", "-r", "--name-only", "HEAD"], in: settled.journalFolder).output.contains(kept.path))
    }

    @Test func whatInterruptedWorkLeftIsStillCleanedUp() throws {
        let settled = try Settled()
        // The record of a killed run's pending writes, unreadable: the full settle removes it.
        let record = settled.path(".git/say/pending-writes-999999")
        try settled.fixture.write("half written", to: ".git/say/pending-writes-999999")
        let journal = try settled.freshJournal()
        _ = journal.listSettled()
        #expect(journal.hasOpenedRepository)
        #expect(access(record, F_OK) != 0)
    }

    @Test func anIndexInGitsVersionFourIsReadToo() throws {
        let settled = try Settled()
        try git(["update-index", "--index-version", "4"], in: settled.journalFolder)
        _ = try settled.freshJournal().listSettled()
        let quick = try settled.freshJournal()
        _ = quick.listSettled()
        #expect(!quick.hasOpenedRepository)
        try settled.fixture.write("typed by hand\n", to: "entries/2026/11/mine.md")
        let journal = try settled.freshJournal()
        _ = journal.listSettled()
        #expect(journal.hasOpenedRepository)
        #expect(try settled.status() == "")
    }

    @Test func aJournalWithoutGitIsListedAsBefore() throws {
        let fixture = JournalFixture()
        _ = try fixture.journal.keep(text: "plain", feeling: nil)
        let journal = try Journal(folders: fixture.journal.folders, opensRepositoryWhenNeeded: true)
        let (listing, failure) = journal.listSettled()
        #expect(failure == nil)
        #expect(listing.entries == fixture.journal.list().entries)
        #expect(!journal.isVersioned)
    }
}
