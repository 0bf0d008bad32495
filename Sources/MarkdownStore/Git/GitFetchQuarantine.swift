#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// Where everything a sync brings from a remote waits until the remote is accepted: an object
/// folder of its own, `.git/say/incoming-<pid>-<random>/` (loose objects and `pack/`), outside
/// the repository's object store.
///
/// While it is open, the repository reads through an object database made of the quarantine
/// (written to: a download's pack, a folder remote's copied pack, and the loose objects a sync
/// builds its history with) and the repository's own store (read only). Nothing a sync fetches
/// or builds reaches `.git/objects` before `accept()`; `discard()` (a refused remote, a dry run,
/// a question answered no, any failure) removes the folder, and `git cat-file
/// --batch-all-objects` never saw any of it.
///
/// **Kills.** `accept()` first renames the folder to `accepted-<…>` (one atomic step), then moves
/// its packs (the pack before its index, as git does) and loose objects into the store, then
/// removes it. The next run (`finishInterruptedFetch()`, under the journal's lock) removes every
/// `incoming-` folder, whose remote was never accepted, and finishes moving every `accepted-` one.
final class GitFetchQuarantine {
    static let incomingPrefix = "incoming-"
    static let acceptedPrefix = "accepted-"

    private let repository: GitRepository
    private let name: String
    /// `.git/say/`.
    private let parent: String
    private(set) var state = State.open

    enum State: Equatable {
        case open, accepted, discarded
    }

    /// The quarantine's object folder (with a trailing `/`), while it is open.
    var objectsFolder: String { parent + Self.incomingPrefix + name + "/" }
    /// Where a fetch writes its pack (with a trailing `/`).
    var packFolder: String { objectsFolder + "pack/" }

    /// Makes the folder and points the repository's object database at it and its own store.
    ///
    /// - Throws: `MarkdownStoreError`, `GitError`. Calls `git_odb_new`, `git_odb_backend_loose`,
    ///   `git_odb_backend_pack`, `git_odb_add_backend`, `git_odb_add_disk_alternate`,
    ///   `git_repository_set_odb`.
    init(repository: GitRepository) throws {
        self.repository = repository
        parent = repository.gitdir + "say/"
        name = "\(getpid())-\(String(UInt64.random(in: 0 ... .max), radix: 16))"
        try AtomicFile.makeFolders(parent + Self.incomingPrefix + name + "/pack")
        do {
            var odb: OpaquePointer?
            try gitCheck(git_odb_new(&odb), "git_odb_new")
            defer { git_odb_free(odb) }
            // The quarantine first (the highest priorities), where every write goes; the store as
            // an alternate, which libgit2 reads but never writes.
            var loose: UnsafeMutablePointer<git_odb_backend>?
            try gitCheck(git_odb_backend_loose(&loose, objectsFolder, -1, 0, 0, 0), "git_odb_backend_loose")
            if git_odb_add_backend(odb, loose, 4) != 0 {
                loose?.pointee.free?(loose)
                try gitCheck(-1, "git_odb_add_backend")
            }
            var packed: UnsafeMutablePointer<git_odb_backend>?
            try gitCheck(git_odb_backend_pack(&packed, objectsFolder), "git_odb_backend_pack")
            if git_odb_add_backend(odb, packed, 3) != 0 {
                packed?.pointee.free?(packed)
                try gitCheck(-1, "git_odb_add_backend")
            }
            try gitCheck(git_odb_add_disk_alternate(odb, repository.gitdir + "objects"), "git_odb_add_disk_alternate")
            try gitCheck(git_repository_set_odb(repository.handle, odb), "git_repository_set_odb")
        } catch {
            try? FolderContents.remove(objectsFolder)
            throw error
        }
    }

    deinit { discard() }

    /// The pack files in the quarantine (names, `.idx` and `.pack`).
    func packs() throws -> [String] {
        try FolderContents.names(in: packFolder).filter { $0.hasPrefix("pack-") }
    }

    /// The remote is accepted: its objects (and those built from them) move into the
    /// repository's store, and the repository reads its own store alone again.
    ///
    /// - Throws: `MarkdownStoreError`, `GitError`.
    func accept() throws {
        guard state == .open else { return }
        let accepted = parent + Self.acceptedPrefix + name + "/"
        guard rename(String(objectsFolder.dropLast()), String(accepted.dropLast())) == 0 else {
            throw MarkdownStoreError.io(path: objectsFolder, operation: "accept what was fetched", errno: errno)
        }
        state = .accepted
        try AtomicFile.syncFolder(parent)
        try Self.move(accepted, into: repository)
        // A fresh handle: the quarantine's backends are gone, the store's new packs are seen.
        try repository.reopen()
    }

