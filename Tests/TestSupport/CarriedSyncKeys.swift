import Foundation

/// The sync key a person carries from one of their computers to the next (README: "Other
/// computers join"): once a computer has synced with a remote, the test computers that join
/// the same remote are given its key, as the person would type it. A test that needs a computer
/// without the key says so.
public enum CarriedSyncKeys {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var codes: [String: String] = [:]

    /// The remote's address as one remote: `file://` and a trailing slash do not matter.
    private static func name(_ remote: String) -> String {
        var name = remote.hasPrefix("file://") ? String(remote.dropFirst("file://".count)) : remote
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        return name
    }

    /// The key code a computer that synced with `remote` has, if any did.
    public static func code(for remote: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return codes[name(remote)]
    }

    /// Notes the key a computer has after syncing with `remote` (the first one stays).
    public static func remember(journal: String, remote: String) {
        guard let data = FileManager.default.contents(atPath: journal + "/.git/say/sync-key") else { return }
        let code = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        lock.lock(); defer { lock.unlock() }
        if codes[name(remote)] == nil { codes[name(remote)] = code }
    }
}
