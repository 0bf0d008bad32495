/// One thing the person did at the keyboard, decoded from the terminal's bytes.
enum Key: Equatable, Sendable {
    /// Typed text: one or more printable characters that arrived together.
    case text(String)
    /// A bracketed paste, with its line endings made `\n`.
    case paste(String)
    case enter
    case backspace
    case delete
    case tab
    case escape
    case up, down, left, right
    case home, end
    case pageUp, pageDown
    /// Ctrl with a letter, lower case: `.control("d")` is Ctrl-D.
    case control(Character)

    var isPaste: Bool {
        if case .paste = self { return true }
        return false
    }

    /// The digit 1–9 this key types, if it is one.
    var digit: Int? {
        guard case let .text(text) = self, text.count == 1, let value = Int(text), (1 ... 9).contains(value) else { return nil }
        return value
    }
}

/// Turns the bytes a terminal sends into keys.
///
/// A pure value: feed it whatever `read(2)` returned, in any chunks; it keeps incomplete UTF-8
/// and escape sequences until the rest arrives. A lone Escape cannot be told from the start of a
/// sequence until a moment passes, so the reader calls ``flushEscape()`` after a short quiet gap.
struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var pasting = false
    private var pasted: [UInt8] = []

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether bytes are waiting for more (an Escape that may start a sequence, or part of a
    /// character), so the reader knows to call ``flushEscape()`` after a short wait.
    var isWaiting: Bool { !buffer.isEmpty && !pasting }

    /// Decodes as much as possible of what has arrived so far.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        buffer.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Called when no more bytes came for a moment: a waiting Escape is the Escape key, and a
    /// broken UTF-8 sequence is dropped.
    mutating func flushEscape() -> [Key] {
        drain(final: true)
    }

    private mutating func drain(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                keys.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll()
            }
        }
        while index < buffer.count {
            if pasting {
                // Everything up to the end marker is pasted text, whatever it contains. A
                // pasted text can hold an end marker of its own (copied from anywhere), so the
                // paste ends at the last one that arrived with it, and the rest of what arrived
                // with it is pasted text too: nothing in a paste ever acts as a key (a Ctrl-D
                // that finishes the writing, a digit that answers a menu). Only a new paste's
                // start ends it sooner.
                if let firstEnd = Self.find(Self.pasteEnd, in: buffer, from: index) {
                    let limit = Self.find(Self.pasteStart, in: buffer, from: firstEnd) ?? buffer.count
                    var end = firstEnd
                    while let next = Self.find(Self.pasteEnd, in: buffer, from: end + Self.pasteEnd.count),
                          next + Self.pasteEnd.count <= limit {
                        end = next
                    }
                    pasted.append(contentsOf: buffer[index ..< end])
                    if end + Self.pasteEnd.count < limit {
                        pasted.append(contentsOf: buffer[(end + Self.pasteEnd.count) ..< limit])
                    }
                    index = limit
                    pasting = false
                    keys.append(.paste(Self.normalisePaste(pasted)))
                    pasted.removeAll()
                    continue
                }
                // Keep a possible partial end marker in the buffer; the rest is pasted text.
                let keep = min(Self.pasteEnd.count - 1, buffer.count - index)
                let safeEnd = buffer.count - keep
                pasted.append(contentsOf: buffer[index ..< safeEnd])
                index = safeEnd
                break
            }
            let byte = buffer[index]
            switch byte {
            case 0x1B:
                flushText()
                switch Self.escapeSequence(buffer, at: index, final: final) {
                case .incomplete:
                    buffer.removeFirst(index)
                    return keys
                case let .key(key, length):
                    if let key { keys.append(key) }
                    index += length
                case .pasteStart:
                    pasting = true
                    index += Self.pasteStart.count
                }
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
                // A terminal in cooked-ish modes may send CR LF for one Enter.
                if byte == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
                index += 1
            case 0x7F, 0x08:
                flushText()
                keys.append(.backspace)
                index += 1
            case 0x09:
                flushText()
                keys.append(.tab)
                index += 1
            case 0x01 ... 0x1A:
                flushText()
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                index += 1
            case 0x00, 0x1C ... 0x1F:
                index += 1  // Ctrl-@, Ctrl-\ and friends mean nothing here.
            default:
                let length = Self.utf8Length(byte)
                if length == 0 {
                    index += 1  // a stray continuation byte
                } else if index + length > buffer.count {
                    if final {
                        index = buffer.count
                    } else {
                        flushText()
                        buffer.removeFirst(index)
                        return keys
                    }
                } else {
                    text.append(contentsOf: buffer[index ..< index + length])
                    index += length
                }
            }
        }
        flushText()
        buffer.removeFirst(min(index, buffer.count))
        return keys
    }

    private enum Escape {
        case incomplete
        case key(Key?, length: Int)
        case pasteStart
    }

    /// Decodes the escape sequence starting at `start` (which holds ESC).
    private static func escapeSequence(_ bytes: [UInt8], at start: Int, final: Bool) -> Escape {
        let count = bytes.count - start
        guard count >= 2 else { return final ? .key(.escape, length: 1) : .incomplete }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates, then one final byte in 0x40...0x7E.
            var end = start + 2
            while end < bytes.count, !(0x40 ... 0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return final ? .key(nil, length: count) : .incomplete }
            let parameters = String(decoding: bytes[(start + 2) ..< end], as: UTF8.self)
            let length = end - start + 1
            let first = parameters.split(separator: ";").first.map(String.init) ?? ""
            switch bytes[end] {
            case UInt8(ascii: "A"): return .key(.up, length: length)
            case UInt8(ascii: "B"): return .key(.down, length: length)
            case UInt8(ascii: "C"): return .key(.right, length: length)
            case UInt8(ascii: "D"): return .key(.left, length: length)
            case UInt8(ascii: "H"): return .key(.home, length: length)
            case UInt8(ascii: "F"): return .key(.end, length: length)
            case UInt8(ascii: "Z"): return .key(nil, length: length)  // Shift-Tab
            case UInt8(ascii: "~"):
                switch first {
                case "200": return .pasteStart
                case "1", "7": return .key(.home, length: length)
                case "4", "8": return .key(.end, length: length)
                case "3": return .key(.delete, length: length)
                case "5": return .key(.pageUp, length: length)
                case "6": return .key(.pageDown, length: length)
                default: return .key(nil, length: length)
                }
            default:
                return .key(nil, length: length)
            }
        case UInt8(ascii: "O"):
            // SS3: the application-mode arrows and Home/End.
            guard count >= 3 else { return final ? .key(.escape, length: 1) : .incomplete }
            let keys: [UInt8: Key] = [
                UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
                UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
                UInt8(ascii: "M"): .enter,
            ]
            return .key(keys[bytes[start + 2]], length: 3)
        case 0x1B:
            // Escape pressed twice: the first is a key of its own.
            return .key(.escape, length: 1)
        default:
            // Alt with a key: nothing here uses Alt, so it counts as Escape then the key.
            return .key(.escape, length: 1)
        }
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0x20 ..< 0x80: return 1
        case 0xC2 ... 0xDF: return 2
        case 0xE0 ... 0xEF: return 3
        case 0xF0 ... 0xF4: return 4
        default: return 0
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index ..< index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// Pasted text with CR LF and lone CR made LF; other control characters except tab dropped.
    static func normalisePaste(_ bytes: [UInt8]) -> String {
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                cleaned.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte == 0x0A || byte == 0x09 || byte >= 0x20, byte != 0x7F {
                cleaned.append(byte)
            }
            index += 1
        }
        return String(decoding: cleaned, as: UTF8.self)
    }
}
