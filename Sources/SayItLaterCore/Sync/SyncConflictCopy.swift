import Crypto
import Foundation
import MarkdownStore

/// What sync makes when both sides changed the same file: for an entry, a copy of this
/// computer's version as a new entry; for `.gitignore`, one file with both sets of lines.
enum SyncConflictCopy {
    /// This computer's version of an entry changed on both devices, as a new entry.
    ///
    /// The copy is the file's exact bytes (byte order mark, line endings, comments, unknown
    /// keys, body) except for one line: `id:` in the front matter gets the new id (or is added
    /// right after the opening fence). A file with no front matter is copied byte for byte; its
    /// id comes from its new path. The copy keeps the original's date: its `date` field, else
    /// the date in its file name, else the first day of the month folder it is in. The new id
    /// is derived from the entry's path and bytes, so a sync interrupted and run again makes the
    /// same copy, not a second one.
    static func entry(at path: String, bytes: [UInt8]) -> GitSyncCopy {
        var hasher = SHA256()
        hasher.update(data: Array("say-it-later conflict copy\u{0}\(path)\u{0}".utf8))
        hasher.update(data: bytes)
        var raw = Array(hasher.finalize().prefix(16))
        raw[6] = (raw[6] & 0x0F) | 0x50  // version 5: name-based
        raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
        let id = UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                             raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        let date = originalDate(path: path, bytes: bytes)
        let copied = FrontMatterKeyLine.setting("id", to: id.lowercasedString, in: bytes) ?? bytes
        return GitSyncCopy(path: EntryFile.path(for: id, date: date), bytes: copied, message: "Keep " + id.shortID)
    }

    /// The date an entry file is shown with: its front matter's `date` as history reads it,
    /// else its name's date, else its month folder's first day (`entries/YYYY/MM/`).
    static func originalDate(path: String, bytes: [UInt8]) -> Date {
        let components = path.split(separator: "/")
        var folderDate = Date(timeIntervalSince1970: 0)
        if components.count >= 3, let year = Int(components[components.count - 3]), let month = Int(components[components.count - 2]),
           let date = UTCTime(year: year, month: month, day: 1, hour: 0, minute: 0, second: 0).date {
            folderDate = date
        }
        if let document = try? FrontMatterDocument.parse(bytes, path: path) {
            return EntryFile.entry(from: document, path: path, modified: folderDate).date
        }
        let name = components.last.map(String.init) ?? path
        return ShardedPath.parse(fileName: name)?.date ?? folderDate
    }

    /// `.gitignore` changed on both sides: the remote's lines, then this computer's lines the
    /// remote's do not have, in their order.
    static func mergedLines(remote: [UInt8], local: [UInt8], path: String) -> GitSyncCopy {
        let remoteText = String(decoding: remote, as: UTF8.self)
        let known = Set(remoteText.split(whereSeparator: \.isNewline).map { String($0) })
        var text = remoteText
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        for line in String(decoding: local, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init) where !known.contains(line) {
            text += line + "\n"
        }
        return GitSyncCopy(path: path, bytes: Array(text.utf8), message: "Sync")
    }
}
