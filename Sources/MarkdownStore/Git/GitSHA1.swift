/// SHA-1 (FIPS 180-4), used only for the checksums git puts at the end of a pack and of its
/// index. libgit2 1.5 exports no raw hash function (`git_odb_hash` prefixes an object header),
/// and pulling in a crypto library for two checksums per purge is not worth a dependency; git
/// itself verifies what we write (`git fsck --full`, `git verify-pack`), and the tests do that.
/// It also names the objects a rewrite creates (see `GitObjectDatabase.hash`).
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
        // An 80-word schedule on the stack, then four loops so each round's function and
        // constant are fixed.
        var schedule = (SIMD64<UInt32>(), SIMD16<UInt32>())
        var (a, b, c, d, e) = state
        withUnsafeMutableBytes(of: &schedule) { raw in
            let w = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for i in 0 ..< 16 {
                w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            }
            for i in 16 ..< 80 {
                let x = w[i &- 3] ^ w[i &- 8] ^ w[i &- 14] ^ w[i &- 16]
                w[i] = (x << 1) | (x >> 31)
            }
            for i in 0 ..< 20 {
                let temp = ((a << 5) | (a >> 27)) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[i]
                e = d; d = c; c = (b << 30) | (b >> 2); b = a; a = temp
            }
            for i in 20 ..< 40 {
                let temp = ((a << 5) | (a >> 27)) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[i]
                e = d; d = c; c = (b << 30) | (b >> 2); b = a; a = temp
            }
            for i in 40 ..< 60 {
                let temp = ((a << 5) | (a >> 27)) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[i]
                e = d; d = c; c = (b << 30) | (b >> 2); b = a; a = temp
            }
            for i in 60 ..< 80 {
                let temp = ((a << 5) | (a >> 27)) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[i]
                e = d; d = c; c = (b << 30) | (b >> 2); b = a; a = temp
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
