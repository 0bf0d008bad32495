#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast reader for the plain `key: value` subset of YAML that say itself writes.
///
/// Decoding a five-key front matter with a full YAML parser costs roughly 20-30 µs; listing
/// 100,000 entries would spend seconds there. This reader accepts only lines whose meaning is
/// unambiguous in YAML (a simple key, a colon, a plain scalar made of letters, digits and
/// `-_.:+/` that starts with a letter or digit), full-line comments and blank lines. Anything
/// else returns nil and the caller falls back to Yams, so both readers always agree; a
/// differential test checks that on generated input.
enum FastFields {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String: String]? {
        var fields: [String: String] = [:]
        let read = forEachLine(bytes, range) { line in
            switch line {
            case .blank: return true
            case .unsupported: return false
            case let .field(key, value):
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)
                guard fields[name] == nil else { return false }  // duplicates: let YAML decide
                fields[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
                return true
            }
        }
        return read ? fields : nil
    }

    /// Calls `body` with each line of `range`, read by ``line(_:_:)``, until it returns false.
    /// Lines end at LF, CRLF or a lone CR, as in YAML (a comment must not run on past a CR).
    ///
    /// - Returns: false when `body` stopped early.
    @inline(__always)
    private static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                    _ body: (Line) -> Bool) -> Bool {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var next = lineEnd + 1
            if lineEnd + 1 < range.upperBound, bytes[lineEnd] == 0x0D, bytes[lineEnd + 1] == 0x0A { next += 1 }
            guard body(line(bytes, lineStart ..< lineEnd)) else { return false }
            lineStart = next
        }
        return true
    }

    /// The most keys ``locate(_:_:keys:into:)`` compares with each other to find a duplicate;
    /// front matter with more goes through ``parse(_:_:)``.
    static let locateLimit = 32

    /// Reads the same lines as ``parse(_:_:)``, accepting and refusing exactly what it does, but
    /// only notes where the values of `keys` are, without making a string of anything.
    ///
    /// - Parameters:
    ///   - keys: the keys wanted, as UTF-8.
    ///   - found: one range per key, set to the value's bytes, or to `-1 ..< -1` when absent.
    /// - Returns: false when ``parse(_:_:)`` would return nil, or when there are more than
    ///   ``locateLimit`` keys (the caller then reads the fields the full way).
    static func locate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, keys: [[UInt8]],
                       into found: UnsafeMutableBufferPointer<Range<Int>>) -> Bool {
        for index in found.indices { found[index] = -1 ..< -1 }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: locateLimit) { seen in
            var seenCount = 0
            return forEachLine(bytes, range) { line in
                switch line {
                case .blank: return true
                case .unsupported: return false
                case let .field(key, value):
                    let name = bytes.baseAddress! + key.lowerBound
                    for other in 0 ..< seenCount where seen[other].count == key.count
                        && memcmp(bytes.baseAddress! + seen[other].lowerBound, name, key.count) == 0 {
                        return false  // a duplicate: parse(_:_:) returns nil for it too
                    }
                    guard seenCount < locateLimit else { return false }
                    seen[seenCount] = key
                    seenCount += 1
                    for (index, wanted) in keys.enumerated() where wanted.count == key.count
                        && wanted.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name, key.count) == 0 }) {
                        found[index] = value
                    }
                    return true
                }
            }
        }
    }

    private enum Line {
        /// A blank line or a full-line comment.
        case blank
        case field(key: Range<Int>, value: Range<Int>)
        /// Something only a YAML parser can read.
        case unsupported
    }

    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Line {
        var index = line.lowerBound
        // Trailing spaces are insignificant after a plain scalar.
        var end = line.upperBound
        while end > index, bytes[end - 1] == 0x20 { end -= 1 }
        if index == end { return .blank }
        if bytes[index] == UInt8(ascii: "#") { return .blank }  // full-line comment
        guard isKeyStart(bytes[index]) else { return .unsupported }
        while index < end, isKeyByte(bytes[index]) { index += 1 }
        let keyEnd = index
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return .unsupported }
        index += 1
        let key = line.lowerBound ..< keyEnd
        if index == end { return .field(key: key, value: end ..< end) }
        guard bytes[index] == 0x20 else { return .unsupported }
        while index < end, bytes[index] == 0x20 { index += 1 }
        let valueStart = index
        guard isAlphanumeric(bytes[valueStart]) else { return .unsupported }
        while index < end {
            let byte = bytes[index]
            guard isValueByte(byte) else { return .unsupported }
            // ": " would start a nested mapping; " #" is not possible (no #). A trailing ":" is
            // also special in YAML.
            if byte == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == 0x20 { return .unsupported }
            index += 1
        }
        return .field(key: key, value: valueStart ..< end)
    }

    // Byte classes as bit sets over ASCII (bit n of the first word is byte n, of the second
    // byte 64 + n): one shift and mask per byte instead of a chain of comparisons.

    /// Letters and digits.
    @inline(__always) private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        inClass(byte, 0x03FF_0000_0000_0000, 0x07FF_FFFE_07FF_FFFE)
    }

    /// Letters and `_`.
    @inline(__always) private static func isKeyStart(_ byte: UInt8) -> Bool {
        inClass(byte, 0, 0x07FF_FFFE_87FF_FFFE)
    }

    /// Letters, digits, `_` and `-`.
    @inline(__always) private static func isKeyByte(_ byte: UInt8) -> Bool {
        inClass(byte, 0x03FF_2000_0000_0000, 0x07FF_FFFE_87FF_FFFE)
    }

    /// Letters, digits, space and `-_.:+/`.
    @inline(__always) private static func isValueByte(_ byte: UInt8) -> Bool {
        inClass(byte, 0x07FF_E801_0000_0000, 0x07FF_FFFE_87FF_FFFE)
    }

    @inline(__always) private static func inClass(_ byte: UInt8, _ low: UInt64, _ high: UInt64) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 ? (high >> UInt64(byte - 64)) & 1 != 0 : false
    }
}
