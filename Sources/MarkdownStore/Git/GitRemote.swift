#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// What the C callbacks of one remote operation share: the ssh keys still to offer, the host
/// key verdict, the https credentials, the lease to check and the per-reference push results.
///
/// Passed to libgit2 unretained through `payload`; whoever starts the operation keeps it alive
/// with `withExtendedLifetime` around the libgit2 call. libgit2 calls back on the calling
/// thread, more than once for credentials (once per refused key), so every count is capped.
final class GitTransportContext {
    enum KeyCandidate: Equatable {
        case agent
        case file(privateKey: String, publicKey: String?)
    }

    let address: GitRemoteAddress
    /// `~/.ssh`, where key files and known_hosts are read.
    let sshDirectory: String
    /// Whether an ssh agent is reachable (`SSH_AUTH_SOCK` is set).
    let agentAvailable: Bool
    /// The local user name, for URLs that name none.
    let localUser: String
    /// Files read for host keys, in order.
    let knownHostsFiles: [String]
    /// Where an https user name and password come from: the sync's, shared by its connections.
    let credentials: GitCredentialHelper?
    /// The journal's `.git` folder, whose configuration git's credential helpers read too.
    let gitFolder: String?
    /// The only certificate authorities trusted for https (`GIT_SSL_CAINFO`, `http.sslCAInfo`);
    /// nil: the system's.
    let certificateAuthorities: GitCertificateAuthorities?

    private var candidates: [KeyCandidate]?
    private(set) var credentialCalls = 0
    /// libgit2 asked for more credentials than there are keys: authentication failed.
    private(set) var offeredEveryKey = false
    /// Set when the host key was refused; the operation then fails with this.
    private(set) var hostKeyProblem: GitSyncError?
    /// How many times this connection asked for an https user name and password.
    private var passwordRequests = 0
    /// Set when an https server asked for credentials and none was accepted.
    private(set) var credentialProblem: GitSyncError?
    /// The remote's `refs/heads/main` the push expects to replace (`.some(nil)`: none);
    /// nil when the push is a plain fast-forward that the remote checks by itself.
    var lease: ObjectID??
    /// The push found `refs/heads/main` elsewhere than `lease`, and was stopped before sending.
    private(set) var leaseBroken = false
    /// References the remote refused, with its reason.
    private(set) var refusals: [(reference: String, message: String)] = []

    /// libgit2 asks at most once for a user name and once per key; more means a loop.
    static let maximumCredentialCalls = 10

    init(address: GitRemoteAddress, sshDirectory: String, agentAvailable: Bool, localUser: String,
         knownHostsFiles: [String], credentials: GitCredentialHelper? = nil, gitFolder: String? = nil,
         certificateAuthorities: GitCertificateAuthorities? = nil) {
        self.address = address
        self.credentials = credentials
        self.gitFolder = gitFolder
        self.certificateAuthorities = certificateAuthorities
        self.sshDirectory = sshDirectory.hasSuffix("/") ? sshDirectory : sshDirectory + "/"
        self.agentAvailable = agentAvailable
        self.localUser = localUser
        self.knownHostsFiles = knownHostsFiles
    }

    /// The agent first (when there is one), then the usual key files that exist.
    func keyCandidates() -> [KeyCandidate] {
        if let candidates { return candidates }
        var list: [KeyCandidate] = agentAvailable ? [.agent] : []
        for name in ["id_ed25519", "id_ecdsa", "id_rsa"] {
            let path = sshDirectory + name
            guard access(path, R_OK) == 0 else { continue }
            let publicKey = path + ".pub"
            list.append(.file(privateKey: path, publicKey: access(publicKey, R_OK) == 0 ? publicKey : nil))
        }
        candidates = list
        return list
    }

