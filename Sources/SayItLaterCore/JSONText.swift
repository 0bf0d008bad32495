/// JSON string literals (RFC 8259), written by hand: the one escaper behind every JSON say
/// prints (`history --json`, `show --json`, `write --json`, the export), so they all escape the
/// same way. Quotes, backslashes and every control character are escaped; everything else is
/// copied as UTF-8.
public enum JSONText {
    /// Appends `value` as a JSON string literal, quotes included.
    public static func append(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += #"\""#.utf8
                case UInt8(ascii: "\\"): out += #"\\"#.utf8
                case 0x0A: out += #"\n"#.utf8
                case 0x0D: out += #"\r"#.utf8
                case 0x09: out += #"\t"#.utf8
                default:
                    out += #"\u00"#.utf8
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count + 2)
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
