/// SHA-1 (FIPS 180-4), used only for the checksums git puts at the end of a pack and of its
/// index. libgit2 1.5 exports no raw hash function (`git_odb_hash` prefixes an object header),
/// and pulling in a crypto library for two checksums per purge is not worth a dependency; git
/// itself verifies what we write (`git fsck --full`, `git verify-pack`), and the tests do that.
/// Object names are still computed by libgit2 (`git_odb_hash`), with its collision detection.
struct GitSHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var buffer = [UInt8](repeating: 0, count: 64)
    private var buffered = 0
    private var length: UInt64 = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        length &+= UInt64(remaining)
        if buffered > 0 {
            let take = min(64 - buffered, remaining)
            buffer.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: buffered).copyMemory(from: pointer, byteCount: take) }
            buffered += take
            pointer += take
            remaining -= take
            if buffered == 64 {
                buffer.withUnsafeBytes { compress($0.baseAddress!) }
                buffered = 0
            }
        }
        while remaining >= 64 {
            compress(pointer)
            pointer += 64
            remaining -= 64
        }
        if remaining > 0 {
            buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: pointer, byteCount: remaining) }
            buffered = remaining
        }
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func finish() -> [UInt8] {
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let padCount = (buffered < 56 ? 55 - buffered : 119 - buffered)
        padding.append(contentsOf: repeatElement(0, count: padCount))
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedLength = length
        update(padding)
        length = savedLength
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var hasher = GitSHA1()
        hasher.update(bytes)
        return hasher.finish()
    }

    @inline(__always)
    private static func rotl(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }

    private mutating func compress(_ block: UnsafeRawPointer) {
        // A 16-word circular schedule keeps everything in registers and on the stack.
        var w = (UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
                 UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        var (a, b, c, d, e) = state
        withUnsafeMutableBytes(of: &w) { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in 0 ..< 16 {
                words[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 0 ..< 80 {
                let word: UInt32
                if i < 16 {
                    word = words[i]
                } else {
                    let x = words[(i + 13) & 15] ^ words[(i + 8) & 15] ^ words[(i + 2) & 15] ^ words[i & 15]
                    word = GitSHA1.rotl(x, 1)
                    words[i & 15] = word
                }
                let f: UInt32
                let k: UInt32
                switch i {
                case 0 ..< 20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20 ..< 40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40 ..< 60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = GitSHA1.rotl(a, 5) &+ f &+ e &+ k &+ word
                e = d
                d = c
                c = GitSHA1.rotl(b, 30)
                b = a
                a = temp
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
