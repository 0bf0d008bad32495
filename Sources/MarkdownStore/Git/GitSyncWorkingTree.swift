#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// Writing the reconciled files into the working tree without ever overwriting something of
/// the person's, following a link, or leaving half a file.
extension GitSyncSession {
    /// Brings the working tree and the index from this computer's files to `final`.
    ///
    /// Each file is written to a temporary file in its folder and renamed into place (0600, or
    /// 0700 for an executable mode); folders are made 0700 and must be real folders, never
    /// links. A path where the working tree does not hold what the last commit holds (an
    /// untracked file, or one changed and not committed) is left as it is, except the journal
    /// record, which is say's own. Everything is flushed once at the end, then the index is
    /// written with each file's status, so `git status` is clean and fast.
    ///
    /// - Parameters:
    ///   - final: every file after the sync.
    ///   - newBlobs: the bytes of blobs made in this sync (conflict copies, the record).
    /// - Returns: the paths left as they were.
    /// - Throws: `MarkdownStoreError`, `GitError`, `GitSyncError.unsafeRemote` for a file too large.
    func writeWorkingTree(final: [String: GitSyncFile], newBlobs: [ObjectID: [UInt8]]) throws -> [String] {
        let local = snapshot.local
        let recordFile = settings.layout.recordFile
        var writes: [(path: String, file: GitSyncFile)] = []
        var removals: [String] = []
        for path in Set(final.keys).union(local.keys).sorted() where final[path] != local[path] {
            if let file = final[path] { writes.append((path, file)) } else { removals.append(path) }
        }
        // New files (conflict copies among them) before the files they may replace: the words
        // are on disk twice for a moment rather than never.
        writes.sort { (local[$0.path] == nil ? 0 : 1, $0.path) < (local[$1.path] == nil ? 0 : 1, $1.path) }
        guard !writes.isEmpty || !removals.isEmpty else { return [] }

        var kept: [String] = []
        var written: [(path: String, file: GitSyncFile)] = []
        var awayByChoice: [(path: String, file: GitSyncFile)] = []
        var skipWorktree: Set<String>?  // read from the index once, only if a committed file is missing
        var folders = FolderGuard(root: repository.workdir)
        for (path, file) in writes {
            try GitRepository.validateRelativePath(path)
            let full = repository.workdir + path
            // A sparse checkout's file away from the folder stays away, as git leaves it:
            // the new version goes to the index only, still marked skip-worktree.
            var info = stat()
            if local[path] != nil, lstat(full, &info) != 0, errno == ENOENT {
                if skipWorktree == nil { skipWorktree = try repository.skipWorktreePaths() }
                if skipWorktree?.contains(path) == true {
                    awayByChoice.append((path, file))
                    continue
                }
            }
            try folders.prepare(parentOf: path)
            switch try state(of: full, committed: local[path], target: file) {
            case .matchesTarget:
                written.append((path, file))
                continue
            case .theirs where path != recordFile:
                kept.append(path)
                continue
            case .theirs, .asCommitted:
                break
            }
            let bytes = try newBlobs[file.blob] ?? repository.boundedBlobBytes(file.blob, limit: GitSyncValidation.largestEntry)
            try Self.replace(full, with: bytes, executable: file.mode == 0o100755)
            written.append((path, file))
        }
        var removed: [String] = []
        for path in removals {
            try GitRepository.validateRelativePath(path)
            let full = repository.workdir + path
            guard try folders.isInside(parentOf: path) else { removed.append(path); continue }
            if settings.layout.isEntry(path) || path == recordFile {
                // Only entries let go reach here: the let-go wins over an edit not yet committed.
                if unlink(full) != 0 && errno != ENOENT { throw MarkdownStoreError.io(path: full, operation: "remove the file", errno: errno) }
                removed.append(path)
            } else if let committed = local[path], try state(of: full, committed: committed, target: nil) == .asCommitted {
                if unlink(full) != 0 && errno != ENOENT { throw MarkdownStoreError.io(path: full, operation: "remove the file", errno: errno) }
                removed.append(path)
            } else {
                kept.append(path)
                removed.append(path)
            }
        }
        // The files must be on disk before the branch moves (see `apply`): one flush for all.
        guard Platform.syncFileSystem(containing: repository.workdir) == 0 else {
            throw MarkdownStoreError.io(path: repository.workdir, operation: "flush to disk", errno: errno)
        }
        try updateIndex(written: written, kept: kept.compactMap { path in final[path].map { (path, $0) } },
                        awayByChoice: awayByChoice, removed: removed)
        return kept.sorted()
    }

    /// Writes one file of the working tree (the journal record) the same way, and flushes it.
    func writeWorkingFile(_ path: String, _ bytes: [UInt8]) throws {
        try GitRepository.validateRelativePath(path)
        var folders = FolderGuard(root: repository.workdir)
        try folders.prepare(parentOf: path)
        try AtomicFile.write(bytes, to: repository.workdir + path)
    }

    private enum FileState { case asCommitted, matchesTarget, theirs }

    /// What the working tree holds at `full`, compared with the last commit and the target.
    private func state(of full: String, committed: GitSyncFile?, target: GitSyncFile?) throws -> FileState {
        var info = stat()
        guard lstat(full, &info) == 0 else {
            guard errno == ENOENT else { throw MarkdownStoreError.io(path: full, operation: "read the status of", errno: errno) }
            // Removed by the person since the last commit: theirs to decide.
            return committed == nil ? .asCommitted : .theirs
        }
        guard Platform.fileType(info.st_mode) == S_IFREG else { return .theirs }
        var oid = git_oid()
        try gitCheck(git_odb_hashfile(&oid, full, GIT_OBJECT_BLOB), "git_odb_hashfile")
        let id = ObjectID(oid)
        if let target, id == target.blob { return .matchesTarget }
        return id == committed?.blob ? .asCommitted : .theirs
    }

