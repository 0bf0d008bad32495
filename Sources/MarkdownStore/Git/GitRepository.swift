#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// One change between the last commit and the working tree.
public struct WorkingTreeChange: Hashable, Sendable {
    /// How the file differs from the last commit.
    public enum Kind: Hashable, Sendable {
        /// The file is new (untracked, or staged but never committed).
        case added
        /// The file's contents or type differ from the last commit.
        case modified
        /// The file was committed and is gone from the working tree.
        case deleted
    }

    /// The path relative to the working tree root, with `/` separators.
    public let path: String
    /// What happened to it.
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// A summary of the repository's state, copied out of libgit2.
public struct GitStatus: Hashable, Sendable {
    /// The current branch's short name (`main`), also on an unborn branch; nil when detached.
    public let branch: String?
    /// The commit HEAD points at; nil on an unborn branch.
    public let head: ObjectID?
    /// How many commits HEAD reaches (0 on an unborn branch).
    public let commitCount: Int
    /// Files that differ between HEAD, the index and the working tree, untracked files included,
    /// ignored files not (what `git status --porcelain` lists), in the folder `status(committing:)`
    /// was given (all of them without one).
    public let uncommittedChanges: Int
    /// Such files outside that folder.
    public let changesElsewhere: Int
    /// HEAD points at a commit rather than a branch.
    public let isDetached: Bool
    /// A merge, rebase, cherry-pick, revert or bisect started with the git CLI is in progress.
    public let isMerging: Bool
    /// A shallow clone (`.git/shallow`): the history before its oldest commits is not here
    /// (`commitCount` counts what is).
    public let isShallow: Bool

    public init(branch: String?, head: ObjectID?, commitCount: Int, uncommittedChanges: Int, isDetached: Bool, isMerging: Bool,
                isShallow: Bool = false, changesElsewhere: Int = 0) {
        self.changesElsewhere = changesElsewhere
        self.branch = branch
        self.head = head
        self.commitCount = commitCount
        self.uncommittedChanges = uncommittedChanges
        self.isDetached = isDetached
        self.isMerging = isMerging
        self.isShallow = isShallow
    }
}

/// A git repository with a working tree, opened through libgit2.
///
/// The one owner of a `git_repository *`: it is freed in `deinit`. Not `Sendable`: libgit2
/// handles must not be used by two threads at once, so keep an instance on one thread or actor.
public final class GitRepository {
    /// The libgit2 handle. Replaced (old one freed) after a purge, because libgit2 keeps the
    /// deleted pack files open and would keep serving objects from them.
    private(set) var handle: OpaquePointer
    /// The working tree root, with a trailing `/`.
    public let workdir: String
    /// The git directory (`<workdir>/.git/`), with a trailing `/`.
    public let gitdir: String

    /// Called at each durable step of a purge; tests throw from it to simulate a crash there.
    var purgeCheckpoint: ((PurgeCheckpoint) throws -> Void)?

    /// The stamp `.git/config` had just before libgit2 read it (see `GitSettledState`).
    private(set) var openedConfig: FileStamp?
    /// Whether commits change the index as a file (`GitIndexFile`) where they can; tests turn
    /// it off to compare with libgit2's own index.
    var changesIndexAsFile = true

    private init(handle: OpaquePointer) throws {
        self.handle = handle
        guard let workdir = gitString(from: git_repository_workdir(handle)) else {
            git_repository_free(handle)
            throw GitError.wrapper("the repository has no working tree", function: "git_repository_workdir")
        }
        self.workdir = workdir.hasSuffix("/") ? workdir : workdir + "/"
        let gitdir = gitString(from: git_repository_path(handle)) ?? self.workdir + ".git/"
        self.gitdir = gitdir.hasSuffix("/") ? gitdir : gitdir + "/"
    }

    deinit {
        git_repository_free(handle)
    }

    // MARK: Opening

    /// Makes `workdir` a new git repository whose first branch is `main` (folders are created as
    /// needed). Re-initialising an existing repository is harmless and keeps its history.
    ///
    /// - Parameter workdir: the working tree root.
    /// - Returns: the opened repository.
    /// - Throws: `GitError`. Calls `git_repository_init_ext`.
    public static func create(at workdir: String) throws -> GitRepository {
        try LibGit2.ensureInitialized()
        var options = git_repository_init_options()
        try gitCheck(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)), "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue
        var raw: OpaquePointer?
        try "main".withCString { head in
            options.initial_head = head
            try gitCheck(git_repository_init_ext(&raw, workdir, &options), "git_repository_init_ext")
        }
        guard let raw else { throw GitError.wrapper("no repository returned", function: "git_repository_init_ext") }
        let repository = try GitRepository(handle: raw)
        repository.openedConfig = GitSettledState.configStamp(gitdir: repository.gitdir)
        return repository
    }

