#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An https user name and password (or token), as a credential helper gave it: bytes that are
/// wiped when it goes, never a `String` (which cannot be wiped), never written anywhere.
final class GitCredential {
    /// NUL-terminated, for libgit2.
    fileprivate(set) var username: [CChar]
    fileprivate(set) var password: [CChar]

    fileprivate init(username: ArraySlice<UInt8>, password: ArraySlice<UInt8>) {
        self.username = Self.cString(username)
        self.password = Self.cString(password)
    }

    /// A NUL-terminated copy, built in place (no intermediate array left behind unwiped).
    private static func cString(_ bytes: ArraySlice<UInt8>) -> [CChar] {
        var result: [CChar] = []
        result.reserveCapacity(bytes.count + 1)
        for byte in bytes { result.append(CChar(bitPattern: byte)) }
        result.append(0)
        return result
    }

    /// Appends `key=value\n` to `buffer`, for approve and reject (the caller wipes it).
    fileprivate func appendLines(to buffer: inout [UInt8], username withUsername: Bool) {
        if withUsername {
            buffer.append(contentsOf: "username=".utf8)
            for byte in username.dropLast() { buffer.append(UInt8(bitPattern: byte)) }
            buffer.append(0x0A)
        }
        buffer.append(contentsOf: "password=".utf8)
        for byte in password.dropLast() { buffer.append(UInt8(bitPattern: byte)) }
        buffer.append(0x0A)
    }

    deinit { wipe() }

    func wipe() {
        wipeBytes(&username)
        wipeBytes(&password)
    }

    /// Calls `body` with both as C strings, valid only inside it.
    func withCStrings<R>(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> R) -> R {
        username.withUnsafeBufferPointer { user in password.withUnsafeBufferPointer { body(user.baseAddress!, $0.baseAddress!) } }
    }
}

/// Gets an https user name and password from the person's own git credential helpers, the way
/// git does: `git credential fill` (then `approve` once a sync worked, or `reject` when the
/// server refused the answer). git reads its configuration and runs the helpers (`store`, a
/// keyring, a cache); say never reads their storage, never asks, and keeps the answer in
/// memory for one sync only.
///
/// One per sync, shared by its connections: the helpers are asked once, and the answer is
/// used until the server refuses it (then it is rejected, and never offered again).
final class GitCredentialHelper {
    enum Failure: Error {
        /// There is no `git` on PATH to ask.
        case gitNotFound
        /// git gave no user name and password (no helper has one, or git failed or timed out).
        case noAnswer
    }

    /// How long `git credential fill` may take (a keyring may be slow to open), and approve or reject.
    static let fillTimeout: TimeInterval = 30
    static let updateTimeout: TimeInterval = 10

    private let environment: [String: String]
    /// The `protocol=`, `host=`, `path=` lines of the request, and `username=` when known.
    private var request: [UInt8] = []
    private var gitFolder: String?
    private var credential: GitCredential?
    /// The server refused the answer: it is not offered again in this sync.
    private(set) var refused = false

    init(environment: [String: String]) {
        self.environment = environment
    }

    deinit { forget() }

    /// The user name and password for `url`: the helpers' answer, asked for once.
    ///
    /// - Parameters:
    ///   - usernameFromURL: the user name the URL names, if any (git's helpers match on it).
    ///   - gitFolder: the journal's `.git` folder, so that its own configuration counts too.
    func answer(url: String, usernameFromURL: String?, gitFolder: String?) throws(Failure) -> GitCredential {
        if let credential { return credential }
        guard !refused else { throw .noAnswer }
        guard let request = Self.request(url: url, username: usernameFromURL) else { throw .noAnswer }
        self.request = request
        self.gitFolder = gitFolder
        guard let git else { throw .gitNotFound }
        guard var output = GitCredentialProcess.run(git: git, action: "fill", input: request, gitFolder: gitFolder,
                                                    environment: environment, timeout: Self.fillTimeout) else { throw .noAnswer }
        defer { wipeBytes(&output) }
        var username: ArraySlice<UInt8>?
        var password: ArraySlice<UInt8>?
        for line in output.split(separator: UInt8(ascii: "\n")) {
            if line.starts(with: Array("username=".utf8)) { username = line.dropFirst("username=".utf8.count) }
            if line.starts(with: Array("password=".utf8)) { password = line.dropFirst("password=".utf8.count) }
        }
        guard let username, let password, !password.isEmpty else { throw .noAnswer }
        let credential = GitCredential(username: username, password: password)
        self.credential = credential
        return credential
    }

