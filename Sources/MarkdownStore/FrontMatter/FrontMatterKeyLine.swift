/// One top-level key of a file's front matter changed in place, every other byte kept: a byte
/// order mark, CRLF or lone-CR line endings, comments, indentation, key order and the body.
/// (``FrontMatterDocument/setting(_:to:)`` re-renders the front matter; this does not.)
public enum FrontMatterKeyLine {
    /// `bytes` with the first line of the front matter that sets `key` at the top level
    /// replaced by `key: value` (that line's own ending kept), or, when no line sets it, a new
    /// line right after the opening fence, ending like the fence's line.
    ///
    /// - Parameters:
    ///   - key: a plain YAML key (letters, digits, `_`, `-`).
    ///   - value: a plain scalar that needs no quoting (such as a UUID).
    ///   - bytes: the whole file.
    /// - Returns: the new bytes, or nil when the file has no complete front matter.
    public static func setting(_ key: String, to value: String, in bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            let split = FrontMatterSplit(buffer)
            guard case let .complete(yaml, _) = split.shape else { return nil }
            let keyBytes = Array(key.utf8)
            let replacement = Array("\(key): \(value)".utf8)
            var lineStart = yaml.lowerBound
            while lineStart < yaml.upperBound {
                let next = FrontMatterSplit.nextLineStart(buffer, from: lineStart) ?? yaml.upperBound
                var contentEnd = next
                while contentEnd > lineStart, buffer[contentEnd - 1] == 0x0A || buffer[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                if setsKey(keyBytes, buffer, lineStart ..< contentEnd) {
                    return Array(buffer[..<lineStart]) + replacement + Array(buffer[contentEnd...])
                }
                lineStart = next
            }
            // The opening fence's own line ending, for the new line.
            var fenceEnd = yaml.lowerBound
            var ending: [UInt8] = []
            while fenceEnd > split.contentStart, buffer[fenceEnd - 1] == 0x0A || buffer[fenceEnd - 1] == 0x0D {
                ending.insert(buffer[fenceEnd - 1], at: 0)
                fenceEnd -= 1
            }
            if ending.isEmpty { ending = [0x0A] }
            return Array(buffer[..<yaml.lowerBound]) + replacement + ending + Array(buffer[yaml.lowerBound...])
        }
    }

    /// Whether the line is `key`, optional spaces or tabs, then `:` followed by a space, a tab or
    /// the end of the line, starting in the first column.
    private static func setsKey(_ key: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard line.count > key.count, buffer[line.lowerBound ..< line.lowerBound + key.count].elementsEqual(key) else { return false }
        var index = line.lowerBound + key.count
        while index < line.upperBound, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
        guard index < line.upperBound, buffer[index] == UInt8(ascii: ":") else { return false }
        index += 1
        return index == line.upperBound || buffer[index] == 0x20 || buffer[index] == 0x09
    }
}