    /// Opens the repository whose working tree root is exactly `workdir` (no search upwards).
    ///
    /// - Parameter workdir: the folder to open.
    /// - Returns: nil when there is no repository at `workdir` (and no `.git` in it).
    /// - Throws: `GitError` when a repository is there but cannot be opened, or is bare, or
    ///   has its working tree in another folder (`core.worktree`), and for a `.git` git cannot
    ///   open at all. Calls `git_repository_open_ext`.
    public static func open(at workdir: String) throws -> GitRepository? {
        try LibGit2.ensureInitialized()
        let config = GitSettledState.configStamp(gitdir: (workdir.hasSuffix("/") ? workdir : workdir + "/") + ".git/")
        var raw: OpaquePointer?
        let result = git_repository_open_ext(&raw, workdir, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        if result == GIT_ENOTFOUND.rawValue {
            // A .git that git cannot open (no HEAD, no refs) may still hold every version of
            // the entries: a problem to name, never a journal without versioning.
            var info = stat()
            guard lstat((workdir.hasSuffix("/") ? workdir : workdir + "/") + ".git", &info) == 0 else { return nil }
            throw GitError.wrapper("the journal's .git is not a repository git can open (its HEAD or refs may be missing)", function: "open",
                                   advice: "run `git status` in the journal folder to see what is wrong; if you no longer want it, move the .git folder out of the journal (the history in it moves with it) and run `say git on` to start again")
        }
        do {
            try gitCheck(result, "git_repository_open_ext")
        } catch let error as GitError {
            throw Self.explainUnsupported(error)
        }
        guard let raw else { return nil }
        // A repository is there, so its history may hold entries: one whose working tree is not
        // this folder is a problem to name, never a journal without versioning (a let-go would
        // remove the file and leave every version in the history).
        guard git_repository_is_bare(raw) == 0 else {
            git_repository_free(raw)
            throw GitError.wrapper("the journal's git repository is set up as a bare one (core.bare), with no working tree for say to version",
                                   function: "open", advice: "run `git config core.bare false` in the journal folder, then try again")
        }
        let repository = try GitRepository(handle: raw)
        repository.openedConfig = config
        // `workdir` may have been the .git folder itself: only a working tree root counts.
        if gitCanonicalPath(repository.gitdir) == gitCanonicalPath(workdir) { return nil }
        guard gitCanonicalPath(repository.workdir) == gitCanonicalPath(workdir) else {
            throw GitError.wrapper("the journal's git repository has its working tree in another folder (core.worktree: \(repository.workdir))",
                                   function: "open", advice: "run `git config --unset core.worktree` in the journal folder, then try again")
        }
        if try FolderContents.names(in: repository.gitdir).contains(where: { $0.hasPrefix("sharedindex.") }) { throw splitIndexError }
        if let driver = try repository.cleanFilterOnJournalFiles() {
            let shown = GitSyncValidation.displayPath(driver)
            throw GitError.wrapper("the journal's .gitattributes sends its files through your git filter \"\(shown)\" (as git-crypt or transcrypt do), which say cannot run, so say would commit their plain text past it",
                                   function: "open",
                                   advice: "to version the journal with say, take the journal's files out of that filter (the filter= line in .gitattributes) and commit that; or keep the journal's versions with git yourself")
        }
        return repository
    }

    /// The working tree of a repository around `folder` (above it, never `folder`'s own) whose
    /// HEAD or index holds `path` (relative to `folder`): a repository of the person's that
    /// tracks the journal, which say leaves alone. Reads only; nil when there is none.
    /// Calls `git_repository_open_ext`, `git_index_get_bypath`, `git_tree_entry_bypath`.
    public static func enclosing(_ folder: String, holding path: String) -> String? {
        guard (try? LibGit2.ensureInitialized()) != nil else { return nil }
        let inside = gitCanonicalPath(folder)
        var raw: OpaquePointer?
        guard git_repository_open_ext(&raw, (inside as NSString).deletingLastPathComponent, 0, nil) == 0, let raw else { return nil }
        guard git_repository_is_bare(raw) == 0 else {
            git_repository_free(raw)
            return nil
        }
        guard let repository = try? GitRepository(handle: raw) else { return nil }
        let root = gitCanonicalPath(repository.workdir)
        guard inside.hasPrefix(root + "/") else { return nil }
        let relative = String(inside.dropFirst(root.count + 1)) + "/" + path
        if let index = try? GitIndex(repository: raw), git_index_get_bypath(index.handle, relative, 0) != nil { return root }
        guard let tree = try? repository.lookupHeadTree() else { return nil }
        defer { git_tree_free(tree) }
        return (try? treeContains(tree, path: relative)) == true ? root : nil
    }

    /// libgit2's refusal of a repository format extension, in words, with what to do.
    static func explainUnsupported(_ error: GitError) -> GitError {
        let message = error.message.lowercased()
        guard message.contains("extension") else { return error }
        if message.contains("objectformat") {
            return GitError(code: error.code, errorClass: error.errorClass,
                            message: "the journal's git repository uses SHA-256 object names, which say's git library cannot read",
                            function: error.function,
                            advice: "to version the journal with say, move its .git folder somewhere else and run `say git on`")
        }
        if message.contains("preciousobjects") {
            return GitError(code: error.code, errorClass: error.errorClass,
                            message: "the journal's git repository keeps every object for ever (extensions.preciousObjects), so nothing could be let go from its history",
                            function: error.function,
                            advice: "if you no longer need that, run `git config --unset extensions.preciousObjects` in the journal folder")
        }
        return GitError(code: error.code, errorClass: error.errorClass,
                        message: "the journal's git repository needs a git feature say's git library cannot handle (\(error.message))",
                        function: error.function,
                        advice: "to version the journal with say, move its .git folder somewhere else and run `say git on`")
    }

    /// Frees the handle and opens the repository again (fresh object database and caches).
    func reopen() throws {
        var raw: OpaquePointer?
        try gitCheck(git_repository_open_ext(&raw, workdir, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), "git_repository_open_ext")
        guard let raw else { throw GitError.wrapper("no repository returned", function: "git_repository_open_ext") }
        git_repository_free(handle)
        handle = raw
    }

    // MARK: Reading

    /// The commit HEAD points at.
    ///
    /// - Returns: nil on an unborn branch (a new repository).
    /// - Throws: `GitError`. Calls `git_reference_name_to_id`.
    public func headCommit() throws -> ObjectID? {
        var oid = git_oid()
        let result = git_reference_name_to_id(&oid, handle, "HEAD")
        if result == GIT_ENOTFOUND.rawValue || result == GIT_EUNBORNBRANCH.rawValue { return nil }
        try gitCheck(result, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// Changes between HEAD and the working tree for files under `folder`: added (untracked or
    /// newly staged), modified and deleted, sorted by path. Hidden files and folders (a path
    /// component starting with `.`) and editor leftovers (`*.swp`, `*~`, `.#*`) are ignored, as
    /// are files the repository's `.gitignore` ignores.
    ///
    /// - Parameters:
    ///   - folder: a folder relative to the working tree root (`entries`), or "" for all.
    ///   - recordingSettled: when nothing differs, write the record ``GitSettledState`` reads.
    /// - Returns: the changes, sorted by path.
    /// - Throws: `GitError`. Calls `git_diff_tree_to_index`, `git_diff_index_to_workdir` and
    ///   `git_diff_merge` (what `git_diff_tree_to_workdir_with_index` does, in steps).
    public func workingTreeChanges(under folder: String, recordingSettled: Bool = false) throws -> [WorkingTreeChange] {
        let prefix = folder.isEmpty ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        // A lock a killed say left goes first; someone else's means: read only, write nothing.
        try GitLocks.clearLeftovers(gitFolder: gitdir)
        let indexIsFree = access(gitdir + "index.lock", F_OK) != 0
        let head = try headCommit()
        var headTree: OpaquePointer?
        if let head {
            var commit: OpaquePointer?
            try head.withOID { try gitCheck(git_commit_lookup(&commit, handle, $0), "git_commit_lookup") }
            defer { git_commit_free(commit) }
            try gitCheck(git_commit_tree(&headTree, commit), "git_commit_tree")
        }
        defer { if let headTree { git_tree_free(headTree) } }
        var options = git_diff_options()
        try gitCheck(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        options.flags = GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_DIFF_INCLUDE_TYPECHANGE.rawValue | GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
            // Refresh the index's stat cache for files whose contents turn out unchanged, so the
            // next run need not read them again (a copied or restored journal has every file's
            // inode and ctime changed; without this every run would hash every entry).
            // (Only while nobody holds the index: libgit2 writes it from inside the diff.)
            | (indexIsFree ? GIT_DIFF_UPDATE_INDEX.rawValue : 0)
        // Read again from disk (the git CLI's changes), as libgit2's own tree-to-working-tree
        // diff does before it compares.
        let index = try GitIndex(repository: handle)
        var diff: OpaquePointer?
        var stagedChanges = 0
        let pathspec = prefix.isEmpty ? nil : strdup(String(prefix.dropLast()))
        defer { free(pathspec) }
        var strings: [UnsafeMutablePointer<CChar>?] = [pathspec]
        try strings.withUnsafeMutableBufferPointer { buffer in
            if pathspec != nil {
                options.pathspec = git_strarray(strings: buffer.baseAddress, count: 1)
            }
            // HEAD to the index, the index to the working tree, then the two merged: what
            // `git_diff_tree_to_workdir_with_index` does, in steps, so the first can be counted.
            try gitCheck(git_diff_tree_to_index(&diff, handle, headTree, index.handle, &options), "git_diff_tree_to_index")
            stagedChanges = Self.countChanges(diff, prefix: prefix)
            var toWorkdir: OpaquePointer?
            defer { git_diff_free(toWorkdir) }
            // libgit2 may write the index here: its lock is recorded (see GitLocks).
            if indexIsFree {
                try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: [gitdir + "index.lock"]) {
                    try gitCheck(git_diff_index_to_workdir(&toWorkdir, handle, index.handle, &options), "git_diff_index_to_workdir")
                }
            } else {
                try gitCheck(git_diff_index_to_workdir(&toWorkdir, handle, index.handle, &options), "git_diff_index_to_workdir")
            }
            try gitCheck(git_diff_merge(diff, toWorkdir), "git_diff_merge")
        }
        guard let diff else { return [] }
        defer { git_diff_free(diff) }
        if indexIsFree { saveRefreshedIndex() }
        var changes: [WorkingTreeChange] = []
        for number in 0 ..< git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, number) else { continue }
            let kind: WorkingTreeChange.Kind
            let file: git_diff_file
            switch delta.pointee.status {
            case GIT_DELTA_ADDED, GIT_DELTA_UNTRACKED: kind = .added; file = delta.pointee.new_file
            case GIT_DELTA_MODIFIED, GIT_DELTA_TYPECHANGE, GIT_DELTA_CONFLICTED: kind = .modified; file = delta.pointee.new_file
            case GIT_DELTA_DELETED: kind = .deleted; file = delta.pointee.old_file
            default: continue
            }
            guard let path = gitString(from: file.path), path.hasPrefix(prefix), !Self.isIgnoredName(path) else { continue }
            // A symbolic link to a folder, or a file under a folder that is one (a month folder
            // moved to another disk and linked back), is not followed: what the history holds
            // there stays as it is, and the listing names the link. A link to a file is
            // committed as the link, as git does.
            if DocumentStore.linkedFolder(root: workdir, relativePath: path) != nil || Self.isLinkToFolder(workdir + path) { continue }
            // A file the index marks skip-worktree (a sparse checkout) is away from the folder
            // by the person's choice, still in the commit: not a deletion, as to git.
            if kind == .deleted, Self.skipsWorktree(git_index_get_bypath(index.handle, path, 0)) { continue }
            changes.append(WorkingTreeChange(path: path, kind: kind))
        }
        // HEAD, the index and the working tree agree: noted, so the next listing can tell
        // that nothing changed since without asking libgit2 (see `GitSettledState`). Only for
        // the index as written now, by this run.
        if recordingSettled, changes.isEmpty, stagedChanges == 0, indexIsFree, let head, !prefix.isEmpty,
           let written = git_index_checksum(index.handle).map(ObjectID.init),
           let onDisk = readSmallFile(gitdir + "index", limit: 1 << 30), onDisk.count >= 20,
           onDisk.withUnsafeBytes({ ObjectID(bytes: $0.baseAddress! + onDisk.count - 20) }) == written {
            recordSettled(head: head, index: written)
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// The paths the index marks skip-worktree (see ``skipsWorktree(_:)``).
    /// Calls `git_index_entrycount`, `git_index_get_byindex`.
    func skipWorktreePaths() throws -> Set<String> {
        let index = try GitIndex(repository: handle)
        var paths: Set<String> = []
        for position in 0 ..< git_index_entrycount(index.handle) {
            guard let entry = git_index_get_byindex(index.handle, position), Self.skipsWorktree(entry),
                  let path = gitString(from: entry.pointee.path) else { continue }
            paths.insert(path)
        }
        return paths
    }

    /// Whether an index entry has the skip-worktree bit (`git sparse-checkout`, `git
    /// update-index --skip-worktree`); false for none.
    private static func skipsWorktree(_ entry: UnsafePointer<git_index_entry>?) -> Bool {
        guard let entry else { return false }
        return entry.pointee.flags_extended & UInt16(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue) != 0
    }

    /// The deltas of a diff under `prefix` that say's status reports (hidden files and editor
    /// leftovers left out).
    private static func countChanges(_ diff: OpaquePointer?, prefix: String) -> Int {
        guard let diff else { return 0 }
        var count = 0
        for number in 0 ..< git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, number), delta.pointee.status != GIT_DELTA_UNMODIFIED else { continue }
            let file = delta.pointee.status == GIT_DELTA_DELETED ? delta.pointee.old_file : delta.pointee.new_file
            guard let path = gitString(from: file.path), path.hasPrefix(prefix), !isIgnoredName(path) else { continue }
            count += 1
        }
        return count
    }

    /// Writes the repository's index if a diff refreshed its stat cache. Best effort: if the
    /// person's own git holds the index lock, the refresh simply waits for another run.
    private func saveRefreshedIndex() {
        var index: OpaquePointer?
        guard git_repository_index(&index, handle) == 0, let index else { return }
        defer { git_index_free(index) }
        GitIndex.comparePathsExactly(index)
        // Recorded like every libgit2 write, so a say killed inside it never leaves an
        // index.lock that blocks later runs.
        _ = try? GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: [gitdir + "index.lock"]) { git_index_write(index) }
    }

