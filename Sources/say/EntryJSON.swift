import Foundation
import MarkdownStore
import SayItLaterCore

/// The documented JSON shapes of `history --json`, `show --json` and `write --json`.
///
/// Written by hand rather than with JSONEncoder: the output is a stable contract with a fixed key
/// order, and a 100,000-entry history prints several times faster this way.
enum EntryJSON {
    static func array(_ entries: [EntrySummary]) -> String {
        guard !entries.isEmpty else { return "[]" }
        var out = "[\n"
        out.reserveCapacity(entries.count * 200)
        for (index, entry) in entries.enumerated() {
            out += "  "
            append(entry, text: nil, to: &out)
            out += index + 1 < entries.count ? ",\n" : "\n"
        }
        return out + "]"
    }

    static func object(_ entry: EntrySummary, text: String?) -> String {
        var out = ""
        append(entry, text: text, to: &out)
        return out
    }

    private static func append(_ entry: EntrySummary, text: String?, to out: inout String) {
        out += "{\"id\":\"" + entry.id.uuidString.lowercased() + "\""
        out += ",\"date\":\"" + UTCTime(entry.date).iso8601 + "\""
        out += ",\"feeling\":" + (entry.feeling.map { "\"" + $0.rawValue + "\"" } ?? "null")
        out += ",\"safety\":" + (entry.safety ? "true" : "false")
        out += ",\"preview\":"
        appendString(entry.preview, to: &out)
        out += ",\"path\":"
        appendString(entry.path, to: &out)
        if let text {
            out += ",\"text\":"
            appendString(text, to: &out)
        }
        out += "}"
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    static func appendString(_ value: String, to out: inout String) {
        out += "\""
        var pending = Substring.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
                out += escape
            } else {
                pending.append(scalar)
            }
        }
        out.unicodeScalars.append(contentsOf: pending)
        out += "\""
    }
}
