#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2
internal import CGit2Loader

/// Where libgit2 comes from at run time. On Linux it is not linked to the program: it is loaded,
/// with the fourteen libraries it brings (TLS, ssh, Kerberos...), the first time say calls it
/// (see `Sources/CGit2Loader`), so a command that never touches git starts without it, and one
/// that will can load it beside its other work. Elsewhere it is linked as usual and these do
/// nothing.
public enum GitLibrary {
    /// Starts loading libgit2 on a thread of its own, for a command that will use it soon.
    public static func preload() { say_git_preload() }

    /// Loads libgit2 now if it is not loaded yet. When it cannot be loaded, the program ends with
    /// a message saying what to install (as it would have, before, when it could not start).
    public static func load() { say_git_load() }
}

/// The one place that initialises libgit2.
///
/// `git_libgit2_init` is reference-counted and process-wide; it runs once, lazily, the first time
/// any repository is created or opened. It is never shut down: the count is global and the
/// program exits anyway.
enum LibGit2 {
    /// The result of the single `git_libgit2_init` call (a Swift `static let` is initialised
    /// exactly once, thread-safely).
    private static let initialization: Result<Void, GitError> = {
        // Its TLS and ssh set-up (the certificate authorities, OpenSSL's start through
        // libssh2) serve only network connections, so they are done then (see
        // `DeferredNetworkSetUp`).
        let result = DeferredNetworkSetUp.shared.deferring { git_libgit2_init() }
        if result < 0 { return .failure(GitError.last(code: result, function: "git_libgit2_init")) }
        return .success(())
    }()

    /// Makes sure libgit2 is initialised; every entry point that creates a handle calls this first.
    /// - Throws: `GitError` when initialisation failed.
    static func ensureInitialized() throws {
        try initialization.get()
    }

    /// Does the network set-up libgit2's initialisation left out, exactly as it would have
    /// done it: call before anything that may open a connection.
    ///
    /// - Throws: `GitError` when libgit2 is not initialised. A certificate bundle that cannot be
    ///   read leaves no authority trusted (every https certificate is then refused), as it would
    ///   have at initialisation. Calls `git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS)` and
    ///   `libssh2_init`.
    /// - Parameter certificateAuthorities: a file of authorities to trust instead of the
    ///   system's (`GIT_SSL_CAINFO`, `http.sslCAInfo`); when it cannot be read, this throws and
    ///   no authority is trusted.
    static func prepareForNetwork(certificateAuthorities: String? = nil) throws {
        try ensureInitialized()
        DeferredNetworkSetUp.shared.finish()
        try DeferredNetworkSetUp.shared.trust(only: certificateAuthorities)
    }
}

/// What libgit2 1.5 (as Debian builds it: TLS with mbedTLS, ssh with libssh2 on OpenSSL) sets
/// up inside `git_libgit2_init` for network connections only, done instead the first time a
/// connection is about to be made. Every run of say paid for it, and only `say sync` uses it:
///
/// - the certificate authorities: about 140 PEM certificates parsed, 4 ms;
/// - `libssh2_init`, which starts OpenSSL's library, a few tenths of a millisecond.
///
/// libgit2 calls `mbedtls_x509_crt_parse_file` (or `_parse_path` for a folder) and
/// `libssh2_init` in other libraries; this program defines those symbols itself, so the
/// dynamic linker binds libgit2's calls here. While libgit2 initialises, what it asks for is
/// noted and not done (its certificate chain is left empty, which trusts no one); before any
/// connection, ``LibGit2/prepareForNetwork()`` does it: the same certificate location goes
/// back in through `GIT_OPT_SET_SSL_CERT_LOCATIONS` (this time on to mbedTLS, so the chain is
/// the one initialisation would have built), and libssh2's own `libssh2_init` is called with
/// the same flags (libssh2 would also start itself with its first session). Every other call
/// goes straight on to the library. Where libgit2 is built otherwise (OpenSSL for TLS, macOS),
/// nothing is noted and this changes nothing.
final class DeferredNetworkSetUp: @unchecked Sendable {
    static let shared = DeferredNetworkSetUp()

    private let lock = NSLock()
    private var isDeferring = false
    /// The certificate file and folder libgit2 asked to load while initialising (nil: none).
    private var file: String?
    private var folder: String?
    /// The flags of the `libssh2_init` call libgit2 made while initialising (nil: none).
    private var sshFlags: Int32?
    private var finished = false
    /// The file trusted instead of the system's authorities, when one is (see `trust(only:)`).
    private var replacement: String?

    /// Runs libgit2's initialisation with its network set-up noted instead of done.
    func deferring<T>(_ body: () -> T) -> T {
        lock.withLock { isDeferring = true }
        defer { lock.withLock { isDeferring = false } }
        return body()
    }