    /// Whether `path` is a symbolic link to a folder.
    static func isLinkToFolder(_ path: String) -> Bool {
        var link = stat(), target = stat()
        return lstat(path, &link) == 0 && Platform.fileType(link.st_mode) == S_IFLNK
            && stat(path, &target) == 0 && Platform.fileType(target.st_mode) == S_IFDIR
    }

    /// Hidden files, and the leftovers of vim and emacs.
    static func isIgnoredName(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        if components.contains(where: { $0.hasPrefix(".") }) { return true }
        guard let last = components.last else { return true }
        return last.hasSuffix(".swp") || last.hasSuffix("~") || last.hasPrefix(".#")
    }

    /// The repository's state in one value.
    ///
    /// - Parameter folder: the folder whose changes say commits (`entries`): changes there are
    ///   `uncommittedChanges`, the others (and hidden files and editor leftovers in it, which
    ///   say leaves alone) `changesElsewhere`. Without one, every change is uncommitted.
    /// - Returns: branch, HEAD, commit count, uncommitted change count and in-progress flags.
    /// - Throws: `GitError`. Calls `git_repository_head`, `git_revwalk_next`, `git_status_list_new`.
    public func status(committing folder: String = "") throws -> GitStatus {
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        // The index status reads compares paths as say's own writes do.
        _ = try? GitIndex(repository: handle)
        let detached = try gitCheck(git_repository_head_detached(handle), "git_repository_head_detached") == 1
        var branch: String? = nil
        if !detached {
            var head: OpaquePointer?
            try gitCheck(git_reference_lookup(&head, handle, "HEAD"), "git_reference_lookup")
            defer { git_reference_free(head) }
            if let target = gitString(from: git_reference_symbolic_target(head)) {
                branch = target.hasPrefix("refs/heads/") ? String(target.dropFirst("refs/heads/".count)) : target
            }
        }
        let head = try headCommit()
        var count = 0
        let shallow = git_repository_is_shallow(handle) == 1
        if let head, shallow {
            // libgit2's walk stops with "object not found" at the clone's boundary: count the
            // commits that are here.
            count = try commitsPresent(from: head)
        } else if head != nil {
            let walk = try GitRevisionWalk(repository: handle)
            try gitCheck(git_revwalk_push_head(walk.handle), "git_revwalk_push_head")
            while try walk.next() != nil { count += 1 }
        }
        var options = git_status_options()
        try gitCheck(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        var list: OpaquePointer?
        try gitCheck(git_status_list_new(&list, handle, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        var index: GitIndex?  // read only when a file is missing
        var changes = 0
        var elsewhere = 0
        for number in 0 ..< git_status_list_entrycount(list) {
            // A sparse checkout's files away from the folder are not changes, as to git.
            if let entry = git_status_byindex(list, number), entry.pointee.status == GIT_STATUS_WT_DELETED,
               let path = entry.pointee.index_to_workdir.flatMap({ gitString(from: $0.pointee.old_file.path) }) {
                if index == nil { index = try GitIndex(repository: handle) }
                if let index, Self.skipsWorktree(git_index_get_bypath(index.handle, path, 0)) { continue }
            }
            if !prefix.isEmpty, let entry = git_status_byindex(list, number) {
                let delta = entry.pointee.index_to_workdir ?? entry.pointee.head_to_index
                let path = delta.flatMap { gitString(from: $0.pointee.new_file.path) ?? gitString(from: $0.pointee.old_file.path) } ?? ""
                if !path.hasPrefix(prefix) || Self.isIgnoredName(path) {
                    elsewhere += 1
                    continue
                }
            }
            changes += 1
        }
        let state = try gitCheck(git_repository_state(handle), "git_repository_state")
        return GitStatus(branch: branch, head: head, commitCount: count, uncommittedChanges: changes,
                         isDetached: detached, isMerging: state != GIT_REPOSITORY_STATE_NONE.rawValue, isShallow: shallow,
                         changesElsewhere: elsewhere)
    }

    /// How many commits `head` reaches among those in the object store (a parent that is not
    /// there, past a shallow clone's boundary, ends that line).
    private func commitsPresent(from head: ObjectID) throws -> Int {
        let database = try GitObjectDatabase(repository: handle)
        var seen: Set<ObjectID> = [head]
        var pending = [head]
        var count = 0
        while let commit = pending.popLast() {
            let parents: [ObjectID]
            do {
                parents = try database.read(commit) { kind, data in
                    guard kind == .commit else { throw GitRawObject.malformed("commit") }
                    return try GitRawObject.parseCommit(data).parents
                }
            } catch let error as GitError where error.isNotFound {
                continue
            }
            count += 1
            for parent in parents where seen.insert(parent).inserted { pending.append(parent) }
        }
        return count
    }

    // MARK: Committing

    /// Commits the working-tree state of exactly `paths` on top of HEAD (a missing file is a
    /// deletion), and stages the same state in the index so `git status` stays clean. Other
    /// staged changes the user made with the git CLI stay staged and are not committed.
    ///
    /// The author and committer are the user's git identity when one is configured, else
    /// "Say It Later <say@localhost>".
    ///
    /// Only the trees above `paths` are rewritten, and the index is changed as a file where it
    /// can be (see ``commitWithIndexFile(paths:message:)``); nothing else in the working tree
    /// is looked at.
    ///
    /// - Parameters:
    ///   - paths: paths relative to the working tree root, with `/` separators.
    ///   - message: the commit message; callers keep entry words out of it.
    /// - Returns: the new commit, or nil when these paths already match HEAD.
    /// - Throws: `GitError`; `MarkdownStoreError` for a path that is a folder.
    ///   Calls `git_tree_create_updated`, `git_commit_create`, and `git_index_add_bypath`,
    ///   `git_index_write` for an index left to libgit2.
    @discardableResult
    public func commit(paths: [String], message: String) throws -> ObjectID? {
        // libgit2 takes the index's, HEAD's and the branch's locks itself: recorded, so a say
        // killed in the middle never leaves a lock that blocks the next run.
        let branch = (try? headBranch()).flatMap { $0 } ?? "refs/heads/main"
        return try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: [gitdir + "index.lock", gitdir + "HEAD.lock", gitdir + branch + ".lock"]) {
            // And the temporary files of the objects it writes, for the same reason.
            try withPendingWrites([GitPendingWrites.looseObjects(in: gitdir + "objects/")]) {
                try commitUnrecorded(paths: paths, message: message)
            }
        }
    }

    private func commitUnrecorded(paths: [String], message: String) throws -> ObjectID? {
        for path in paths { try Self.validateRelativePath(path) }
        if changesIndexAsFile, case let .done(commit) = try commitWithIndexFile(paths: Array(Set(paths)).sorted(), message: message) {
            return commit
        }
        let index = try GitIndex(repository: handle)
        let parent = try headCommit()
        let baseTree = try parent.map(tree(of:))
        defer { if let baseTree { git_tree_free(baseTree) } }

        let updates = GitTreeUpdates()
        for path in Set(paths).sorted() {
            try Self.validateRelativePath(path)
            var info = stat()
            if lstat(workdir + path, &info) == 0 {
                if Platform.fileType(info.st_mode) == S_IFDIR {
                    throw MarkdownStoreError.notAFile(path: path)
                }
                try gitCheck(git_index_add_bypath(index.handle, path), "git_index_add_bypath")
                guard let entry = git_index_get_bypath(index.handle, path, 0) else {
                    throw GitError.wrapper("the index lost a path it just added", function: "git_index_get_bypath")
                }
                try updates.upsert(path, id: entry.pointee.id, mode: git_filemode_t(entry.pointee.mode))
            } else if errno == ENOENT || errno == ENOTDIR {
                let removal = git_index_remove_bypath(index.handle, path)
                try gitCheck(removal, "git_index_remove_bypath")
                try updates.remove(path, from: baseTree)
            } else {
                throw MarkdownStoreError.io(path: path, operation: "read the file's status", errno: errno)
            }
        }
        var treeID = try updates.tree(on: baseTree, in: handle)
        if let baseTree, git_oid_equal(&treeID, git_tree_id(baseTree)) != 0 {
            try index.write()
            return nil
        }
        let commitID = try commitOnHead(tree: treeID, parent: parent, message: message)
        try index.write()
        return commitID
    }

    /// The tree of `commit` (the caller frees it). Calls `git_commit_lookup`, `git_commit_tree`.
    private func tree(of commit: ObjectID) throws -> OpaquePointer {
        var raw: OpaquePointer?
        try commit.withOID { try gitCheck(git_commit_lookup(&raw, handle, $0), "git_commit_lookup") }
        defer { git_commit_free(raw) }
        var tree: OpaquePointer?
        try gitCheck(git_commit_tree(&tree, raw), "git_commit_tree")
        guard let tree else { throw GitError.wrapper("no tree returned", function: "git_commit_tree") }
        return tree
    }

    /// Makes a commit of `tree` on `parent` (nil: a first commit) and moves HEAD's branch to it.
    /// Calls `git_commit_create`.
    private func commitOnHead(tree treeID: git_oid, parent: ObjectID?, message: String) throws -> ObjectID {
        var treeID = treeID
        var tree: OpaquePointer?
        try gitCheck(git_tree_lookup(&tree, handle, &treeID), "git_tree_lookup")
        defer { git_tree_free(tree) }
        let signature = try GitSignature(repository: handle)
        var commitID = git_oid()
        var parentCommit: OpaquePointer? = nil
        if let parent {
            try parent.withOID { try gitCheck(git_commit_lookup(&parentCommit, handle, $0), "git_commit_lookup") }
        }
        defer { if let parentCommit { git_commit_free(parentCommit) } }
        var parents: [OpaquePointer?] = parentCommit.map { [$0] } ?? []
        _ = try parents.withUnsafeMutableBufferPointer { buffer in
            try gitCheck(git_commit_create(&commitID, handle, "HEAD", signature.handle, signature.handle, nil, message, tree,
                                        buffer.count, buffer.baseAddress), "git_commit_create")
        }
        return ObjectID(commitID)
    }

    /// What ``commitWithIndexFile(paths:message:)`` did.
    private enum IndexFileCommit {
        /// Committed (nil: the paths already matched HEAD), and the index written.
        case done(ObjectID?)
        /// Nothing changed: this commit is one for libgit2's index (see `GitIndexFile`).
        case declined
    }

    /// Commits `paths` as ``commit(paths:message:)`` does, with the index changed as a file
    /// (`GitIndexFile`) rather than loaded into libgit2: the work of a keep is then one blob,
    /// the trees above it, a commit, and one pass over the index's bytes.
    ///
    /// Takes `index.lock` first (as git does, but as a lock of say's own ``GitLockSet``, so that a
    /// say killed here leaves no lock the next run cannot prove its own and remove), so the index
    /// read is the one replaced. Declines,
    /// having changed nothing but perhaps written a blob, for anything but regular,
    /// non-executable files and deletions, a case-insensitive repository, and the indexes
    /// `GitIndexFile` leaves to libgit2.
    ///
    /// Calls `git_blob_create_from_buffer`, `git_tree_create_updated`, `git_commit_create`.
    private func commitWithIndexFile(paths: [String], message: String) throws -> IndexFileCommit {
        guard !configFlag("core.ignorecase") else { return .declined }
        let locks = try GitLockSet(gitFolder: gitdir, targets: [gitdir + "index"])
        defer { try? locks.release() }
        guard let file = try GitMappedFile(path: gitdir + "index") else { return .declined }

        let parent = try headCommit()
        let baseTree = try parent.map(tree(of:))
        defer { if let baseTree { git_tree_free(baseTree) } }

        var changes: [GitIndexFile.Change] = []
        let updates = GitTreeUpdates()
        for path in paths {
            var info = stat()
            // The file's status before its contents, as libgit2 takes them: a change after
            // this shows as a newer time, so the entry is looked at again.
            if lstat(workdir + path, &info) == 0 {
                switch Platform.fileType(info.st_mode) {
                case S_IFDIR: throw MarkdownStoreError.notAFile(path: path)
                case S_IFREG where info.st_mode & 0o111 == 0: break
                default: return .declined
                }
                // The bytes as they are: libgit2 would pass them through its filters first,
                // which loads the whole index to look for .gitattributes, and they change
                // nothing unless there is a carriage return (end-of-line conversion) or `$Id`.
                guard let bytes = GitIndexFile.contents(workdir + path), !GitIndexFile.mayBeFiltered(bytes) else { return .declined }
                let blob = try createBlob(bytes)
                changes.append(GitIndexFile.Change(path: Array(path.utf8), entry: GitIndexFile.entry(path: Array(path.utf8), status: info, object: blob)))
                try updates.upsert(path, id: blob.oid, mode: GIT_FILEMODE_BLOB)
            } else if errno == ENOENT || errno == ENOTDIR {
                changes.append(GitIndexFile.Change(path: Array(path.utf8), entry: nil))
                try updates.remove(path, from: baseTree)
            } else {
                throw MarkdownStoreError.io(path: path, operation: "read the file's status", errno: errno)
            }
        }
        let workdir = workdir
        let index = GitIndexFile.patched(file.raw, stamp: file.modified, changes: changes) { GitIndexFile.file(at: workdir, $0, holds: $1) }
        guard let index else { return .declined }

        var treeID = try updates.tree(on: baseTree, in: handle)
        var commitID: ObjectID? = nil
        if baseTree == nil || git_oid_equal(&treeID, git_tree_id(baseTree)) == 0 {
            commitID = try commitOnHead(tree: treeID, parent: parent, message: message)
        }

        // The new index is written beside the lock token and renamed over the index while the
        // lock is held; a run killed before the rename leaves only a temporary file the next
        // run removes (see `GitLocks.clearLeftovers`).
        let staging = gitdir + GitLocks.folder + ".index" + AtomicFile.temporaryMarker + "\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try withExtendedLifetime(file) { try GitIndexFile.write(index.pieces, from: file.raw, to: staging) }
        // Not flushed, as git and libgit2 do not flush an index, nor the commit and branch
        // written just now: the entry's file is what must survive a power cut, and it has been
        // flushed; an index lost with the commit is found stale and read again by the next look.
        do {
            try locks.install(staging, as: gitdir + "index", durably: false)
        } catch {
            unlink(staging)
            throw error
        }
        // HEAD and the index changed alike, for these paths only: a listing's record that the
        // repository was settled just before still says so (see `GitSettledState`).
        if let commitID, let parent, case let .new(checksum)? = index.pieces.last, checksum.count == 20 {
            let before = withExtendedLifetime(file) { ObjectID(bytes: file.bytes + file.count - 20) }  // a patched index has its checksum
            carrySettledRecord(from: (parent, before), to: (commitID, checksum.withUnsafeBytes { ObjectID(bytes: $0.baseAddress!) }))
        }
        try locks.release(durably: false)
        return .done(commitID)
    }

    /// A boolean from the repository's configuration; false when unset or unreadable.
    private func configFlag(_ name: String) -> Bool { Self.configFlag(name, in: handle) }

    /// A boolean from the configuration of the repository `handle`; false when unset or unreadable.
    static func configFlag(_ name: String, in handle: OpaquePointer) -> Bool {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return false }
        defer { git_config_free(config) }
        var value: Int32 = 0
        return git_config_get_bool(&value, config, name) == 0 && value != 0
    }

    /// Rejects absolute paths, `..`, empty components and anything inside `.git`.
    static func validateRelativePath(_ path: String) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            || components.first == ".git" {
            throw GitError.wrapper("not a path inside the working tree: \(path)", function: "commit")
        }
    }

