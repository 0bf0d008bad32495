import Foundation
import MarkdownStore

/// The words being written and not yet kept, let go or closed, saved outside the journal so a
/// crash, a closed terminal or a power cut loses nothing.
///
/// One draft per person, in `<state>/draft.txt` (0600, folder 0700), written atomically: the
/// file always holds either the previous save or the new one. The draft never enters the
/// journal, so it is never versioned or synced.
public struct DraftStore: Sendable {
    /// The state folder, `$XDG_STATE_HOME/say-it-later`.
    public let folder: String

    static let fileName = "draft.txt"

    public init(folder: String) {
        self.folder = folder
    }

    /// The draft file's full path.
    public var path: String { folder + "/" + Self.fileName }

    /// The saved draft, or nil when there is none (or only blank space).
    ///
    /// - Throws: `JournalError.storage` when a draft exists but cannot be read.
    public func load() throws -> String? {
        let store = DocumentStore(root: folder)
        guard store.exists(Self.fileName) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try store.readBytes(Self.fileName)
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
        guard DocumentStore(root: folder).exists(Self.fileName) else { return }
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
