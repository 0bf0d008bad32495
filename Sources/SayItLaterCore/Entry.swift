import Foundation
import MarkdownStore

/// How the person felt after writing, as asked by "How do you feel now?".
public enum Feeling: String, CaseIterable, Sendable, Hashable, Codable {
    case lighter
    case same
    case heavier

    /// The words shown to the person: "lighter", "the same", "heavier".
    public var displayName: String {
        switch self {
        case .lighter: return "lighter"
        case .same: return "the same"
        case .heavier: return "heavier"
        }
    }

    /// Reads a stored or typed value: the raw value, or the display name ("the same").
    public init?(text: String) {
        if let feeling = Feeling(rawValue: text) {
            self = feeling
            return
        }
        let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let feeling = Feeling(rawValue: folded) {
            self = feeling
        } else if let feeling = Feeling.allCases.first(where: { $0.displayName == folded }) {
            self = feeling
        } else {
            return nil
        }
    }
}

/// One kept piece of writing.
public struct Entry: Sendable, Hashable {
    /// Stable identity. Files written by hand without an id get one derived from their path.
    public let id: UUID
    /// The text, exactly as written.
    public var text: String
    public var date: Date
    /// Nil when the file does not say (written by hand, or an unknown value).
    public var feeling: Feeling?
    /// Whether safety detection found words of suicidal ideation or self-harm when it was kept.
    public var safety: Bool
    /// Where the entry lives, relative to the journal folder.
    public var path: String

    public init(id: UUID, text: String, date: Date, feeling: Feeling?, safety: Bool, path: String) {
        self.id = id
        self.text = text
        self.date = date
        self.feeling = feeling
        self.safety = safety
        self.path = path
    }

    /// The first 8 hex digits of the id: what file names and commit messages carry.
    public var shortID: String { id.shortID }

    /// The summary a listing shows for this entry.
    public var summary: EntrySummary {
        EntrySummary(id: id, date: date, feeling: feeling, safety: safety,
                     preview: EntrySummary.preview(of: text), path: path)
    }
}

/// What the history shows of an entry: enough for a card, without the full text.
public struct EntrySummary: Sendable, Hashable {
    public let id: UUID
    public let date: Date
    public let feeling: Feeling?
    public let safety: Bool
    /// The first line that is not blank, trimmed, at most 160 characters.
    public let preview: String
    public let path: String

    public init(id: UUID, date: Date, feeling: Feeling?, safety: Bool, preview: String, path: String) {
        self.id = id
        self.date = date
        self.feeling = feeling
        self.safety = safety
        self.preview = preview
        self.path = path
    }

    public var shortID: String { id.shortID }

    /// The preview of a text: computed by the same code as the listing's, so `history` and
    /// `show` always agree.
    public static func preview(of text: String) -> String {
        DirectoryScanner.firstLine(of: text)
    }
}

extension UUID {
    /// The first 8 hex digits, lower case.
    public var shortID: String { String(lowercasedString.prefix(8)) }

    /// The canonical lower-case form, `7f3c9a2e-5d7a-4c1e-9f3a-2b8d6e4f1a7c`.
    ///
    /// Formatted by hand: `uuidString` goes through `snprintf`, which showed in listing profiles.
    public var lowercasedString: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (position, byte) in raw.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        out[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    out[index] = digits[Int(byte >> 4)]
                    out[index + 1] = digits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// Parses the canonical 36-character form in either case; nil for anything else.
    ///
    /// Parsed by hand: `UUID(uuidString:)` goes through `sscanf` on Linux.
    public init?(canonical text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UUID(canonicalUTF8: $0) }) else { return nil }
        self = parsed
    }

    /// ``init(canonical:)`` on UTF-8 bytes.
    public init?(canonicalUTF8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var count = 0
            var high: UInt8?
            for (position, character) in text.enumerated() {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard character == UInt8(ascii: "-") else { return false }
                    continue
                }
                let value: UInt8
                switch character {
                case UInt8(ascii: "0") ... UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
                case UInt8(ascii: "a") ... UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A") ... UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
                default: return false
                }
                if let first = high {
                    bytes[count] = first << 4 | value
                    count += 1
                    high = nil
                } else {
                    high = value
                }
            }
            return count == 16
        }
        guard parsed else { return nil }
        self.init(uuid: uuid)
    }

    /// Appends the canonical lower-case form (``lowercasedString``) as UTF-8.
    public func appendLowercased(to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            withUnsafeBytes(of: uuid) { raw in
                var index = 0
                for (position, byte) in raw.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = UUID.hexDigit(byte >> 4)
                    text[index + 1] = UUID.hexDigit(byte & 0x0F)
                    index += 2
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// A stable id for a file that has none: a hash of its path, shaped as a UUID (version 8).
    static func derived(fromPath path: String) -> UUID {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in path.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second &+ (first >> 29)
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0 ..< 8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: second >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: custom
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
