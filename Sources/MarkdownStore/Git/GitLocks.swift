#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// git's own lock files (`index.lock`, `HEAD.lock`, `packed-refs.lock`, `refs/…/<name>.lock`,
/// `config.lock`), taken the way git takes them, and never removed unless provably say's own.
///
/// git locks a file `F` by creating `F.lock` exclusively; whoever created it may replace `F`,
/// everyone else refuses to touch `F` while `F.lock` exists. A lock left by a killed process
/// stays until someone removes it, and git leaves that to the person.
///
/// **How say takes a lock.** Each run that locks anything first writes a *token* file,
/// `<git folder>/say/locks/<pid>-<random>`: a header, its start time and the lock paths it may
/// create, flushed to disk, and holds an exclusive `flock` on it for as long as it lives (the
/// kernel drops that when the process ends, however it ends). Every lock it then takes is a
/// **hard link to the token** made with `link(2)`, which fails atomically when the lock already
/// exists, exactly like git's `O_CREAT|O_EXCL`.
///
/// **Why a leftover can be removed safely.** A later run (of any say, on any repository it
/// opens) looks at every token: if its `flock` can be taken, the run that wrote it is dead, and
/// a lock path it lists is removed only when that path *is the token's own inode* (same device
/// and inode number). git and libgit2 create lock files with `open(O_EXCL)`, always a new
/// inode, so a lock of anyone else (including one a git command took after say died) is never
/// removed. Where the file system has no hard links (FAT, some network shares), the lock is
/// created with `O_EXCL` and holds the token's name; it is then removed only when its content
/// is exactly that name.
///
/// **Locks libgit2 takes itself** (inside `git_remote_push` to a folder, `git_config_set_*`):
/// ``GitLocks/whileLibgit2Writes(gitFolder:lockPaths:_:)`` records them in a token too; a
/// dead run's lock is then removed only with all of this evidence: the run is dead (its token's
/// flock is free), the lock is a regular file changed no earlier than the token was written,
/// and (on Linux) no process has it open; elsewhere such a lock is refused, never guessed at.
/// Anything else is refused with the lock's path and what to do.
///
/// Not `Sendable`; one owner releases it (``release()``, or `deinit` as a safety net).
final class GitLockSet {
    /// The git folder the locks are in (a common dir or a bare repository), with a trailing `/`.
    let gitFolder: String
    /// The files locked, as absolute paths (the lock is the path plus `.lock`).
    let targets: [String]
    private let token: GitLockToken
    private var taken: [String] = []
    private var released = false

    /// Takes `<target>.lock` for every target, or none of them.
    ///
    /// Leftovers of dead say runs are cleared first (see ``GitLocks/clearLeftovers(gitFolder:)``).
    ///
    /// - Parameters:
    ///   - gitFolder: the repository's git folder (common dir); the token lives in its `say/locks/`.
    ///   - targets: absolute paths of the files to lock, such as `<gitdir>index`.
    /// - Throws: `GitError` (code `GIT_ELOCKED`) naming the first lock someone else holds, with
    ///   what to do; `MarkdownStoreError` when the token cannot be written.
    init(gitFolder: String, targets: [String]) throws {
        self.gitFolder = gitFolder.hasSuffix("/") ? gitFolder : gitFolder + "/"
        let unique = Array(Set(targets)).sorted()
        self.targets = unique
        try GitLocks.clearLeftovers(gitFolder: self.gitFolder)
        token = try GitLockToken.create(gitFolder: self.gitFolder, kind: .links, lockPaths: unique.map { $0 + ".lock" })
        do {
            for target in unique {
                let lock = target + ".lock"
                try AtomicFile.makeFolders((lock as NSString).deletingLastPathComponent)
                try token.takeLock(at: lock)
                taken.append(lock)
            }
        } catch {
            rollBack()
            throw error
        }
    }

    deinit {
        if !released { rollBack() }
    }

