import Foundation
import Testing
@testable import MarkdownStore

/// The pure parts of sync: the three-way rule, remote addresses, known_hosts matching.
@Suite("sync parts")
struct SyncPartsTests {
    static let one = GitTreeFile(blob: ObjectID(hex: String(repeating: "1", count: 40))!, mode: 0o100644)
    static let two = GitTreeFile(blob: ObjectID(hex: String(repeating: "2", count: 40))!, mode: 0o100644)
    static let three = GitTreeFile(blob: ObjectID(hex: String(repeating: "3", count: 40))!, mode: 0o100644)

    @Test(arguments: [
        // base, local, remote → decision
        (nil, one, nil, GitSyncDecision.local),
        (nil, nil, one, .remote),
        (nil, one, one, .same),
        (nil, one, two, .conflict),
        (one, one, one, .same),
        (one, two, one, .local),
        (one, one, two, .remote),
        (one, two, two, .same),
        (one, two, three, .conflict),
        (one, one, nil, .letGoElsewhere),
        (one, two, nil, .letGoWon),
        (one, nil, one, .letGoHere),
        (one, nil, two, .letGoHere),
        (one, nil, nil, .goneBoth),
    ] as [(GitTreeFile?, GitTreeFile?, GitTreeFile?, GitSyncDecision)])
    func theThreeWayRule(_ base: GitTreeFile?, _ local: GitTreeFile?, _ remote: GitTreeFile?, _ expected: GitSyncDecision) {
        #expect(GitSyncDecision.decide(base: base, local: local, remote: remote) == expected)
    }

    @Test func addresses() {
        let here = "/home/me"
        #expect(GitRemoteAddress("/media/usb/j.git", workingDirectory: here).kind == .local(path: "/media/usb/j.git"))
        #expect(GitRemoteAddress("backup/j.git", workingDirectory: here).kind == .local(path: "/home/me/backup/j.git"))
        #expect(GitRemoteAddress("file:///media/my%20usb/j.git", workingDirectory: here).kind == .local(path: "/media/my usb/j.git"))
        #expect(GitRemoteAddress("ssh://me@host:2222/srv/j.git", workingDirectory: here).kind == .ssh(user: "me", host: "host", port: 2222))
        #expect(GitRemoteAddress("ssh://host/srv/j.git", workingDirectory: here).kind == .ssh(user: nil, host: "host", port: 22))
        #expect(GitRemoteAddress("ssh://me@[::1]:2200/j.git", workingDirectory: here).kind == .ssh(user: "me", host: "::1", port: 2200))
        #expect(GitRemoteAddress("me@host:j.git", workingDirectory: here).kind == .ssh(user: "me", host: "host", port: 22))
        #expect(GitRemoteAddress("https://me:secret@example.com/j.git", workingDirectory: here).display == "https://me@example.com/j.git")
    }

    static let key: [UInt8] = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 4, 1, 2, 3, 4]
    static let otherKey: [UInt8] = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 4, 9, 9, 9, 9]
    static let rsaKey: [UInt8] = [0, 0, 0, 7] + Array("ssh-rsa".utf8) + [0, 0, 0, 1, 5]

    func knownHosts(_ text: String) throws -> GitKnownHosts {
        let path = NSTemporaryDirectory() + "/known-hosts-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return GitKnownHosts(paths: [path, "/nonexistent/known_hosts"])
    }

    @Test func knownHostsPlainPortsAndPatterns() throws {
        let encoded = Data(Self.key).base64EncodedString()
        let hosts = try knownHosts("""
            # a comment
            example.org,192.0.2.1 ssh-ed25519 \(encoded) me@laptop
            [example.net]:2222 ssh-ed25519 \(encoded)
            *.example.com,!bad.example.com ssh-ed25519 \(encoded)
            """)
        #expect(hosts.verdict(host: "example.org", port: 22, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "192.0.2.1", port: 22, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "EXAMPLE.ORG", port: 22, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "example.org", port: 2222, key: Self.key) == .unknown)
        #expect(hosts.verdict(host: "example.net", port: 2222, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "a.example.com", port: 22, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "bad.example.com", port: 22, key: Self.key) == .unknown)
        #expect(hosts.verdict(host: "example.org", port: 22, key: Self.otherKey) == .changed)
        // Another key type for a known host: not known yet, not a change.
        #expect(hosts.verdict(host: "example.org", port: 22, key: Self.rsaKey) == .unknown)
        #expect(hosts.verdict(host: "elsewhere", port: 22, key: Self.key) == .unknown)
    }

    @Test func knownHostsHashedAndRevoked() throws {
        let salt: [UInt8] = Array(0 ..< 20)
        let hash = GitKnownHosts.hmacSHA1(key: salt, message: Array("[127.0.0.1]:2200".utf8))
        let hashed = "|1|\(Data(salt).base64EncodedString())|\(Data(hash).base64EncodedString())"
        let hosts = try knownHosts("""
            \(hashed) ssh-ed25519 \(Data(Self.key).base64EncodedString())
            @revoked * ssh-ed25519 \(Data(Self.otherKey).base64EncodedString())
            """)
        #expect(hosts.verdict(host: "127.0.0.1", port: 2200, key: Self.key) == .trusted)
        #expect(hosts.verdict(host: "127.0.0.1", port: 22, key: Self.key) == .unknown)
        #expect(hosts.verdict(host: "anywhere", port: 22, key: Self.otherKey) == .changed)
    }

    @Test func hmacSHA1MatchesRFC2202() {
        // RFC 2202 test case 2.
        let digest = GitKnownHosts.hmacSHA1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    @Test func theBaseRecordRoundTrips() {
        let base = GitSyncBase(remote: Self.one.blob, journal: "j-1", paths: ["entries/a.md", ".say-journal"])
        #expect(GitSyncBase.parse(base.rendered()) == base)
        #expect(GitSyncBase.parse(Array("something else\n".utf8)) == nil)
    }
}
