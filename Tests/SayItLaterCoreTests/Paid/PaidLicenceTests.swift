import Foundation
import SayItLaterCore
import TestSupport
import Testing

/// A signing key made for these tests only (never trusted by a release build): its private key
/// file text and the line that trusts it. The README's example key is signed with it.
enum TestKeys {
    static let privateKeyFile = """
        # Say It Later licence signing key. PRIVATE: keep it offline, never share or commit it.
        key-id: test-2026
        private-key: MzAaBROAjMti/b4E2rubc9GuHXSLhrfbQMmVxsLus+8=

        """
    static let publicKey = "JCORnuASxcDdzikdwL1FyBQOGUJ3SiBCQH7KrtOmoOI="
    static let signerLine = "test-2026 " + publicKey
    /// Made independently of this code, with Python's `cryptography` package: the Ed25519
    /// signature of `SIL1-test-2026.` and the payload bytes, by that private key. Pinned here so
    /// the format cannot drift.
    static let exampleKey = "SIL1-test-2026.cHJvZHVjdDogc2F5LWl0LWxhdGVyCmxpY2VuY2U6IFNJTC0yMDI2LTAwMDEKaXNzdWVkOiAyMDI2LTExLTIwCm5hbWU6IFNhbSBFeGFtcGxlCg.Db46W0fK_m39B51J5O_OWk4NG4948ciwYRmq_3u61UwjR40SeKNx67p05l9ubCsTIu8zJ0Wtb69IPAjTAm3EAQ"
    /// The first test format, `SIL1-<payload>.<signature>`, signed by the same private key.
    static let retiredKey = "SIL1-cHJvZHVjdDogc2F5LWl0LWxhdGVyCmxpY2VuY2U6IFNJTC0yMDI2LTAwMDEKaXNzdWVkOiAyMDI2LTExLTIwCm5hbWU6IFNhbSBFeGFtcGxlCg.XNDLDZG2LGJ5441OJqQTcHo22gDfnfBdYtK-2c3IkUOV_ZDxNY9kDbTesDK8PnVi5Gw9XSWZ4WsH4a1uXkXPDw"

    static var signer: LicenceSigningKey { try! LicenceSigningKey(fileText: privateKeyFile) }  // a constant, valid key
    static var verifier: LicenceVerifier { try! LicenceVerifier(signers: [LicenceSigner(line: signerLine)]) }  // a constant, valid line
}

@Suite("Paid: licence keys")
struct PaidLicenceTests {
    let example = try! Licence(id: "SIL-2026-0001", issued: "2026-11-20", name: "Sam Example")  // valid constants

    @Test func thePayloadIsTheDocumentedText() throws {
        #expect(String(decoding: example.payload, as: UTF8.self) == "product: say-it-later\nlicence: SIL-2026-0001\nissued: 2026-11-20\nname: Sam Example\n")
        let anonymous = try Licence(id: "A.1_b-2", issued: "2024-02-29")
        #expect(String(decoding: anonymous.payload, as: UTF8.self) == "product: say-it-later\nlicence: A.1_b-2\nissued: 2024-02-29\n")
        #expect(try Licence(payload: anonymous.payload) == anonymous)
    }

    @Test func thePinnedExampleKeyVerifies() throws {
        #expect(try TestKeys.verifier.verify(TestKeys.exampleKey) == example)
        #expect(TestKeys.signer.signer.line == TestKeys.signerLine)
        #expect(TestKeys.signer.fileText == TestKeys.privateKeyFile)
        #expect(try TestKeys.signer.sign(example) == TestKeys.exampleKey)
    }

    @Test func aFreshKeyHasTheDocumentedShapeAndVerifies() throws {
        let key = try TestKeys.signer.sign(example)
        let payloadPart = "cHJvZHVjdDogc2F5LWl0LWxhdGVyCmxpY2VuY2U6IFNJTC0yMDI2LTAwMDEKaXNzdWVkOiAyMDI2LTExLTIwCm5hbWU6IFNhbSBFeGFtcGxlCg"
        #expect(key.hasPrefix("SIL1-test-2026." + payloadPart + "."))
        let signature = key.dropFirst(("SIL1-test-2026." + payloadPart + ".").count)
        #expect(signature.count == 86)  // 64 bytes, unpadded base64url
        #expect(signature.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try TestKeys.verifier.verify(key) == example)
    }

