import Foundation
import MarkdownStore

/// What `say git status` reports.
public struct VersioningStatus: Sendable, Hashable {
    /// Whether the journal is a git repository.
    public var isOn: Bool
    /// The branch, when versioning is on and HEAD is on a branch.
    public var branch: String?
    /// Commits on the branch.
    public var commits: Int
    /// Files in `entries/` that differ from the last commit (committed the next time say lists
    /// the journal).
    public var uncommittedChanges: Int
    /// A merge or rebase started with the git CLI is in progress: say commits nothing until it ends.
    public var isBusyWithGit: Bool
    /// HEAD is detached: say commits nothing until a branch is checked out.
    public var isDetached: Bool
    /// Why say cannot use the journal's repository (it exists, but say cannot read or change
    /// it), with what to do; nil when it can.
    public var problem: String? = nil
    /// The journal is a shallow clone: keeping works, letting go and sync are refused until
    /// `git fetch --unshallow` fetches the rest of the history.
    public var isShallow = false
    /// Files outside `entries/` (or hidden ones in it) that differ from the last commit or are
    /// untracked: say never commits them.
    public var changesElsewhere = 0
    /// Why `say let-go` would be refused now (the let-go's own words), nil when it would not.
    public var letGoRefusal: String? = nil
}

extension Journal {
    /// The lines `.gitignore` holds in a versioned journal: say's lock and editor leftovers.
    static let ignoredPatterns = [FolderLock.fileName, "*.swp", "*.swo", "*~", ".#*", ".DS_Store"]

    /// Turns versioning on: makes the journal folder a git repository (if it is not one) and
    /// commits every entry already there, so history starts from what exists now.
    ///
    /// - Returns: whether the journal was already versioned.
    /// - Throws: `JournalError.versioning` when git fails.
    @discardableResult
    public func enableVersioning() throws -> Bool {
        let making = repository == nil && !store.exists(".git")
        if making {
            // git must read every file it commits: one it cannot would stop it part-way.
            let unreadable = list().problems.filter { !store.isReadable($0.relativePath) }
            if !unreadable.isEmpty {
                throw JournalError.unreadableForVersioning(paths: unreadable.map(\.relativePath), reason: unreadable[0].reason)
            }
        }
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        let wasOn = repository != nil
        do {
            let repository = try versioning { try self.repository ?? GitRepository.create(at: folders.journal) }
            self.repository = repository
            try versioning { try repository.tightenPermissions() }
            try writeIgnoreFile()
            try commitOutsideChanges(in: repository, firstMessage: wasOn ? nil : "Start versioning")
        } catch {
            // Versioning is on, or it is not: a repository made here that could not take the
            // journal's files goes again, so no half-made one is left to report "on".
            if making {
                self.repository = nil
                try? FileManager.default.removeItem(atPath: folders.journal + "/.git")
            }
            throw error
        }
        return wasOn
    }

    /// Turns versioning off by removing the journal's git repository, and with it every earlier
    /// version of every entry. The entry files themselves stay.
    public func disableVersioning() throws {
        let lock = try exclusive()
        defer { withExtendedLifetime(lock) {} }
        guard let repository else { return }
        // The repository is removed only where it is the journal's `.git` folder: a `.git`
        // file (`--separate-git-dir`, a working tree of another repository) or a link points
        // at a repository kept elsewhere, and removing the pointer would leave every version there.
        let pointer = folders.journal + "/.git"
        var info = stat()
        if lstat(pointer, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            var place = URL(fileURLWithPath: repository.gitdir).resolvingSymlinksInPath().path
            if place.count > 1, place.hasSuffix("/") { place.removeLast() }
            throw JournalError.repositoryElsewhere(path: pointer, repository: place, isLink: info.st_mode & S_IFMT == S_IFLNK,
                                                   isSharedWorktree: FileManager.default.fileExists(atPath: repository.gitdir + "commondir"))
        }
        // Only what say made goes with it: the person's branches, tags, stashes, remotes,
        // files, working trees, hooks and settings are theirs to move first.
        let others = try versioning {
            try repository.contentsSayDidNotMake(entriesFolder: EntryFile.folder + "/", ownFiles: [".gitignore", ".say-journal"])
        }
        guard others.isEmpty else { throw JournalError.repositoryHoldsOtherWork(path: folders.journal + "/.git", contents: others) }
        self.repository = nil
        do {
            try FileManager.default.removeItem(atPath: folders.journal + "/.git")
        } catch {
            throw JournalError.unusableJournal(path: folders.journal + "/.git", reason: "could not remove the repository")
        }
    }

