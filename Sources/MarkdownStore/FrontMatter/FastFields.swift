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
        var lineStart = range.lowerBound
        // Lines end at LF, CRLF or a lone CR, as in YAML (a comment must not run on past a CR).
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var next = lineEnd + 1
            if lineEnd + 1 < range.upperBound, bytes[lineEnd] == 0x0D, bytes[lineEnd + 1] == 0x0A { next += 1 }
            guard parseLine(bytes, lineStart ..< lineEnd, into: &fields) else { return nil }
            lineStart = next
        }
        return fields
    }

    private static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into fields: inout [String: String]) -> Bool {
        var index = line.lowerBound
        // Trailing spaces are insignificant after a plain scalar.
        var end = line.upperBound
        while end > index, bytes[end - 1] == 0x20 { end -= 1 }
        if index == end { return true }  // blank line
        if bytes[index] == UInt8(ascii: "#") { return true }  // full-line comment
        guard isKeyStart(bytes[index]) else { return false }
        while index < end, isKeyByte(bytes[index]) { index += 1 }
        let keyEnd = index
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[line.lowerBound ..< keyEnd]), as: UTF8.self)
        guard fields[key] == nil else { return false }  // duplicates: let YAML decide
        if index == end {
            fields[key] = ""
            return true
        }
        guard bytes[index] == 0x20 else { return false }
        while index < end, bytes[index] == 0x20 { index += 1 }
        let valueStart = index
        guard isAlphanumeric(bytes[valueStart]) else { return false }
        while index < end {
            let byte = bytes[index]
            guard isAlphanumeric(byte) || byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
            else { return false }
            // ": " would start a nested mapping; " #" is not possible (no #). A trailing ":" is
            // also special in YAML.
            if byte == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == 0x20 { return false }
            index += 1
        }
        fields[key] = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart ..< end]), as: UTF8.self)
        return true
    }

    @inline(__always) private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    @inline(__always) private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
    }

    @inline(__always) private static func isKeyByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