    /// Answers libgit2's credential request: an https user name and password, or for ssh a
    /// user name, or the next key to offer.
    fileprivate func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, usernameFromURL: String?, allowed: UInt32) -> Int32 {
        credentialCalls += 1
        let user = usernameFromURL ?? localUser
        if case .https = address.kind {
            return password(out, usernameFromURL: usernameFromURL, allowed: allowed)
        }
        if credentialCalls > Self.maximumCredentialCalls {
            offeredEveryKey = true
            return GIT_EAUTH.rawValue
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue == 0 {
            if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 { return git_credential_username_new(out, user) }
            offeredEveryKey = true
            return GIT_EAUTH.rawValue
        }
        var list = keyCandidates()
        guard !list.isEmpty else {
            offeredEveryKey = true
            return GIT_EAUTH.rawValue
        }
        let next = list.removeFirst()
        candidates = list
        switch next {
        case .agent:
            return git_credential_ssh_key_from_agent(out, user)
        case let .file(privateKey, publicKey):
            return git_credential_ssh_key_new(out, user, publicKey, privateKey, nil)
        }
    }

    /// An https server asked for a user name and password: the credential helpers' answer, once.
    /// libgit2 asks again on this connection only when the server refused it: then the helpers
    /// are told (`git credential reject`) and the sync stops, with no second try.
    private func password(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, usernameFromURL: String?,
                          allowed: UInt32) -> Int32 {
        guard allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0, let credentials else {
            credentialProblem = .noCredentials(remote: address.display)
            return GIT_EAUTH.rawValue
        }
        passwordRequests += 1
        if passwordRequests > 1 {
            credentials.reject()
            credentialProblem = .credentialsRefused(remote: address.display)
            return GIT_EAUTH.rawValue
        }
        do {
            let answer = try credentials.answer(url: address.url, usernameFromURL: usernameFromURL, gitFolder: gitFolder)
            return answer.withCStrings { git_credential_userpass_plaintext_new(out, $0, $1) }
        } catch .gitNotFound {
            credentialProblem = .gitNotFound(remote: address.display)
        } catch {
            credentialProblem = credentials.refused ? .credentialsRefused(remote: address.display) : .noCredentials(remote: address.display)
        }
        return GIT_EAUTH.rawValue
    }

    /// Checks an ssh host key against known_hosts; other certificates (https) are left to libgit2.
    fileprivate func check(_ certificate: UnsafeMutablePointer<git_cert>, host: String?) -> Int32 {
        guard certificate.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else { return GIT_PASSTHROUGH.rawValue }
        let hostKey = UnsafeRawPointer(certificate).assumingMemoryBound(to: git_cert_hostkey.self).pointee
        guard case let .ssh(_, parsedHost, port) = address.kind else {
            hostKeyProblem = .unknownHost(host: host ?? "", port: 22, fingerprint: nil)
            return GIT_ECERTIFICATE.rawValue
        }
        let name = host ?? parsedHost
        var fingerprint: String? = nil
        if hostKey.type.rawValue & GIT_CERT_SSH_SHA256.rawValue != 0 {
            var digest = hostKey.hash_sha256
            let bytes = withUnsafeBytes(of: &digest) { Data($0) }
            fingerprint = "SHA256:" + bytes.base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        guard hostKey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostKey.hostkey, hostKey.hostkey_len > 0 else {
            hostKeyProblem = .unknownHost(host: name, port: port, fingerprint: fingerprint)
            return GIT_ECERTIFICATE.rawValue
        }
        let key = Array(UnsafeRawBufferPointer(start: raw, count: hostKey.hostkey_len))
        switch GitKnownHosts(paths: knownHostsFiles).verdict(host: name, port: port, key: key) {
        case .trusted:
            return 0
        case .changed:
            hostKeyProblem = .hostKeyChanged(host: name, port: port, fingerprint: fingerprint)
        case .unknown:
            hostKeyProblem = .unknownHost(host: name, port: port, fingerprint: fingerprint)
        }
        return GIT_ECERTIFICATE.rawValue
    }

    /// Stops a push whose target moved since it was fetched (the lease).
    fileprivate func negotiate(_ updates: [(destination: String, current: ObjectID?)]) -> Int32 {
        guard let lease else { return 0 }
        for update in updates where update.destination == "refs/heads/main" && update.current != lease {
            leaseBroken = true
            return GIT_EUSER.rawValue
        }
        return 0
    }

    fileprivate func pushed(reference: String, status: String?) {
        if let status { refusals.append((reference, status)) }
    }

    /// The person-facing error for a libgit2 failure during this operation.
    func translate(_ error: GitError) -> Error {
        if let hostKeyProblem { return hostKeyProblem }
        if case .https = address.kind {
            if let credentialProblem { return credentialProblem }
            if error.code == Int(GIT_EAUTH.rawValue) { return GitSyncError.noCredentials(remote: address.display) }
            if error.code == Int(GIT_ECERTIFICATE.rawValue) {
                return GitSyncError.certificateNotTrusted(remote: address.display, authorities: certificateAuthorities.map { "\($0.path) (\($0.setting))" })
            }
            return error
        }
        if offeredEveryKey || error.code == Int(GIT_EAUTH.rawValue) { return GitSyncError.authenticationFailed(remote: address.display) }
        return error
    }
}

/// The libgit2 callbacks. C function pointers capture nothing: the context comes through
/// `payload`, unretained (see `GitTransportContext`).
private let credentialCallback: git_credential_acquire_cb = { out, _, usernameFromURL, allowed, payload in
    guard let out, let payload else { return GIT_EUSER.rawValue }
    let context = Unmanaged<GitTransportContext>.fromOpaque(payload).takeUnretainedValue()
    return context.credential(out, usernameFromURL: gitString(from: usernameFromURL), allowed: allowed)
}

private let certificateCallback: git_transport_certificate_check_cb = { certificate, _, host, payload in
    guard let certificate, let payload else { return GIT_ECERTIFICATE.rawValue }
    let context = Unmanaged<GitTransportContext>.fromOpaque(payload).takeUnretainedValue()
    return context.check(certificate, host: gitString(from: host))
}

private let negotiationCallback: git_push_negotiation = { updates, count, payload in
    guard let payload else { return GIT_EUSER.rawValue }
    let context = Unmanaged<GitTransportContext>.fromOpaque(payload).takeUnretainedValue()
    var list: [(destination: String, current: ObjectID?)] = []
    for position in 0 ..< count {
        guard let update = updates?[position]?.pointee else { continue }
        var source = update.src
        let current = git_oid_is_zero(&source) == 1 ? nil : ObjectID(source)
        list.append((gitString(from: update.dst_refname) ?? "", current))
    }
    return context.negotiate(list)
}

private let pushReferenceCallback: git_push_update_reference_cb = { reference, status, payload in
    guard let payload else { return GIT_EUSER.rawValue }
    let context = Unmanaged<GitTransportContext>.fromOpaque(payload).takeUnretainedValue()
    context.pushed(reference: gitString(from: reference) ?? "", status: gitString(from: status))
    return 0
}

/// One named remote of a repository (`origin`). Owns its `git_remote *`.
final class GitRemote {
    let handle: OpaquePointer
    /// Whether `connect` succeeded and `disconnect` has not run yet.
    private var connected = false

    /// A remote with no name, for one connection to `url`: nothing is written to the
    /// repository's configuration, and `url.<base>.insteadOf` rewrites are not applied (so a
    /// configuration line cannot turn an https address into a plain-text one).
    ///
    /// - Throws: `GitError`. Calls `git_remote_create_with_opts`.
    static func anonymous(repository: OpaquePointer, url: String) throws -> GitRemote {
        var options = git_remote_create_options()
        try gitCheck(git_remote_create_options_init(&options, UInt32(GIT_REMOTE_CREATE_OPTIONS_VERSION)), "git_remote_create_options_init")
        options.repository = repository
        options.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF.rawValue | GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC.rawValue
        var raw: OpaquePointer?
        try gitCheck(git_remote_create_with_opts(&raw, url, &options), "git_remote_create_with_opts")
        guard let raw else { throw GitError.wrapper("no remote returned", function: "git_remote_create_with_opts") }
        return GitRemote(handle: raw)
    }

    /// The URL configured for the remote `name` (`remote.<name>.url`), exactly as written, or
    /// nil when there is none. Calls `git_repository_config_snapshot`, `git_config_get_string`.
    static func configuredURL(repository: OpaquePointer, name: String) throws -> String? {
        var config: OpaquePointer?
        try gitCheck(git_repository_config_snapshot(&config, repository), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let result = git_config_get_string(&value, config, "remote.\(name).url")
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try gitCheck(result, "git_config_get_string")
        return gitString(from: value)
    }

    /// Stores `url` as the remote `name` (created with git's default fetch refspec, or its URL
    /// changed). Calls `git_remote_lookup`, `git_remote_create`, `git_remote_set_url`.
    static func store(repository: OpaquePointer, name: String, url: String) throws {
        guard try configuredURL(repository: repository, name: name) != url else { return }
        var raw: OpaquePointer?
        let found = git_remote_lookup(&raw, repository, name)
        if found == GIT_ENOTFOUND.rawValue {
            try gitCheck(git_remote_create(&raw, repository, name, url), "git_remote_create")
        } else {
            try gitCheck(found, "git_remote_lookup")
            try gitCheck(git_remote_set_url(repository, name, url), "git_remote_set_url")
        }
        git_remote_free(raw)
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        if connected { git_remote_disconnect(handle) }
        git_remote_free(handle)
    }

    /// The URL libgit2 uses for this remote.
    var url: String? { gitString(from: git_remote_url(handle)) }

    private func callbacks(_ context: GitTransportContext) throws -> git_remote_callbacks {
        // Every connection is made with these callbacks: the certificate authorities first.
        do {
            try LibGit2.prepareForNetwork(certificateAuthorities: context.certificateAuthorities?.path)
        } catch let error as GitError where context.certificateAuthorities != nil && error.errorClass == Int(GIT_ERROR_SSL.rawValue) {
            throw GitSyncError.certificateAuthoritiesUnreadable(path: context.certificateAuthorities!.path,
                                                               setting: context.certificateAuthorities!.setting)
        }
        var callbacks = git_remote_callbacks()
        try gitCheck(git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "git_remote_init_callbacks")
        callbacks.credentials = credentialCallback
        callbacks.certificate_check = certificateCallback
        callbacks.push_negotiation = negotiationCallback
        callbacks.push_update_reference = pushReferenceCallback
        callbacks.payload = Unmanaged.passUnretained(context).toOpaque()
        return callbacks
    }

    /// Connects for fetching and lists the remote's references (what `git ls-remote` shows).
    /// The connection stays open for `download`; `disconnect` closes it.
    ///
    /// - Returns: reference names and the commits (or tags) they point at; empty for an empty
    ///   repository. Symbolic entries such as HEAD are left out.
    /// - Throws: `GitSyncError` for host key and authentication problems, else `GitError`.
    ///   Calls `git_remote_connect`, `git_remote_ls`.
    func connectAndList(_ context: GitTransportContext) throws -> [String: ObjectID] {
        try withExtendedLifetime(context) {
            var callbacks = try callbacks(context)
            do {
                try gitCheck(git_remote_connect(handle, GIT_DIRECTION_FETCH, &callbacks, nil, nil), "git_remote_connect")
            } catch let error as GitError {
                throw context.translate(error)
            }
            connected = true
            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try gitCheck(git_remote_ls(&heads, &count, handle), "git_remote_ls")
            var result: [String: ObjectID] = [:]
            for position in 0 ..< count {
                guard let head = heads?[position]?.pointee, let name = gitString(from: head.name), name != "HEAD" else { continue }
                result[name] = ObjectID(head.oid)
            }
            return result
        }
    }

    /// Downloads what `refspecs` name over the open connection (objects only: references are
    /// the caller's to write, so nothing but what it asks for changes).
    ///
    /// - Throws: as `connectAndList`. Calls `git_remote_download`.
    func download(_ refspecs: [String], _ context: GitTransportContext) throws {
        try withExtendedLifetime(context) {
            var options = git_fetch_options()
            try gitCheck(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
            options.callbacks = try callbacks(context)
            options.prune = GIT_FETCH_NO_PRUNE
            options.update_fetchhead = 0
            options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
            try Self.withStrings(refspecs) { array in
                do {
                    try gitCheck(git_remote_download(handle, &array, &options), "git_remote_download")
                } catch let error as GitError {
                    throw context.translate(error)
                }
            }
        }
    }

    /// Closes the connection `connectAndList` opened. Calls `git_remote_disconnect`.
    func disconnect() {
        if connected { git_remote_disconnect(handle) }
        connected = false
    }

    /// Pushes `refspecs` (a leading `+` allows a non-fast-forward update; `context.lease`, when
    /// set, stops the push unless the remote's main is still what was fetched).
    ///
    /// - Throws: `GitSyncError.rejected` for a refused reference, `GitRemote.LeaseBroken` when
    ///   the remote moved, else as `connectAndList`. Calls `git_remote_push`.
    func push(_ refspecs: [String], _ context: GitTransportContext) throws {
        disconnect()
        try withExtendedLifetime(context) {
            var options = git_push_options()
            try gitCheck(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
            options.callbacks = try callbacks(context)
            try Self.withStrings(refspecs) { array in
                let result = git_remote_push(handle, &array, &options)
                if context.leaseBroken { throw LeaseBroken() }
                do {
                    try gitCheck(result, "git_remote_push")
                } catch let error as GitError {
                    throw context.translate(error)
                }
            }
            if let refusal = context.refusals.first {
                throw GitSyncError.rejected(reference: refusal.reference, message: refusal.message)
            }
        }
    }

    /// The remote's main moved between the fetch and the push.
    struct LeaseBroken: Error {}

    /// Calls `body` with a `git_strarray` of `strings`, valid only inside it.
    static func withStrings<R>(_ strings: [String], _ body: (inout git_strarray) throws -> R) throws -> R {
        var copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return try copies.withUnsafeMutableBufferPointer { buffer in
            var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return try body(&array)
        }
    }
}
