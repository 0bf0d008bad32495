import Foundation
import MarkdownStore

/// The words being written and not yet kept, let go or closed, saved outside the journal so a
/// crash, a closed terminal or a power cut loses nothing.
///
/// One draft per person, in `<state>/draft.txt` (0600, folder 0700), written atomically: the
/// file always holds either the previous save or the new one. The draft never enters the
/// journal, so it is never versioned or synced.
///
/// A run of say that writes takes the draft with ``forThisRun(folder:)``: the first run holds
/// `draft.txt` (a lock on `draft.lock` says so while it runs); a second run open at the same
/// time (another window) gets a draft of its own, `draft-<pid>.txt`, so neither overwrites or
/// clears the other's words. The next run that holds `draft.txt` takes the words of such
/// drafts whose runs have ended into it, so the next start offers them back.
public struct DraftStore: Sendable {
    /// The state folder, `$XDG_STATE_HOME/say-it-later`.
    public let folder: String
    /// The draft file's name in the folder: `draft.txt`, or a run's own `draft-<pid>.txt`.
    public let fileName: String

    static let mainName = "draft.txt"
    static let mainLock = "draft.lock"

    public init(folder: String) {
        self.folder = folder
        self.fileName = Self.mainName
    }

    init(folder: String, fileName: String) {
        self.folder = folder
        self.fileName = fileName
    }

    /// The draft file's full path.
    public var path: String { folder + "/" + fileName }

    /// Whether this is a run's own draft, because another run holds `draft.txt`.
    public var isSeparate: Bool { fileName != Self.mainName }

    /// Locks held until the process ends (closing a descriptor would release its lock).
    nonisolated(unsafe) private static var heldLocks: [String: Int32] = [:]
    private static let heldLocksGuard = NSLock()

    /// The draft this run writes to: `draft.txt` when no other run is writing to it (the words
    /// of other runs' own drafts that have ended are taken into it first), else a draft of this
    /// run's own.
    public static func forThisRun(folder: String) -> DraftStore {
        let main = DraftStore(folder: folder)
        try? AtomicFile.makeFolders(folder)
        guard lock(folder + "/" + mainLock) else { return separate(folder: folder) }
        main.adoptEndedRuns()
        return main
    }

    /// A draft of this run's own, `draft-<pid>.txt`, locked while the run lasts.
    public static func separate(folder: String) -> DraftStore {
        lock(folder + "/draft-\(getpid()).lock")
        return DraftStore(folder: folder, fileName: "draft-\(getpid()).txt")
    }

