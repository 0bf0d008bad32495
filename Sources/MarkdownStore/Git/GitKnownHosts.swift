import Foundation

/// OpenSSH's known_hosts files, read to check an ssh server's host key before anything is sent.
///
/// libgit2 1.5 with libssh2 does not read known_hosts itself: its certificate callback hands
/// over the raw host key, and this type decides. Lines are `patterns keytype base64key
/// [comment]`, where patterns are comma-separated names (`host`, or `[host]:port` for a port
/// other than 22, with `*`/`?` wildcards and `!` negation) or one hashed name
/// (`|1|base64 salt|base64 HMAC-SHA1 of the name`). `@revoked` lines reject a key;
/// `@cert-authority` lines are skipped (libgit2 hands over no certificate to check).
struct GitKnownHosts {
    enum Verdict: Equatable {
        /// A line for this host holds exactly this key.
        case trusted
        /// Lines for this host exist with a key of the same type, none of them this key
        /// (or the key is revoked).
        case changed
        /// No line names this host with a key of this type.
        case unknown
    }

    private struct Line {
        let patterns: String
        let keyType: String
        let key: [UInt8]
        let revoked: Bool
    }

    private var lines: [Line] = []

    /// Reads the files that exist among `paths`; unreadable or malformed lines are skipped.
    init(paths: [String]) {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                var fields = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard let first = fields.first, !first.hasPrefix("#") else { continue }
                var revoked = false
                if first.hasPrefix("@") {
                    if first == "@revoked" { revoked = true } else { continue }
                    fields.removeFirst()
                }
                guard fields.count >= 3, let key = Data(base64Encoded: fields[2]) else { continue }
                lines.append(Line(patterns: fields[0], keyType: fields[1], key: Array(key), revoked: revoked))
            }
        }
    }

    /// Decides whether `key` (the ssh wire-format public key blob) may be trusted for the host.
    func verdict(host: String, port: Int, key: [UInt8]) -> Verdict {
        let name = port == 22 ? host : "[\(host)]:\(port)"
        let keyType = Self.keyType(of: key)
        var sameTypeSeen = false
        for line in lines where Self.matches(patterns: line.patterns, name: name) {
            if line.revoked {
                if line.key == key { return .changed }
                continue
            }
            if line.key == key { return .trusted }
            if line.keyType == keyType { sameTypeSeen = true }
        }
        return sameTypeSeen ? .changed : .unknown
    }

    /// The key type string at the start of a wire-format key blob (`ssh-ed25519`).
    static func keyType(of key: [UInt8]) -> String? {
        guard key.count >= 4 else { return nil }
        let length = Int(key[0]) << 24 | Int(key[1]) << 16 | Int(key[2]) << 8 | Int(key[3])
        guard length > 0, 4 + length <= key.count else { return nil }
        return String(decoding: key[4 ..< 4 + length], as: UTF8.self)
    }

    /// Whether a line's host field names `name`.
    static func matches(patterns: String, name: String) -> Bool {
        if patterns.hasPrefix("|1|") {
            let parts = patterns.split(separator: "|", omittingEmptySubsequences: true)
            guard parts.count == 3, parts[0] == "1", let salt = Data(base64Encoded: String(parts[1])),
                  let hash = Data(base64Encoded: String(parts[2])) else { return false }
            return hmacSHA1(key: Array(salt), message: Array(name.utf8)) == Array(hash)
        }
        var matched = false
        for pattern in patterns.split(separator: ",") {
            if pattern.hasPrefix("!") {
                if wildcard(Array(pattern.dropFirst().lowercased().utf8), Array(name.lowercased().utf8)) { return false }
            } else if wildcard(Array(pattern.lowercased().utf8), Array(name.lowercased().utf8)) {
                matched = true
            }
        }
        return matched
    }

    /// `*` and `?` glob matching, as OpenSSH's `match_pattern`.
    static func wildcard(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0, t = 0
        var star: Int? = nil, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p; resume = t; p += 1
            } else if let star {
                p = star + 1; resume += 1; t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// HMAC-SHA1 (RFC 2104), which hashed known_hosts names use (swift-crypto's).
    static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        GitSHA1.hmac(key: key, message: message)
    }
}
