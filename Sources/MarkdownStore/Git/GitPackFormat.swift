/// The pack format's small encodings, each in one place: entry headers, `OFS_DELTA` base
/// distances, and git deltas (encode and apply side by side). See git's
/// Documentation/gitformat-pack.txt.
enum GitPackFormat {
    /// An entry's header: its type (1-4 whole objects, 6 `OFS_DELTA`, 7 `REF_DELTA`), its
    /// uncompressed size, and where the data after the header starts.
    struct EntryHeader: Equatable {
        let type: UInt8
        let size: Int
        let dataStart: Int
    }

    /// Reads the header at `offset`; nil when it runs past `end` or its size overflows.
    static func entryHeader(_ bytes: UnsafePointer<UInt8>, at offset: Int, end: Int) -> EntryHeader? {
        var cursor = offset
        guard cursor >= 0, cursor < end else { return nil }
        var byte = bytes[cursor]
        let type = (byte >> 4) & 7
        var size = Int(byte & 0x0F)
        var shift = 4
        while byte & 0x80 != 0 {
            cursor += 1
            guard cursor < end, shift < 57 else { return nil }
            byte = bytes[cursor]
            size |= Int(byte & 0x7F) << shift
            shift += 7
        }
        return EntryHeader(type: type, size: size, dataStart: cursor + 1)
    }

    /// Appends an entry header: type in bits 4-6 of the first byte, size in base-128 after it.
    static func appendEntryHeader(type: UInt8, size: Int, to bytes: inout [UInt8]) {
        var size = size
        var byte = (type << 4) | UInt8(size & 0x0F)
        size >>= 4
        while size > 0 {
            bytes.append(byte | 0x80)
            byte = UInt8(size & 0x7F)
            size >>= 7
        }
        bytes.append(byte)
    }

    /// Reads an `OFS_DELTA` base distance at `cursor` (base-128, big-endian, each continuation
    /// adding one) and moves past it; nil when it runs past `end` or overflows.
    static func offsetDistance(_ bytes: UnsafePointer<UInt8>, at cursor: inout Int, end: Int) -> UInt64? {
        guard cursor >= 0, cursor < end else { return nil }
        var byte = bytes[cursor]
        var distance = UInt64(byte & 0x7F)
        while byte & 0x80 != 0 {
            cursor += 1
            guard cursor < end, distance < (UInt64(1) << 56) else { return nil }
            byte = bytes[cursor]
            distance = ((distance + 1) << 7) | UInt64(byte & 0x7F)
        }
        cursor += 1
        return distance
    }

    /// Appends an `OFS_DELTA` base distance in the encoding `offsetDistance` reads.
    static func appendOffsetDistance(_ distance: UInt64, to bytes: inout [UInt8]) {
        var value = distance
        var encoded = [UInt8](repeating: 0, count: 10)
        var position = 9
        encoded[position] = UInt8(value & 0x7F)
        value >>= 7
        while value != 0 {
            value -= 1
            position -= 1
            encoded[position] = 0x80 | UInt8(value & 0x7F)
            value >>= 7
        }
        bytes.append(contentsOf: encoded[position...])
    }

    /// The most bytes a zlib stream of `count` bytes can inflate to (deflate's best ratio is
    /// about 1032:1), with room for tiny streams.
    static func largestInflation(of count: Int) -> Int {
        let product = saturatingProduct(count, 1032)
        return product > Int.max - 1024 ? Int.max : product + 1024
    }

    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : value
    }
}

/// The simplest useful git delta: copy the common prefix, insert the middle, copy the common
/// suffix. Two versions of a folder's tree differ in one or two entries, so this finds nearly all
/// of what a full delta search would, in one linear pass.
enum GitDelta {
    /// Encodes `target` as a delta against `base`.
    ///
    /// - Returns: the delta, or nil when it would not be at most half the target's size.
    static func encode(_ target: [UInt8], from base: [UInt8]) -> [UInt8]? {
        target.withUnsafeBufferPointer { target in
            base.withUnsafeBufferPointer { base -> [UInt8]? in
                let (prefix, suffix) = GitBytes.commonEnds(UnsafeRawBufferPointer(base), UnsafeRawBufferPointer(target))
                let inserted = target.count - prefix - suffix
                let estimate = 24 + inserted + inserted / 127 + 1
                guard estimate * 2 <= target.count else { return nil }
                var delta: [UInt8] = []
                delta.reserveCapacity(estimate)
                appendSize(base.count, to: &delta)
                appendSize(target.count, to: &delta)
                appendCopy(offset: 0, count: prefix, to: &delta)
                var position = prefix
                while position < prefix + inserted {
                    let chunk = min(127, prefix + inserted - position)
                    delta.append(UInt8(chunk))
                    delta.append(contentsOf: target[position ..< position + chunk])
                    position += chunk
                }
                appendCopy(offset: base.count - suffix, count: suffix, to: &delta)
                return delta
            }
        }
    }