    /// Nothing from the remote stays: the folder is removed and the repository reads its own
    /// store alone again (objects libgit2 cached from the quarantine go with the old handle).
    func discard() {
        guard state == .open else { return }
        state = .discarded
        try? repository.reopen()
        try? FolderContents.remove(objectsFolder)
    }

    // MARK: Leftovers

    /// What a killed sync left in `gitdir/say/`: quarantines never accepted are removed; accepted
    /// ones are moved into the store. Call it while holding the journal's lock.
    ///
    /// - Returns: whether anything was moved into the store.
    /// - Throws: `MarkdownStoreError`.
    @discardableResult
    static func finishLeftovers(_ repository: GitRepository) throws -> Bool {
        let parent = repository.gitdir + "say/"
        var moved = false
        for name in try FolderContents.names(in: parent) {
            if name.hasPrefix(incomingPrefix) {
                try FolderContents.remove(parent + name)
            } else if name.hasPrefix(acceptedPrefix) {
                var info = stat()
                guard lstat(parent + name, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR else { continue }
                try move(parent + name + "/", into: repository)
                moved = true
            }
        }
        return moved
    }

    /// Moves the packs and loose objects of `folder` into `objects` (each by one rename; an
    /// object the store has already stays as it is there), then removes `folder`. Repeating it
    /// after a kill finishes the move.
    private static func move(_ folder: String, into repository: GitRepository) throws {
        let objects = repository.gitdir + "objects/"
        // Copies made where a rename cannot reach (see `moveFile`) are temporary files until
        // renamed: recorded first, so a kill leaves none.
        let fans = try FolderContents.names(in: folder).filter { $0.utf8.count == 2 && $0.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) }
        try repository.withPendingWrites(([objects + "pack/"] + fans.map { objects + $0 + "/" }).map { GitPendingWrites.packs(in: $0) }) {
            try moveRecorded(folder, into: objects)
        }
    }

    private static func moveRecorded(_ folder: String, into objects: String) throws {
        let packs = folder + "pack/"
        let storePacks = objects + "pack/"
        let indexes = try FolderContents.names(in: packs).filter { $0.hasPrefix("pack-") && $0.hasSuffix(".idx") }
        if !indexes.isEmpty {
            try AtomicFile.makeFolders(storePacks)
            for index in indexes {
                let base = String(index.dropLast(4))
                if access(storePacks + index, F_OK) == 0 { continue }
                // The pack first: an index never names a pack that is not there yet.
                if access(packs + base + ".pack", F_OK) == 0 {
                    try moveFile(packs + base + ".pack", to: storePacks + base + ".pack")
                }
                try moveFile(packs + index, to: storePacks + index)
            }
            try AtomicFile.syncFolder(storePacks)
        }
        for fan in try FolderContents.names(in: folder) where fan.utf8.count == 2 && fan.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            let names = try FolderContents.names(in: folder + fan).filter {
                $0.utf8.count == 38 && $0.utf8.allSatisfy { GitRawObject.hexValue($0) != nil }
            }
            guard !names.isEmpty else { continue }
            let target = objects + fan + "/"
            if mkdir(target, 0o777) != 0 && errno != EEXIST {
                throw MarkdownStoreError.io(path: target, operation: "create the folder", errno: errno)
            }
            for name in names where access(target + name, F_OK) != 0 {
                try moveFile(folder + fan + "/" + name, to: target + name)
            }
            try AtomicFile.syncFolder(target)
        }
        try FolderContents.remove(String(folder.dropLast()))
    }

    /// One rename; when the store is on another file system (`.git/objects` a link to
    /// elsewhere), a copy flushed under a temporary name, renamed into place, then the original
    /// removed (a kill leaves the original, and the next run moves it again).
    private static func moveFile(_ source: String, to target: String) throws {
        if rename(source, target) == 0 { return }
        guard errno == EXDEV else {
            throw MarkdownStoreError.io(path: target, operation: "move a fetched object into the store", errno: errno)
        }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw MarkdownStoreError.io(path: source, operation: "read a fetched object", errno: EIO)
        }
        let folder = (target as NSString).deletingLastPathComponent + "/"
        let copy = try GitTemporaryFile(folder: folder)
        try data.withUnsafeBytes { try copy.write($0) }
        try copy.sync()
        try copy.install(as: target)
        try FolderContents.remove(source)
    }
}

extension GitRepository {
    /// Finishes what a killed sync's fetch left (see `GitFetchQuarantine`): removes what a
    /// remote never accepted sent, and moves into the store what an accepted one did.
    ///
    /// - Throws: `MarkdownStoreError`, `GitError`.
    func finishInterruptedFetch() throws {
        if try GitFetchQuarantine.finishLeftovers(self) { try refreshObjects() }
    }
}
