import Crypto
import Foundation

/// What a licence key says: which product, which licence, when it was issued and, optionally,
/// for whom. The signed part of a key.
///
/// The payload is UTF-8 text, one `name: value` line per field, each line ending in a line
/// feed, in exactly this order (the README documents it):
/// ```
/// product: say-it-later
/// licence: SIL-2026-0001
/// issued: 2026-11-20
/// name: Sam Example
/// ```
/// `name` is optional; no other field is allowed. A new field would mean a new key format
/// (`SIL2-`), so a version-1 key always reads the same way.
public struct Licence: Sendable, Hashable, Codable {
    /// The product this program sells: `say-it-later`.
    public static let thisProduct = "say-it-later"

    /// The product the key was issued for.
    public let product: String
    /// The seller's id for this licence: 1 to 64 of `A-Z a-z 0-9 - _ .`.
    public let id: String
    /// The day it was issued, `YYYY-MM-DD` (a calendar day, no time zone).
    public let issued: String
    /// Who it was issued to, if the seller put a name in: 1 to 100 characters, one line.
    public let name: String?

    /// Validates and makes a payload.
    ///
    /// - Throws: `LicenceError.malformedPayload` naming the field that is not allowed.
    public init(product: String = Licence.thisProduct, id: String, issued: String, name: String? = nil) throws {
        guard Self.isToken(product, maxLength: 64) else { throw LicenceError.malformedPayload("the product is not a simple name") }
        guard Self.isToken(id, maxLength: 64) else {
            throw LicenceError.malformedPayload("the licence id must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        guard Self.isDay(issued) else { throw LicenceError.malformedPayload("the issue date must be a real day written YYYY-MM-DD") }
        if let name {
            guard !name.isEmpty, name.count <= 100, name == name.trimmingCharacters(in: .whitespaces),
                  !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw LicenceError.malformedPayload("the name must be 1 to 100 characters on one line") }
        }
        self.product = product
        self.id = id
        self.issued = issued
        self.name = name
    }

    /// The exact bytes that are signed.
    public var payload: [UInt8] {
        var text = "product: \(product)\nlicence: \(id)\nissued: \(issued)\n"
        if let name { text += "name: \(name)\n" }
        return Array(text.utf8)
    }

    /// Reads a payload, strictly: the fields above, in that order, nothing else.
    ///
    /// - Throws: `LicenceError.malformedPayload`.
    public init(payload bytes: [UInt8]) throws {
        // Decoding repairs invalid UTF-8; a repaired text no longer spells the same bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count <= LicenceKey.maxPayloadBytes, Array(text.utf8) == bytes else {
            throw LicenceError.malformedPayload("the payload is not short UTF-8 text")
        }
        guard text.hasSuffix("\n") else { throw LicenceError.malformedPayload("the payload must end with a line break") }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        let names = ["product", "licence", "issued", "name"]
        guard lines.count == 3 || lines.count == 4 else {
            throw LicenceError.malformedPayload("the payload must have the lines product, licence, issued and optionally name")
        }
        var values: [String] = []
        for (index, line) in lines.enumerated() {
            let prefix = names[index] + ": "
            guard line.hasPrefix(prefix) else { throw LicenceError.malformedPayload("line \(index + 1) must start with \"\(prefix)\"") }
            values.append(String(line.dropFirst(prefix.count)))
        }
        try self.init(product: values[0], id: values[1], issued: values[2], name: values.count == 4 ? values[3] : nil)
        guard payload == bytes else { throw LicenceError.malformedPayload("the payload is not written in the standard way") }
    }

    private static func isToken(_ text: String, maxLength: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
    }

    private static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              (1 ... 12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}

/// Why a licence key was refused, in the person's words.
public enum LicenceError: Error, Equatable, Sendable, LocalizedError {
    /// Not a key at all: it does not start with `SIL1-`, or its parts are not base64url.
    case notAKey
    /// The signature does not match the payload for any key this program trusts: a changed
    /// character, a key cut short, or a key that Say It Later did not issue.
    case signatureMismatch
    /// A genuine signature, but for another product.
    case otherProduct(String)
    /// The signed payload does not follow the format (only the signer can cause this).
    case malformedPayload(String)

    public var errorDescription: String? {
        switch self {
        case .notAKey:
            return "that is not a Say It Later licence key: a key is one line starting with SIL1-"
        case .signatureMismatch:
            return "that key's signature does not check out: it may have been changed or cut short when it was copied, or it was not issued by Say It Later"
        case let .otherProduct(product):
            return "that key is for another product (\(product)), not Say It Later"
        case let .malformedPayload(reason):
            return "that key's contents are not in the expected form: \(reason)"
        }
    }
}

/// The text of a licence key, as a person pastes it:
/// `SIL1-` + base64url(payload) + `.` + base64url(Ed25519 signature of the payload).
///
/// base64url is RFC 4648 section 5 without `=` padding, and must be canonical (unused bits
/// zero), so every key has exactly one spelling. Spaces and line breaks anywhere are ignored,
/// so a key wrapped by an email program still works.
public enum LicenceKey {
    /// The start of every version-1 key.
    public static let prefix = "SIL1-"
    /// The longest payload accepted, in bytes.
    public static let maxPayloadBytes = 512