    /// Whether this call comes from inside initialisation; if so, notes the location.
    fileprivate func noteIfDeferring(file: UnsafePointer<CChar>?, folder: UnsafePointer<CChar>?) -> Bool {
        lock.withLock {
            guard isDeferring else { return false }
            if let file { self.file = String(cString: file) }
            if let folder { self.folder = String(cString: folder) }
            return true
        }
    }

    /// Whether this `libssh2_init` comes from inside initialisation; if so, notes its flags.
    fileprivate func noteIfDeferring(sshFlags flags: Int32) -> Bool {
        lock.withLock {
            guard isDeferring else { return false }
            sshFlags = flags
            return true
        }
    }

    /// What libgit2 noted, for the tests: the file and folder of certificate authorities.
    var notedLocations: (file: String?, folder: String?) { lock.withLock { (file, folder) } }

    /// Does what initialisation left out, once.
    func finish() {
        let (file, folder, sshFlags) = lock.withLock { () -> (String?, String?, Int32?) in
            guard !finished else { return (nil, nil, nil) }
            finished = true
            return (self.file, self.folder, self.sshFlags)
        }
        #if os(Linux)
        if let sshFlags { _ = realSSHInit?(sshFlags) }
        #endif
        // As in libgit2's initialisation: the file if there is one, else the folder; a failure
        // leaves nothing trusted, which refuses every certificate.
        if let file, say_git_set_ssl_cert_locations(file, nil) == 0 { return }
        if let folder { _ = say_git_set_ssl_cert_locations(nil, folder) }
    }

    /// Trusts only the authorities in `file` from now on (nil: the system's again, as set up),
    /// as git does with `http.sslCAInfo`. With mbedTLS the chain is replaced. A file that
    /// cannot be read throws, every time it is asked for, so no connection is made with it.
    ///
    /// - Throws: `GitError` (class `GIT_ERROR_SSL`). Calls `git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS)`.
    func trust(only file: String?) throws {
        let (current, system, systemFolder) = lock.withLock { (replacement, self.file, folder) }
        guard file != current else { return }
        if let file {
            let result = say_git_set_ssl_cert_locations(file, nil)
            if result < 0 { throw GitError.last(code: result, function: "git_libgit2_opts") }
        } else if let system {
            _ = say_git_set_ssl_cert_locations(system, nil)
        } else if let systemFolder {
            _ = say_git_set_ssl_cert_locations(nil, systemFolder)
        }
        lock.withLock { replacement = file }
    }
}

#if os(Linux)
/// The libraries' own functions, found past this program's definitions.
private let realParseFile: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32)? =
    dlsym(UnsafeMutableRawPointer(bitPattern: -1), "mbedtls_x509_crt_parse_file")
        .map { unsafeBitCast($0, to: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self) }

private let realParsePath: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32)? =
    dlsym(UnsafeMutableRawPointer(bitPattern: -1), "mbedtls_x509_crt_parse_path")
        .map { unsafeBitCast($0, to: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self) }

private let realSSHInit: (@convention(c) (Int32) -> Int32)? =
    dlsym(UnsafeMutableRawPointer(bitPattern: -1), "libssh2_init").map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self) }

/// See ``DeferredNetworkSetUp``. Returns 0 (nothing parsed, nothing failed) while libgit2
/// initialises, otherwise mbedTLS's own result (-1, a failure, if its symbol were missing,
/// which cannot be: only a user of mbedTLS calls this).
/// (Public only so that the symbol is global, for the dynamic linker: not for callers.)
@_cdecl("mbedtls_x509_crt_parse_file")
public func _sayDeferredParseFile(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    if DeferredNetworkSetUp.shared.noteIfDeferring(file: path, folder: nil) { return 0 }
    return realParseFile?(chain, path) ?? -1
}

@_cdecl("mbedtls_x509_crt_parse_path")
public func _sayDeferredParsePath(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    if DeferredNetworkSetUp.shared.noteIfDeferring(file: nil, folder: path) { return 0 }
    return realParsePath?(chain, path) ?? -1
}

/// See ``DeferredNetworkSetUp``: 0 (success) while libgit2 initialises, otherwise libssh2's own
/// result.
@_cdecl("libssh2_init")
public func _sayDeferredSSHInit(_ flags: Int32) -> Int32 {
    if DeferredNetworkSetUp.shared.noteIfDeferring(sshFlags: flags) { return 0 }
    return realSSHInit?(flags) ?? -1
}
#endif

