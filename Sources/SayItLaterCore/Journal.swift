import Foundation
import MarkdownStore

/// What `Journal.list()` found: the entries, newest first, and the files it could not read.
public struct Listing: Sendable {
    public var entries: [EntrySummary]
    public var problems: [ScanProblem]
    /// Files that are listed, but with a field say could not read (a date it does not know).
    public var notes: [ScanProblem] = []

    public init(entries: [EntrySummary], problems: [ScanProblem], notes: [ScanProblem] = []) {
        self.entries = entries
        self.problems = problems
        self.notes = notes
    }
}

/// What letting go does with the same words at a path say did not write (a copy).
public enum LetGoCopies: Sendable, Equatable {
    /// Change nothing and say where the copies are (`JournalError.copiesElsewhere`).
    case refuse
    /// Remove the copies too, from disk and all history.
    case remove
    /// Let the entry go and leave the copies.
    case keep
}

/// What a let-go did besides removing the entry.
public struct LetGoResult: Sendable, Equatable {
    /// Copies removed with the entry.
    public var removedCopies: [String] = []
    /// Copies left in place: the words are still there.
    public var keptCopies: [String] = []
    /// Copies whose file has changes not committed: the copied versions left the history, the
    /// file stays as it is.
    public var changedCopies: [String] = []
    /// Other entries whose version now is the same words: they stay as they are.
    public var entriesWithTheSameWords: [String] = []
    /// The working tree of a repository of the person's around the journal that holds the
    /// entry too (see `GitRepository.enclosing(_:holding:)`): its history still does.
    public var repositoryAround: String?
    /// Files of `say edit` an editor still has open, holding a version of the entry (say's
    /// other copies of it, kept after an edit that was not saved, are removed).
    public var editsStillOpen: [String] = []
    /// The person's own messages (an annotated tag's, a commit's) that hold a version of the
    /// entry, left as they are.
    public var messagesWithTheWords: [String] = []

    public init(removedCopies: [String] = [], keptCopies: [String] = []) {
        self.removedCopies = removedCopies
        self.keptCopies = keptCopies
    }
}

/// The journal: the one place every entry is created, read, and let go.
///
/// Screens and commands describe what the person wants (`keep`, `letGo`); only this type
/// touches the store. Not thread-safe: use one journal from one thread.
public final class Journal {
    public let folders: UserFolders
    let store: DocumentStore
    let clock: () -> Date
    let makeID: () -> UUID
    /// Made on first use: compiling the phrase table is wasted work for commands that only read.
    lazy var detector = SafetyDetector()
    let lockTimeout: TimeInterval
    /// The journal's git repository, when versioning is on (opened on first use when the
    /// journal was made with `opensRepositoryWhenNeeded`).
    var repository: GitRepository? {
        get { openedRepository().repository }
        set { repositoryState = .opened(newValue, problem: openedRepository().problem) }
    }
    /// Why the journal's `.git` could not be opened, when it is there but broken. Entries still
    /// list and keep; letting go is refused, since the history could not be cleaned.
    public var repositoryProblem: JournalError? { openedRepository().problem }
    /// Whether the repository was looked at yet (always, unless the journal was made with
    /// `opensRepositoryWhenNeeded`).
    public var hasOpenedRepository: Bool {
        if case .opened = repositoryState { return true }
        return false
    }
    private var repositoryState: RepositoryState = .notYetOpened

    private enum RepositoryState {
        case notYetOpened
        case opened(GitRepository?, problem: JournalError?)
    }
    /// Things the person should know that did not stop the work, such as an entry kept but not
    /// yet committed. Commands print them after their result.
    public private(set) var warnings: [String] = []

