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
    /// A key in the first test format, `SIL1-<payload>.<signature>` with no key id. No key in
    /// that format was ever sold (the key that could sign them was never kept), so it is retired.
    case retiredFormat
    /// The key names a signing key this build of say does not trust.
    case unknownSigner(String)
    /// The signature does not match the payload for the signing key the key names: a changed
    /// character, a key cut short, or a key that Say It Later did not issue.
    case signatureMismatch
    /// A genuine signature, but for another product.
    case otherProduct(String)
    /// The signed payload does not follow the format (only the signer can cause this).
    case malformedPayload(String)
    /// A trusted signing key, or a seller's private key file, is not in the expected form.
    case malformedSigningKey(String)

    public var errorDescription: String? {
        switch self {
        case .notAKey:
            return "that is not a Say It Later licence key: a key is one line starting with SIL1-"
        case .retiredFormat:
            return "that key is in an early test format (without a signing key id) that say no longer reads; no key in that format was ever sold"
        case let .unknownSigner(id):
            return "that key was signed with a signing key (\(id)) this version of say does not know: it was not issued by Say It Later, or it needs a newer say"
        case .signatureMismatch:
            return "that key's signature does not check out: it may have been changed or cut short when it was copied, or it was not issued by Say It Later"
        case let .otherProduct(product):
            return "that key is for another product (\(product)), not Say It Later"
        case let .malformedPayload(reason):
            return "that key's contents are not in the expected form: \(reason)"
        case let .malformedSigningKey(reason):
            return "a licence signing key is not in the expected form: \(reason)"
        }
    }
}

/// The text of a licence key, as a person pastes it:
/// `SIL1-` + key id + `.` + base64url(payload) + `.` + base64url(Ed25519 signature).
///
/// The signature covers the bytes of `SIL1-<key id>.` followed by the payload bytes, so a key
/// cannot be moved to another signing key's id. base64url is RFC 4648 section 5 without `=`
/// padding, and must be canonical (unused bits zero), so every key has exactly one spelling.
/// Spaces and line breaks anywhere are ignored, so a key wrapped by an email program still works.
public enum LicenceKey {
    /// The start of every version-1 key.
    public static let prefix = "SIL1-"
    /// The longest payload accepted, in bytes.
    public static let maxPayloadBytes = 512

    /// The parts of a key.
    public struct Parts: Sendable, Hashable {
        /// The id of the signing key that signed it.
        public var keyID: String
        public var payload: [UInt8]
        public var signature: [UInt8]

        public init(keyID: String, payload: [UInt8], signature: [UInt8]) {
            self.keyID = keyID
            self.payload = payload
            self.signature = signature
        }

        /// The bytes the signature covers: `SIL1-<key id>.` then the payload.
        public var signedBytes: [UInt8] { Array((LicenceKey.prefix + keyID + ".").utf8) + payload }

        /// The key text.
        public var text: String {
            LicenceKey.prefix + keyID + "." + Base64URL.encode(payload) + "." + Base64URL.encode(signature)
        }
    }

    /// Splits key text into its parts, without checking the signature.
    ///
    /// - Throws: `LicenceError.notAKey`, or `.retiredFormat` for a key without a key id.
    public static func parts(of text: String) throws -> Parts {
        let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        guard compact.hasPrefix(prefix) else { throw LicenceError.notAKey }
        let pieces = compact.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        if pieces.count == 2, let payload = Base64URL.decode(pieces[0]), let signature = Base64URL.decode(pieces[1]),
           payload.count > 3, signature.count == 64 {
            throw LicenceError.retiredFormat
        }
        guard pieces.count == 3, LicenceSigner.isKeyID(pieces[0]),
              let payload = Base64URL.decode(pieces[1]), let signature = Base64URL.decode(pieces[2]),
              !payload.isEmpty, payload.count <= maxPayloadBytes
        else { throw LicenceError.notAKey }
        return Parts(keyID: String(pieces[0]), payload: payload, signature: signature)
    }
}

/// One signing key a build of say trusts: its short id, carried in every key it signed, and
/// its Ed25519 public key.
///
/// Written as one line, `<key id> <public key>`, the public key being the raw 32 bytes in
/// standard base64: the line `say-licence-signer keygen` prints, and the form of each line
/// in `TrustedLicenceSigners.release`.
public struct LicenceSigner: Sendable {
    /// 1 to 16 of `a-z 0-9 -`, starting with a letter or digit: `2026a`.
    public let id: String
    let key: Curve25519.Signing.PublicKey

    /// The public key, raw 32 bytes in base64.
    public var publicKey: String { key.rawRepresentation.base64EncodedString() }

    /// The line that trusts this key: `<key id> <public key>`.
    public var line: String { id + " " + publicKey }

    /// Reads one `<key id> <public key>` line.
    ///
    /// - Throws: `LicenceError.malformedSigningKey`.
    public init(line: String) throws {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 2 else {
            throw LicenceError.malformedSigningKey("a trusted signing key is one line: <key id> <public key>")
        }
        guard Self.isKeyID(fields[0]) else {
            throw LicenceError.malformedSigningKey("a key id is 1 to 16 of a-z, 0-9 and '-', starting with a letter or digit")
        }
        guard let raw = Data(base64Encoded: String(fields[1])), raw.count == 32,
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { throw LicenceError.malformedSigningKey("the public key of \(fields[0]) is not 32 bytes of base64") }
        self.id = String(fields[0])
        self.key = key
    }

