/// Whether bytes are text a journal can hold: well-formed UTF-8 with no NUL bytes.
///
/// `String(validating:as:)` would do the UTF-8 part, but it needs macOS 15; this runs wherever
/// the package does. The listing and `say show` both read files through ``isText(_:)``, so they
/// always agree about which files are text. A NUL byte is valid UTF-8 but never text a person
/// wrote: it is what a UTF-16 file without a byte order mark looks like, or a binary file.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        check(bytes, allowingNUL: true)
    }

    /// Well-formed UTF-8 without NUL bytes.
    static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        check(bytes, allowingNUL: false)
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, allowingNUL: Bool) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        while index < count {
            // Eight ASCII bytes at a time (none of them NUL when NUL is refused): most text.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                if !allowingNUL, (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0, !allowingNUL { return false }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
            switch lead {
            case 0xC2 ... 0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1 ... 0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing past U+10FFFF
            default: return false
            }
            guard index + length <= count, bytes[index + 1] >= low, bytes[index + 1] <= high else { return false }
            for offset in 2 ..< max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
