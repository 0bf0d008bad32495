import Foundation
import SayItLaterCore
import TestSupport
import Testing

/// A key pair made for these tests only (never the production key): private key file text and
/// its public key. The README's example key is signed with it.
enum TestKeys {
    static let privateKeyFile = "MzAaBROAjMti/b4E2rubc9GuHXSLhrfbQMmVxsLus+8=\n"
    static let publicKey = "JCORnuASxcDdzikdwL1FyBQOGUJ3SiBCQH7KrtOmoOI="
    /// Made once by `say-licence-signer sign --private-key <that file> --licence SIL-2026-0001
    /// --issued 2026-11-20 --name "Sam Example"`; pinned here so the format cannot drift.
    static let exampleKey = "SIL1-cHJvZHVjdDogc2F5LWl0LWxhdGVyCmxpY2VuY2U6IFNJTC0yMDI2LTAwMDEKaXNzdWVkOiAyMDI2LTExLTIwCm5hbWU6IFNhbSBFeGFtcGxlCg.XNDLDZG2LGJ5441OJqQTcHo22gDfnfBdYtK-2c3IkUOV_ZDxNY9kDbTesDK8PnVi5Gw9XSWZ4WsH4a1uXkXPDw"

    static var signer: LicenceSigningKey { try! LicenceSigningKey(fileText: privateKeyFile) }  // a constant, valid key
    static var verifier: LicenceVerifier { try! LicenceVerifier(extraPublicKeys: [publicKey]) }  // a constant, valid key
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
        #expect(TestKeys.signer.publicKey == TestKeys.publicKey)
        #expect(TestKeys.signer.fileText == TestKeys.privateKeyFile)
    }

    @Test func aFreshKeyHasTheDocumentedShapeAndVerifies() throws {
        let key = try TestKeys.signer.sign(example)
        let payloadPart = "cHJvZHVjdDogc2F5LWl0LWxhdGVyCmxpY2VuY2U6IFNJTC0yMDI2LTAwMDEKaXNzdWVkOiAyMDI2LTExLTIwCm5hbWU6IFNhbSBFeGFtcGxlCg"
        #expect(key.hasPrefix("SIL1-" + payloadPart + "."))
        let signature = key.dropFirst(("SIL1-" + payloadPart + ".").count)
        #expect(signature.count == 86)  // 64 bytes, unpadded base64url
        #expect(signature.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try TestKeys.verifier.verify(key) == example)
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
        let (payload, signature) = try LicenceKey.parts(of: TestKeys.exampleKey)
        var changed = payload
        changed[changed.count - 2] ^= 0x01  // "Sam Example" → "Sam Exampld"
        let key = LicenceKey.text(payload: changed, signature: signature)
        #expect(throws: LicenceError.signatureMismatch) { try TestKeys.verifier.verify(key) }
        var changedSignature = signature
        changedSignature[10] ^= 0x80
        #expect(throws: LicenceError.signatureMismatch) {
            try TestKeys.verifier.verify(LicenceKey.text(payload: payload, signature: changedSignature))
        }
    }

    @Test func anotherProductsKeyIsRefused() throws {
        let other = try Licence(product: "another-app", id: "X-1", issued: "2026-11-20")
        let key = try TestKeys.signer.sign(other)
        #expect(throws: LicenceError.otherProduct("another-app")) { try TestKeys.verifier.verify(key) }
        #expect(LicenceError.otherProduct("another-app").errorDescription == "that key is for another product (another-app), not Say It Later")
    }

    @Test func aKeySignedByAnotherPrivateKeyIsRefused() throws {
        let stranger = LicenceSigningKey()
        let key = try stranger.sign(example)
        #expect(throws: LicenceError.signatureMismatch) { try TestKeys.verifier.verify(key) }
        // …and the production verifier alone does not trust the test key either.
        #expect(throws: LicenceError.signatureMismatch) { try LicenceVerifier().verify(TestKeys.exampleKey) }
        #expect(LicenceError.signatureMismatch.errorDescription
            == "that key's signature does not check out: it may have been changed or cut short when it was copied, or it was not issued by Say It Later")
    }

    @Test(arguments: ["", "hello", "SIL1-", "SIL1-.", "SIL1-abc", "SIL1-abc.def.ghi", "SIL1-!!!.???", "sil1-" + TestKeys.exampleKey.dropFirst(5),
                      "SIL2-" + TestKeys.exampleKey.dropFirst(5), "-----BEGIN PGP MESSAGE-----", "SIL1-QR.QQ"])
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
        #expect(LicenceKey.text(payload: [0x41], signature: [0xFB, 0xFF]) == "SIL1-QQ.-_8")
        #expect(try LicenceKey.parts(of: "SIL1-QQ.-_8").payload == [0x41])
        #expect(try LicenceKey.parts(of: "SIL1-QQ.-_8").signature == [0xFB, 0xFF])
        for spelling in ["SIL1-QR.QQ", "SIL1-QQ==.QQ", "SIL1-Q.QQ", "SIL1-QQ.-_9", "SIL1-Q+.QQ"] {
            #expect(throws: LicenceError.notAKey, "\(spelling)") { try LicenceKey.parts(of: spelling) }
        }
    }

    @Test func theProductionPublicKeyIsUsable() throws {
        _ = try LicenceVerifier()
        #expect(throws: LicenceError.self) { try LicenceVerifier(extraPublicKeys: ["not base64"]) }
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
        #expect(throws: LicenceError.signatureMismatch) { try store.unlock(with: LicenceSigningKey().sign(example)) }
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
        #expect(try LicenceStore(folder: home.url("config"), verifier: LicenceVerifier()).state() == .invalid(.signatureMismatch))
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
        #expect(readme.contains("`" + TestKeys.publicKey + "`"))
        let payload = try Licence(payload: LicenceKey.parts(of: TestKeys.exampleKey).payload)
        #expect(readme.contains("\n```\n" + String(decoding: payload.payload, as: UTF8.self) + "```\n"))
        #expect(readme.contains("SIL1-<payload>.<signature>"))
    }
}
