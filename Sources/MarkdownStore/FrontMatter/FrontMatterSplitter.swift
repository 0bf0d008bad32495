/// Finds the YAML front matter fences in the bytes of a Markdown file.
///
/// A file has front matter when it starts (after an optional UTF-8 byte order mark) with a line
/// that is exactly `---`, optionally followed by spaces or tabs, ending in LF or CRLF. The front
/// matter ends at the next line that is `---` or `...` (trailing spaces allowed). The body is
/// every byte after that closing line, untouched.
struct FrontMatterSplit: Equatable {
    enum Shape: Equatable {
        /// No opening fence: the whole file (after any BOM) is the body.
        case noFrontMatter
        /// Both fences found.
        case complete(yaml: Range<Int>, bodyStart: Int)
        /// An opening fence with no closing fence in the bytes given.
        case unterminated
    }

    /// Where the file's content starts: after any byte order marks.
    let contentStart: Int
    let shape: Shape

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Skip every leading byte order mark (editors have been seen to add a second one), so a
        // body never starts with one and a rewrite reads back the same.
        var start = 0
        while UnsafeBufferPointer(rebasing: bytes[start...]).starts(with: Self.byteOrderMark) { start += 3 }
        contentStart = start
        guard let firstEnd = Self.fenceLineEnd(bytes, from: start, accepting: false) else {
            shape = .noFrontMatter
            return
        }
        var lineStart = firstEnd
        while lineStart < bytes.count {
            if let closingEnd = Self.fenceLineEnd(bytes, from: lineStart, accepting: true) {
                shape = .complete(yaml: firstEnd ..< lineStart, bodyStart: closingEnd)
                return
            }
            guard let newline = Self.index(of: 0x0A, in: bytes, from: lineStart) else { break }
            lineStart = newline + 1
        }
        shape = .unterminated
    }

    /// If the line at `start` is a fence, returns the index just past its line ending (or the end
    /// of the bytes for a closing fence on the last line).
    private static func fenceLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, accepting dots: Bool) -> Int? {
        guard bytes.count - start >= 3 else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "-") || (dots && first == UInt8(ascii: ".")) else { return nil }
        guard bytes[start + 1] == first, bytes[start + 2] == first else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index == bytes.count { return dots ? index : nil }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        if bytes[index] == 0x0A { return index + 1 }
        return nil
    }

    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }
}