    /// Replaces a locked file's contents atomically: a temporary file in the token's folder,
    /// flushed, renamed over the target, the target's folder flushed.
    ///
    /// - Throws: `MarkdownStoreError`; `GitError` when `target` is not locked by this set.
    func write(_ bytes: [UInt8], to target: String) throws {
        try requireLocked(target)
        try AtomicFile.write(bytes, to: target, stagingIn: gitFolder + GitLocks.folder)
    }

    /// Moves a finished file (on the same file system) over a locked target, then flushes the
    /// target's folder unless `durably` is false (for a file git itself would not flush).
    func install(_ file: String, as target: String, durably: Bool = true) throws {
        try requireLocked(target)
        guard rename(file, target) == 0 else { throw MarkdownStoreError.io(path: target, operation: "replace the file", errno: errno) }
        if durably { try AtomicFile.syncFolder((target as NSString).deletingLastPathComponent) }
    }

    /// Removes a locked file (a missing one is fine).
    func remove(_ target: String) throws {
        try requireLocked(target)
        try AtomicFile.remove(target)
    }

    /// Releases every lock, then the token. Call once the locked files are written. Unless
    /// `durably` is false, the locks' folders are flushed first (a lock left by a power cut is
    /// still one the next run can prove is no one's: see ``GitLockToken``).
    func release(durably: Bool = true) throws {
        guard !released else { return }
        released = true
        for lock in taken.reversed() where unlink(lock) != 0 && errno != ENOENT {
            throw MarkdownStoreError.io(path: lock, operation: "release the git lock", errno: errno)
        }
        if durably {
            for folder in Set(taken.map { ($0 as NSString).deletingLastPathComponent }).sorted() { try? AtomicFile.syncFolder(folder) }
        }
        try token.finish()
    }

    /// For crash tests: ends this set as a SIGKILL would (the flock goes, every file stays).
    func abandonAsIfKilled() {
        released = true
        token.abandon()
    }

    private func requireLocked(_ target: String) throws {
        guard taken.contains(target + ".lock") else {
            throw GitError.wrapper("say wrote \(target) without holding its lock", function: "GitLockSet")
        }
    }

    private func rollBack() {
        for lock in taken.reversed() { unlink(lock) }
        taken = []
        try? token.finish()
    }
}

/// The entry points that are not a lock set: clearing leftovers, and recording the locks
/// libgit2 takes by itself.
enum GitLocks {
    /// Where tokens live, inside the git folder.
    static let folder = "say/locks/"

    /// Whether every folder on the way from `base` (a git folder, with a trailing `/`) to the
    /// file at `relative` is a real folder, not a link: what say reads or removes by a name it
    /// finds in a git folder (a shared remote's, which others can write) is never followed out
    /// of that folder.
    static func staysInside(_ base: String, _ relative: String) -> Bool {
        var folder = base
        for component in relative.split(separator: "/").dropLast() {
            folder += component + "/"
            var info = stat()
            guard lstat(String(folder.dropLast()), &info) == 0 else { return errno == ENOENT }
            guard Platform.fileType(info.st_mode) == S_IFDIR else { return false }
        }
        return true
    }

    /// Throws when say's folder for lock records in `base` is a link (say never makes one):
    /// records written there would land outside the git folder.
    static func refuseLinkedTokenFolder(_ base: String) throws {
        guard staysInside(base, folder + "token") else {
            throw GitError.wrapper("\(base)say is a link to another folder, which say never makes", function: "lock",
                                   advice: "remove that link (`rm \(base)say`) and try again")
        }
    }

