import Foundation

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

    static func preview(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline)
            .lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first(where: { !$0.isEmpty }) ?? ""
        return line.count > 160 ? String(line.prefix(160)) : line
    }
}

extension UUID {
    /// The first 8 hex digits, lower case.
    public var shortID: String { String(uuidString.lowercased().prefix(8)) }

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
