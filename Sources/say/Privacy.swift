#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif

/// What the process does first, before it reads a word: nothing it creates is readable by
/// anyone else, and a crash never writes its memory (which may hold what was being written)
/// to a core file.
enum Privacy {
    static func harden() {
        // Files and folders made by anything in this process (libgit2 included) are the
        // person's alone; say's own files are 0600 and folders 0700 whatever the umask.
        umask(0o077)
        // No core file, however the limit was set by the shell.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        #if os(Linux)
        // Not dumpable: no core file even if the limit is raised again, and another process of
        // the same user cannot attach to read memory. prctl is variadic in C, so it is reached
        // through a fixed-argument pointer (integer arguments are passed the same way).
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(4 /* PR_SET_DUMPABLE */, 0, 0, 0, 0)
        }
        #endif
    }
}