    /// Takes an exclusive lock on `path` and holds it until the process ends; false when
    /// another process holds it.
    @discardableResult
    private static func lock(_ path: String) -> Bool {
        heldLocksGuard.lock()
        defer { heldLocksGuard.unlock() }
        if heldLocks[path] != nil { return true }
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, AtomicFile.fileMode)
        guard fd >= 0 else { return true }  // no lock to be had: work as before, with the one draft
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return false
        }
        heldLocks[path] = fd
        return true
    }

    /// Takes the words of other runs' own drafts, whose runs have ended, into this draft (after
    /// what it holds), then removes those files. A draft that cannot be read stays where it is.
    func adoptEndedRuns() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let ended = names.filter { name in
            guard name.hasPrefix("draft-"), name.hasSuffix(".txt"),
                  let pid = Int32(name.dropFirst("draft-".count).dropLast(".txt".count)), pid > 0, pid != getpid() else { return false }
            let lockPath = folder + "/draft-\(pid).lock"
            let fd = open(lockPath, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return errno == ENOENT }
            defer { close(fd) }
            return flock(fd, LOCK_EX | LOCK_NB) == 0
        }.sorted()
        guard !ended.isEmpty else { return }
        let existing: String?
        do { existing = try load() } catch { return }  // this draft unreadable: all stay as they are
        var texts = existing.map { [$0] } ?? []
        var taken: [String] = []
        for name in ended {
            let text: String?
            do { text = try DraftStore(folder: folder, fileName: name).load() } catch { continue }
            if let text, !texts.contains(text) { texts.append(text) }
            taken.append(name)
        }
        guard !taken.isEmpty else { return }
        if texts != (existing.map { [$0] } ?? []) {
            // The files go only once their words are safe in this draft.
            guard (try? save(texts.joined(separator: "\n\n"))) != nil else { return }
        }
        for name in taken {
            try? AtomicFile.remove(folder + "/" + name)
            try? AtomicFile.remove(folder + "/" + name.dropLast(".txt".count) + ".lock")
        }
    }

    /// Moves a draft that cannot be read out of the way, to `draft-unread-<time>.txt` beside
    /// it, so that nothing written later replaces it. Returns where it is now.
    public func setAside() throws -> String {
        var aside = folder + "/draft-unread-\(Int(Date().timeIntervalSince1970)).txt"
        var other = 1
        while access(aside, F_OK) == 0 {  // never over an earlier one
            other += 1
            aside = folder + "/draft-unread-\(Int(Date().timeIntervalSince1970))-\(other).txt"
        }
        guard rename(path, aside) == 0 else {
            throw JournalError.storage(.io(path: path, operation: "move the draft aside", errno: errno))
        }
        return aside
    }

    /// The saved draft, or nil when there is none (or only blank space).
    ///
    /// - Throws: `JournalError.storage` when a draft exists but cannot be read.
    public func load() throws -> String? {
        let store = DocumentStore(root: folder)
        guard store.exists(fileName) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try store.readBytes(fileName)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.allSatisfy(\.isWhitespace) ? nil : text
    }

    /// Saves `text` as the draft; blank text clears it instead.
    ///
    /// - Parameter durable: flush it to disk (survives a power cut), not only replace the file
    ///   (survives the program being killed).
    /// - Throws: `JournalError.storage` when the file cannot be written.
    public func save(_ text: String, durable: Bool = true) throws {
        if text.allSatisfy(\.isWhitespace) { return try clear() }
        do {
            try AtomicFile.write(Array(text.utf8), to: path, durable: durable)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }

    /// Makes the words an editor left behind the draft: a run of say killed (or its terminal
    /// closed) while the person's own editor was open leaves them in a private folder under
    /// the state folder. Every such folder is read, and removed once its words are safe in the
    /// draft. The newest words come last; texts already held by a later one are not repeated.
    public func adoptEditorLeftovers() {
        let leftovers = EditorScratch.leftovers(in: folder)
        guard !leftovers.isEmpty else { return }
        let existing = ((try? load()) ?? nil).map { [$0] } ?? []
        let all = existing + leftovers.map(\.text).filter { !$0.allSatisfy(\.isWhitespace) }
        var texts: [String] = []
        for (index, text) in all.enumerated() {
            // The editor starts from the draft, so a later text usually holds an earlier one.
            if all[(index + 1)...].contains(where: { $0.contains(text) }) { continue }
            if !texts.contains(text) { texts.append(text) }
        }
        if texts != existing {
            // The folders go only once their words are safe in the draft.
            guard (try? save(texts.joined(separator: "\n\n"))) != nil else { return }
        }
        for leftover in leftovers { leftover.remove() }
    }

    /// Removes the draft. No draft is not an error.
    public func clear() throws {
        guard DocumentStore(root: folder).exists(fileName) else { return }
        do {
            try AtomicFile.remove(path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }
}

/// Small facts about this person's use of say, kept as empty marker files in the settings
/// folder (`$XDG_CONFIG_HOME/say-it-later`): whether the welcome was shown, whether the Done key
/// has been used, whether they prefer their own editor.
public struct LaunchMarks: Sendable {
    /// The settings folder.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// A mark's file name.
    public enum Mark: String, Sendable, CaseIterable {
        /// The first-launch welcome has been shown and accepted.
        case welcomed
        /// Done (Ctrl-D) has been used once, so its hint need not show again.
        case doneKeyLearned = "done-key-learned"
        /// Write in `$VISUAL` / `$EDITOR` instead of the built-in writing screen.
        case useEditor = "use-editor"
    }

    public func has(_ mark: Mark) -> Bool {
        DocumentStore(root: folder).exists(mark.rawValue)
    }

    /// Sets a mark.
    /// - Throws: `JournalError.storage` when the settings folder cannot be written.
    public func set(_ mark: Mark) throws {
        guard !has(mark) else { return }
        do {
            try AtomicFile.write([UInt8](), to: folder + "/" + mark.rawValue)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }

    /// Clears a mark. A mark that is not set is not an error.
    public func clear(_ mark: Mark) throws {
        guard has(mark) else { return }
        do {
            try AtomicFile.remove(folder + "/" + mark.rawValue)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }
}