    /// Temporary file (0600 or 0700), write, rename; the caller flushes the batch (or, for
    /// say's own records that a power cut may lose, does not).
    static func replace(_ path: String, with bytes: [UInt8], executable: Bool = false) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = folder + "/." + name + AtomicFile.temporaryMarker + "\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let mode: mode_t = executable ? 0o700 : AtomicFile.fileMode
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: path, operation: "create a temporary file", errno: errno) }
        var done = false
        defer { if !done { unlink(temporary) } }
        do {
            defer { close(fd) }
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes { Platform.writeBytes(fd, $0.baseAddress! + offset, $0.count - offset) }  // count > 0 here
                if count < 0 {
                    if errno == EINTR { continue }
                    throw MarkdownStoreError.io(path: path, operation: "write", errno: errno)
                }
                offset += count
            }
            guard fchmod(fd, mode) == 0 else { throw MarkdownStoreError.io(path: path, operation: "set permissions", errno: errno) }
        }
        guard rename(temporary, path) == 0 else { throw MarkdownStoreError.io(path: path, operation: "replace the file", errno: errno) }
        done = true
    }

    /// Stages what was written with each file's status (so git need not read it again), what
    /// was kept with the sync's version (so `git status` shows the person's file as changed),
    /// stages the new version of a file a sparse checkout keeps away with its skip-worktree bit,
    /// and drops what was removed. Calls `git_index_add`, `git_index_remove_bypath`, `git_index_write`.
    private func updateIndex(written: [(path: String, file: GitSyncFile)], kept: [(path: String, file: GitSyncFile)],
                             awayByChoice: [(path: String, file: GitSyncFile)], removed: [String]) throws {
        let index = try GitIndex(repository: repository.handle)
        func add(_ path: String, _ file: GitSyncFile, status info: stat?, skipWorktree: Bool = false) throws {
            var entry = git_index_entry()
            if skipWorktree { entry.flags_extended = UInt16(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue) }
            if let info {
                let (change, modification) = Platform.changeAndModificationTimes(info)
                entry.ctime = git_index_time(seconds: Int32(truncatingIfNeeded: change.tv_sec), nanoseconds: UInt32(truncatingIfNeeded: change.tv_nsec))
                entry.mtime = git_index_time(seconds: Int32(truncatingIfNeeded: modification.tv_sec), nanoseconds: UInt32(truncatingIfNeeded: modification.tv_nsec))
                entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
                entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
                entry.uid = UInt32(truncatingIfNeeded: info.st_uid)
                entry.gid = UInt32(truncatingIfNeeded: info.st_gid)
                entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
            }
            entry.mode = file.mode
            entry.id = file.blob.oid
            try path.withCString { pointer in
                entry.path = pointer
                try gitCheck(git_index_add(index.handle, &entry), "git_index_add")
            }
        }
        for (path, file) in written {
            var info = stat()
            try add(path, file, status: lstat(repository.workdir + path, &info) == 0 ? info : nil)
        }
        // No status: git compares the file with the sync's version and shows the person's as changed.
        for (path, file) in kept { try add(path, file, status: nil) }
        for (path, file) in awayByChoice { try add(path, file, status: nil, skipWorktree: true) }
        for path in removed {
            try gitCheck(git_index_remove_bypath(index.handle, path), "git_index_remove_bypath")
        }
        try index.write()
    }
}

/// Makes sure every folder on the way to a file is a real folder inside the working tree (made
/// 0700 when missing), never a link to somewhere else.
private struct FolderGuard {
    let root: String
    private var checked: Set<String> = []

    init(root: String) {
        self.root = root
    }

    /// Creates or checks the folders above `path`.
    ///
    /// - Throws: `GitSyncError.unsyncableLocal` when one is a link or a file.
    mutating func prepare(parentOf path: String) throws {
        var current = ""
        for component in path.split(separator: "/").dropLast() {
            current += (current.isEmpty ? "" : "/") + component
            if checked.contains(current) { continue }
            let full = root + current
            var info = stat()
            if lstat(full, &info) != 0 {
                guard errno == ENOENT else { throw MarkdownStoreError.io(path: full, operation: "read the status of", errno: errno) }
                guard mkdir(full, AtomicFile.folderMode) == 0 || errno == EEXIST else {
                    throw MarkdownStoreError.io(path: full, operation: "create the folder", errno: errno)
                }
                guard lstat(full, &info) == 0 else { throw MarkdownStoreError.io(path: full, operation: "read the status of", errno: errno) }
            }
            guard Platform.fileType(info.st_mode) == S_IFDIR else {
                throw GitSyncError.unsyncableLocal(path: current, reason: "not a folder (say never writes through a link)")
            }
            checked.insert(current)
        }
    }

    /// Whether every folder above `path` is a real folder (false: nothing of the journal is there).
    mutating func isInside(parentOf path: String) throws -> Bool {
        var current = ""
        for component in path.split(separator: "/").dropLast() {
            current += (current.isEmpty ? "" : "/") + component
            var info = stat()
            guard lstat(root + current, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR else { return false }
        }
        return true
    }
}