    @Test func addingASigningKeyKeepsOlderKeysWorking() throws {
        let newer = try LicenceSigningKey(id: "2027")
        let before = try LicenceVerifier(signers: [TestKeys.signer.signer])
        let after = try LicenceVerifier(signers: [TestKeys.signer.signer, newer.signer])
        let newKey = try newer.sign(example)
        #expect(try before.verify(TestKeys.exampleKey) == example)
        #expect(throws: LicenceError.unknownSigner("2027")) { try before.verify(newKey) }
        #expect(try after.verify(TestKeys.exampleKey) == example)
        #expect(try after.verify(newKey) == example)
        // A key cannot be moved to another trusted key's id: the id is part of what is signed.
        let moved = newKey.replacingOccurrences(of: "SIL1-2027.", with: "SIL1-test-2026.")
        #expect(throws: LicenceError.signatureMismatch) { try after.verify(moved) }
    }

    @Test func theReleaseListIsWellFormedAndTrustsNoTestKey() throws {
        let release = try LicenceSigner.list(TrustedLicenceSigners.release)
        #expect(Set(release.map(\.id)).count == release.count)
        #expect(!release.contains { $0.publicKey == TestKeys.publicKey })
        #expect(try LicenceVerifier.trusting().signers.map(\.id) == release.map(\.id))
        #expect(throws: LicenceError.unknownSigner("test-2026")) { try LicenceVerifier.trusting().verify(TestKeys.exampleKey) }
        #expect(try LicenceVerifier.trusting(extraLines: TestKeys.signerLine).verify(TestKeys.exampleKey) == example)
    }