    /// Removes the locks of say runs that died, where they are provably theirs (see
    /// ``GitLockSet``), and the tokens of those runs. Tokens of live runs are left alone.
    ///
    /// - Parameter gitFolder: a git folder (common dir or bare repository).
    /// - Returns: the lock files removed.
    /// - Throws: `MarkdownStoreError` when a token or a lock cannot be read or removed.
    @discardableResult
    static func clearLeftovers(gitFolder: String) throws -> [String] {
        let base = gitFolder.hasSuffix("/") ? gitFolder : gitFolder + "/"
        let tokenFolder = base + folder
        var removed: [String] = []
        // Records reached through a link are not say's: never read, never acted on.
        guard staysInside(base, folder + "token") else { return [] }
        let names = try FolderContents.names(in: tokenFolder)
        var livePIDs = Set<Substring>()
        for name in names where !AtomicFile.isTemporary(name: name) {
            let path = tokenFolder + name
            guard let dead = try GitLockToken.openIfDead(path) else {
                if access(path, F_OK) == 0, let pid = name.split(separator: "-").first { livePIDs.insert(pid) }
                continue
            }
            removed += try dead.removeProvableLocks(gitFolder: base)
            try dead.finish()
        }
        // Staged writes (`.<name>.tmp-<pid>-<random>`) of runs that are no longer alive.
        for name in names where AtomicFile.isTemporary(name: name) {
            guard let marker = name.range(of: AtomicFile.temporaryMarker) else { continue }
            let pid = name[marker.upperBound...].split(separator: "-").first ?? ""
            if !livePIDs.contains(pid) { try AtomicFile.remove(tokenFolder + name) }
        }
        return removed
    }

    /// Runs a libgit2 call that takes git locks by itself, with those locks recorded so that a
    /// say killed inside the call never leaves a lock that blocks say forever.
    ///
    /// - Parameters:
    ///   - gitFolder: the git folder the locks are in.
    ///   - lockPaths: absolute paths of every lock the call may create (`<gitdir>config.lock`).
    ///   - body: the call.
    /// - Throws: what `body` throws; `GitError` when one of the locks is already held.
    @discardableResult
    static func whileLibgit2Writes<T>(gitFolder: String, lockPaths: [String], _ body: () throws -> T) throws -> T {
        let base = gitFolder.hasSuffix("/") ? gitFolder : gitFolder + "/"
        try clearLeftovers(gitFolder: base)
        for lock in lockPaths where access(lock, F_OK) == 0 { throw GitLocks.busy(lock) }
        let token = try GitLockToken.create(gitFolder: base, kind: .libgit2, lockPaths: lockPaths)
        defer { try? token.finish() }
        return try body()
    }

    /// The error for a lock someone else holds, with what to do.
    static func busy(_ lock: String) -> GitError {
        GitError(code: -14, errorClass: 0,
                 message: "git's lock file \(lock) exists: a git command is running here, or one stopped part-way",
                 function: "lock", advice: "wait for that git command to finish; if none is running, remove \(lock) and try again")
    }
}

/// One run's token: the file every lock of a ``GitLockSet`` is a hard link to, flock-held.
final class GitLockToken {
    enum Kind: String {
        /// Locks are hard links to the token (or, without hard links, hold its name).
        case links
        /// Locks are created by libgit2; only the paths are known.
        case libgit2
    }

    private static let header = "say-it-later git locks 1"
    let path: String
    let kind: Kind
    let lockPaths: [String]
    /// When the token was written (seconds since 1970, its own mtime).
    let started: timespec
    private var fd: Int32
    private let device: UInt64
    private let inode: UInt64
    /// The file system has no hard links: locks were created with O_EXCL and hold `path`.
    private var noHardLinks = false

