import Foundation
import MarkdownStore

/// A private place for the person's own editor to write in: a fresh 0700 folder under the
/// state folder holding one 0600 file, removed with everything in it (backup files an editor
/// may leave included) as soon as the editor is done.
public struct EditorScratch: Sendable {
    /// The private folder.
    public let folder: String
    /// The file the editor opens.
    public var file: String { folder + "/" + Self.fileName }

    static let fileName = "say-it-later.md"

    /// Creates the folder and writes `text` into the file.
    ///
    /// - Parameters:
    ///   - text: what was written so far (the draft), or "".
    ///   - stateFolder: `$XDG_STATE_HOME/say-it-later`.
    /// - Throws: `JournalError.storage` when the folder or file cannot be written.
    public static func create(text: String, stateFolder: String) throws -> EditorScratch {
        let random = String(UInt64.random(in: 0 ... .max), radix: 16)
        let scratch = EditorScratch(folder: stateFolder + "/editing-" + random)
        do {
            try AtomicFile.makeFolders(scratch.folder)
            try AtomicFile.write(Array(text.utf8), to: scratch.file)
        } catch let error as MarkdownStoreError {
            scratch.remove()
            throw JournalError.storage(error)
        }
        return scratch
    }

    /// What the editor left in the file, without the one line break editors add at the end.
    public func read() throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try DocumentStore(root: folder).readBytes(Self.fileName)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r\n") { text.removeLast(2) } else if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Removes the folder and everything in it. Best effort: nothing here is worth an error.
    public func remove() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names { try? AtomicFile.remove(folder + "/" + name) }
        rmdir(folder)
    }
}
