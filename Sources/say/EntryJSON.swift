import Foundation
import MarkdownStore
import SayItLaterCore

/// The documented JSON shapes of `history --json`, `show --json` and `write --json`.
///
/// Written by hand into UTF-8 bytes rather than with JSONEncoder: the output is a stable contract
/// with a fixed key order, and a 100,000-entry history prints many times faster this way.
enum EntryJSON {
    /// Writes the array followed by a line break in chunks of about 64 KB, so a large history
    /// never sits in memory twice.
    static func writeArray(_ entries: [EntrySummary], to output: FileHandle) {
        guard !entries.isEmpty else {
            output.write(Data("[]\n".utf8))
            return
        }
        var out: [UInt8] = Array("[\n".utf8)
        out.reserveCapacity(72 * 1024)
        for (index, entry) in entries.enumerated() {
            out.append("  ")
            append(entry, text: nil, to: &out)
            out.append(index + 1 < entries.count ? ",\n" : "\n]\n")
            if out.count >= 64 * 1024 {
                output.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        output.write(Data(out))
    }

    static func object(_ entry: EntrySummary, text: String?) -> String {
        var out: [UInt8] = []
        append(entry, text: text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ entry: EntrySummary, text: String?, to out: inout [UInt8]) {
        out.append(#"{"id":""#)
        entry.id.appendLowercased(to: &out)
        out.append(#"","date":""#)
        UTCTime(entry.date).appendISO8601(to: &out)
        switch entry.feeling {
        case .lighter?: out.append(#"","feeling":"lighter""#)
        case .same?: out.append(#"","feeling":"same""#)
        case .heavier?: out.append(#"","feeling":"heavier""#)
        case nil: out.append(#"","feeling":null"#)
        }
        out.append(entry.safety ? #","safety":true,"preview":"# : #","safety":false,"preview":"#)
        appendString(entry.preview, to: &out)
        out.append(#","path":"#)
        appendString(entry.path, to: &out)
        if let text {
            out.append(#","text":"#)
            appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func appendString(_ value: String, to out: inout [UInt8]) {
        JSONText.append(value, to: &out)
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 in one copy.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