    private init(path: String, kind: Kind, lockPaths: [String], fd: Int32) throws {
        self.path = path
        self.kind = kind
        self.lockPaths = lockPaths
        self.fd = fd
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MarkdownStoreError.io(path: path, operation: "read the status of", errno: errno) }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        started = GitLockToken.modificationTime(info)
    }

    /// Writes, flushes and flock-holds a new token listing `lockPaths`.
    static func create(gitFolder: String, kind: Kind, lockPaths: [String]) throws -> GitLockToken {
        try GitLocks.refuseLinkedTokenFolder(gitFolder)
        let folder = gitFolder + GitLocks.folder
        try AtomicFile.makeFolders(folder)
        let path = folder + "\(getpid())-\(UInt64.random(in: 0 ... .max))"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, AtomicFile.fileMode)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: path, operation: "create the lock record", errno: errno) }
        // Nobody else knows the name yet, so this cannot block.
        flock(fd, LOCK_EX)
        let text = ([header, kind.rawValue] + lockPaths.map { relative($0, to: gitFolder) }).joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        // Not flushed to disk: a kill keeps the page cache, and a lock is recognised by the
        // token's inode, which a lock that survives a power cut shares whatever the contents.
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            let code = errno
            close(fd)
            unlink(path)
            throw MarkdownStoreError.io(path: path, operation: "write the lock record", errno: code)
        }
        do {
            let token = try GitLockToken(path: path, kind: kind, lockPaths: lockPaths, fd: fd)
            live.insert(path)
            return token
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
    }

    /// Tokens this process holds now. A token of this process is alive exactly when it is
    /// listed here: its flock cannot tell, since a child this process is spawning at that very
    /// moment may still share the open file until it execs.
    private static let live = LiveTokens()

    /// Opens a token whose run is dead (its flock is free), or nil while the run lives.
    static func openIfDead(_ path: String) throws -> GitLockToken? {
        let name = (path as NSString).lastPathComponent
        let ownProcess = name.split(separator: "-").first.map(String.init) == String(getpid())
        if ownProcess && live.contains(path) { return nil }
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw MarkdownStoreError.io(path: path, operation: "open the lock record", errno: errno)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 || ownProcess else {
            close(fd)
            return nil
        }
        var text = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            text += buffer[0 ..< count]
            if text.count > 1 << 20 { break }
        }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        let folder = (path as NSString).deletingLastPathComponent  // <git>/say/locks
        let gitFolder = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent + "/"
        // A token killed before its header was flushed lists nothing: it never linked a lock.
        let kind = lines.count >= 2 && lines[0] == header ? Kind(rawValue: lines[1]) : nil
        let locks = kind == nil ? [] : lines.dropFirst(2).compactMap { line -> String? in
            // Only paths inside the git folder, ending in .lock, are ever removed.
            let parts = line.split(separator: "/", omittingEmptySubsequences: false)
            guard line.hasSuffix(".lock"), !line.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
                  GitLocks.staysInside(gitFolder, line) else { return nil }
            return gitFolder + line
        }
        do {
            return try GitLockToken(path: path, kind: kind ?? .links, lockPaths: locks, fd: fd)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Creates `lock` as a link to this token, atomically; throws `GitLocks.busy` when it exists.
    func takeLock(at lock: String) throws {
        if !noHardLinks {
            if link(path, lock) == 0 { return }
            switch errno {
            case EEXIST: throw GitLocks.busy(lock)
            case EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP: noHardLinks = true
            default: throw MarkdownStoreError.io(path: lock, operation: "take the git lock", errno: errno)
            }
        }
        let lockFD = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, AtomicFile.fileMode)
        guard lockFD >= 0 else {
            if errno == EEXIST { throw GitLocks.busy(lock) }
            throw MarkdownStoreError.io(path: lock, operation: "take the git lock", errno: errno)
        }
        defer { close(lockFD) }
        let bytes = Array(contentMark.utf8)
        _ = bytes.withUnsafeBytes { write(lockFD, $0.baseAddress, $0.count) }
        _ = Platform.syncToDisk(lockFD)
    }

    /// What a lock holds on a file system without hard links.
    private var contentMark: String { "say-it-later lock " + (path as NSString).lastPathComponent + "\n" }

    /// Removes the locks this dead run provably made; returns them. Hard links are found by
    /// the token's inode even where the record lists nothing (a record cut short by a kill):
    /// every `*.lock` at the top of the git folder and under `refs/` is looked at.
    func removeProvableLocks(gitFolder: String) throws -> [String] {
        var removed: [String] = []
        var candidates = lockPaths
        var own = stat()
        if kind == .links, fstat(fd, &own) == 0, own.st_nlink > 1 {
            candidates += Self.lockFiles(in: gitFolder, recursive: false)
            candidates += Self.lockFiles(in: gitFolder + "refs/", recursive: true)
        }
        for lock in Array(Set(candidates)).sorted() {
            var info = stat()
            guard lstat(lock, &info) == 0 else { continue }
            guard isProvablyOurs(lock, info) else { continue }
            if unlink(lock) != 0 && errno != ENOENT {
                throw MarkdownStoreError.io(path: lock, operation: "remove a lock a killed say left", errno: errno)
            }
            try? AtomicFile.syncFolder((lock as NSString).deletingLastPathComponent)
            removed.append(lock)
        }
        return removed
    }

    private func isProvablyOurs(_ lock: String, _ info: stat) -> Bool {
        guard Platform.fileType(info.st_mode) == S_IFREG else { return false }
        switch kind {
        case .links:
            if UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode { return true }
            // Without hard links: exactly the token's name, and nothing else.
            guard info.st_size == contentMark.utf8.count, let data = FileManager.default.contents(atPath: lock) else { return false }
            return data == Data(contentMark.utf8)
        case .libgit2:
            // Changed no earlier than the record was written (a second of margin for file
            // systems with coarse times), and held open by no process.
            let changed = Self.modificationTime(info)
            guard Self.seconds(changed) + 1 >= Self.seconds(started) else { return false }
            return !Self.isOpenByAnyProcess(lock)
        }
    }

    /// Files named `*.lock` in a folder (and its subfolders), never following links.
    private static func lockFiles(in folder: String, recursive: Bool) -> [String] {
        var result: [String] = []
        for name in (try? FolderContents.names(in: folder)) ?? [] {
            let path = folder + name
            if name.hasSuffix(".lock") { result.append(path); continue }
            var info = stat()
            if recursive, lstat(path, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR {
                result += lockFiles(in: path + "/", recursive: true)
            }
        }
        return result
    }

    /// Ends the run normally: the token is removed and its flock released.
    func finish() throws {
        guard fd >= 0 else { return }
        if unlink(path) != 0 && errno != ENOENT {
            throw MarkdownStoreError.io(path: path, operation: "remove the lock record", errno: errno)
        }
        Self.live.remove(path)
        close(fd)
        fd = -1
    }

    /// Closes the token without removing anything (a kill, for tests).
    func abandon() {
        guard fd >= 0 else { return }
        Self.live.remove(path)
        close(fd)
        fd = -1
    }

    deinit {
        if fd >= 0 {
            Self.live.remove(path)
            close(fd)
        }
    }

    private static func relative(_ path: String, to gitFolder: String) -> String {
        path.hasPrefix(gitFolder) ? String(path.dropFirst(gitFolder.count)) : path
    }

    private static func modificationTime(_ info: stat) -> timespec {
        #if canImport(Darwin)
        return info.st_mtimespec
        #else
        return info.st_mtim
        #endif
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    /// Whether any process has the file open (Linux: `/proc/*/fd`). Elsewhere, and when `/proc`
    /// cannot be read, the answer is "maybe", so true.
    static func isOpenByAnyProcess(_ path: String) -> Bool {
        #if os(Linux)
        var target = stat()
        guard stat(path, &target) == 0, let processes = try? FolderContents.names(in: "/proc") else { return true }
        for process in processes where process.allSatisfy(\.isNumber) {
            guard let fds = try? FolderContents.names(in: "/proc/\(process)/fd") else { continue }
            for fd in fds {
                var info = stat()
                if stat("/proc/\(process)/fd/\(fd)", &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino { return true }
            }
        }
        return false
        #else
        return true
        #endif
    }
}

/// The set of token paths this process holds, shared by every thread.
private final class LiveTokens: @unchecked Sendable {
    private let lock = NSLock()
    private var paths = Set<String>()

    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }
}
