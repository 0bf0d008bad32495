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

    /// `S_IFMT` masked out of a `stat` mode.
    static func fileType(_ mode: mode_t) -> mode_t { mode & S_IFMT }
}
