import Crypto
import Foundation
import MarkdownStore

/// The journal's sync key: a secret the person's own computers share and the remote never sees.
///
/// Anyone who can write to the remote can write a let-go line into the journal record (its
/// lines are keyed by the journal's id, which the remote holds). So a computer that lets go
/// seals the record's let-go lines with this key (`seal:` in `.say-journal`, beside `key:`, the
/// key's public name), and a computer holding the same key lets entries go without a question
/// only for lines that seal vouches for. Lines it cannot check (a computer without the key, or
/// someone else) are asked about before anything of them is removed.
///
/// The first computer to sync a journal makes the key; `say sync --show-key` shows it, and
/// another computer is given it with `say sync --key <code>`. It is kept in the journal's
/// repository (`.git/say/sync-key`, 0600), never in a commit.
public struct SyncKey: Hashable, Sendable {
    private let bytes: [UInt8]

    /// 160 bits, written as 32 letters and digits in groups of four.
    static let size = 20
    /// 32 symbols without `l`, `o`, `0` and `1`, which are easily mistaken for each other.
    private static let alphabet: [UInt8] = Array("abcdefghijkmnpqrstuvwxyz23456789".utf8)

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// A new key from the system's random source.
    public static func make() -> SyncKey {
        var generator = SystemRandomNumberGenerator()
        return SyncKey(bytes: (0 ..< size).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
    }

    /// Reads a key as the person types it: case, spaces and dashes do not matter.
    public init?(code: String) {
        var bits: UInt32 = 0
        var count = 0
        var bytes: [UInt8] = []
        for character in code.lowercased().utf8 where character != 0x2D && character != 0x20 {
            guard let value = Self.alphabet.firstIndex(of: character) else { return nil }
            bits = (bits << 5) | UInt32(value)
            count += 5
            if count >= 8 {
                count -= 8
                bytes.append(UInt8((bits >> UInt32(count)) & 0xFF))
            }
        }
        guard bytes.count == Self.size, count == 0 else { return nil }
        self.bytes = bytes
    }

    /// `abcd-efgh-…`: 8 groups of 4.
    public var code: String {
        var symbols: [UInt8] = []
        var bits: UInt32 = 0
        var count = 0
        for byte in bytes {
            bits = (bits << 8) | UInt32(byte)
            count += 8
            while count >= 5 {
                count -= 5
                symbols.append(Self.alphabet[Int((bits >> UInt32(count)) & 0x1F)])
            }
        }
        return stride(from: 0, to: symbols.count, by: 4)
            .map { String(decoding: symbols[$0 ..< min($0 + 4, symbols.count)], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// The key's public name (`key:` in the record): tells computers whether they hold the key
    /// that sealed a record, and nothing about the key.
    var id: String { mac("say-it-later sync key id") }

    /// The seal of a record (`seal:` in the record): its journal id, its generation and every
    /// let-go line. The generation is what decides that a rewritten remote history is say's own
    /// (a let-go or a rejoin on a computer holding the key), so it is sealed with the lines.
    func seal(of record: JournalRecord) -> String {
        mac("say-it-later seal 2\u{0}" + record.id + "\u{0}" + String(record.generation) + "\u{0}"
            + record.letGoLines.sorted().joined(separator: "\n"))
    }

    private func mac(_ text: String) -> String {
        JournalRecord.hex(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: bytes)).prefix(16))
    }
}

extension Journal {
    private func syncKeyPath(_ repository: GitRepository) -> String { repository.gitdir + "say/sync-key" }

    /// This computer's sync key for the journal; nil when it has none (it never synced, or it
    /// joined without being given the key).
    ///
    /// - Throws: `JournalError` when the file is there and cannot be read as a key.
    public func syncKey() throws -> SyncKey? {
        guard let repository else { return nil }
        guard let data = FileManager.default.contents(atPath: syncKeyPath(repository)) else { return nil }
        guard let key = SyncKey(code: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw JournalError.unusableJournal(path: syncKeyPath(repository), reason: "it is not a sync key; say sync --key - writes it again")
        }
        return key
    }

    /// Keeps `key` as this computer's sync key (flushed: losing it would leave this computer
    /// asking about every let-go).
    func keepSyncKey(_ key: SyncKey, in repository: GitRepository) throws {
        try storage {
            try AtomicFile.makeFolders(repository.gitdir + "say")
            try AtomicFile.write(Array((key.code + "\n").utf8), to: syncKeyPath(repository))
        }
    }
}
