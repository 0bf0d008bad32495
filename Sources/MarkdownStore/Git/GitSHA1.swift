internal import Crypto

/// SHA-1 as git uses it: object names, and the checksums at the end of a pack and its index.
/// A thin wrapper over swift-crypto's `Insecure.SHA1` (BoringSSL on Linux, CryptoKit on macOS),
/// so the git layer has no hand-written hash. git itself verifies what is written with it
/// (`git fsck --full`, `git verify-pack`), and the tests do that.
struct GitSHA1 {
    private var hasher = Insecure.SHA1()

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// The 20-byte digest.
    mutating func finish() -> [UInt8] {
        Array(hasher.finalize())
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        Array(Insecure.SHA1.hash(data: bytes))
    }

    /// HMAC-SHA1 (RFC 2104), from swift-crypto.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}
