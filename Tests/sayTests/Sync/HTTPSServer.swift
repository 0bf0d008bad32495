import Foundation
import TestSupport
import Testing

/// A real git server over https on 127.0.0.1, on a free port: a small Python server (TLS with a
/// certificate from its own certificate authority, made here with the openssl CLI) that checks
/// HTTP basic authentication and runs git's own `git-http-backend` for each request. It stops by
/// itself after `lifetime` seconds, and at `stop()` (call it in a `defer`) or deinit.
final class HTTPSServer {
    static let backend = "/usr/lib/git-core/git-http-backend"
    static let openssl = "/usr/bin/openssl"
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: backend) && FileManager.default.isExecutableFile(atPath: openssl)
            && (try? runTool("/usr/bin/env", ["python3", "-c", "import ssl"]).status) == 0
    }

    let folder = TemporaryFolder("say-https")
    let port: Int
    /// The user name and token the server accepts.
    let user = "journal-person"
    let password = "tok-" + UUID().uuidString.prefix(12).lowercased()
    /// The certificate authority that signed the server's certificate (PEM).
    var authority: String { folder.url("ca.pem") }
    /// Another certificate authority, which did not sign the server's certificate.
    var otherAuthority: String { folder.url("other-ca.pem") }
    /// The bare repository the server serves as /journal.git.
    var repository: String { folder.url("root/journal.git") }
    /// The server's address for the repository.
    var url: String { "https://127.0.0.1:\(port)/journal.git" }
    private var daemon: Daemon?

    init(lifetime: TimeInterval = 600) throws {
        try Self.makeCertificates(in: folder)
        try FileManager.default.createDirectory(atPath: folder.url("root/journal.git"), withIntermediateDirectories: true)
        #expect(try git(["init", "--bare", "-q", "-b", "main"], in: folder.url("root/journal.git")).status == 0)
        #expect(try git(["config", "http.receivepack", "true"], in: folder.url("root/journal.git")).status == 0)
        try folder.write(Self.script, to: "server.py")
        let portFile = folder.url("port")
        let daemon = try Daemon("/usr/bin/env", ["python3", folder.url("server.py"), folder.url("root"), folder.url("server.pem"),
                                                 folder.url("server.key"), user, password, "\(Int(lifetime))", portFile,
                                                 folder.url("requests.log")])
        self.daemon = daemon
        // Ready when it has written its port; give up after ten seconds.
        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            guard found == nil else { break }
            guard Date() < deadline, daemon.isRunning else {
                daemon.stop()
                throw SSHServer.NotStarted()
            }
            usleep(20_000)
        }
        port = found ?? 0
    }

    deinit { stop() }

    func stop() {
        daemon?.stop()
    }

    /// The requests that reached the server (after the TLS handshake), and the user names and
    /// passwords it refused.
    var requests: (total: Int, refused: Int) {
        let lines = ((try? String(contentsOfFile: folder.url("requests.log"), encoding: .utf8)) ?? "").split(separator: "\n")
        return (lines.count, lines.filter { $0 == "refused" }.count)
    }

    /// The git CLI against this server, trusting its authority, with its credentials in the URL
    /// (a test's shortcut: say refuses such URLs).
    func gitCLI(_ arguments: [String], in folder: String) throws -> SayRun {
        try runProgram("/usr/bin/env", ["git"] + arguments, environment: [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_SSL_CAINFO": authority,
        ], workingDirectory: folder, timeout: 60)
    }

    var urlWithPassword: String { "https://\(user):\(password)@127.0.0.1:\(port)/journal.git" }

    /// A certificate authority, and a certificate it signed for 127.0.0.1 (as an IP address, and
    /// as a name for TLS libraries that match names only).
    private static func makeCertificates(in folder: TemporaryFolder) throws {
        func openssl(_ arguments: [String]) throws {
            #expect(try runTool(HTTPSServer.openssl, arguments).status == 0, "openssl \(arguments.joined(separator: " "))")
        }
        try folder.write("subjectAltName=IP:127.0.0.1,DNS:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
                         to: "server.ext")
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.url("ca.key"), "-out", folder.url("ca.pem"),
                     "-days", "2", "-subj", "/CN=say test authority", "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.url("other-ca.key"), "-out",
                     folder.url("other-ca.pem"), "-days", "2", "-subj", "/CN=another authority", "-addext", "basicConstraints=critical,CA:TRUE"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.url("server.key"), "-out", folder.url("server.csr"),
                     "-subj", "/CN=127.0.0.1"])
        try openssl(["x509", "-req", "-in", folder.url("server.csr"), "-CA", folder.url("ca.pem"), "-CAkey", folder.url("ca.key"),
                     "-CAcreateserial", "-out", folder.url("server.pem"), "-days", "2", "-extfile", folder.url("server.ext")])
    }

    /// The server: threads, 127.0.0.1 only, port 0, bounded in time (each request, the whole run).
    static let script = #"""
import base64, http.server, os, signal, ssl, subprocess, sys, threading

root, cert, key, user, password, lifetime, port_file, log_file = sys.argv[1:9]
expected = "Basic " + base64.b64encode((user + ":" + password).encode()).decode()
log_lock = threading.Lock()


def log(line):
    # What the tests count: requests that reached the server, and credentials it refused.
    with log_lock, open(log_file, "a") as out:
        out.write(line + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30

    def log_message(self, *args):
        pass

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def reply(self, status, headers, payload):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def serve(self):
        payload = self.body()
        offered = self.headers.get("Authorization")
        log("refused" if offered and offered != expected else "request")
        if offered != expected:
            self.reply(401, [("WWW-Authenticate", 'Basic realm="journal"')], b"")
            return
        path, _, query = self.path.partition("?")
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": root,
            "GIT_HTTP_EXPORT_ALL": "1",
            "REMOTE_USER": user,
            "REMOTE_ADDR": "127.0.0.1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(payload)),
            "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
            "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
        }
        run = subprocess.run(["/usr/lib/git-core/git-http-backend"], input=payload, env=environment,
                             capture_output=True, timeout=60)
        head, _, content = run.stdout.partition(b"\r\n\r\n")
        if not _:
            head, _, content = run.stdout.partition(b"\n\n")
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.reply(status, headers, content)

    do_GET = serve
    do_POST = serve


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
# Stops by itself after its lifetime, and at SIGTERM (which the test runner may have left ignored or blocked).
threading.Timer(float(lifetime), lambda: os._exit(0)).start()
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
with open(port_file + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
"""#
}

extension SyncDevice {
    /// `credential.helper store` in this device's ~/.gitconfig, holding `user` and `password` for the server.
    func storeCredentials(for server: HTTPSServer, password: String? = nil) throws {
        try home.write("[credential]\n\thelper = store\n", to: ".gitconfig")
        try home.write("https://\(server.user):\(password ?? server.password)@127.0.0.1:\(server.port)\n", to: ".git-credentials")
        chmod(home.url(".git-credentials"), 0o600)
    }

    /// What the store helper holds now.
    var storedCredentials: String {
        (try? String(contentsOfFile: home.url(".git-credentials"), encoding: .utf8)) ?? ""
    }
}
