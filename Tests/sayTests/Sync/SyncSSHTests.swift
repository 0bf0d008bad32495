import Foundation
import TestSupport
import Testing

/// `say sync` over ssh, against a real OpenSSH server on 127.0.0.1 started for each test.
@Suite("say sync over ssh", .enabled(if: SSHServer.isAvailable, "needs openssh-server (scripts/install-dependencies --tests)"))
struct SyncSSHTests {
    /// A bare repository inside the server's folder.
    func makeRemote(_ server: SSHServer) throws -> String {
        let path = server.folder.url("journal.git")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(try git(["init", "--bare", "-q", "-b", "main"], in: path).status == 0)
        return path
    }

    @Test func twoComputersSyncThroughAnSSHServer() throws {
        let a = SyncDevice(), b = SyncDevice()
        let server = try SSHServer(authorizedKeys: [try a.makeSSHKey(), try b.makeSSHKey()])
        defer { server.stop() }
        let remote = try makeRemote(server)
        try a.trust(server)
        try b.trust(server)
        try a.say(["init", "--git"])
        _ = try a.keep("STAYS-marker kept on a")
        let goes = try a.keep("GOES-marker kept on a, let go later")
        #expect(try a.sync("--remote", server.url(remote)).stdout == "The remote was empty; your journal is there now. 2 sent.\n")
        #expect(try b.sync("--remote", server.url(remote)).stdout == "Versioning is on now. 2 new here.\n")
        _ = try b.keep("from b")
        #expect(try b.sync().stdout == "1 sent.\n")
        try a.say(["let-go", String(goes.id.prefix(8)), "--yes"])
        #expect(try a.sync().stdout == "1 new here, 1 let go here, gone from the remote too.\n")
        #expect(try b.sync().stdout == "1 let go elsewhere.\n")
        #expect(try a.entries() == b.entries())
        #expect(try a.entries().count == 2)
        #expect(!(try b.objects()).contains("GOES-marker"))
        // The server keeps unreachable objects until someone cleans it (the README says how);
        // a fresh clone never gets them.
        let clone = server.folder.url("clone")
        #expect(try git(["clone", "-q", "--no-local", remote, clone], in: server.folder.path).status == 0)
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: clone).output).contains("GOES-marker"))
        #expect(try git(["reflog", "expire", "--expire=now", "--all"], in: remote).status == 0)
        #expect(try git(["gc", "-q", "--prune=now"], in: remote).status == 0)
        #expect(!(try git(["cat-file", "--batch-all-objects", "--batch"], in: remote).output).contains("GOES-marker"))
    }

    @Test func anUnknownHostIsRefusedWithHowToTrustIt() throws {
        let a = SyncDevice()
        let server = try SSHServer(authorizedKeys: [try a.makeSSHKey()])
        defer { server.stop() }
        let remote = try makeRemote(server)
        try a.say(["init", "--git"])
        _ = try a.keep("NOT-SENT-marker")
        let run = try a.sync("--remote", server.url(remote), status: 1)
        #expect(run.stderr == "say: could not sync: the server 127.0.0.1:\(server.port) is not in ~/.ssh/known_hosts (it offers \(server.fingerprint)); nothing was sent. Check its fingerprint, then trust it with: ssh-keyscan -p \(server.port) 127.0.0.1 >> ~/.ssh/known_hosts\n")
        #expect(try git(["rev-list", "--all"], in: remote).output == "")
        // Trusting it the way the message says makes the next sync work.
        let scanned = try runTool("/usr/bin/ssh-keyscan", ["-p", "\(server.port)", "127.0.0.1"])
        try a.home.write(scanned.output, to: ".ssh/known_hosts")
        #expect(try a.sync("--remote", server.url(remote)).stdout == "The remote was empty; your journal is there now. 1 sent.\n")
    }

    @Test func hashedKnownHostsAreRead() throws {
        let a = SyncDevice()
        let server = try SSHServer(authorizedKeys: [try a.makeSSHKey()])
        defer { server.stop() }
        let remote = try makeRemote(server)
        try a.home.write("# other hosts\nexample.invalid ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBk2AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
                         + server.knownHostsLine + "\n", to: ".ssh/known_hosts")
        #expect(try runTool("/usr/bin/ssh-keygen", ["-H", "-f", a.home.url(".ssh/known_hosts")]).status == 0)
        #expect(!String(decoding: try a.home.read(".ssh/known_hosts"), as: UTF8.self).contains("127.0.0.1"))
        try a.say(["init", "--git"])
        #expect(try a.sync("--remote", server.url(remote)).status == 0)
    }

    @Test func aChangedHostKeyIsRefused() throws {
        let a = SyncDevice()
        let server = try SSHServer(authorizedKeys: [try a.makeSSHKey()])
        defer { server.stop() }
        let remote = try makeRemote(server)
        // known_hosts holds another ed25519 key for this host and port.
        let other = try a.makeSSHKey(name: "other_key").split(separator: " ").prefix(2).joined(separator: " ")
        try a.home.write("[127.0.0.1]:\(server.port) \(other)\n", to: ".ssh/known_hosts")
        try a.say(["init", "--git"])
        let run = try a.sync("--remote", server.url(remote), status: 1)
        #expect(run.stderr == "say: could not sync: the server 127.0.0.1:\(server.port) offered a different key than ~/.ssh/known_hosts holds for it (it offers \(server.fingerprint)); nothing was sent. If its key really changed, remove the old one with: ssh-keygen -R '[127.0.0.1]:\(server.port)'\n")
    }

    @Test func aKeyTheServerRefusesIsAnAuthenticationError() throws {
        let a = SyncDevice(), stranger = SyncDevice()
        let server = try SSHServer(authorizedKeys: [try a.makeSSHKey()])
        defer { server.stop() }
        let remote = try makeRemote(server)
        _ = try stranger.makeSSHKey()
        try stranger.trust(server)
        try stranger.say(["init", "--git"])
        let run = try stranger.sync("--remote", server.url(remote), status: 1)
        #expect(run.stderr == "say: could not sync: \(server.url(remote)) did not accept any of your ssh keys (ssh agent, ~/.ssh/id_ed25519, ~/.ssh/id_ecdsa, ~/.ssh/id_rsa)\n")
    }

    @Test func theSSHAgentIsAskedFirst() throws {
        let a = SyncDevice()
        let key = try a.makeSSHKey(name: "agent_key")
        let server = try SSHServer(authorizedKeys: [key])
        defer { server.stop() }
        let remote = try makeRemote(server)
        try a.trust(server)
        // An agent holding the only accepted key; no key file in ~/.ssh has it.
        let socket = a.home.url("agent.sock")
        let agent = try Daemon("/usr/bin/ssh-agent", ["-D", "-a", socket])
        defer { agent.stop() }
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(10_000) }
        #expect(try runTool("/usr/bin/ssh-add", ["-q", a.home.url(".ssh/agent_key")], environment: ["SSH_AUTH_SOCK": socket]).status == 0)
        try FileManager.default.removeItem(atPath: a.home.url(".ssh/agent_key"))
        try a.say(["init", "--git"])
        _ = try a.keep("through the agent")
        let run = try a.say(["sync", "--remote", server.url(remote)], environment: ["SSH_AUTH_SOCK": socket])
        #expect(run.stdout == "The remote was empty; your journal is there now. 1 sent.\n")
    }
}
