import Crypto
import Foundation
import MarkdownStore

/// The journal record, `.say-journal` at the root of a synced journal: which journal this is,
/// and the evidence of every let-go, in a form that holds no words and no file names.
///
/// ```
/// say-it-later journal
/// id: 3f0c1d9e-…
/// generation: 4
/// let-go: 9b1f0c2a4d6e8f10a2b4c6d8e0f21436
/// ```
///
/// - `id` names the journal; a remote holding another journal is refused.
/// - `let-go` lines are keyed hashes of the paths of entries let go (HMAC-SHA256 keyed by the
///   journal's id, first 16 bytes in hex): every computer can tell that a path was let go with
///   say, nobody can read a name back from them, and the same name in another journal hashes
///   differently. An entry missing from a side without such a line was deleted by something
///   else, or the remote went back in time: it is restored, never purged.
/// - `let-go-version` lines name the versions that were let go at such a path: the path's
///   line, then a keyed hash (the same key) of the path and the version's git blob id. A file
///   at that path whose version is not named (a newer entry a person wrote where one was let
///   go) is never taken for the one let go. A path line without version lines (written by an
///   earlier version of say) stands for the whole path, once: for the sync that first brings
///   it to a computer.
/// - `generation` goes up by one each time say replaces the remote's history (a let-go, a
///   rejoin). A remote whose history no longer holds the commit a computer last synced with is
///   accepted only when its generation went up, it kept every let-go line, and the seal (which
///   covers the generation) is this computer's key's; without that evidence it was rolled back
///   or rewritten by something other than say, and is refused (or, where an unchecked let-go
///   explains it, asked about).
/// - `key` and `seal`: the public name of the journal's sync key, and a keyed hash made with it
///   of the journal's id, the generation and every let-go line (see `SyncKey`): a computer
///   holding the key can tell what its own say vouched for from what anything else wrote.
///
/// Lines end in LF (CRLF is read too); unknown `key: value` lines are ignored, so a later
/// version can add some.
struct JournalRecord: Hashable, Sendable {
    var id: String
    var generation: Int
    var letGo: Set<String>
    /// Path line → the version lines under it.
    var letGoVersions: [String: Set<String>] = [:]
    /// The sync key's public name, and the seal of the let-go lines (nil: not sealed).
    var keyID: String?
    var seal: String?

    static let header = "say-it-later journal"
    /// The largest record read or written.
    static let largest = GitSyncLayout.largestRecord
    /// The largest generation read or written.
    static let largestGeneration = (1 << 48) - 1
    /// The largest generation taken from a remote: a sync adds at most two (a rejoin, then the
    /// rewrite of a let-go), so what it writes is always one say reads back.
    static let largestGenerationTaken = largestGeneration - 2

    /// Reads a record; nil when the bytes are not one (no header, no usable id, a malformed line).
    static func parse(_ bytes: [UInt8]) -> JournalRecord? {
        guard bytes.count <= largest, let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard lines.first.map({ $0.trimmingCharacters(in: .whitespaces) }) == header else { return nil }
        var id: String?
        var generation = 0
        var letGo = Set<String>()
        var versions: [String: Set<String>] = [:]
        var keyID: String?
        var seal: String?
        func isToken(_ value: Substring) -> Bool {
            value.utf8.count == 32 && value.utf8.allSatisfy({ (0x30 ... 0x39).contains($0) || (0x61 ... 0x66).contains($0) })
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "id":
                guard id == nil, isJournalID(value) else { return nil }
                id = value
            case "generation":
                guard let number = Int(value), number >= 0, number <= largestGeneration else { return nil }
                generation = number
            case "let-go":
                guard isToken(Substring(value)) else { return nil }
                letGo.insert(value)
            case "let-go-version":
                let fields = value.split(separator: " ")
                guard fields.count == 2, isToken(fields[0]), isToken(fields[1]) else { return nil }
                versions[String(fields[0]), default: []].insert(String(fields[1]))
            case "key":
                guard keyID == nil, isToken(Substring(value)) else { return nil }
                keyID = value
            case "seal":
                guard seal == nil, isToken(Substring(value)) else { return nil }
                seal = value
            default:
                continue
            }
        }
        guard let id else { return nil }
        // A version line stands with its path's line.
        letGo.formUnion(versions.keys)
        return JournalRecord(id: id, generation: generation, letGo: letGo, letGoVersions: versions, keyID: keyID, seal: seal)
    }

    /// 1 to 100 of `A–Z a–z 0–9 - _ .`: what a journal id may be.
    static func isJournalID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100 && text.utf8.allSatisfy {
            (0x30 ... 0x39).contains($0) || (0x41 ... 0x5A).contains($0) || (0x61 ... 0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E
        }
    }

    func rendered() -> [UInt8] {
        var text = Self.header + "\nid: \(id)\n"
        if generation > 0 { text += "generation: \(generation)\n" }
        if let keyID { text += "key: \(keyID)\n" }
        if let seal { text += "seal: \(seal)\n" }
        for token in letGo.sorted() { text += "let-go: \(token)\n" }
        for token in letGoVersions.keys.sorted() {
            for version in letGoVersions[token, default: []].sorted() { text += "let-go-version: \(token) \(version)\n" }
        }
        return Array(text.utf8)
    }

    /// Every let-go line: path lines (`token`) and version lines (`token version`).
    var letGoLines: Set<String> {
        letGo.union(letGoVersions.flatMap { token, versions in versions.map { token + " " + $0 } })
    }

    /// Whether `key` sealed exactly these let-go lines.
    func isSealed(by key: SyncKey) -> Bool {
        keyID == key.id && seal == key.seal(of: self)
    }

    /// Seals the let-go lines with `key`.
    mutating func seal(with key: SyncKey) {
        keyID = key.id
        seal = key.seal(of: self)
    }

    /// Lower-case hex.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The let-go line for a path in this journal.
    func token(for path: String) -> String {
        Self.token(for: path, journal: id)
    }

    static func token(for path: String, journal: String) -> String {
        Tokens(journal: journal).token(for: path)
    }

    /// Makes let-go lines for one journal (its key is derived once).
    struct Tokens {
        private let key: SymmetricKey

        init(journal: String) {
            key = SymmetricKey(data: SHA256.hash(data: Array("say-it-later let-go key\u{0}\(journal)".utf8)))
        }

        func token(for path: String) -> String {
            JournalRecord.hex(HMAC<SHA256>.authenticationCode(for: Array(path.utf8), using: key).prefix(16))
        }

        /// The version line for one version (a git blob id) of a file at `path`.
        func token(for path: String, version: ObjectID) -> String {
            token(for: "version\u{0}" + path + "\u{0}" + version.description)
        }
    }
}
