import Foundation
import MarkdownStore
import TestSupport
import Testing

/// The system's certificate authorities are read for an https connection, before it is made,
/// and by no command that makes none.
@Suite("Sync certificates")
struct SyncCertificateTests {
    /// Debian's bundle, which libgit2 built with mbedTLS reads (the only build that reads one
    /// up front; elsewhere there is nothing to check).
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"
    static var applies: Bool {
        // libgit2 is loaded at its first use (see `GitLibrary`): loaded here, to see what it brings.
        GitLibrary.load()
        return FileManager.default.fileExists(atPath: "/usr/bin/strace") && FileManager.default.fileExists(atPath: bundle)
            && String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                .contains("libmbedx509")
    }

    /// Runs `say` under strace; returns the run and its file opens and connections, in order.
    func traced(_ arguments: [String], home: TemporaryFolder, input: String? = nil) throws -> (SayRun, [String]) {
        let trace = home.url("trace-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let run = try runProgram("/usr/bin/strace", ["-f", "-qq", "-o", trace, "-e", "trace=openat,connect", SayBinary.path] + arguments,
                                 input: input, environment: SayBinary.environment(home: home.path))
        let lines = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (run, lines)
    }

    @Test(.enabled(if: applies)) func authoritiesAreReadForAnHTTPSConnectionOnly() throws {
        let home = TemporaryFolder("say-certificates")
        let journal = home.url("journal")
        for (arguments, input) in [(["init", "--git"], nil), (["write", "--keep"], "an entry"), (["history"], nil)] as [([String], String?)] {
            let (run, lines) = try traced(arguments + ["--journal", journal], home: home, input: input)
            #expect(run.status == 0, "say \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(!lines.contains { $0.contains(Self.bundle) }, "say \(arguments.joined(separator: " ")) read the certificate authorities")
        }
        // Port 1: nothing listens, so the connection is refused; the authorities come first.
        let (run, lines) = try traced(["sync", "--remote", "https://127.0.0.1:1/journal.git", "--journal", journal], home: home)
        #expect(run.status != 0)
        let opened = lines.firstIndex { $0.contains("openat(") && $0.contains(Self.bundle) && !$0.contains("= -1") }
        let connected = lines.firstIndex { $0.contains("connect(") && $0.contains("htons(1)") }
        #expect(opened != nil, "sync never read the certificate authorities")
        #expect(connected != nil, "sync never tried to connect")
        if let opened, let connected { #expect(opened < connected, "sync connected before reading the certificate authorities") }
    }
}