    /// The key text for a payload and its signature.
    public static func text(payload: [UInt8], signature: [UInt8]) -> String {
        prefix + Base64URL.encode(payload) + "." + Base64URL.encode(signature)
    }

    /// Splits key text into payload and signature bytes, without checking the signature.
    ///
    /// - Throws: `LicenceError.notAKey`.
    public static func parts(of text: String) throws -> (payload: [UInt8], signature: [UInt8]) {
        let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        guard compact.hasPrefix(prefix) else { throw LicenceError.notAKey }
        let halves = compact.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count == 2, let payload = Base64URL.decode(halves[0]), let signature = Base64URL.decode(halves[1]),
              !payload.isEmpty, payload.count <= maxPayloadBytes
        else { throw LicenceError.notAKey }
        return (payload, signature)
    }
}

/// Checks licence keys offline against the public keys this program trusts.
public struct LicenceVerifier: Sendable {
    /// The Say It Later seller's Ed25519 public key (raw 32 bytes, base64). The matching
    /// private key never leaves the seller; `say-licence-signer` signs with it.
    public static let productionPublicKey = "1gNQG17Ri/VJOBOKkv8ueyAnQBhvwONyYxL7z9XyNsk="

    private let trusted: [Curve25519.Signing.PublicKey]

    /// A verifier that trusts the production key and, for tests, `extraPublicKeys`.
    ///
    /// - Parameter extraPublicKeys: more base64 raw public keys. The `say` program passes one
    ///   only in debug builds (see `SAY_LICENCE_TEST_PUBLIC_KEY` in the README).
    /// - Throws: `LicenceError.malformedPayload` when an extra key is not a valid public key.
    public init(extraPublicKeys: [String] = []) throws {
        var keys: [Curve25519.Signing.PublicKey] = []
        for text in [Self.productionPublicKey] + extraPublicKeys {
            guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), raw.count == 32,
                  let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
            else { throw LicenceError.malformedPayload("a trusted public key is not 32 bytes of base64") }
            keys.append(key)
        }
        trusted = keys
    }

    /// Verifies a key and reads its payload.
    ///
    /// Checks, in order: the text is a key; its signature matches one trusted public key; the
    /// payload is well formed; it is for this product.
    ///
    /// - Returns: the licence.
    /// - Throws: `LicenceError`.
    public func verify(_ keyText: String) throws -> Licence {
        let (payload, signature) = try LicenceKey.parts(of: keyText)
        guard signature.count == 64, trusted.contains(where: { $0.isValidSignature(signature, for: payload) }) else {
            throw LicenceError.signatureMismatch
        }
        let licence = try Licence(payload: payload)
        guard licence.product == Licence.thisProduct else { throw LicenceError.otherProduct(licence.product) }
        return licence
    }
}

/// The seller's side: a private signing key. Used by `say-licence-signer` and by tests that
/// need keys of their own; the `say` program never holds one.
public struct LicenceSigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// A new random key pair.
    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// Reads a private key file's text: the raw 32-byte private key in base64, on one line.
    ///
    /// - Throws: `LicenceError.malformedPayload` when it is not such a key.
    public init(fileText: String) throws {
        guard let raw = Data(base64Encoded: fileText.trimmingCharacters(in: .whitespacesAndNewlines)), raw.count == 32,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else { throw LicenceError.malformedPayload("the private key file must hold 32 bytes of base64 on one line") }
        self.key = key
    }

    /// The text of a private key file: base64 of the raw key, then a line break.
    public var fileText: String { key.rawRepresentation.base64EncodedString() + "\n" }

    /// The public key, raw 32 bytes in base64: what `LicenceVerifier` trusts.
    public var publicKey: String { key.publicKey.rawRepresentation.base64EncodedString() }

    /// Signs a licence.
    ///
    /// - Returns: the key text to give the buyer.
    /// - Throws: when the signature cannot be made (not expected with a valid key).
    public func sign(_ licence: Licence) throws -> String {
        try signPayload(licence.payload)
    }

    /// Signs any payload bytes as they are. Tests use it to make keys with broken payloads.
    public func signPayload(_ payload: [UInt8]) throws -> String {
        LicenceKey.text(payload: payload, signature: Array(try key.signature(for: payload)))
    }
}

/// RFC 4648 section 5 base64url without padding, decoded strictly.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index ..< min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
            for position in 0 ... chunk.count { out.append(alphabet[Int((value >> (18 - 6 * position)) & 0x3F)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil for anything but canonical unpadded base64url.
    static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        var values: [UInt32] = []
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index ..< min(index + 4, values.count)]
            var value: UInt32 = 0
            for (offset, sextet) in chunk.enumerated() { value |= sextet << (18 - 6 * offset) }
            let byteCount = chunk.count - 1
            // Bits past the last whole byte must be zero, or two spellings would mean one key.
            let unused = UInt32(chunk.count * 6 - byteCount * 8)
            if chunk.count < 4, (value >> (24 - UInt32(chunk.count) * 6)) & ((1 << unused) - 1) != 0 { return nil }
            for offset in 0 ..< byteCount { out.append(UInt8((value >> (16 - 8 * UInt32(offset))) & 0xFF)) }
            index += 4
        }
        return out
    }
}