    static func treeContains(_ tree: OpaquePointer, path: String) throws -> Bool {
        var entry: OpaquePointer?
        let result = git_tree_entry_bypath(&entry, tree, path)
        if result == GIT_ENOTFOUND.rawValue { return false }
        try gitCheck(result, "git_tree_entry_bypath")
        git_tree_entry_free(entry)
        return true
    }

    /// HEAD's tree (the caller frees it), or nil on an unborn branch.
    func lookupHeadTree() throws -> OpaquePointer? {
        guard let head = try headCommit() else { return nil }
        var commit: OpaquePointer?
        try head.withOID { try gitCheck(git_commit_lookup(&commit, handle, $0), "git_commit_lookup") }
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try gitCheck(git_commit_tree(&tree, commit), "git_commit_tree")
        return tree
    }
}

/// The repository's index, re-read from disk on creation so changes made with the git CLI are
/// seen. Owns one reference to the `git_index`.
final class GitIndex {
    let handle: OpaquePointer

    init(repository: OpaquePointer) throws {
        var raw: OpaquePointer?
        try gitCheck(git_repository_index(&raw, repository), "git_repository_index")
        guard let raw else { throw GitError.wrapper("no index returned", function: "git_repository_index") }
        handle = raw
        Self.comparePathsExactly(raw)
        // force: drop in-memory changes left by an earlier failed call; the file is the truth.
        try gitCheck(git_index_read(raw, 1), "git_index_read")
    }

