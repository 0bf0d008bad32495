#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif

/// The few POSIX details that differ between Linux and macOS, kept in one place.
enum Platform {
    /// Flushes a file's data and metadata to stable storage.
    ///
    /// On macOS `fsync` only reaches the drive's cache; `F_FULLFSYNC` reaches the platter.
    static func syncToDisk(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    /// The current thread's `errno`.
    static var lastErrno: Int32 { errno }

    /// `read(2)`, callable from types that have a `read` method of their own.
    static func readBytes(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(fd, pointer, count)
    }

    /// `write(2)`, callable from types that have a `write` method of their own.
    static func writeBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, pointer, count)
    }

    /// A file's change and modification times, as seconds and nanoseconds (git's index keeps both).
    static func changeAndModificationTimes(_ info: stat) -> (change: timespec, modification: timespec) {
        #if canImport(Darwin)
        return (info.st_ctimespec, info.st_mtimespec)
        #else
        return (info.st_ctim, info.st_mtim)
        #endif
    }

    /// Flushes every file written on the file system that holds `path` (one call for a batch of
    /// files, instead of one flush per file): `syncfs` on Linux, `sync` elsewhere.
    static func syncFileSystem(containing path: String) -> Int32 {
        #if canImport(Glibc) || canImport(Musl)
        // syncfs(2) is a GNU extension the C module does not export: looked up by name once.
        guard let syncfs = linuxSyncfs else {
            sync()
            return 0
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        return syncfs(fd)
        #else
        sync()
        return 0
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    private static let linuxSyncfs: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
    #endif

    /// `S_IFMT` masked out of a `stat` mode.
    static func fileType(_ mode: mode_t) -> mode_t { mode & S_IFMT }
}
