import Foundation
import Testing
@testable import MarkdownStore

/// The pure parts of sync in the store: remote addresses, known_hosts matching, name checks, records.
@Suite("sync parts")
struct SyncPartsTests {
    @Test func addresses() {
        let here = "/home/me"
        #expect(GitRemoteAddress("/media/usb/j.git", workingDirectory: here).kind == .local(path: "/media/usb/j.git"))
        #expect(GitRemoteAddress("backup/j.git", workingDirectory: here).kind == .local(path: "/home/me/backup/j.git"))
        #expect(GitRemoteAddress("file:///media/my%20usb/j.git", workingDirectory: here).kind == .local(path: "/media/my usb/j.git"))
        #expect(GitRemoteAddress("FILE://localhost/srv/j.git", workingDirectory: here).kind == .local(path: "/srv/j.git"))
        #expect(GitRemoteAddress("ssh://me@host:2222/srv/j.git", workingDirectory: here).kind == .ssh(user: "me", host: "host", port: 2222))
        #expect(GitRemoteAddress("ssh://host/srv/j.git", workingDirectory: here).kind == .ssh(user: nil, host: "host", port: 22))
        #expect(GitRemoteAddress("ssh://me@[::1]:2200/j.git", workingDirectory: here).kind == .ssh(user: "me", host: "::1", port: 2200))
        #expect(GitRemoteAddress("me@host:j.git", workingDirectory: here).kind == .ssh(user: "me", host: "host", port: 22))
        #expect(GitRemoteAddress("https://example.com/j.git", workingDirectory: here).kind == .https)
        #expect(GitRemoteAddress("https://me:secret@example.com/j.git", workingDirectory: here).display == "https://me@example.com/j.git")
    }

    /// Plain-text transports, and transports that run programs, are never used.
    @Test(arguments: [
        ("http://example.com/j.git", "http"), ("HTTP://example.com/j.git", "http"), ("git://example.com/j.git", "git"),
        ("ftp://example.com/j.git", "ftp"), ("ext::sh -c touch% /tmp/pwned", "ext"), ("fd::17", "fd"),
        ("file://otherhost/srv/j.git", "file (another host)"), ("rsync://host/j.git", "rsync"),
    ])
    func refusedTransports(_ text: String, _ scheme: String) {
        let address = GitRemoteAddress(text, workingDirectory: "/home/me")
        #expect(address.kind == .unsupported(scheme: scheme))
        #expect(!address.isSupported)
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
        let commit = ObjectID(hex: String(repeating: "1", count: 40))!
        let base = GitSyncBase(remote: commit, journal: "j-1", url: "/media/usb/j.git", paths: ["entries/a.md", ".say-journal"])
        #expect(GitSyncBase.parse(base.rendered()) == base)
        // The first version's record (no address) still reads.
        #expect(GitSyncBase.parse(Array("say-it-later sync-base 1\nremote \(commit)\njournal j-1\npath entries/a.md\n".utf8))
            == GitSyncBase(remote: commit, journal: "j-1", url: nil, paths: ["entries/a.md"]))
        #expect(GitSyncBase.parse(Array("something else\n".utf8)) == nil)
    }

    /// Entry names a remote may bring: what say writes, and what people name their own files.
    @Test(arguments: ["2026-11-22T034200Z-7f3c9a2e.md", "my day.md", "tagebuch-ü.md", "a.b.md", "git~1.md", "con-artist.md"])
    func acceptedNames(_ name: String) {
        #expect(GitSyncValidation.entryNameProblem(Array(name.utf8), extension: ".md") == nil)
    }

    /// Names refused, whatever the file system: hidden names (`.git` and friends), names that
    /// are not entries, control characters, separators and NTFS streams, names HFS+ reads as
    /// something else, Windows device names, trailing dots and spaces.
    @Test(arguments: [
        ".git", ".GIT", ".git.md", ".gitmodules", ".say-lock", "notes.txt", ".md", "a\nb.md", "a\u{1B}]0;x\u{07}.md", "a\\b.md",
        "a:b.md", "x::$DATA.md", "..md", "a/b.md", ".g\u{200C}it.md", "x\u{FEFF}.md", "NUL.md", "com1.md", "Aux.txt.md",
        "a .md", "a..md", String(repeating: "x", count: 260) + ".md",
    ])
    func refusedNames(_ name: String) {
        #expect(GitSyncValidation.entryNameProblem(Array(name.utf8), extension: ".md") != nil, "\(name.debugDescription)")
    }

    @Test func invalidUTF8IsRefused() {
        #expect(GitSyncValidation.entryNameProblem([0x61, 0xFF, 0x2E, 0x6D, 0x64], extension: ".md") != nil)
    }

    @Test func namesOneFileSystemWouldMixUpAreFound() {
        #expect(GitSyncValidation.collision(in: ["entries/2026/11/a.md", "entries/2026/11/A.md"]) != nil)
        #expect(GitSyncValidation.collision(in: ["entries/2026/11/\u{E9}.md", "entries/2026/11/e\u{301}.md"]) != nil)
        #expect(GitSyncValidation.collision(in: ["entries/2026/11/a.md", "entries/2026/11/b.md"]) == nil)
    }

    @Test func aGitignoreThatHidesEntriesIsFound() {
        let layout = GitSyncLayout()
        // Patterns that hide only some names (those ending in a digit, starting with a letter,
        // of four characters, or in capitals on a case-insensitive file system) hide entries too.
        for hiding in ["*", "*.md", "entries", "entries/", "/entries", "2026", "**/*.md", "entries/**", ".say-journal", "*-*",
                       "*[0-9].md", "[a-m]*", "????.md", "*.MD", "notes.md", "*s.md", "x?.md", "[0-9]*"] {
            #expect(GitSyncValidation.gitignoreProblem(Array((hiding + "\n").utf8), layout: layout) != nil, "\(hiding)")
        }
        #expect(GitSyncValidation.gitignoreProblem(Array(".say-lock\n*.swp\n*.swo\n*.sw?\n*~\n.#*\n.DS_Store\n*.tmp\n# a comment\n!keep.md\n".utf8), layout: layout) == nil)
    }

    @Test func idLinesAreSetInPlace() {
        #expect(FrontMatterKeyLine.setting("id", to: "new", in: Array("---\nid: old # c\nfeeling: same\n---\nbody\n".utf8))
            == Array("---\nid: new\nfeeling: same\n---\nbody\n".utf8))
        #expect(FrontMatterKeyLine.setting("id", to: "new", in: Array("\u{FEFF}---\r\nidea: x\r\n---\r\nbody".utf8))
            == Array("\u{FEFF}---\r\nid: new\r\nidea: x\r\n---\r\nbody".utf8))
        #expect(FrontMatterKeyLine.setting("id", to: "new", in: Array("---\n  id: nested\nid   :\n---\n".utf8))
            == Array("---\n  id: nested\nid: new\n---\n".utf8))
        #expect(FrontMatterKeyLine.setting("id", to: "new", in: Array("no front matter\n".utf8)) == nil)
        #expect(FrontMatterKeyLine.setting("id", to: "new", in: Array("---\nid: open\n".utf8)) == nil)
    }
}
