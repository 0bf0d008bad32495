import Foundation
import MarkdownStore

/// A private place for the person's own editor to write in: a fresh 0700 folder under the
/// state folder holding one 0600 file, removed with everything in it (backup files an editor
/// may leave included) as soon as the editor is done.
///
/// While the editor runs, a lock in the folder is held (by say and by the editor, which keeps
/// the descriptor open), so a later run of say can tell a folder still in use from one a killed
/// run left behind: the latter's words become the draft (see
/// ``DraftStore/adoptEditorLeftovers()``).
public final class EditorScratch {
    /// The private folder.
    public let folder: String
    /// The file the editor opens.
    public var file: String { folder + "/" + Self.fileName }
    /// The lock held while the editor runs.
    private let lock: FolderLock?

    static let fileName = "say-it-later.md"
    /// The start of every scratch folder's name for new writing.
    static let folderPrefix = "editing-"
    /// The start of a scratch folder's name for an edit of a kept entry.
    static let entryPrefix = "entry-edit-"

    private init(folder: String, lock: FolderLock?) {
        self.folder = folder
        self.lock = lock
    }

    /// The lock's descriptor, for the editor to keep open while it runs.
    public var lockDescriptor: Int32? { lock?.descriptor }

    /// Creates the folder and writes `text` into the file.
    ///
    /// - Parameters:
    ///   - text: what was written so far (the draft), or "".
    ///   - stateFolder: `$XDG_STATE_HOME/say-it-later`.
    /// - Throws: `JournalError.storage` when the folder or file cannot be written.
    ///   - entry: the id of the kept entry `say edit` opens: such a folder is never taken for a
    ///     draft, is kept when the edit could not be saved, and carries the first 8 hex digits
    ///     of the id in its name, so a let-go of the entry finds it (see ``removeEntryCopies(of:in:)``).
    public static func create(text: String, stateFolder: String, entry: UUID? = nil) throws -> EditorScratch {
        let random = String(UInt64.random(in: 0 ... .max), radix: 16)
        let name = entry.map { entryPrefix + $0.shortID + "-" + random } ?? folderPrefix + random
        let folder = stateFolder + "/" + name
        do {
            try AtomicFile.makeFolders(folder)
            let lock = try FolderLock(folder: folder, timeout: 0)
            let scratch = EditorScratch(folder: folder, lock: lock)
            do {
                try AtomicFile.write(Array(text.utf8), to: scratch.file)
            } catch {
                scratch.remove()
                throw error
            }
            return scratch
        } catch let error as MarkdownStoreError {
            EditorScratch(folder: folder, lock: nil).remove()
            throw JournalError.storage(error)
        }
    }

    /// What the editor left in the file, without the one line break editors add at the end.
    public func read() throws -> String {
        try Self.read(file: Self.fileName, in: folder)
    }

    /// What the editor left in the file, exactly (for a kept entry's file, whose last line
    /// break is part of it).
    public func readExactly() throws -> String {
        do {
            let bytes = try DocumentStore(root: folder).readBytes(Self.fileName)
            return String(decoding: bytes, as: UTF8.self)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
    }

    static func read(file: String, in folder: String) throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try DocumentStore(root: folder).readBytes(file)
        } catch let error as MarkdownStoreError {
            throw JournalError.storage(error)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r\n") { text.removeLast(2) } else if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Removes the folder and everything in it. Best effort: nothing here is worth an error.
    public func remove() {
        Self.remove(folder)
    }

    static func remove(_ folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names { try? AtomicFile.remove(folder + "/" + name) }
        rmdir(folder)
    }

    /// A scratch folder no editor is using any more (a run of say was killed, or its terminal
    /// closed, while the editor was open), held locked until it is removed.
    struct Leftover {
        let folder: String
        let modified: Date
        let text: String
        let lock: FolderLock

        func remove() {
            EditorScratch.remove(folder)
            withExtendedLifetime(lock) {}
        }
    }

    /// The scratch folders no editor is using, oldest first.
    static func leftovers(in stateFolder: String) -> [Leftover] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder)) ?? []
        var found: [Leftover] = []
        for name in names.sorted() where name.hasPrefix(folderPrefix) {
            let folder = stateFolder + "/" + name
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            // Still in use by a running editor (or by another say that is starting one).
            guard let lock = try? FolderLock(folder: folder, timeout: 0) else { continue }
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + fileName)[.modificationDate]) as? Date
            let text = (try? read(file: fileName, in: folder)) ?? ""
            found.append(Leftover(folder: folder, modified: modified ?? .distantPast, text: text, lock: lock))
        }
        return found.sorted { $0.modified < $1.modified }
    }

    /// Removes the copies `say edit` kept of an entry (an edit that could not be saved, or was
    /// interrupted): the `entry-edit-` folders named by its id, or whose file's front matter
    /// carries its id (a folder an older say named without it).
    ///
    /// - Returns: the files of such folders an editor still has open, which are left alone.
    static func removeEntryCopies(of id: UUID, in stateFolder: String) -> [String] {
        let idText = id.lowercasedString
        let tag = id.shortID
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder)) ?? []
        var inUse: [String] = []
        for name in names.sorted() where name.hasPrefix(entryPrefix) {
            let folder = stateFolder + "/" + name
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            let named = name.dropFirst(entryPrefix.count).hasPrefix(tag + "-")
            guard named || (try? DocumentStore(root: folder).readBytes(fileName)).flatMap(FrontMatterID.of) == idText else { continue }
            guard let lock = try? FolderLock(folder: folder, timeout: 0) else {
                inUse.append(folder + "/" + fileName)
                continue
            }
            remove(folder)
            withExtendedLifetime(lock) {}
        }
        return inUse
    }
}
