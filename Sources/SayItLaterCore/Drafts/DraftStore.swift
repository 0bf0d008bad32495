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
    /// - Throws: `JournalError.storage` when the file cannot be written.
    public func save(_ text: String) throws {
        if text.allSatisfy(\.isWhitespace) { return try clear() }
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
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
