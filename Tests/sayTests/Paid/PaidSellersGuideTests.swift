import Foundation
import TestSupport
import Testing

/// The README's seller's guide, followed as written: every command of its `sh` blocks runs, in
/// order, with bash, in a folder standing for the seller's offline computer. Step 3 ("add the
/// printed line to the list") is done the way a debug build allows: each line keygen prints is
/// added to `SAY_LICENCE_TEST_SIGNER`. Then the unlocked features are used, and keys from an
/// untrusted signer or with one changed byte are refused.
@Suite("Paid: the README's seller's guide, followed verbatim")
struct PaidSellersGuideTests {
    /// The guide's section of the README.
    static var guide: String {
        let readme = ReadMeText.text
        guard let start = readme.range(of: "### Selling keys (the seller's guide)\n") else { return "" }
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The command lines of the guide's `sh` blocks, in order.
    static var commands: [String] {
        var commands: [String] = []
        var inBlock = false
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```sh" { inBlock = true; continue }
            if line == "```" { inBlock = false; continue }
            if inBlock, !line.isEmpty, !line.hasPrefix("#") { commands.append(String(line)) }
        }
        return commands
    }

    @Test func theGuideWorksAsWritten() throws {
        let session = try PaidSession()
        let offline = session.home.url("offline")
        let backups = [session.home.url("usb-1"), session.home.url("usb-2")]
        for folder in [offline] + backups { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let programs = URL(fileURLWithPath: SayBinary.path).deletingLastPathComponent().path
        var trusted: [String] = []
        func environment() -> [String: String] {
            SayBinary.environment(home: session.home.path, extra: [
                "PATH": programs + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "SAY_LICENCE_TEST_SIGNER": trusted.joined(separator: "\n"), "SAY_KEYRING": "off",
                "SAY_JOURNAL": session.journal, "TZ": "UTC", "BACKUP_1": backups[0], "BACKUP_2": backups[1],
            ])
        }

        let commands = Self.commands
        #expect(commands.count >= 8, "\(commands)")
        #expect(commands.contains { $0.hasPrefix("say-licence-signer keygen ") })
        #expect(commands.contains { $0.hasPrefix("say unlock ") })
        for command in commands {
            let run = try PaidSession.run("/bin/bash", ["-euo", "pipefail", "-c", command], environment: environment(),
                                          workingDirectory: offline)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            if command.hasPrefix("say-licence-signer keygen ") {
                // Step 3: the printed line is what gets trusted. It is one line and no secret.
                let line = run.stdout.trimmingCharacters(in: .newlines)
                #expect(!line.contains("\n") && line.split(separator: " ").count == 2, "\(run.stdout)")
                trusted.append(line)
            }
            if command.hasPrefix("say unlock ") {
                #expect(run.stdout.hasPrefix("Unlocked. Thank you for supporting Say It Later.\n  Licence: SIL-2026-0042\n"), "\(run.stdout)")
            }
        }
        #expect(trusted.count == 2)

        // Step 1 and 2: the private keys are the owner's alone, never printed, backed up twice.
        for name in ["say-2026a.key", "say-2027a.key"] {
            #expect(try session.home.mode("offline/" + name) == 0o600)
        }
        let privateKey = try session.home.read("offline/say-2026a.key")
        #expect(try session.home.read("usb-1/say-2026a.key") == privateKey)
        #expect(try session.home.read("usb-2/say-2026a.key") == privateKey)
        let privateLine = String(decoding: privateKey, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        #expect(privateLine.hasPrefix("private-key: ") && !trusted.joined().contains(privateLine.dropFirst(13)))
        // Step 3 names the one file a release trusts, and it is where the guide says.
        #expect(Self.guide.contains("`Sources/SayItLaterCore/Paid/TrustedLicenceSigners.swift`"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let listFile = try String(contentsOf: root.appendingPathComponent("Sources/SayItLaterCore/Paid/TrustedLicenceSigners.swift"), encoding: .utf8)
        #expect(listFile.contains("public static let release = \"\"\""))

        // Step 4: the key unlocked; the paid features work.
        let key = String(decoding: try session.home.read("offline/SIL-2026-0042.txt"), as: UTF8.self)
        #expect(key.hasPrefix("SIL1-2026a."))
        #expect(String(decoding: try session.home.read("offline/ledger.txt"), as: UTF8.self) == "SIL-2026-0042 2026-11-20 sam@example.com\n")
        func say(_ arguments: [String]) throws -> SayRun {
            try SayBinary.run(arguments, home: session.home.path, environment: environment())
        }
        for index in 0 ..< 3 { #expect(try say(["write", "--keep", "--feeling", "lighter", "--text", "entry \(index)"]).status == 0) }
        #expect(try say(["reflect"]).stdout.hasPrefix("All time\n  Most entries felt lighter after writing — 3 of 3."))
        let page = session.home.url("journal.html")
        #expect(try say(["export", "--format", "html", "--out", page]).status == 0)
        #expect(try session.home.mode("journal.html") == 0o600)
        try session.turnLockOn("tulip-4721", environment: environment())
        #expect(try say(["lock", "status"]).stdout.hasPrefix("The lock is on."))

        // Step 5 made the very same key again (cmp above); step 6: both signing keys' keys work
        // side by side, the older one's unchanged by adding the newer.
        let rotated = String(decoding: try session.home.read("offline/SIL-2027-0001.txt"), as: UTF8.self)
        #expect(rotated.hasPrefix("SIL1-2027a."))
        for licence in [rotated, key] {
            let run = try say(["unlock", licence])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try say(["licence"]).stdout.contains("Licence: SIL-2026-0042"))

        // Refused: a key from an untrusted signer (a stranger's pair, under a trusted id and
        // under its own), and a key with one byte changed. Nothing is stored then.
        let stored = try session.home.read("config/say-it-later/licence")
        for (id, file) in [("2026a", "stranger-a.key"), ("stranger", "stranger-b.key")] {
            #expect(try PaidSession.run(PaidSession.signerPath, ["keygen", "--key-id", id, "--private-key", file],
                                        workingDirectory: offline).status == 0)
            let forged = try PaidSession.run(PaidSession.signerPath, ["sign", "--private-key", file, "--licence", "SIL-2026-0042"],
                                             workingDirectory: offline).stdout
            let run = try say(["unlock", forged])
            #expect(run.status == 1, "\(run.stdout)")
            #expect(run.stderr.hasPrefix(id == "2026a" ? "say: could not unlock: that key's signature does not check out"
                : "say: could not unlock: that key was signed with a signing key (stranger) this version of say does not know"))
        }
        var changed = Array(key.utf8)
        changed[40] = changed[40] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let run = try say(["unlock", String(decoding: changed, as: UTF8.self)])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("say: could not unlock: that key's signature does not check out"))
        #expect(try session.home.read("config/say-it-later/licence") == stored)
    }
}

/// The repository's README.
enum ReadMeText {
    static var text: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }
}
