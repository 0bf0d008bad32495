#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive, advisory lock on a folder, held by one process at a time.
///
/// The lock is `flock(2)` on a hidden file in the folder, so the kernel drops it when the
/// process exits, however it exits: a crashed or killed `say` never leaves a stale lock.
/// Released when the value is deinitialised.
public final class FolderLock {
    /// The hidden file the lock is taken on.
    public static let fileName = ".say-lock"

    private let fd: Int32

    /// The lock file's descriptor, for a child process that should hold the lock too while it
    /// runs (see `EditorScratch`). Closed when this value goes away.
    public var descriptor: Int32 { fd }

    /// Takes the lock on `folder`, creating the folder (0700) if needed and waiting at most
    /// `timeout` seconds for another process to release it.
    ///
    /// - Throws: `MarkdownStoreError.busy` when the wait runs out, `.unusableLockFile` when a
    ///   link or a folder is in the lock file's place, `.io` when the lock file cannot be opened.
    public init(folder: String, timeout: TimeInterval) throws {
        try AtomicFile.makeFolders(folder)
        let path = folder + "/" + Self.fileName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, AtomicFile.fileMode)
        guard fd >= 0 else {
            let code = errno
            // A link (restored by a backup tool, say) or a folder in its place: say what it is.
            var info = stat()
            if code == ELOOP || code == EISDIR || code == ENXIO, lstat(path, &info) == 0, Platform.fileType(info.st_mode) != S_IFREG {
                throw MarkdownStoreError.unusableLockFile(path: path, isLink: Platform.fileType(info.st_mode) == S_IFLNK)
            }
            throw MarkdownStoreError.io(path: path, operation: "open the lock file", errno: code)
        }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 2_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw MarkdownStoreError.io(path: path, operation: "lock the journal", errno: code)
            }
            guard Date() < deadline else {
                close(fd)
                throw MarkdownStoreError.busy(path: folder)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