    /// Makes the index (the repository's own, shared by every diff and status of this handle)
    /// find and compare paths byte for byte, as git's trees and `git status` (which looks up
    /// each index path as it is) do. With `core.ignorecase` libgit2 would otherwise take
    /// `Entries/x.md` for `entries/x.md` and write one file's version into the other's entry.
    static func comparePathsExactly(_ index: OpaquePointer) {
        let caps = git_index_caps(index)
        guard caps >= 0, caps & Int32(GIT_INDEX_CAPABILITY_IGNORE_CASE.rawValue) != 0 else { return }
        _ = git_index_set_caps(index, caps & ~Int32(GIT_INDEX_CAPABILITY_IGNORE_CASE.rawValue))
    }

    deinit { git_index_free(handle) }

    func write() throws {
        try gitCheck(git_index_write(handle), "git_index_write")
    }
}

/// A commit signature: the user's configured identity, else a neutral local one.
final class GitSignature {
    let handle: UnsafeMutablePointer<git_signature>

    init(repository: OpaquePointer) throws {
        var raw: UnsafeMutablePointer<git_signature>?
        let result = git_signature_default(&raw, repository)
        if result < 0 || raw == nil {
            // Not configured (GIT_ENOTFOUND) or unusable: fall back rather than fail a save.
            try gitCheck(git_signature_now(&raw, "Say It Later", "say@localhost"), "git_signature_now")
        }
        guard let raw else { throw GitError.wrapper("no signature returned", function: "git_signature_now") }
        handle = raw
    }