    /// The server refused the answer: tells the helpers to drop it (`git credential reject`),
    /// and forgets it.
    func reject() {
        guard credential != nil else { return }
        refused = true
        update("reject")
        forget()
    }

    /// The sync worked: tells the helpers the answer is good (`git credential approve`, which
    /// is how `store` or a keyring keeps a token typed elsewhere), and forgets it.
    func approve() {
        guard credential != nil, !refused else { return }
        update("approve")
        forget()
    }

    /// Wipes the answer from memory.
    func forget() {
        credential?.wipe()
        credential = nil
    }

    private func update(_ action: String) {
        guard let credential, let git else { return }
        var input: [UInt8] = []
        input.reserveCapacity(request.count + credential.username.count + credential.password.count + 32)
        input.append(contentsOf: request)
        credential.appendLines(to: &input, username: !Self.containsLine(request, "username="))
        defer { wipeBytes(&input) }
        if var output = GitCredentialProcess.run(git: git, action: action, input: input, gitFolder: gitFolder,
                                                 environment: environment, timeout: Self.updateTimeout) {
            wipeBytes(&output)
        }
    }

    private static func containsLine(_ bytes: [UInt8], _ prefix: String) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).contains { $0.starts(with: Array(prefix.utf8)) }
    }

    /// The request in git's credential protocol: `protocol=https`, `host=` (with the port),
    /// `path=` (git drops it unless `credential.useHttpPath` is set) and `username=` when the
    /// URL names one. Nil when a value cannot be sent (a newline or NUL in it would start
    /// another key).
    static func request(url: String, username: String?) -> [UInt8]? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let rawPath = String(rest.dropFirst(authority.count).drop { $0 == "/" })
        var fields = [("protocol", url[..<schemeEnd.lowerBound].lowercased()), ("host", String(host))]
        if let path = rawPath.removingPercentEncoding ?? Optional(rawPath), !path.isEmpty { fields.append(("path", path)) }
        if let username, !username.isEmpty { fields.append(("username", username)) }
        guard !host.isEmpty, !fields.contains(where: { $0.1.contains("\n") || $0.1.utf8.contains(0) }) else { return nil }
        return Array(fields.map { $0.0 + "=" + $0.1 + "\n" }.joined().utf8)
    }

    /// The git that answers for the helpers: the first on the sync's PATH.
    private var git: String? { ProgramSearch.path(of: "git", environment: environment) }
}

