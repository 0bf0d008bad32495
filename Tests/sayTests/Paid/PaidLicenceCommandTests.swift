import Foundation
import TestSupport
import Testing

@Suite("Paid: say unlock, say licence and the locked features")
struct PaidLicenceCommandTests {
    static let refusedSignature = """
        say: could not unlock: that key's signature does not check out: it may have been changed or cut short when it was copied, or it was not issued by Say It Later

        """

    @Test func aValidKeyUnlocksAndIsKeptReadableOnlyByYou() throws {
        let session = try PaidSession()
        #expect(try session.say("licence").stdout == """
            No licence key yet.
            The lock, export and reflection are a one-time £5 unlock. With a key, run: say unlock KEY
            Everything else is free, always.

            """)
        let key = try session.key()
        #expect(key.hasPrefix("SIL1-test."))
        let unlocked = try session.say("unlock", key)
        #expect(unlocked.status == 0)
        #expect(unlocked.stderr == "")
        let thanks = """
            Unlocked. Thank you for supporting Say It Later.
              Licence: SIL-TEST-1
              Issued: 2026-11-20
              For: Sam Example
            The lock, export and reflection are yours: say lock on, say export, say reflect.

            """
        #expect(unlocked.stdout == thanks)
        #expect(session.home.files(under: "config") == ["config/say-it-later/licence"])
        #expect(try session.home.mode("config/say-it-later/licence") == 0o600)
        #expect(try session.home.mode("config/say-it-later") == 0o700)
        #expect(String(decoding: try session.home.read("config/say-it-later/licence"), as: UTF8.self) == key + "\n")
        let shown = try session.say("licence")
        #expect(shown.stdout == thanks)
        #expect(try session.say("license").stdout == thanks)
    }

    @Test func aKeyCanComeOnStandardInput() throws {
        let session = try PaidSession()
        let key = try session.key(name: nil)
        let run = try session.say("unlock", input: String(key.prefix(60)) + "\n" + key.dropFirst(60) + "\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Unlocked. Thank you for supporting Say It Later.\n  Licence: SIL-TEST-1\n  Issued: 2026-11-20\nThe lock"))
    }

    @Test func aKeyWithOneChangedByteIsRefused() throws {
        let session = try PaidSession()
        let original = Array(try session.key())
        // A character of the payload (20 before the "." that starts the 86-character signature),
        // and one of the signature itself.
        for index in [original.count - 87 - 20, original.count - 40] {
            var key = original
            key[index] = key[index] == "A" ? "B" : "A"
            let run = try session.say("unlock", String(key))
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == Self.refusedSignature)
        }
        #expect(session.home.files(under: "config") == [])
    }

    @Test func anotherProductsKeyIsRefused() throws {
        let session = try PaidSession()
        let run = try session.say("unlock", session.key(product: "another-app"))
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not unlock: that key is for another product (another-app), not Say It Later\n")
        #expect(session.home.files(under: "config") == [])
    }

    @Test func aKeySignedByAnUntrustedSignerIsRefused() throws {
        let session = try PaidSession()
        // A stranger's pair under the trusted id "test": the signature does not check out.
        let impostor = session.home.url("impostor.key")
        #expect(try PaidSession.signer(["keygen", "--key-id", "test", "--private-key", impostor]).status == 0)
        let run = try session.say("unlock", session.key(privateKey: impostor))
        #expect(run.status == 1)
        #expect(run.stderr == Self.refusedSignature)
        // A stranger's pair under an id of its own: no such signer.
        let stranger = session.home.url("stranger.key")
        #expect(try PaidSession.signer(["keygen", "--key-id", "stranger", "--private-key", stranger]).status == 0)
        let unknown = try session.say("unlock", session.key(privateKey: stranger))
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "say: could not unlock: that key was signed with a signing key (stranger) this version of say does not know: it was not issued by Say It Later, or it needs a newer say\n")
        #expect(session.home.files(under: "config") == [])
    }

    @Test func withoutATestSignerADebugBuildTrustsOnlyTheReleaseList() throws {
        let session = try PaidSession()
        let run = try SayBinary.run(["unlock", session.key()], home: session.home.path,
                                    environment: ["SAY_KEYRING": "off", "SAY_JOURNAL": session.journal])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("say: could not unlock: that key was signed with a signing key (test) this version of say does not know"))
        #expect(session.home.files(under: "config") == [])
    }

    @Test func garbageIsRefused() throws {
        let session = try PaidSession()
        for garbage in ["hello", "SIL1-not.a-key", "", "£5"] {
            let run = try session.say("unlock", garbage)
            #expect(run.status == 1)
            #expect(run.stderr == "say: could not unlock: that is not a Say It Later licence key: a key is one line starting with SIL1-\n")
        }
        #expect(session.home.files(under: "config") == [])
    }

    @Test func lockedFeaturesSayCalmlyWhatTheyAreAndHowToUnlock() throws {
        let session = try PaidSession()
        try session.keep("something kept", feeling: "lighter")
        let export = try session.say("export", "--format", "json", "--out", session.home.url("out.json"))
        #expect(export.status == 1)
        #expect(export.stdout == "")
        #expect(export.stderr == """
            Export is part of Say It Later's one-time £5 unlock (the lock, export and reflection).
            It saves everything you've kept as Markdown files, JSON, CSV or one printable page.
            If you have a licence key, unlock with: say unlock KEY
            Writing, keeping, letting go, deleting, history and support are always free.

            """)
        #expect(!FileManager.default.fileExists(atPath: session.home.url("out.json")))
        let reflect = try session.say("reflect")
        #expect(reflect.status == 1)
        #expect(reflect.stdout == "")
        #expect(reflect.stderr == """
            Reflection is part of Say It Later's one-time £5 unlock (the lock, export and reflection).
            It shows how writing has felt over time, counted by feeling.
            If you have a licence key, unlock with: say unlock KEY
            Writing, keeping, letting go, deleting, history and support are always free.

            """)
        let lock = try session.say("lock", "on")
        #expect(lock.status == 1)
        #expect(lock.stderr == """
            The lock is part of Say It Later's one-time £5 unlock (the lock, export and reflection).
            It asks for a passcode before say shows anything you've kept.
            If you have a licence key, unlock with: say unlock KEY
            Writing, keeping, letting go, deleting, history and support are always free.

            """)
        #expect(session.home.files(under: "config") == [])
    }

    @Test func theFreeFeaturesNeverMentionThePrice() throws {
        let session = try PaidSession()
        var runs = [try session.say("write", "--keep", "--feeling", "heavier", input: "free to write")]
        runs += [try session.say("history"), try session.say("history", "--json"), try session.say("show", "1"),
                 try session.say("support"), try session.say("write", "--let-go", input: "gone"),
                 try session.say("let-go", "1", "--yes"), try session.say("lock", "status"), try session.say("lock", "off")]
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            for word in ["£", "unlock", "licence", "buy"] {
                #expect(!(run.stdout + run.stderr).lowercased().contains(word), "\(word) in \(run.stdout + run.stderr)")
            }
        }
    }

    @Test func theSignerKeepsItsPrivateKeyPrivate() throws {
        let session = try PaidSession()
        #expect(try session.home.mode("seller.key") == 0o600)
        let text = String(decoding: try session.home.read("seller.key"), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3 && lines[1] == "key-id: test" && lines[2].hasPrefix("private-key: ") && lines[2].count == 13 + 44)
        // The private key is printed nowhere: only the public line, on stdout.
        let privatePart = String(lines[2].dropFirst(13))
        #expect(!session.signerLine.contains(privatePart))
        #expect(session.signerLine.hasPrefix("test ") && session.signerLine.count == 5 + 44)
        let fresh = session.home.url("fresh.key")
        let made = try PaidSession.signer(["keygen", "--key-id", "2026a", "--private-key", fresh])
        let freshPrivate = String(decoding: try session.home.read("fresh.key"), as: UTF8.self).split(separator: "\n")[2].dropFirst(13)
        #expect(!(made.stdout + made.stderr).contains(freshPrivate))
        #expect(made.stderr == """
            Wrote the private key to \(fresh) (readable only by you). Keep it offline, with two backups.
            Add the line above to Sources/SayItLaterCore/Paid/TrustedLicenceSigners.swift to trust it.

            """)
        let again = try PaidSession.signer(["keygen", "--key-id", "test", "--private-key", session.privateKey])
        #expect(again.status == 1)
        #expect(again.stderr == "Error: cannot create \(session.privateKey): File exists (it must not exist yet)\n")
        #expect(String(decoding: try session.home.read("seller.key"), as: UTF8.self) == text)
        let badID = try PaidSession.signer(["keygen", "--key-id", "Bad.Id", "--private-key", session.home.url("bad.key")])
        #expect(badID.status == 1)
        #expect(badID.stderr == "Error: a licence signing key is not in the expected form: a key id is 1 to 16 of a-z, 0-9 and '-', starting with a letter or digit\n")
        #expect(!FileManager.default.fileExists(atPath: session.home.url("bad.key")))
        let publicKey = try PaidSession.signer(["public-key", "--private-key", session.privateKey])
        #expect(publicKey.stdout == session.signerLine + "\n")
        let bad = try PaidSession.signer(["sign", "--private-key", session.privateKey, "--licence", "has space"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "Error: that key's contents are not in the expected form: the licence id must be 1 to 64 letters, digits, '-', '_' or '.'\n")
    }

    /// A release build cannot be built in the test run, so this reads the source: the one place
    /// that reads the test signer from the environment sits inside `#if DEBUG`.
    @Test func onlyDebugBuildsReadTheTestSigner() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var readers: [(file: String, line: Int, inDebug: Bool)] = []
        let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
        while let file = sources?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent("Sources/" + file), encoding: .utf8)
            var depth: [Bool] = []
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#if") { depth.append(trimmed == "#if DEBUG") }
                if trimmed.hasPrefix("#endif") { _ = depth.popLast() }
                if trimmed.contains("environment[testSignerVariable]") || trimmed.contains("SAY_LICENCE_TEST_SIGNER\"]") {
                    readers.append((file, number + 1, depth.contains(true)))
                }
            }
        }
        #expect(readers.count == 1, "\(readers)")
        #expect(readers.filter { !$0.inDebug }.isEmpty, "\(readers)")
    }
}
