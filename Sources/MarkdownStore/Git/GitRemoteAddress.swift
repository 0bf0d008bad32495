import Foundation

/// Where a sync remote is, parsed from what a person typed.
///
/// Local paths and `file://` URLs are folders on this computer (a USB drive, a mounted share):
/// say cleans those itself after pushing a let-go. `ssh://user@host:port/path` and the scp-like
/// `user@host:path` reach a server over ssh. Anything else is passed to libgit2 as it is.
public struct GitRemoteAddress: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An absolute folder path on this computer.
        case local(path: String)
        /// An ssh server; `user` is nil when the URL names none.
        case ssh(user: String?, host: String, port: Int)
        /// Another scheme libgit2 may know (https).
        case other
    }

    /// The URL given to libgit2 and stored as the `origin` remote.
    public let url: String
    public let kind: Kind

    /// Parses `text`; a relative local path is made absolute against `workingDirectory`.
    public init(_ text: String, workingDirectory: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("file://") {
            let rest = String(trimmed.dropFirst("file://".count))
            let path = rest.removingPercentEncoding ?? rest
            url = trimmed
            kind = .local(path: Self.absolute(path, in: workingDirectory))
        } else if trimmed.hasPrefix("ssh://") || trimmed.hasPrefix("git+ssh://") || trimmed.hasPrefix("ssh+git://") {
            url = trimmed
            let rest = trimmed[trimmed.range(of: "://")!.upperBound...]  // checked by the prefix
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
            kind = .ssh(user: user, host: host, port: port)
        } else if trimmed.contains("://") {
            url = trimmed
            kind = .other
        } else if Self.isScpLike(trimmed) {
            url = trimmed
            let colon = trimmed.firstIndex(of: ":")!  // isScpLike found one
            let authority = trimmed[..<colon]
            if let at = authority.lastIndex(of: "@") {
                kind = .ssh(user: String(authority[..<at]), host: String(authority[authority.index(after: at)...]), port: 22)
            } else {
                kind = .ssh(user: nil, host: String(authority), port: 22)
            }
        } else {
            let path = Self.absolute(trimmed, in: workingDirectory)
            url = path
            kind = .local(path: path)
        }
    }

    /// The folder of a local remote, nil for a server.
    public var localPath: String? {
        if case let .local(path) = kind { return path }
        return nil
    }

    /// The URL without a password, for messages.
    public var display: String {
        guard case .other = kind, let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<scheme.upperBound]) + authority[..<colon] + authority[at...] + rest.dropFirst(authority.count)
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