/// One run of `git credential <action>`, owned from start to end: standard input a pipe with
/// the request, output and errors captured (errors are dropped: they may echo the request), no
/// terminal (a session of its own), no prompt (`GIT_TERMINAL_PROMPT=0`, no askpass program),
/// none of say's descriptors, and a deadline, after which it and whatever it started are killed.
enum GitCredentialProcess {
    /// The output, or nil when git could not start, failed, or ran out of time.
    static func run(git: String, action: String, input: [UInt8], gitFolder: String?, environment: [String: String],
                    timeout: TimeInterval) -> [UInt8]? {
        guard let toChild = makePipe() else { return nil }
        guard let fromChild = makePipe() else { closeAll(toChild); return nil }
        guard let errors = makePipe() else { closeAll(toChild + fromChild); return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Nothing else of say's (the server connection libgit2 holds open, above all) goes along.
        closeOthers(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&empty)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // A session of its own: no controlling terminal to prompt on, and one group to stop.
        var flags = Int32(sessionFlag | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var variables = environment
        variables["GIT_TERMINAL_PROMPT"] = "0"
        // Empty: git then runs no askpass program (core.askPass, SSH_ASKPASS) either.
        variables["GIT_ASKPASS"] = ""
        variables.removeValue(forKey: "GIT_DIR")
        if let gitFolder { variables["GIT_DIR"] = gitFolder }
        let arguments = [git, "credential", action]
        let cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, git, &actions, &attributes, cArguments, cEnvironment)
        close(toChild[0])
        close(fromChild[1])
        close(errors[1])
        guard spawned == 0 else {
            closeAll([toChild[1], fromChild[0], errors[0]])
            return nil
        }
        var output: [UInt8] = []
        output.reserveCapacity(maximumOutput)
        // git may stop reading early (and fail): the write then fails with EPIPE instead of
        // ending say.
        let previousHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousHandler) }
        let finished = exchange(input: input, toChild: toChild[1], fromChild: fromChild[0], errors: errors[0], output: &output,
                                deadline: Date().addingTimeInterval(timeout))
        closeAll([toChild[1], fromChild[0], errors[0]])
        let status = reap(pid, kill: !finished, deadline: Date().addingTimeInterval(finished ? timeout : 1))
        guard finished, status == 0 else {
            wipeBytes(&output)
            return nil
        }
        return output
    }

    /// `POSIX_SPAWN_SETSID` (a GNU extension in glibc's header, so not imported there).
    #if canImport(Darwin)
    private static let sessionFlag = Int32(POSIX_SPAWN_SETSID)
    #else
    private static let sessionFlag: Int32 = 0x80
    #endif

    /// More than any answer holds; the buffer never grows past it (so no copy is left behind).
    static let maximumOutput = 64 * 1024

    /// Writes `input`, reads the output and errors until both end; false at the deadline or
    /// when the output is too long.
    private static func exchange(input: [UInt8], toChild: Int32, fromChild: Int32, errors: Int32, output: inout [UInt8],
                                 deadline: Date) -> Bool {
        var written = 0
        var writer: Int32 = toChild
        if input.isEmpty { close(writer); writer = -1 }
        _ = fcntl(toChild, F_SETFL, fcntl(toChild, F_GETFL) | O_NONBLOCK)
        var open = (output: true, errors: true)
        var scratch = [UInt8](repeating: 0, count: 4096)
        defer { wipeBytes(&scratch) }
        while open.output || open.errors {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var fds = [pollfd(fd: open.output ? fromChild : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open.errors ? errors : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { return false }
            guard ready > 0 else { continue }
            if writer >= 0, fds[2].revents != 0 {
                let count = input.withUnsafeBytes { write(writer, $0.baseAddress! + written, input.count - written) }
                if count > 0 { written += count }
                if (count < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
                    // All written (the end of the input ends the request), or git stopped reading.
                    close(writer)
                    writer = -1
                }
            }
            for (index, fd) in [(0, fromChild), (1, errors)] where fds[index].revents != 0 {
                let count = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    if index == 0 { open.output = false } else { open.errors = false }
                    continue
                }
                if index == 0 {
                    guard output.count + count <= maximumOutput else { return false }
                    output.append(contentsOf: scratch[0 ..< count])
                }
            }
        }
        if writer >= 0 { close(writer) }
        return true
    }

    /// Waits for git to exit (killing its whole group first when `kill` is set, or at the
    /// deadline); returns its exit status, or nil when it was killed or did not end normally.
    private static func reap(_ pid: pid_t, kill shouldKill: Bool, deadline: Date) -> Int32? {
        if shouldKill { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return nil }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(2_000)
        }
        // WIFEXITED / WEXITSTATUS, written out: the C macros are not imported.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// A pipe whose ends close on exec (the child gets copies of the ends it needs).
    private static func makePipe() -> [Int32]? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Closes every descriptor above 2 in the child (on macOS, `POSIX_SPAWN_CLOEXEC_DEFAULT` does).
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Darwin)
        return
        #else
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        // Older C libraries: each descriptor open now, by name.
        let folder = FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd" : "/dev/fd"
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { Int32($0) }.filter { $0 > 2 }
        for fd in open where fcntl(fd, F_GETFD) >= 0 && fcntl(fd, F_GETFD) & FD_CLOEXEC == 0 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        #endif
    }

    private static func closeAll(_ fds: [Int32]) {
        for fd in fds where fd >= 0 { close(fd) }
    }
}

/// Overwrites bytes that held a secret with zeros, in place (for a credential and every buffer
/// it passed through).
private func wipeBytes<T: FixedWidthInteger>(_ bytes: inout [T]) {
    bytes.withUnsafeMutableBufferPointer { for index in $0.indices { $0[index] = 0 } }
}
