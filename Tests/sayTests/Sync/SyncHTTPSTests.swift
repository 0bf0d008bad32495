import Foundation
import TestSupport
import Testing

/// `say sync` over https, against a real git server on 127.0.0.1 (git-http-backend behind a
/// small TLS server with its own certificate authority and basic authentication), started for
/// each test. Credentials come from the device's git credential helper (`store`), never from say.
@Suite("say sync over https", .enabled(if: HTTPSServer.isAvailable, "needs git, python3 and openssl (scripts/install-dependencies --tests)"))
struct SyncHTTPSTests {
    @Test func twoComputersSyncThroughAnHTTPSServerWithTheirCredentialHelper() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice(), b = SyncDevice()
        try a.storeCredentials(for: server)
        try b.storeCredentials(for: server)
        let trust = ["GIT_SSL_CAINFO": server.authority]
        try a.say(["init", "--git"])
        _ = try a.keep("STAYS-marker kept on a")
        let goes = try a.keep("GOES-marker kept on a, let go later")
        #expect(try a.say(["sync", "--remote", server.url], environment: trust).stdout
            == "The remote was empty; your journal is there now. 2 sent.\n")
        #expect(try b.say(["sync", "--remote", server.url], environment: trust).stdout == "Versioning is on now. 2 new here.\n")
        _ = try b.keep("from b")
        #expect(try b.say(["sync"], environment: trust).stdout == "1 sent.\n")
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.say(["sync"], environment: trust).stdout == "1 new here, 1 let go here, gone from the remote too.\n")
        #expect(try b.say(["sync"], environment: trust).stdout == "1 let go elsewhere.\n")
        #expect(try a.entries() == b.entries())
        #expect(try a.entries().count == 2)
        #expect(!(try b.objects()).contains("GOES-marker"))
        // The address is stored without anything secret, and the helper still holds the token.
        #expect(try git(["config", "remote.origin.url"], in: a.journal).output == server.url + "\n")
        #expect(a.storedCredentials.contains(server.password))
        #expect(!String(decoding: try a.home.read("journal/.git/config"), as: UTF8.self).contains(server.password))
        // A fresh clone over https (the git CLI, trusting the same authority) gets nothing of the entry.
        let clone = server.folder.url("clone")
        #expect(try server.gitCLI(["clone", "-q", server.urlWithPassword, clone], in: server.folder.path).status == 0)
        let objects = try server.gitCLI(["cat-file", "--batch-all-objects", "--batch"], in: clone).stdout
        #expect(objects.contains("STAYS-marker"))
        #expect(!objects.contains("GOES-marker"))
    }

    @Test func aRefusedPasswordIsRejectedFromTheHelperAndNotTriedAgain() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice()
        try a.storeCredentials(for: server, password: "tok-wrong")
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        let before = try git(["for-each-ref"], in: a.journal).output
        let run = try a.say(["sync", "--remote", server.url], status: 1, environment: ["GIT_SSL_CAINFO": server.authority])
        #expect(run.stderr == "say: could not sync: \(server.url) asked for a user name and password (or token) and did not accept the one your git credential helper gave (say told the helper to forget it); nothing was sent. Store one with a git credential helper (git config --global credential.helper store, or your system's keyring helper; then git ls-remote \(server.url) asks for it once and stores it), then sync again\n")
        #expect(run.stdout == "")
        // git credential reject took it out of the store; it was offered once, not again and again.
        #expect(!a.storedCredentials.contains("tok-wrong"))
        #expect(server.requests.refused == 1)
        // Nothing changed here, and nothing reached the remote.
        #expect(try git(["for-each-ref"], in: a.journal).output == before)
        #expect(try git(["config", "remote.origin.url"], in: a.journal).status != 0)
        #expect(try git(["status", "--porcelain"], in: a.journal).output == "")
        #expect(try git(["rev-list", "--all"], in: server.repository).output == "")
    }

    @Test func withNoCredentialHelperItSaysSoWithoutPromptingOrWaiting() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        // No terminal (a session of its own), input at its end, and a deadline: a prompt would
        // fail or hang, and runProgram throws TimedOut for a hang.
        let run = try runProgram("/usr/bin/setsid", ["--wait", SayBinary.path, "sync", "--remote", server.url, "--journal", a.journal],
                                 input: "", environment: SayBinary.environment(home: a.home.path, extra: ["GIT_SSL_CAINFO": server.authority]),
                                 timeout: 60)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "say: could not sync: \(server.url) asked for a user name and password (or token), and no git credential helper gave one; nothing was sent. Store one with a git credential helper (git config --global credential.helper store, or your system's keyring helper; then git ls-remote \(server.url) asks for it once and stores it), then sync again\n")
        #expect(!FileManager.default.fileExists(atPath: a.home.url(".git-credentials")))
        #expect(try git(["rev-list", "--all"], in: server.repository).output == "")
    }

    @Test func withoutTheServersAuthorityItsCertificateIsRefused() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice()
        try a.storeCredentials(for: server)
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        // The system's authorities only (the test environment sets no GIT_SSL_CAINFO).
        let run = try a.say(["sync", "--remote", server.url], status: 1)
        #expect(run.stderr == "say: could not sync: the certificate of \(server.url) is not signed for that name by a certificate authority this computer trusts; nothing was sent. If the server uses its own certificate authority, trust it with: git config --global http.sslCAInfo /path/to/ca.pem (or set GIT_SSL_CAINFO)\n")
        // Not a request got through, so no credential was sent either.
        #expect(server.requests.total == 0)
        #expect(a.storedCredentials.contains(server.password))
        #expect(try git(["rev-list", "--all"], in: server.repository).output == "")
    }

    @Test func anAddressHoldingAPasswordIsRefusedAndNeverStored() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice()
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        let run = try a.say(["sync", "--remote", server.urlWithPassword], status: 1, environment: ["GIT_SSL_CAINFO": server.authority])
        let shown = "https://\(server.user)@127.0.0.1:\(server.port)/journal.git"
        #expect(run.stderr == "say: could not sync: the address holds a password, and say does not keep passwords in the journal's settings; nothing was sent. Give it without the password (\(shown)), and store the password or token with a git credential helper (git config --global credential.helper store, or your system's keyring helper)\n")
        #expect(!run.stdout.contains(server.password) && !run.stderr.contains(server.password))
        #expect(!String(decoding: try a.home.read("journal/.git/config"), as: UTF8.self).contains(server.password))
        #expect(server.requests.total == 0)
        #expect(try git(["rev-list", "--all"], in: server.repository).output == "")
    }

    @Test func theJournalsHTTPSslCAInfoIsTrustedLikeGitSSLCAInfo() throws {
        let server = try HTTPSServer()
        defer { server.stop() }
        let a = SyncDevice()
        try a.storeCredentials(for: server)
        try a.say(["init", "--git"])
        _ = try a.keep("SENT-marker")
        #expect(try git(["config", "http.sslCAInfo", server.authority], in: a.journal).status == 0)
        #expect(try a.say(["sync", "--remote", server.url]).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
        #expect(try git(["rev-list", "--all"], in: server.repository).output != "")
        // GIT_SSL_CAINFO comes first, as in git: another authority there, and the certificate is refused.
        let other = try a.say(["sync"], status: 1, environment: ["GIT_SSL_CAINFO": server.otherAuthority])
        #expect(other.stderr.hasPrefix("say: could not sync: the certificate of \(server.url) is not signed for that name by the certificate authorities in \(server.otherAuthority) (GIT_SSL_CAINFO)"))
    }
}
