import Foundation
import Testing
@testable import MarkdownStore

/// The pack format's encodings, each checked both ways, and the reader's refusal to trust sizes.
@Suite struct GitPackFormatTests {
    /// A small seeded generator, so every run tries the same cases.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func bytes(_ count: Int) -> [UInt8] { (0 ..< count).map { _ in UInt8(truncatingIfNeeded: next()) } }
    }

    @Test(arguments: 1 ... 200)
    func deltaEncodeThenApplyGivesTheTargetBack(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let base = random.bytes(Int(random.next() % 70_000))
        // A version of `base` with a middle part replaced, as consecutive trees differ.
        let cut = base.isEmpty ? 0 : Int(random.next() % UInt64(base.count))
        let length = base.isEmpty ? 0 : Int(random.next() % UInt64(min(200, base.count - cut) + 1))
        var target = Array(base[..<cut]) + random.bytes(Int(random.next() % 300)) + Array(base[(cut + length)...])
        if random.next() % 5 == 0 { target = random.bytes(Int(random.next() % 500)) }
        if let delta = GitDelta.encode(target, from: base) {
            #expect(try GitDelta.apply(delta, to: base, pack: "test") == target)
            #expect(delta.count * 2 <= target.count)
        } else {
            // Declined only when a delta would not be at most half the target.
            let (prefix, suffix) = base.withUnsafeBytes { b in target.withUnsafeBytes { GitBytes.commonEnds(b, $0) } }
            let inserted = target.count - prefix - suffix
            #expect((24 + inserted + inserted / 127 + 1) * 2 > target.count)
        }
    }

    @Test(arguments: [UInt64(1), 127, 128, 129, 16_383, 16_384, 16_511, 16_512, UInt64(1) << 31, (UInt64(1) << 48) + 12_345])
    func offsetDistancesRoundTrip(distance: UInt64) {
        var bytes: [UInt8] = []
        GitPackFormat.appendOffsetDistance(distance, to: &bytes)
        var cursor = 0
        let decoded = bytes.withUnsafeBufferPointer { GitPackFormat.offsetDistance($0.baseAddress!, at: &cursor, end: $0.count) }
        #expect(decoded == distance)
        #expect(cursor == bytes.count)
        // Cut short, it is refused rather than read past the end.
        if bytes.count > 1 {
            var short = 0
            #expect(bytes.withUnsafeBufferPointer { GitPackFormat.offsetDistance($0.baseAddress!, at: &short, end: $0.count - 1) } == nil)
        }
    }

    @Test(arguments: [[1, 0], [2, 15], [3, 16], [4, 1_000_000], [6, Int(Int32.max)]])
    func entryHeadersRoundTrip(pair: [Int]) {
        let type = UInt8(pair[0])
        let size = pair[1]
        var bytes: [UInt8] = []
        GitPackFormat.appendEntryHeader(type: type, size: size, to: &bytes)
        let header = bytes.withUnsafeBufferPointer { GitPackFormat.entryHeader($0.baseAddress!, at: 0, end: $0.count) }
        #expect(header == GitPackFormat.EntryHeader(type: type, size: size, dataStart: bytes.count))
    }

    @Test func aHeaderThatNeverEndsIsRefused() {
        let bytes = [UInt8](repeating: 0xFF, count: 20)
        #expect(bytes.withUnsafeBufferPointer { GitPackFormat.entryHeader($0.baseAddress!, at: 0, end: $0.count) } == nil)
    }

    @Test func aDeltaClaimingAHugeTargetIsRefusedBeforeAllocating() {
        // Base size 3, target size 2^40, one insert of one byte.
        var delta: [UInt8] = [3]
        var size = 1 << 40
        while size >= 0x80 { delta.append(UInt8(size & 0x7F) | 0x80); size >>= 7 }
        delta.append(UInt8(size))
        delta += [1, 0x41]
        #expect(throws: GitError.self) { try GitDelta.apply(delta, to: [1, 2, 3], pack: "hostile") }
    }

    @Test func malformedDeltasAreRefused() {
        let base: [UInt8] = Array("0123456789".utf8)
        let cases: [[UInt8]] = [
            [],                                  // no sizes
            [9, 5, 0x90 | 0x01, 0, 5],           // wrong base size
            [10, 5, 0x91, 8, 5],                 // copy past the base's end
            [10, 5, 0x00],                       // the reserved instruction
            [10, 5, 0x04, 0x41],                 // insert past the delta's end
            [10, 6, 0x91, 0, 5],                 // shorter than it claims
        ]
        for delta in cases { #expect(throws: GitError.self) { try GitDelta.apply(delta, to: base, pack: "bad") } }
    }

    @Test func inflateNeverTrustsTheClaimedSize() throws {
        let inflater = try GitInflater()
        let input: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]  // zlib of ""
        #expect(throws: GitError.self) {
            _ = try input.withUnsafeBufferPointer { try inflater.inflate($0.baseAddress!, available: $0.count, size: 1 << 40, pack: "hostile") }
        }
        #expect(try input.withUnsafeBufferPointer { try inflater.inflate($0.baseAddress!, available: $0.count, size: 0, pack: "ok") } == [])
    }
}
