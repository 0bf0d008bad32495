/// Finds the YAML front matter fences in the bytes of a Markdown file.
///
/// A file has front matter when it starts (after optional UTF-8 byte order marks) with a line
/// that is exactly `---`, optionally followed by spaces or tabs. The front matter ends at the next
/// line that is `---` or `...` (trailing spaces and tabs allowed). The body is every byte after
/// that closing line, untouched.
///
/// Lines end where YAML says they do: at LF, CRLF or a lone CR. Reading lines the way the YAML
/// parser does is what keeps a rewrite faithful: a `---` line ended by a lone CR is a fence here
/// too, so it can never hide inside the front matter and turn into a fence once written back
/// with LF.
struct FrontMatterSplit: Equatable {
    enum Shape: Equatable {
        /// No opening fence: the whole file (after any BOM) is the body.
        case noFrontMatter
        /// Both fences found.
        case complete(yaml: Range<Int>, bodyStart: Int)
        /// An opening fence with no closing fence in the bytes given (or, for the first bytes of
        /// a longer file, none that is certain yet).
        case unterminated
    }

    /// Where the file's content starts: after any byte order marks.
    let contentStart: Int
    let shape: Shape

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits `bytes`. With `isWholeFile` false the bytes are only the start of a file, and a line
    /// that reaches their end is not taken as a fence: its ending (or more text) may follow.
    init(_ bytes: UnsafeBufferPointer<UInt8>, isWholeFile: Bool = true) {
        // Skip every leading byte order mark (editors have been seen to add a second one), so a
        // body never starts with one and a rewrite reads back the same.
        var start = 0
        while UnsafeBufferPointer(rebasing: bytes[start...]).starts(with: Self.byteOrderMark) { start += 3 }
        contentStart = start
        guard let firstEnd = Self.fenceLineEnd(bytes, from: start, closing: false, isWholeFile: isWholeFile) else {
            // An opening fence cut off by the end of a partial read is not known to be absent.
            shape = !isWholeFile && Self.mayBeFenceStart(bytes, from: start) ? .unterminated : .noFrontMatter
            return
        }
        var lineStart = firstEnd
        while lineStart < bytes.count {
            if let closingEnd = Self.fenceLineEnd(bytes, from: lineStart, closing: true, isWholeFile: isWholeFile) {
                shape = .complete(yaml: firstEnd ..< lineStart, bodyStart: closingEnd)
                return
            }
            guard let next = Self.nextLineStart(bytes, from: lineStart) else { break }
            lineStart = next
        }
        shape = .unterminated
    }

    /// If the line at `start` is a fence, returns the index just past its line ending (or the end
    /// of the bytes for a closing fence on the last line of a whole file).
    private static func fenceLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, closing: Bool,
                                     isWholeFile: Bool) -> Int? {
        guard bytes.count - start >= 3 else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "-") || (closing && first == UInt8(ascii: ".")) else { return nil }
        guard bytes[start + 1] == first, bytes[start + 2] == first else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index == bytes.count { return closing && isWholeFile ? index : nil }
        switch bytes[index] {
        case 0x0A:
            return index + 1
        case 0x0D where index + 1 < bytes.count:
            return bytes[index + 1] == 0x0A ? index + 2 : index + 1
        case 0x0D:
            // A CR as the very last byte: a line end in a whole file, undecided in a partial one.
            return isWholeFile ? index + 1 : nil
        default:
            return nil
        }
    }

    /// Whether the bytes from `start` could still grow into an opening fence line.
    private static func mayBeFenceStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if index - start < 3 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if byte != 0x20, byte != 0x09 {
                return byte == 0x0D && index + 1 == bytes.count
            }
            index += 1
        }
        return true
    }

    /// The index of the first byte after the line break that ends the line at `start`: LF, CRLF
    /// or a lone CR.
    static func nextLineStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: return index + 1
            case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
            default: index += 1
            }
        }
        return nil
    }
}
