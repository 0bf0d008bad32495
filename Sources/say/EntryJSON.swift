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
            out += "  ".utf8
            append(entry, text: nil, to: &out)
            out += (index + 1 < entries.count ? ",\n" : "\n]\n").utf8
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
        out += "{\"id\":\"".utf8
        entry.id.appendLowercased(to: &out)
        out += "\",\"date\":\"".utf8
        UTCTime(entry.date).appendISO8601(to: &out)
        out += "\",\"feeling\":".utf8
        if let feeling = entry.feeling {
            out.append(UInt8(ascii: "\""))
            out += feeling.rawValue.utf8
            out.append(UInt8(ascii: "\""))
        } else {
            out += "null".utf8
        }
        out += (entry.safety ? ",\"safety\":true" : ",\"safety\":false").utf8
        out += ",\"preview\":".utf8
        appendString(entry.preview, to: &out)
        out += ",\"path\":".utf8
        appendString(entry.path, to: &out)
        if let text {
            out += ",\"text\":".utf8
            appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func appendString(_ value: String, to out: inout [UInt8]) {
        JSONText.append(value, to: &out)
    }
}