    /// - Parameters:
    ///   - folders: where the journal lives.
    ///   - lockTimeout: how long a change waits for another `say` to finish with the journal.
    ///   - clock: the time to date new entries with (tests pass a fixed one).
    ///   - makeID: the source of new ids (tests pass a seeded one).
    ///   - opensRepositoryWhenNeeded: open the journal's git repository only when something
    ///     needs it, rather than now (a listing that finds nothing to commit never does; see
    ///     ``listSettled(waiting:)``).
    public init(folders: UserFolders, lockTimeout: TimeInterval = 10,
                clock: @escaping () -> Date = Date.init, makeID: @escaping () -> UUID = UUID.init,
                opensRepositoryWhenNeeded: Bool = false) throws {
        self.folders = folders
        self.lockTimeout = lockTimeout
        self.store = DocumentStore(root: folders.journal)
        self.clock = clock
        self.makeID = makeID
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folders.journal, isDirectory: &isFolder), !isFolder.boolValue {
            throw JournalError.unusableJournal(path: folders.journal, reason: "it is a file, not a folder")
        }
        // A journal folder made by hand may be open to other users: it is the person's alone.
        AtomicFile.keepPrivate(folder: folders.journal)
        if !opensRepositoryWhenNeeded { _ = openedRepository() }
    }

    /// Opens the journal's repository the first time it is asked for.
    private func openedRepository() -> (repository: GitRepository?, problem: JournalError?) {
        if case let .opened(repository, problem) = repositoryState { return (repository, problem) }
        var repository: GitRepository?
        var problem: JournalError?
        if FileManager.default.fileExists(atPath: folders.journal + "/.git") {
            do {
                repository = try GitRepository.open(at: folders.journal)
            } catch let error as GitError {
                problem = .versioning(error)
            } catch let error as MarkdownStoreError {
                problem = .storage(error)
            } catch {
                problem = .unusableJournal(path: folders.journal + "/.git", reason: "\(error)")
            }
        }
        repositoryState = .opened(repository, problem: problem)
        return (repository, problem)
    }

    /// Notes a warning for the command to print.
    func warn(_ text: String) {
        warnings.append(text)
    }

    /// Creates the journal folder (0700) if it does not exist yet.
    public func create() throws {
        try storage { try AtomicFile.makeFolders(folders.journal + "/" + EntryFile.folder) }
    }

    /// The longest text kept, in UTF-8 bytes: well under what the store reads back (16 MB).
    public static let longestText = 8 * 1024 * 1024

    /// Commits a file say just wrote, when versioning is on. The file is already safely on disk,
    /// so a commit that cannot happen now is a warning, not a failure: the next run of say
    /// commits it (see ``settle(waiting:)``).
    func record(_ path: String, message: String) {
        if let repositoryProblem {
            // Not a passing failure: promising a retry would be untrue.
            let reason: String
            if case let .versioning(error) = repositoryProblem { reason = error.errorDescription ?? error.message } else {
                reason = repositoryProblem.errorDescription ?? "the repository cannot be opened"
            }
            warn(Copy.notVersioned(reason))
            return
        }
        guard let repository else { return }
        do {
            if repository.headIsSymbolicLink {
                warn(Copy.notRecordedWhileHeadIsALink)
                return
            }
            if try repository.isBusyWithGit() {
                warn(Copy.notRecordedWhileGitIsBusy)
                return
            }
            try repository.commit(paths: [path], message: message)
        } catch {
            warn(Copy.notRecorded((error as? LocalizedError)?.errorDescription ?? "\(error)"))
        }
    }

    /// Whether the journal is versioned with git.
    public var isVersioned: Bool { repository != nil }

    /// Whether the text shows words of suicidal ideation or self-harm, as the support screen and
    /// the stored `safety` flag use it. On-device phrase matching only.
    ///
    /// The last answer is remembered, so keeping the text the support screen has just read does
    /// not match it a second time (an 8 MB entry takes a noticeable fraction of a second).
    public func needsSupport(_ text: String) -> Bool {
        if let last = lastSupportAnswer, last.text.utf8.elementsEqual(text.utf8) { return last.answer }
        let answer = detector.isConcerning(text)
        lastSupportAnswer = (text, answer)
        return answer
    }
    private var lastSupportAnswer: (text: String, answer: Bool)?

    /// Keeps a new entry.
    ///
    /// - Parameters:
    ///   - text: what was written; refused when blank.
    ///   - feeling: the answer to "How do you feel now?", if given.
    /// - Returns: the kept entry.
    /// - Throws: `JournalError.emptyText`, or `.storage` when the file cannot be written.
    @discardableResult
    public func keep(text: String, feeling: Feeling?) throws -> Entry {
        guard !text.allSatisfy(\.isWhitespace) else { throw JournalError.emptyText }
        guard text.utf8.count <= Self.longestText else { throw JournalError.textTooLong(limit: Self.longestText) }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        // Milliseconds are kept (in the front matter): the order kept is the order listed.
        let date = Date(timeIntervalSince1970: (clock().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        var id = makeID()
        while store.exists(EntryFile.path(for: id, date: date)) { id = makeID() }
        let entry = Entry(id: id, text: text, date: date, feeling: feeling, safety: needsSupport(text),
                          path: EntryFile.path(for: id, date: date))
        try storage { try store.write(EntryFile.document(for: entry), to: entry.path) }
        record(entry.path, message: "Keep " + entry.shortID)
        return entry
    }

    /// Every entry, newest first, plus the files that could not be read.
    ///
    /// Reads only the front matter and first line of each file, so it stays fast and small
    /// however large the journal grows.
    public func list() -> Listing {
        list(collectingStamps: false).listing
    }

    /// ``list()``, with the stamps of the files read when asked (see ``listSettled(waiting:)``).
    private func list(collectingStamps: Bool) -> (listing: Listing, stamps: WorkingTreeStamps?) {
        var entries: [EntrySummary] = []
        var notes: [ScanProblem] = []
        var leftovers: [String] = []
        // Each file is made into its summary on the thread that read it.
        let outcome = store.scan(EntryFile.folder, keys: EntryFile.listedKeys, collectingStamps: collectingStamps,
                                 leftovers: &leftovers, read: EntryFile.summary(from:)) { summary, note in
            entries.append(summary)
            if let note { notes.append(note) }
        }
        if !leftovers.isEmpty { removeLeftovers(leftovers) }
        entries.sort { $0.date != $1.date ? $0.date > $1.date : $0.path > $1.path }
        let listing = Listing(entries: entries, problems: outcome.problems, notes: notes.sorted { $0.relativePath < $1.relativePath })
        return (listing, outcome.stamps)
    }

    /// ``settle(waiting:outsideEdits:)`` and then ``list()``, with the look for edits made
    /// outside say done from what the listing read, so a journal with nothing to commit is
    /// listed without opening its repository at all.
    ///
    /// When the last full settle left a record that still describes the repository, and
    /// nothing is left of interrupted work, the files are listed first and their stamps
    /// compared with git's index (see `GitSettledState`); if any file was added, edited or
    /// removed since (or anything is in doubt), the full settle runs after the listing and
    /// commits it, as it would have before. Otherwise the full settle runs first, as always.
    ///
    /// - Returns: the listing, and why settling failed, if it did (the listing is made anyway).
    public func listSettled(waiting: TimeInterval = 0.5) -> (listing: Listing, settleError: Error?) {
        var isGitFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folders.journal + "/.git", isDirectory: &isGitFolder), isGitFolder.boolValue,
           let state = GitSettledState.atRest(workdir: folders.journal), Self.excludesLockFile(gitdir: state.gitdir) {
            let (listing, stamps) = list(collectingStamps: true)
            if let stamps, state.workingTreeMatches(stamps, under: EntryFile.folder) { return (listing, nil) }
            do {
                try settle(waiting: waiting, outsideEdits: true, recordingSettled: true)
            } catch {
                return (listing, error)
            }
            return (listing, nil)
        }
        var failure: Error?
        do {
            try settle(waiting: waiting, outsideEdits: true, recordingSettled: true)
        } catch {
            failure = error
        }
        return (list(), failure)
    }

    /// Finds one entry by a reference a person typed: its number in the history (1 is the
    /// newest), its id, or a unique prefix of its id.
    ///
    /// - Throws: `JournalError.noSuchEntry` or `.ambiguousReference`, or `.storage` when its
    ///   file cannot be read.
    public func entry(_ reference: String) throws -> Entry {
        try load(summary(for: reference, in: list().entries))
    }

    /// Reads the full entry behind a summary.
    public func load(_ summary: EntrySummary) throws -> Entry {
        let document = try storage { try store.read(summary.path) }
        return EntryFile.entry(from: document, path: summary.path, modified: summary.date)
    }

    /// Lets an entry go: its file is removed for good.
    ///
    /// When the journal is versioned, every version of the entry (every path it had, renames
    /// followed) is also removed from all history and from the object store (see
    /// `GitRepository.purge(entryPaths:copies:)`); the purge is recorded first, so an
    /// interrupted one is finished by ``settle(waiting:)``.
    ///
    /// - Parameter copies: what to do when the same words are also at a path say did not write.
    /// - Returns: the copies removed or left in place.
    /// - Throws: `.copiesElsewhere` (nothing changed), `.storage` when the file cannot be
    ///   removed, `.versioning` when git refuses or fails (nothing changed when refused).
    @discardableResult
    public func letGo(_ entry: EntrySummary, copies: LetGoCopies = .refuse) throws -> LetGoResult {
        if let repositoryProblem { throw repositoryProblem }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        var result = LetGoResult()
        if let repository {
            // Which version the last sync left here, for the next sync (see `recordLetGoVersion`).
            try recordLetGoVersion(entry.path, in: repository)
            let policy: GitPurgeCopies = copies == .refuse ? .refuse : copies == .remove ? .remove : .keep
            do {
                // The other entries the journal lists, asked for only when a copy is found.
                let report = try versioning {
                    try repository.purge(entryPaths: [entry.path], copies: policy) { [self] in
                        Set(list().entries.map(\.path)).subtracting([entry.path])
                    }
                }
                result = LetGoResult(removedCopies: report.removedCopies, keptCopies: report.keptCopies)
                result.changedCopies = report.changedCopies
                result.entriesWithTheSameWords = report.entriesWithTheSameWords
                result.messagesWithTheWords = report.messagesWithTheWords
            } catch let found as GitPurgeCopiesFound {
                throw JournalError.copiesElsewhere(paths: found.paths, entries: found.entries)
            }
        }
        // An entry removed outside say has no file left: only its history was let go.
        var info = stat()
        if lstat(store.absolutePath(entry.path), &info) == 0 || errno != ENOENT {
            try storage { try store.remove(entry.path) }
        }
        result.editsStillOpen = EditorScratch.removeEntryCopies(of: entry.id, in: folders.state)
        result.repositoryAround = GitRepository.enclosing(folders.journal, holding: entry.path)
        if let around = result.repositoryAround { warn(Copy.stillInRepositoryAround(around)) }
        // Named wherever the let-go was asked for (a command, the app's Delete).
        if !result.messagesWithTheWords.isEmpty { warn(Copy.messagesWithTheWords(result.messagesWithTheWords)) }
        if !result.editsStillOpen.isEmpty { warn(Copy.editsStillOpen(result.editsStillOpen)) }
        return result
    }

    /// Resolves a reference against a listing, without reading any file.
    ///
    /// A reference made only of digits is a history number when one exists (1 is the newest);
    /// `#3` is always a number. A reference holding `/` or `.` is a file: its name, its path in
    /// the journal, or its absolute path. Anything else, or a number beyond the history, is an id
    /// prefix of at least 4 characters.
    public func summary(for reference: String, in entries: [EntrySummary]) throws -> EntrySummary {
        try summary(for: reference, in: Listing(entries: entries, problems: []))
    }

    /// ``summary(for:in:)-([EntrySummary])``, also knowing the files the listing could not read.
    ///
    /// - Throws: `.unreadableEntry` when the reference names a file say cannot read (by its
    ///   name, its path, or the id in its name), `.noSuchEntry`, `.ambiguousReference` (more of
    ///   the id tells them apart) or `.indistinctReference` (it would not: two files with one id).
    public func summary(for reference: String, in listing: Listing) throws -> EntrySummary {
        switch try find(reference, in: listing) {
        case let .entry(summary): return summary
        case let .unreadable(problem): throw JournalError.unreadableEntry(path: problem.relativePath, reason: problem.reason)
        case let .removed(summary): throw JournalError.onlyInHistory(path: summary.path)
        }
    }

    /// What a reference names: a listed entry, or a file in the journal that could not be read
    /// (which can still be let go).
    public enum Found: Sendable, Equatable {
        case entry(EntrySummary)
        case unreadable(ScanProblem)
        /// An entry removed from the folder outside say (`rm`, a file manager) whose versions
        /// the history still holds.
        case removed(EntrySummary)

        /// The file's path in the journal.
        public var path: String {
            switch self {
            case let .entry(summary), let .removed(summary): return summary.path
            case let .unreadable(problem): return problem.relativePath
            }
        }
    }

    /// Resolves a reference as ``summary(for:in:)-(Listing)`` does, without refusing a file
    /// that could not be read, or one removed outside say whose versions are still in the
    /// history (only when nothing in the folder answers to it): letting go needs only its path.
    public func find(_ reference: String, in listing: Listing) throws -> Found {
        do {
            return try findListed(reference, in: listing)
        } catch let JournalError.noSuchEntry(reference) {
            let past = removedEntries(answering: reference, listing: listing)
            if past.count == 1 { return .removed(past[0]) }
            if past.count > 1 { throw JournalError.ambiguousReference(reference: reference, candidates: past.prefix(5).map(\.path)) }
            throw JournalError.noSuchEntry(reference: reference)
        }
    }

    /// The files the history holds in `entries/` that were removed without a let-go, and that a
    /// reference names: by their path, file name, the id in their name or their front-matter
    /// `id`. A file whose `id` an entry in the folder carries is that entry, moved: not listed.
    private func removedEntries(answering reference: String, listing: Listing) -> [EntrySummary] {
        guard let repository, let past = try? repository.pastFiles(under: EntryFile.folder + "/"), !past.isEmpty else { return [] }
        let listed = Set(listing.entries.map(\.id.lowercasedString))
        let asTyped = reference.trimmingCharacters(in: .whitespaces)
        let prefix = asTyped.lowercased()
        let isPath = asTyped.contains("/") || asTyped.contains(".")
        return past.filter { file in
            guard file.ids.isDisjoint(with: listed) else { return false }
            if isPath {
                return file.path == asTyped || store.absolutePath(file.path) == asTyped || file.path.split(separator: "/").last.map(String.init) == asTyped
            }
            guard prefix.count >= 4 else { return false }
            return Self.idTag(ofPath: file.path).map { prefix.count <= 8 ? $0.hasPrefix(prefix) : prefix.hasPrefix($0) && UUID(canonical: prefix) != nil } == true
                || file.ids.contains { $0.hasPrefix(prefix) }
        }.map { file in
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            return EntrySummary(id: file.ids.count == 1 ? UUID(canonical: file.ids.first!) ?? UUID.derived(fromPath: file.path) : UUID.derived(fromPath: file.path),
                                date: ShardedPath.parse(fileName: name)?.date ?? Date(timeIntervalSince1970: 0),
                                feeling: nil, safety: false, preview: "", path: file.path)
        }
    }

    private func findListed(_ reference: String, in listing: Listing) throws -> Found {
        let entries = listing.entries
        let trimmed = reference.trimmingCharacters(in: .whitespaces).lowercased()
        let explicitNumber = trimmed.hasPrefix("#")
        let digits = explicitNumber ? String(trimmed.dropFirst()) : trimmed
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            if let number = Int(digits), number >= 1, number <= entries.count { return .entry(entries[number - 1]) }
            if explicitNumber { throw JournalError.noSuchEntry(reference: reference) }
        }
        // Files and links (a link is let go as itself, never what it points to); a folder that
        // could not be read is not an entry to let go.
        let unreadable = listing.problems.filter {
            $0.relativePath.hasPrefix(EntryFile.folder + "/") && (store.isRegularFile($0.relativePath) || store.isLink($0.relativePath))
        }
        let asTyped = reference.trimmingCharacters(in: .whitespaces)
        if asTyped.contains("/") || asTyped.contains(".") {
            func names(_ path: String) -> Bool {
                path == asTyped || store.absolutePath(path) == asTyped || path.split(separator: "/").last.map(String.init) == asTyped
            }
            let found = entries.filter { names($0.path) }.map(Found.entry) + unreadable.filter { names($0.relativePath) }.map(Found.unreadable)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw JournalError.indistinctReference(reference: reference, candidates: found.map(\.path), sameID: false)
            }
        }
        guard trimmed.count >= 4 else { throw JournalError.noSuchEntry(reference: reference) }
        let matches = entries.filter { $0.id.lowercasedString.hasPrefix(trimmed) }
        // A file say cannot read still carries the first 8 hex digits of its id in its name.
        let unreadableMatches = unreadable.filter { problem in
            guard let tag = Self.idTag(ofPath: problem.relativePath) else { return false }
            return trimmed.count <= 8 ? tag.hasPrefix(trimmed) : trimmed.hasPrefix(tag) && UUID(canonical: trimmed) != nil
        }
        let found = matches.map(Found.entry) + unreadableMatches.map(Found.unreadable)
        switch found.count {
        case 0: throw JournalError.noSuchEntry(reference: reference)
        case 1: return found[0]
        default:
            let ids = Set(matches.map(\.id))
            let paths = found.prefix(5).map(\.path)
            if unreadableMatches.isEmpty, let id = ids.first, ids.count == 1 {
                throw JournalError.indistinctReference(reference: id.lowercasedString, candidates: paths, sameID: true)
            }
            // More of the id tells them apart only while it is shorter than an id, and, for a
            // file say cannot read, than the part of the id its name carries.
            if trimmed.count >= 36 || (!unreadableMatches.isEmpty && trimmed.count >= 8) {
                throw JournalError.indistinctReference(reference: reference, candidates: paths, sameID: false)
            }
            throw JournalError.ambiguousReference(reference: reference, candidates: paths)
        }
    }

    /// The 8 lower-case hex digits of the id in a sharded file name (`…Z-7f3c9a2e.md`), if any.
    static func idTag(ofPath path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let parsed = ShardedPath.parse(fileName: name), parsed.tag.count == 8,
              parsed.tag.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return parsed.tag
    }

    /// The summary a let-go needs for a file that could not be read: its path, dated by its name.
    public func summary(ofUnreadable problem: ScanProblem) -> EntrySummary {
        let name = problem.relativePath.split(separator: "/").last.map(String.init) ?? problem.relativePath
        return EntrySummary(id: UUID.derived(fromPath: problem.relativePath),
                            date: ShardedPath.parse(fileName: name)?.date ?? Date(timeIntervalSince1970: 0),
                            feeling: nil, safety: false, preview: "", path: problem.relativePath)
    }

    /// Removes temporary files a killed `say` left behind. Only while holding the lock (so no
    /// writer is using them), and only if the lock is free right now: a listing never waits.
    private func removeLeftovers(_ paths: [String]) {
        guard let lock = try? FolderLock(folder: folders.journal, timeout: 0) else { return }
        withExtendedLifetime(lock) {
            for path in paths {
                // Certainly say's own: the staged write of an entry file (`.<entry>.md.tmp-<pid>-<n>`),
                // a regular file of this user's, whose writer is gone. Anything else is left alone.
                let name = (path as NSString).lastPathComponent
                guard let parts = AtomicFile.temporaryParts(name), parts.target.hasSuffix(".md"),
                      AtomicFile.isAbandonedTemporary(name: name) else { continue }
                let absolute = store.absolutePath(path)
                var info = stat()
                guard lstat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else { continue }
                try? AtomicFile.remove(absolute)
            }
        }
    }

    /// Takes the journal's lock for one change. Every change holds it, so two `say` processes
    /// never interleave their writes (or, with git, their commits).
    func exclusive() throws -> FolderLock {
        try storage { try FolderLock(folder: folders.journal, timeout: lockTimeout) }
    }

    @discardableResult
    func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch MarkdownStoreError.busy {
            throw JournalError.busy
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }
}
