import Foundation

/// Where a sync remote is, parsed from what a person typed.
///
/// Only transports that keep the journal private on the way are accepted: a folder on this
/// computer (a path, or a `file://` URL: a USB drive, a mounted share), ssh
/// (`ssh://user@host:port/path`, or the scp-like `user@host:path`), and `https://`. Plain-text
/// transports (`http://`, `git://`) and anything else (`ftp://`, `ext::…`, a `file://` URL naming
/// another host) are recognised and refused before any connection is made.
public struct GitRemoteAddress: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An absolute folder path on this computer.
        case local(path: String)
        /// An ssh server; `user` is nil when the URL names none.
        case ssh(user: String?, host: String, port: Int)
        /// An https server (certificates checked by libgit2's TLS).
        case https
        /// A transport say refuses: `scheme` is what was typed before `://` or `::`.
        case unsupported(scheme: String)
    }

    /// The URL given to libgit2 and stored as the `origin` remote.
    public let url: String
    public let kind: Kind

    /// Parses `text`; a relative local path is made absolute against `workingDirectory`.
    public init(_ text: String, workingDirectory: String) {
        (url, kind) = Self.parse(text, workingDirectory: workingDirectory)
    }

    private static func parse(_ text: String, workingDirectory: String) -> (String, Kind) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        var resolved = trimmed
        let kind: Kind
        if lowered.hasPrefix("file://") {
            let rest = String(trimmed.dropFirst("file://".count))
            // file:///path or file://localhost/path; a file URL naming another host is not a folder here.
            let pathPart: String?
            if rest.hasPrefix("/") {
                pathPart = rest
            } else if rest.lowercased().hasPrefix("localhost/") {
                pathPart = String(rest.dropFirst("localhost".count))
            } else {
                pathPart = nil
            }
            if let pathPart {
                let path = pathPart.removingPercentEncoding ?? pathPart
                kind = .local(path: absolute(path, in: workingDirectory))
            } else {
                kind = .unsupported(scheme: "file (another host)")
            }
        } else if lowered.hasPrefix("ssh://") || lowered.hasPrefix("git+ssh://") || lowered.hasPrefix("ssh+git://") {
            kind = parseSSH(trimmed)
        } else if lowered.hasPrefix("https://") {
            kind = .https
        } else if let range = trimmed.range(of: "://") {
            kind = .unsupported(scheme: String(trimmed[..<range.lowerBound]).lowercased())
        } else if let range = trimmed.range(of: "::"), !trimmed[..<range.lowerBound].contains("/") {
            // git's remote helper syntax (`ext::command`, `fd::…`): runs programs, never accepted.
            kind = .unsupported(scheme: String(trimmed[..<range.lowerBound]).lowercased())
        } else if isScpLike(trimmed) {
            let colon = trimmed.firstIndex(of: ":")!  // isScpLike found one
            let authority = trimmed[..<colon]
            if let at = authority.lastIndex(of: "@") {
                kind = .ssh(user: String(authority[..<at]), host: String(authority[authority.index(after: at)...]), port: 22)
            } else {
                kind = .ssh(user: nil, host: String(authority), port: 22)
            }
        } else {
            let path = absolute(trimmed, in: workingDirectory)
            kind = .local(path: path)
            resolved = path
        }
        return (resolved, kind)
    }

    /// The folder of a local remote, nil for a server.
    public var localPath: String? {
        if case let .local(path) = kind { return path }
        return nil
    }

    /// Whether say may connect to this address at all.
    public var isSupported: Bool {
        if case .unsupported = kind { return false }
        return true
    }

    /// Whether the URL holds a password (`scheme://user:password@host/…`).
    public var holdsPassword: Bool {
        guard let scheme = url.range(of: "://") else { return false }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return false }
        return authority[..<at].contains(":")
    }

    /// The URL without a password, for messages.
    public var display: String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<scheme.upperBound]) + authority[..<colon] + authority[at...] + rest.dropFirst(authority.count)
    }

    private static func parseSSH(_ text: String) -> Kind {
        let rest = text[text.range(of: "://")!.upperBound...]  // checked by the caller's prefix
        let authority = rest.prefix { $0 != "/" }
        var user: String? = nil
        var hostPort = Substring(authority)
        if let at = authority.lastIndex(of: "@") {
            user = String(authority[..<at])
            hostPort = authority[authority.index(after: at)...]
        }
        var host = String(hostPort)
        var port = 22
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            host = String(hostPort[hostPort.index(after: hostPort.startIndex) ..< close])
            let after = hostPort[hostPort.index(after: close)...]
            if after.hasPrefix(":"), let number = Int(after.dropFirst()) { port = number }
        } else if let colon = hostPort.lastIndex(of: ":"), let number = Int(hostPort[hostPort.index(after: colon)...]) {
            host = String(hostPort[..<colon])
            port = number
        }
        return .ssh(user: user, host: host, port: port)
    }

    /// `host:path` with no slash before the colon, as git reads scp-like addresses.
    private static func isScpLike(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let before = text[..<colon]
        return !before.isEmpty && !before.contains("/")
    }

    private static func absolute(_ path: String, in folder: String) -> String {
        let expanded = path.hasPrefix("~/") ? (ProcessInfo.processInfo.environment["HOME"] ?? "~") + path.dropFirst() : path
        let joined = expanded.hasPrefix("/") ? expanded : folder + "/" + expanded
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