    @Test func signingKeyLinesAreReadStrictly() throws {
        let signers = try LicenceSigner.list("# comment\n\n" + TestKeys.signerLine + "\n  2027 " + TestKeys.publicKey + "  \n")
        #expect(signers.map(\.id) == ["test-2026", "2027"])
        for bad in ["test-2026", "test-2026 short", "Test " + TestKeys.publicKey, "-x " + TestKeys.publicKey,
                    "a.b " + TestKeys.publicKey, "seventeen-chars-x " + TestKeys.publicKey, "a b c"] {
            #expect(throws: LicenceError.self, "\(bad)") { try LicenceSigner(line: bad) }
        }
        #expect(throws: LicenceError.malformedSigningKey("the key id test-2026 is listed twice")) {
            try LicenceSigner.list(TestKeys.signerLine + "\n" + TestKeys.signerLine)
        }
        #expect(throws: LicenceError.self) { try LicenceSigningKey(id: "Upper") }
        #expect(throws: LicenceError.self) { try LicenceSigningKey(fileText: TestKeys.publicKey) }
    }

    @Test func theRetiredFormatIsRefusedAndSaysWhy() throws {
        #expect(throws: LicenceError.retiredFormat) { try TestKeys.verifier.verify(TestKeys.retiredKey) }
        #expect(LicenceError.retiredFormat.errorDescription
            == "that key is in an early test format (without a signing key id) that say no longer reads; no key in that format was ever sold")
    }

    @Test func spacesAndLineBreaksInAPastedKeyAreIgnored() throws {
        var wrapped = "  "
        for (index, character) in TestKeys.exampleKey.enumerated() {
            wrapped.append(character)
            if index % 40 == 39 { wrapped += "\r\n  " }
        }
        #expect(try TestKeys.verifier.verify(wrapped + "\n") == example)
    }

    @Test func everySingleChangedCharacterIsRefused() throws {
        let key = Array(TestKeys.exampleKey)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for index in key.indices {
            var changed = key
            // The next letter of the alphabet, so the key still looks like a key.
            if let position = alphabet.firstIndex(of: key[index]) {
                changed[index] = alphabet[(position + 1) % alphabet.count]
            } else {
                changed[index] = "x"
            }
            #expect(throws: LicenceError.self, "changed at \(index)") { try TestKeys.verifier.verify(String(changed)) }
        }
    }

    @Test func aChangedPayloadByteIsASignatureMismatch() throws {
        let parts = try LicenceKey.parts(of: TestKeys.exampleKey)
        var changed = parts
        changed.payload[changed.payload.count - 2] ^= 0x01  // "Sam Example" → "Sam Exampld"
        #expect(throws: LicenceError.signatureMismatch) { try TestKeys.verifier.verify(changed.text) }
        var changedSignature = parts
        changedSignature.signature[10] ^= 0x80
        #expect(throws: LicenceError.signatureMismatch) { try TestKeys.verifier.verify(changedSignature.text) }
    }

    @Test func anotherProductsKeyIsRefused() throws {
        let other = try Licence(product: "another-app", id: "X-1", issued: "2026-11-20")
        let key = try TestKeys.signer.sign(other)
        #expect(throws: LicenceError.otherProduct("another-app")) { try TestKeys.verifier.verify(key) }
        #expect(LicenceError.otherProduct("another-app").errorDescription == "that key is for another product (another-app), not Say It Later")
    }

    @Test func aKeySignedByAnotherPrivateKeyIsRefused() throws {
        // A stranger's key under a trusted id fails the signature; under its own id, it is unknown.
        let impostor = try LicenceSigningKey(id: "test-2026")
        #expect(throws: LicenceError.signatureMismatch) { try TestKeys.verifier.verify(impostor.sign(example)) }
        let stranger = try LicenceSigningKey(id: "stranger")
        #expect(throws: LicenceError.unknownSigner("stranger")) { try TestKeys.verifier.verify(stranger.sign(example)) }
        #expect(LicenceError.signatureMismatch.errorDescription
            == "that key's signature does not check out: it may have been changed or cut short when it was copied, or it was not issued by Say It Later")
        #expect(LicenceError.unknownSigner("stranger").errorDescription
            == "that key was signed with a signing key (stranger) this version of say does not know: it was not issued by Say It Later, or it needs a newer say")
    }

    @Test(arguments: ["", "hello", "SIL1-", "SIL1-.", "SIL1-abc", "SIL1-abc.def", "SIL1-!!!.???", "sil1-" + TestKeys.exampleKey.dropFirst(5),
                      "SIL2-" + TestKeys.exampleKey.dropFirst(5), "-----BEGIN PGP MESSAGE-----", "SIL1-QR.QQ", "SIL1-Ab.QQ.QQ",
                      "SIL1-a.b.QQ.QQ", "SIL1-..", "SIL1-k1..QQ", "SIL1-k1.QQ.QR"])
    func garbageIsNotAKey(_ text: String) throws {
        #expect(throws: LicenceError.notAKey) { try TestKeys.verifier.verify(text) }
        #expect(LicenceError.notAKey.errorDescription == "that is not a Say It Later licence key: a key is one line starting with SIL1-")
    }

    @Test func aShortenedKeyIsRefused() throws {
        let key = TestKeys.exampleKey
        for cut in [1, 2, 3, 40, 86, 87] {
            #expect(throws: LicenceError.self) { try TestKeys.verifier.verify(String(key.dropLast(cut))) }
        }
    }

    @Test func signedPayloadsMustFollowTheFormat() throws {
        let cases: [(String, String)] = [
            ("product: say-it-later\nlicence: A\nissued: 2026-11-20\nextra: 1\n", "line 4 must start with \"name: \""),
            ("product: say-it-later\nlicence: A\nissued: 2026-02-30\n", "the issue date must be a real day written YYYY-MM-DD"),
            ("product: say-it-later\nlicence: A B\nissued: 2026-11-20\n", "the licence id must be 1 to 64 letters, digits, '-', '_' or '.'"),
            ("product: say-it-later\nlicence: A\nissued: 2026-11-20", "the payload must end with a line break"),
            ("licence: A\nproduct: say-it-later\nissued: 2026-11-20\n", "line 1 must start with \"product: \""),
            ("product: say-it-later\nlicence: A\nissued: 2026-11-20\nname:  padded\n", "the name must be 1 to 100 characters on one line"),
        ]
        for (payload, reason) in cases {
            let key = try TestKeys.signer.signPayload(Array(payload.utf8))
            #expect(throws: LicenceError.malformedPayload(reason)) { try TestKeys.verifier.verify(key) }
        }
    }

    @Test func signedPayloadsMustBeUTF8() throws {
        let key = try TestKeys.signer.signPayload(Array("product: say-it-later\nlicence: A\nissued: 2026-11-20\nname: Sam \u{FF}\n".utf8).map { $0 == 0xC3 ? 0xFF : $0 })
        #expect(throws: LicenceError.malformedPayload("the payload is not short UTF-8 text")) { try TestKeys.verifier.verify(key) }
        let long = try TestKeys.signer.signPayload(Array(repeating: 0x41, count: 513))
        #expect(throws: LicenceError.notAKey) { try TestKeys.verifier.verify(long) }
    }

    @Test func base64URLIsCanonical() throws {
        #expect(LicenceKey.Parts(keyID: "k1", payload: [0x41], signature: [0xFB, 0xFF]).text == "SIL1-k1.QQ.-_8")
        #expect(try LicenceKey.parts(of: "SIL1-k1.QQ.-_8") == LicenceKey.Parts(keyID: "k1", payload: [0x41], signature: [0xFB, 0xFF]))
        for spelling in ["SIL1-k1.QR.QQ", "SIL1-k1.QQ==.QQ", "SIL1-k1.Q.QQ", "SIL1-k1.QQ.-_9", "SIL1-k1.Q+.QQ"] {
            #expect(throws: LicenceError.notAKey, "\(spelling)") { try LicenceKey.parts(of: spelling) }
        }
    }

    // MARK: The stored licence

    @Test func unlockingStoresTheKeyReadableOnlyByYou() throws {
        let home = TemporaryFolder("say-licence")
        let store = LicenceStore(folder: home.url("config/say-it-later"), verifier: TestKeys.verifier)
        #expect(try store.state() == .none)
        #expect(!store.isUnlocked)
        let wrapped = "  " + TestKeys.exampleKey.prefix(50) + "\n" + TestKeys.exampleKey.dropFirst(50) + "\n"
        #expect(try store.unlock(with: wrapped) == example)
        #expect(home.files() == ["config/say-it-later/licence"])
        #expect(String(decoding: try home.read("config/say-it-later/licence"), as: UTF8.self) == TestKeys.exampleKey + "\n")
        #expect(try home.mode("config/say-it-later/licence") == 0o600)
        #expect(try home.mode("config/say-it-later") == 0o700)
        #expect(try store.state() == .valid(example))
        #expect(store.isUnlocked)
    }

    @Test func aRefusedKeyStoresNothing() throws {
        let home = TemporaryFolder("say-licence")
        let store = LicenceStore(folder: home.url("config"), verifier: TestKeys.verifier)
        #expect(throws: LicenceError.signatureMismatch) { try store.unlock(with: LicenceSigningKey(id: "test-2026").sign(example)) }
        #expect(home.files() == [])
        try store.unlock(with: TestKeys.exampleKey)
        #expect(throws: LicenceError.notAKey) { try store.unlock(with: "garbage") }
        #expect(try store.state() == .valid(example))
    }

    @Test func aStoredKeyIsCheckedEveryTimeItIsRead() throws {
        let home = TemporaryFolder("say-licence")
        let store = LicenceStore(folder: home.url("config"), verifier: TestKeys.verifier)
        try store.unlock(with: TestKeys.exampleKey)
        // The same file is worth nothing to a verifier that does not trust the test key.
        #expect(try LicenceStore(folder: home.url("config"), verifier: LicenceVerifier.trusting()).state() == .invalid(.unknownSigner("test-2026")))
        // Editing the name by hand breaks the signature.
        let edited = TestKeys.exampleKey.replacingOccurrences(of: "IFNhbSBFeGFtcGxlCg", with: "IFBhdCBFeGFtcGxlCg")
        try home.write(edited, to: "config/licence")
        #expect(try store.state() == .invalid(.signatureMismatch))
        #expect(!store.isUnlocked)
    }
}

/// The README shows what the code does, so the two cannot drift apart.
enum ReadMe {
    static var text: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }
}

@Suite("Paid: the README's licence key example")
struct PaidReadMeLicenceTests {
    @Test func theExampleKeyAndItsPayloadAreTheOnesTested() throws {
        let readme = ReadMe.text
        #expect(readme.contains("\n```\n" + TestKeys.exampleKey + "\n```\n"))
        #expect(readme.contains("`" + TestKeys.signerLine + "`"))
        let payload = try Licence(payload: LicenceKey.parts(of: TestKeys.exampleKey).payload)
        #expect(readme.contains("\n```\n" + String(decoding: payload.payload, as: UTF8.self) + "```\n"))
        #expect(readme.contains("SIL1-<key id>.<payload>.<signature>"))
    }
}