/// Turns a libgit2 return code into a thrown `GitError`. Call it right after the C call, on the
/// same thread, with nothing in between (the last-error message is per thread).
///
/// - Parameters:
///   - result: the C function's return value; negative values are errors.
///   - function: the C function's name, kept in the error.
/// - Returns: the non-negative result, for calls that return counts.
@discardableResult
func gitCheck(_ result: Int32, _ function: String) throws -> Int32 {
    if result < 0 { throw GitError.last(code: result, function: function) }
    return result
}

/// A failure reported by libgit2, or by this wrapper around it.
///
/// `message` is libgit2's own text (it may name a path in the repository, never file contents).
/// `errorDescription` is that message and what to do next; the C function and return code are
/// in `failureReason`, for a verbose mode.
public struct GitError: Error, Equatable, Sendable, LocalizedError {
    /// libgit2's return code (`GIT_ENOTFOUND` is -3, `GIT_ELOCKED` -14, …); -1 for wrapper checks.
    public let code: Int
    /// libgit2's error class (`GIT_ERROR_OS` is 2, `GIT_ERROR_ODB` 9, …); 0 when none was set.
    public let errorClass: Int
    /// libgit2's message, or "unknown libgit2 error" when it set none.
    public let message: String
    /// The C function (or wrapper step) that failed.
    public let function: String

    /// What the person can do about it, in words; empty when there is nothing to add.
    public let advice: String

    /// Creates an error from its parts (tests compare against values made this way).
    public init(code: Int, errorClass: Int, message: String, function: String, advice: String = "") {
        self.code = code
        self.errorClass = errorClass
        self.message = message
        self.function = function
        self.advice = advice
    }

    /// Reads `git_error_last()` now: it may be NULL in libgit2 1.5.
    static func last(code: Int32, function: String) -> GitError {
        guard let last = git_error_last() else {
            return GitError(code: Int(code), errorClass: 0, message: "unknown libgit2 error", function: function,
                            advice: advice(code: code, errorClass: 0))
        }
        let message = last.pointee.message.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
        // A sparse index (git's `sdir` index extension) is a setting, not damage.
        if let message, message.contains("unsupported mandatory extension: 'sdir'") {
            return GitError(code: Int(code), errorClass: Int(last.pointee.klass),
                            message: "the journal's git index is a sparse index (index.sparse, from `git sparse-checkout --sparse-index`), which say's git library cannot read",
                            function: function,
                            advice: "keep the sparse checkout with a full index: `git sparse-checkout init --no-sparse-index` in the journal folder, then try again")
        }
        return GitError(code: Int(code), errorClass: Int(last.pointee.klass), message: message ?? "unknown libgit2 error", function: function,
                        advice: advice(code: code, errorClass: last.pointee.klass))
    }

    /// What a person can do about a libgit2 failure, by its code and class.
    private static func advice(code: Int32, errorClass: Int32) -> String {
        if code == GIT_ELOCKED.rawValue {
            return "another git command may be working in the journal; wait for it to finish, then try again"
        }
        switch git_error_t(UInt32(errorClass)) {
        case GIT_ERROR_OS, GIT_ERROR_FILESYSTEM, GIT_ERROR_NOMEMORY:
            return "check that the disk has room and the journal folder can be written, then try again"
        case GIT_ERROR_REFERENCE, GIT_ERROR_ODB, GIT_ERROR_OBJECT, GIT_ERROR_INDEX, GIT_ERROR_ZLIB, GIT_ERROR_TREE:
            return "the journal's git repository may be damaged: `git fsck` in the journal folder shows what is wrong"
        case GIT_ERROR_REPOSITORY, GIT_ERROR_CONFIG:
            return "`git status` in the journal folder shows what git makes of the repository"
        default:
            return "`git status` in the journal folder shows the repository's state; try again once it looks right"
        }
    }

    /// An error detected by the wrapper itself (a malformed object, a repository in a state the
    /// operation refuses).
    static func wrapper(_ message: String, function: String, advice: String = "") -> GitError {
        GitError(code: -1, errorClass: 0, message: message, function: function, advice: advice)
    }

    /// The same error with what to do next, when it has none yet.
    func advising(_ text: String) -> GitError {
        advice.isEmpty ? GitError(code: code, errorClass: errorClass, message: message, function: function, advice: text) : self
    }

    /// True when libgit2 reported `GIT_ENOTFOUND`.
    public var isNotFound: Bool { code == Int(GIT_ENOTFOUND.rawValue) }

    /// libgit2's (or say's) reason, then what to do: "the index is locked …; wait for …".
    public var errorDescription: String? { advice.isEmpty ? message : message + "; " + advice }
    /// Where it failed: the C function and its return code, for a verbose mode.
    public var failureReason: String? { "\(function) returned \(code)" }
}

/// Decodes a C string that may be NULL, repairing invalid UTF-8.
func gitString(from pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
}