    init(id: String, key: Curve25519.Signing.PublicKey) {
        self.id = id
        self.key = key
    }

    /// Reads every line of a list: blank lines and lines starting with `#` are skipped.
    ///
    /// - Throws: `LicenceError.malformedSigningKey` for a bad line or an id listed twice.
    public static func list(_ text: String) throws -> [LicenceSigner] {
        var signers: [LicenceSigner] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let signer = try LicenceSigner(line: trimmed)
            guard !signers.contains(where: { $0.id == signer.id }) else {
                throw LicenceError.malformedSigningKey("the key id \(signer.id) is listed twice")
            }
            signers.append(signer)
        }
        return signers
    }

    static func isKeyID<Text: StringProtocol>(_ text: Text) -> Bool {
        let bytes = Array(text.utf8)
        guard (1 ... 16).contains(bytes.count), bytes[0] != 0x2D else { return false }
        return bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
    }
}

/// Checks licence keys offline against the signing keys this program trusts.
public struct LicenceVerifier: Sendable {
    /// The trusted signing keys, by id.
    public let signers: [LicenceSigner]

    /// A verifier that trusts `signers` (ids must be distinct).
    ///
    /// - Throws: `LicenceError.malformedSigningKey` when an id is listed twice.
    public init(signers: [LicenceSigner]) throws {
        var seen = Set<String>()
        for signer in signers {
            guard seen.insert(signer.id).inserted else {
                throw LicenceError.malformedSigningKey("the key id \(signer.id) is listed twice")
            }
        }
        self.signers = signers
    }

    /// The verifier of a release build: `TrustedLicenceSigners.release` and nothing else, plus
    /// `extraLines` (more `<key id> <public key>` lines) that only debug builds pass.
    ///
    /// - Throws: `LicenceError.malformedSigningKey`.
    public static func trusting(extraLines: String = "") throws -> LicenceVerifier {
        try LicenceVerifier(signers: LicenceSigner.list(TrustedLicenceSigners.release) + LicenceSigner.list(extraLines))
    }

    /// Verifies a key and reads its payload.
    ///
    /// Checks, in order: the text is a key; it names a trusted signing key; the signature
    /// matches for that key; the payload is well formed; it is for this product.
    ///
    /// - Returns: the licence.
    /// - Throws: `LicenceError`.
    public func verify(_ keyText: String) throws -> Licence {
        let parts = try LicenceKey.parts(of: keyText)
        guard let signer = signers.first(where: { $0.id == parts.keyID }) else { throw LicenceError.unknownSigner(parts.keyID) }
        guard parts.signature.count == 64, signer.key.isValidSignature(parts.signature, for: parts.signedBytes) else {
            throw LicenceError.signatureMismatch
        }
        let licence = try Licence(payload: parts.payload)
        guard licence.product == Licence.thisProduct else { throw LicenceError.otherProduct(licence.product) }
        return licence
    }
}

/// The seller's side: a private signing key and its id. Used by `say-licence-signer` and by
/// tests that need keys of their own; the `say` program never holds one.
///
/// Its file is three lines:
/// ```
/// # Say It Later licence signing key. PRIVATE: keep it offline, never share or commit it.
/// key-id: 2026a
/// private-key: <raw 32-byte Ed25519 private key, base64>
/// ```
public struct LicenceSigningKey: Sendable {
    /// The key id carried in every key it signs.
    public let id: String
    private let key: Curve25519.Signing.PrivateKey

    static let fileHeading = "# Say It Later licence signing key. PRIVATE: keep it offline, never share or commit it."

    /// A new random key pair.
    ///
    /// - Throws: `LicenceError.malformedSigningKey` when `id` is not a key id.
    public init(id: String) throws {
        guard LicenceSigner.isKeyID(id) else {
            throw LicenceError.malformedSigningKey("a key id is 1 to 16 of a-z, 0-9 and '-', starting with a letter or digit")
        }
        self.id = id
        key = Curve25519.Signing.PrivateKey()
    }

    /// Reads a private key file's text.
    ///
    /// - Throws: `LicenceError.malformedSigningKey` when it is not such a file.
    public init(fileText: String) throws {
        var fields: [String: String] = [:]
        for line in fileText.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces)] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let id = fields["key-id"], LicenceSigner.isKeyID(id) else {
            throw LicenceError.malformedSigningKey("the private key file has no valid key-id line")
        }
        guard let text = fields["private-key"], let raw = Data(base64Encoded: text), raw.count == 32,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else { throw LicenceError.malformedSigningKey("the private key file has no private-key line of 32 bytes in base64") }
        self.id = id
        self.key = key
    }

    /// The text of its private key file.
    public var fileText: String {
        "\(Self.fileHeading)\nkey-id: \(id)\nprivate-key: \(key.rawRepresentation.base64EncodedString())\n"
    }

    /// The public half, as a build of say trusts it.
    public var signer: LicenceSigner { LicenceSigner(id: id, key: key.publicKey) }

    /// Signs a licence.
    ///
    /// - Returns: the key text to give the buyer.
    /// - Throws: when the signature cannot be made (not expected with a valid key).
    public func sign(_ licence: Licence) throws -> String {
        try signPayload(licence.payload)
    }

    /// Signs any payload bytes as they are. Tests use it to make keys with broken payloads.
    public func signPayload(_ payload: [UInt8]) throws -> String {
        var parts = LicenceKey.Parts(keyID: id, payload: payload, signature: [])
        parts.signature = Array(try key.signature(for: parts.signedBytes))
        return parts.text
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
