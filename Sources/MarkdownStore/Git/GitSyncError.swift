import Foundation

/// Why a sync with a remote could not be done, worded for a person (short lowercase fragments).
///
/// The libgit2 detail, when there is one, is in `failureReason`; it never holds file contents.
public enum GitSyncError: Error, Equatable, Sendable, LocalizedError {
    /// No remote was given and the repository has none yet.
    case noRemote
    /// The address uses a transport say refuses (plain text, or one that runs programs).
    case unsupportedTransport(remote: String, scheme: String)
    /// The remote could not be reached: no such folder, no route, connection refused, no git there.
    case unreachable(remote: String, detail: String)
    /// The ssh server refused every key (agent and key files) that was offered.
    case authenticationFailed(remote: String)
    /// The https server asked for a user name and password and no credential helper gave one.
    case noCredentials(remote: String)
    /// The https server refused the user name and password a credential helper gave (now rejected).
    case credentialsRefused(remote: String)
    /// The https server asked for a user name and password, and there is no git to ask helpers.
    case gitNotFound(remote: String)
    /// The address holds a password, which say never stores.
    case passwordInAddress(remote: String)
    /// The https server's certificate is not signed by a trusted authority (or not for its name).
    case certificateNotTrusted(remote: String, authorities: String?)
    /// The certificate authority file named by `setting` could not be read.
    case certificateAuthoritiesUnreadable(path: String, setting: String)
    /// The ssh server's host key is in no known_hosts file.
    case unknownHost(host: String, port: Int, fingerprint: String?)
    /// The ssh server's host key differs from the one in known_hosts for that host.
    case hostKeyChanged(host: String, port: Int, fingerprint: String?)
    /// The remote has history, but not a journal's (no `.say-journal` marker on `main`).
    case notAJournal(remote: String)
    /// The remote's references or objects cannot be read (libgit2's `detail`): damaged, or
    /// written by something other than git.
    case damagedRemote(remote: String, detail: String)
    /// The remote has branches, and none is `main` (the branch say syncs).
    case noMainBranch(remote: String, branches: [String])
    /// The remote is a folder that is neither empty nor a git repository.
    case notARepository(remote: String)
    /// The remote is a folder holding a git repository in a format say's git library cannot
    /// open (SHA-256 object names, `extensions.preciousObjects`, another extension): libgit2's
    /// `detail` names it.
    case unsupportedRemoteFormat(remote: String, detail: String)
    /// The remote is a repository with a working tree whose checked-out branch is `main`.
    case checkedOutRemote(remote: String)
    /// The remote's tree holds something say never writes, or something unsafe; nothing was changed.
    case unsafeRemote(path: String, reason: String)
    /// This journal's own history holds a file sync cannot carry; nothing was changed.
    case unsyncableLocal(path: String, reason: String)
    /// The remote's history cannot be reconciled with what this device last synced with.
    case diverged(reason: String)
    /// Another device kept pushing while this one tried to; every bounded attempt lost the race.
    case remoteKeptMoving(attempts: Int)
    /// The remote refused the update of a reference.
    case rejected(reference: String, message: String)
    /// The folder remote's own settings forbid replacing its history (`receive.denyNonFastForwards`),
    /// which a let-go needs; nothing was changed there.
    case rewriteForbidden(remote: String)

    public var errorDescription: String? {
        switch self {
        case .noRemote:
            return "no remote is set yet; give one with --remote URL"
        case let .unsupportedTransport(remote, scheme):
            return "the remote \(remote) uses \(scheme), which say does not use (only folders, file://, ssh and https)"
        case let .unreachable(remote, _):
            return "the remote \(remote) could not be reached"
        case let .authenticationFailed(remote):
            return "the remote \(remote) refused every ssh key offered (ssh agent, ~/.ssh/id_ed25519, ~/.ssh/id_ecdsa, ~/.ssh/id_rsa)"
        case let .noCredentials(remote):
            return "the remote \(remote) asked for a user name and password (or token), and no git credential helper gave one"
        case let .credentialsRefused(remote):
            return "the remote \(remote) did not accept the user name and password (or token) a git credential helper gave"
        case let .gitNotFound(remote):
            return "the remote \(remote) asked for a user name and password (or token), and there is no git on PATH to ask credential helpers"
        case let .passwordInAddress(remote):
            return "the address \(remote) holds a password, which say does not store"
        case let .certificateNotTrusted(remote, authorities):
            return "the certificate of \(remote) is not signed for that name by \(authorities ?? "a certificate authority this computer trusts")"
        case let .certificateAuthoritiesUnreadable(path, setting):
            return "the certificate authority file \(path) (\(setting)) could not be read"
        case let .unknownHost(host, port, fingerprint):
            let keyscan = port == 22 ? "ssh-keyscan \(host)" : "ssh-keyscan -p \(port) \(host)"
            let shown = fingerprint.map { " (its key is \($0))" } ?? ""
            return "the server \(Self.hostLabel(host, port)) is not in ~/.ssh/known_hosts\(shown); check its fingerprint, then trust it with: \(keyscan) >> ~/.ssh/known_hosts"
        case let .hostKeyChanged(host, port, fingerprint):
            let shown = fingerprint.map { " (it now offers \($0))" } ?? ""
            return "the server \(Self.hostLabel(host, port)) offered a different host key than ~/.ssh/known_hosts holds for it\(shown); nothing was sent"
        case let .notAJournal(remote):
            return "the remote \(remote) is not a say journal (it has history, but no .say-journal on its main branch)"
        case let .damagedRemote(remote, detail):
            return "the history on the remote \(remote) cannot be read (\(detail))"
        case let .noMainBranch(remote, branches):
            return "the remote \(remote) has no branch main (it has \(branches.joined(separator: ", ")))"
        case let .notARepository(remote):
            return "the remote \(remote) is a folder that is neither empty nor a git repository"
        case let .unsupportedRemoteFormat(remote, detail):
            return "the remote \(remote) is a git repository say's git library cannot open (\(detail))"
        case let .checkedOutRemote(remote):
            return "the remote \(remote) has main checked out in a working tree"
        case let .unsafeRemote(path, reason):
            return "the remote holds \(path): \(reason)"
        case let .unsyncableLocal(path, reason):
            return "this journal holds \(path): \(reason)"
        case let .diverged(reason):
            return "the remote's history cannot be reconciled: \(reason)"
        case let .remoteKeptMoving(attempts):
            return "the remote kept changing while syncing (\(attempts) tries); try again in a moment"
        case let .rejected(reference, message):
            return "the remote refused to update \(reference): \(message)"
        case let .rewriteForbidden(remote):
            return "the remote \(remote) forbids replacing its history (receive.denyNonFastForwards)"
        }
    }

    public var failureReason: String? {
        if case let .unreachable(_, detail) = self { return detail }
        return nil
    }

    /// `unsupportedRemoteFormat` when libgit2 refused to open a folder remote for its format
    /// (a repository git itself reads), nil for any other failure.
    static func formatRefused(_ error: GitError, remote: String) -> GitSyncError? {
        let message = error.message.lowercased()
        guard message.contains("unsupported extension") || message.contains("unsupported repository version") else { return nil }
        return .unsupportedRemoteFormat(remote: remote, detail: error.message)
    }

    static func hostLabel(_ host: String, _ port: Int) -> String {
        port == 22 ? host : "\(host):\(port)"
    }
}