    /// Where versioning stands.
    public func versioningStatus() throws -> VersioningStatus {
        guard let repository else {
            if let repositoryProblem {
                // The repository is there: versioning is on, say just cannot use it.
                let reason: String
                if case let .versioning(error) = repositoryProblem { reason = error.errorDescription ?? error.message } else {
                    reason = repositoryProblem.errorDescription ?? "the repository cannot be opened"
                }
                return VersioningStatus(isOn: true, branch: nil, commits: 0, uncommittedChanges: 0, isBusyWithGit: false, isDetached: false,
                                        problem: reason)
            }
            return VersioningStatus(isOn: false, branch: nil, commits: 0, uncommittedChanges: 0, isBusyWithGit: false, isDetached: false)
        }
        if repository.headIsSymbolicLink {
            return VersioningStatus(isOn: true, branch: nil, commits: 0, uncommittedChanges: 0, isBusyWithGit: false, isDetached: false,
                                    problem: "its .git/HEAD is a symbolic link (core.preferSymlinkRefs), which say's git library cannot read as a branch; "
                                        + "`git config core.preferSymlinkRefs false && git symbolic-ref HEAD refs/heads/main` in the journal folder makes it a plain file")
        }
        let status = try versioning { try repository.status(committing: EntryFile.folder) }
        return VersioningStatus(isOn: true, branch: status.branch, commits: status.commitCount,
                                uncommittedChanges: status.uncommittedChanges, isBusyWithGit: status.isMerging,
                                isDetached: status.isDetached, isShallow: status.isShallow,
                                changesElsewhere: status.changesElsewhere, letGoRefusal: repository.letGoRefusal())
    }

    /// Whether a let-go was started and not finished: the next listing finishes it, and the
    /// numbers `say history` showed change then.
    public var hasUnfinishedLetGo: Bool { repository?.hasPendingPurge ?? false }

    /// Brings a versioned journal up to date before anything else happens: finishes a let-go
    /// or sync that was interrupted, then (with `outsideEdits`) commits files added, edited or
    /// removed outside say.
    ///
    /// Looking for outside edits reads the status of every file in the journal, so a keep
    /// leaves it to the next command that lists the journal anyway (`history`, the app,
    /// `let-go`, `show`, `edit`): a keep commits only its own file.
    ///
    /// Does nothing when versioning is off, and leaves the work for later when another say
    /// holds the journal (`waiting` seconds at most) or a git operation of the person's own is
    /// in progress.
    public func settle(waiting: TimeInterval = 0.5, outsideEdits: Bool = true) throws {
        try settle(waiting: waiting, outsideEdits: outsideEdits, recordingSettled: false)
    }

    /// ``settle(waiting:outsideEdits:)``; with `recordingSettled`, a look for outside edits
    /// that finds none leaves the record the next listing's quick look reads (see
    /// ``listSettled(waiting:)``). Only listings leave it: they are what reads it, and nothing
    /// else need change a file it would not have changed before.
    func settle(waiting: TimeInterval, outsideEdits: Bool, recordingSettled: Bool) throws {
        guard let repository else { return }
        let lock: FolderLock
        do {
            lock = try FolderLock(folder: folders.journal, timeout: waiting)
        } catch MarkdownStoreError.busy {
            return
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        defer { withExtendedLifetime(lock) {} }
        excludeLockFile(in: repository)
        try versioning { try repository.tightenPermissions() }
        // An interrupted let-go, or what a killed sync left (a purge it owes, temporary files, locks).
        try versioning { try repository.finishInterruptedSync(entriesFolder: EntryFile.folder) }
        if outsideEdits { try commitOutsideChanges(in: repository, firstMessage: nil, recordingSettled: recordingSettled) }
    }

    /// Commits entry files that differ from the last commit. Messages name ids only:
    /// "Add 1a2b3c4d", "Edit 7f3c9a2e", "Remove 5d9e7a61".
    func commitOutsideChanges(in repository: GitRepository, firstMessage: String?, recordingSettled: Bool = false) throws {
        guard try !versioning({ try repository.isBusyWithGit() }) else { return }
        let changes = try versioning { try repository.workingTreeChanges(under: EntryFile.folder, recordingSettled: recordingSettled) }
        var paths = changes.map(\.path)
        if firstMessage != nil { paths.append(".gitignore") }
        guard !paths.isEmpty else { return }
        let words = changes.map { change -> String in
            let verb: String
            switch change.kind {
            case .added: verb = "Add"
            case .modified: verb = "Edit"
            case .deleted: verb = "Remove"
            }
            return verb + " " + EntryFile.tag(forPath: change.path)
        }
        let summary = words.count <= 5 ? words.joined(separator: ", ")
            : words.prefix(5).joined(separator: ", ") + " and \(words.count - 5) more"
        let message = firstMessage.map { words.isEmpty ? $0 : $0 + ": " + summary } ?? summary
        try versioning { _ = try repository.commit(paths: paths, message: message) }
    }

    /// Whether `.git/info/exclude` already keeps say's lock file out of `git status`.
    static func excludesLockFile(gitdir: String) -> Bool {
        let existing = (try? String(contentsOfFile: gitdir + "info/exclude", encoding: .utf8)) ?? ""
        return existing.split(separator: "\n").contains(Substring(FolderLock.fileName))
    }

    /// Keeps say's lock file out of `git status` in repositories say did not set up (those it
    /// did have it in `.gitignore`), through the repository-local `.git/info/exclude`.
    private func excludeLockFile(in repository: GitRepository) {
        let path = repository.gitdir + "info/exclude"
        guard !Self.excludesLockFile(gitdir: repository.gitdir) else { return }
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + FolderLock.fileName + "\n"
        try? AtomicFile.write(Array(text.utf8), to: path)
    }

    private func writeIgnoreFile() throws {
        let path = folders.journal + "/.gitignore"
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let present = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = Self.ignoredPatterns.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + missing.joined(separator: "\n") + "\n"
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }

    func versioning<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError {
            throw JournalError.versioning(error)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }
}