    deinit { git_signature_free(handle) }
}

/// A revision walker. `next()` returns nil at `GIT_ITEROVER`.
final class GitRevisionWalk {
    let handle: OpaquePointer

    init(repository: OpaquePointer) throws {
        var raw: OpaquePointer?
        try gitCheck(git_revwalk_new(&raw, repository), "git_revwalk_new")
        guard let raw else { throw GitError.wrapper("no walker returned", function: "git_revwalk_new") }
        handle = raw
    }

    deinit { git_revwalk_free(handle) }

    func next() throws -> ObjectID? {
        var oid = git_oid()
        let result = git_revwalk_next(&oid, handle)
        if result == GIT_ITEROVER.rawValue { return nil }
        try gitCheck(result, "git_revwalk_next")
        return ObjectID(oid)
    }
}

/// The real path of a folder, without a trailing `/`, for comparing two spellings of one place.
func gitCanonicalPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else {
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The changes `git_tree_create_updated` makes to a tree, and the C strings of their paths,
/// owned here and freed with it.
final class GitTreeUpdates {
    private var updates: [git_tree_update] = []
    private var paths: [UnsafeMutablePointer<CChar>] = []

    deinit { paths.forEach { free($0) } }

    var isEmpty: Bool { updates.isEmpty }

    /// Puts the object `id` at `path`.
    func upsert(_ path: String, id: git_oid, mode: git_filemode_t) throws {
        try append(path, action: GIT_TREE_UPDATE_UPSERT, id: id, mode: mode)
    }

    /// Takes `path` out, when `base` has it (libgit2 refuses to remove what is not there).
    func remove(_ path: String, from base: OpaquePointer?) throws {
        guard let base, try GitRepository.treeContains(base, path: path) else { return }
        try append(path, action: GIT_TREE_UPDATE_REMOVE, id: git_oid(), mode: GIT_FILEMODE_BLOB)
    }

    /// The tree `base` (none: an empty one) with these changes, written to `repository`.
    func tree(on base: OpaquePointer?, in repository: OpaquePointer?) throws -> git_oid {
        var id = git_oid()
        try gitCheck(git_tree_create_updated(&id, repository, base, updates.count, updates), "git_tree_create_updated")
        return id
    }

    private func append(_ path: String, action: git_tree_update_t, id: git_oid, mode: git_filemode_t) throws {
        guard let copy = strdup(path) else { throw MarkdownStoreError.io(path: path, operation: "copy the path", errno: ENOMEM) }
        paths.append(copy)
        updates.append(git_tree_update(action: action, id: id, filemode: mode, path: copy))
    }
}