    /// Applies a git delta: the base's size and the target's size (base-128), then copy
    /// instructions (bit 7 set: offset and size bytes follow, a zero size meaning 64 KiB) and
    /// insert instructions (1 to 127 literal bytes). The target's size is checked against what
    /// the instructions could produce before anything is allocated.
    ///
    /// - Parameter pack: named in the error when the delta is damaged.
    /// - Throws: `GitError` for any delta that is not exactly well formed.
    static func apply(_ delta: [UInt8], to base: [UInt8], pack: String) throws -> [UInt8] {
        try delta.withUnsafeBufferPointer { delta in
            var position = 0
            func varint() throws -> Int {
                var value = 0
                var shift = 0
                while true {
                    guard position < delta.count, shift < 57 else { throw GitPackWriter.corrupt(pack) }
                    let byte = delta[position]
                    position += 1
                    value |= Int(byte & 0x7F) << shift
                    shift += 7
                    if byte & 0x80 == 0 { return value }
                }
            }
            guard try varint() == base.count else { throw GitPackWriter.corrupt(pack) }
            let targetSize = try varint()
            // Each instruction byte yields at most 127 inserted bytes or one copy of at most
            // 16 MiB taken from the base: a larger claim cannot be met.
            let remaining = delta.count - position
            guard targetSize <= GitPackFormat.saturatingProduct(remaining, max(127, min(base.count, 0xFF_FFFF))),
                  targetSize < Int(Int32.max) else { throw GitPackWriter.corrupt(pack) }
            return try base.withUnsafeBufferPointer { base in
                try [UInt8](unsafeUninitializedCapacity: targetSize) { target, count in
                    var written = 0
                    while position < delta.count {
                        let op = delta[position]
                        position += 1
                        if op & 0x80 != 0 {
                            var copyOffset = 0
                            var copySize = 0
                            for bit in 0 ..< 4 where op & (1 << bit) != 0 {
                                guard position < delta.count else { throw GitPackWriter.corrupt(pack) }
                                copyOffset |= Int(delta[position]) << (8 * bit)
                                position += 1
                            }
                            for bit in 0 ..< 3 where op & (0x10 << bit) != 0 {
                                guard position < delta.count else { throw GitPackWriter.corrupt(pack) }
                                copySize |= Int(delta[position]) << (8 * bit)
                                position += 1
                            }
                            if copySize == 0 { copySize = 0x10000 }
                            guard copyOffset + copySize <= base.count, written + copySize <= targetSize else { throw GitPackWriter.corrupt(pack) }
                            (target.baseAddress! + written).update(from: base.baseAddress! + copyOffset, count: copySize)
                            written += copySize
                        } else if op != 0 {
                            let length = Int(op)
                            guard position + length <= delta.count, written + length <= targetSize else { throw GitPackWriter.corrupt(pack) }
                            (target.baseAddress! + written).update(from: delta.baseAddress! + position, count: length)
                            written += length
                            position += length
                        } else {
                            throw GitPackWriter.corrupt(pack)
                        }
                    }
                    guard written == targetSize else { throw GitPackWriter.corrupt(pack) }
                    count = written
                }
            }
        }
    }

    private static func appendSize(_ size: Int, to delta: inout [UInt8]) {
        var value = size
        while value >= 0x80 {
            delta.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        delta.append(UInt8(value))
    }

    /// Copy instructions of at most 64 KiB each (a zero size would mean 64 KiB).
    private static func appendCopy(offset: Int, count: Int, to delta: inout [UInt8]) {
        var offset = offset
        var remaining = count
        while remaining > 0 {
            let size = min(remaining, 0xFFFF)
            var op: UInt8 = 0x80
            var operands: [UInt8] = []
            for byte in 0 ..< 4 where (offset >> (8 * byte)) & 0xFF != 0 {
                op |= 1 << byte
                operands.append(UInt8((offset >> (8 * byte)) & 0xFF))
            }
            for byte in 0 ..< 2 where (size >> (8 * byte)) & 0xFF != 0 {
                op |= 0x10 << byte
                operands.append(UInt8((size >> (8 * byte)) & 0xFF))
            }
            delta.append(op)
            delta.append(contentsOf: operands)
            offset += size
            remaining -= size
        }
    }
}


/// The entry point of the pack-reader fuzzer (`Fuzz/Pack`): not API. It feeds arbitrary bytes
/// to every parser of pack data: entry headers, `OFS_DELTA` distances, zlib streams with the size
/// a header claims, and deltas against a base. Each must return or throw, never crash, and never
/// allocate more than its input can justify (the fuzzer runs with a small malloc limit).
public enum _GitPackFuzzing {
    public static func exercise(_ input: [UInt8]) {
        guard input.count >= 2 else { return }
        input.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            let end = bytes.count
            // An entry as the reader meets it: header, maybe a distance, then zlib data.
            if let header = GitPackFormat.entryHeader(base, at: 0, end: end) {
                var cursor = header.dataStart
                if header.type == 6 { _ = GitPackFormat.offsetDistance(base, at: &cursor, end: end) }
                if cursor < end, let inflater = try? GitInflater() {
                    _ = try? inflater.inflate(base + cursor, available: end - cursor, size: header.size, pack: "fuzz")
                }
            }
        }
        // A delta against a base: the first byte says where the base ends.
        let split = min(Int(input[0]) * 4, input.count - 1)
        let deltaBase = Array(input[1 ..< 1 + split])
        let delta = Array(input[(1 + split)...])
        if let target = try? GitDelta.apply(delta, to: deltaBase, pack: "fuzz") {
            // Whatever applies must encode back to something that applies to the same result.
            if let again = GitDelta.encode(target, from: deltaBase) {
                precondition((try? GitDelta.apply(again, to: deltaBase, pack: "fuzz")) == target, "delta did not round-trip")
            }
        }
    }
}
