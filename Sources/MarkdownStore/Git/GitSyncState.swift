#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What this device last synced with: the remote commit, the journal's id, the remote's
/// address, and the files it held (names only: they carry no words), so entries let go here
/// since can be told from entries added on the remote. Kept in `.git/say/sync-base` beside
/// `refs/say/synced`.
struct GitSyncBase: Equatable {
    var remote: ObjectID
    var journal: String
    /// The remote's address at that sync (nil in records written before it was kept).
    var url: String?
    /// Lines the journal layer keeps until a sync has finished with this base (`pending …`):
    /// what was let go here since, which the remote may not know yet (see
    /// `GitRepository.addPendingLetGo`). A finished sync's record has none.
    var pending: Set<String> = []
    /// The files, read from the record only when asked for (most syncs never need them).
    var paths: Set<String> {
        get { storedPaths ?? Self.parsePaths(unparsed) }
        set { storedPaths = newValue }
    }
    private var storedPaths: Set<String>?
    private var unparsed: ArraySlice<UInt8> = []

    init(remote: ObjectID, journal: String, url: String?, paths: Set<String>, pending: Set<String> = []) {
        self.remote = remote
        self.journal = journal
        self.url = url
        self.pending = pending
        storedPaths = paths
    }

    private init(remote: ObjectID, journal: String, url: String?, pending: Set<String>, unparsed: ArraySlice<UInt8>) {
        self.remote = remote
        self.journal = journal
        self.url = url
        self.pending = pending
        self.unparsed = unparsed
    }

    static func == (left: GitSyncBase, right: GitSyncBase) -> Bool {
        left.remote == right.remote && left.journal == right.journal && left.url == right.url && left.pending == right.pending
            && left.paths == right.paths
    }

    static let header = "say-it-later sync-base 2"
    static let oldHeader = "say-it-later sync-base 1"

    func rendered() -> [UInt8] {
        var bytes = Array("\(Self.header)\nremote \(remote)\njournal \(journal)\n".utf8)
        if let url, !url.contains("\n") { bytes += Array("url \(url)\n".utf8) }
        for line in pending.sorted() where !line.contains("\n") { bytes += Array("pending \(line)\n".utf8) }
        bytes.reserveCapacity(bytes.count + paths.count * 64)
        for path in paths.sorted() where !path.utf8.contains(0x0A) {
            bytes += Array("path ".utf8)
            bytes += path.utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    static func parse(_ bytes: [UInt8]) -> GitSyncBase? {
        var remote: ObjectID?
        var journal: String?
        var url: String?
        var pending = Set<String>()
        var start = 0
        var lineNumber = 0
        // The header lines come first; the paths follow them, and stay unparsed for now.
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start ..< end]
            if lineNumber == 0 {
                let first = String(decoding: line, as: UTF8.self)
                guard first == header || first == oldHeader else { return nil }
            } else if let text = value(line, after: "remote ") { remote = ObjectID(hex: text) }
            else if let text = value(line, after: "journal ") { journal = text }
            else if let text = value(line, after: "url ") { url = text }
            else if let text = value(line, after: "pending ") { pending.insert(text) }
            else if value(line, after: "path ") != nil { break }
            lineNumber += 1
            start = end + 1
        }
        guard let remote, let journal else { return nil }
        return GitSyncBase(remote: remote, journal: journal, url: url, pending: pending, unparsed: bytes[min(start, bytes.count)...])
    }

    private static func value(_ line: ArraySlice<UInt8>, after keyword: String) -> String? {
        let key = keyword.utf8
        guard line.count >= key.count, line.prefix(key.count).elementsEqual(key) else { return nil }
        return String(decoding: line.dropFirst(key.count), as: UTF8.self)
    }

    private static func parsePaths(_ bytes: ArraySlice<UInt8>) -> Set<String> {
        var paths = Set<String>()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if let path = value(line, after: "path ") { paths.insert(path) }
        }
        return paths
    }
}

/// A small record of paths, one per line under a header, written atomically: the purge a sync
/// still owes this repository (`.git/say/sync-purge`), written before the first file of the
/// sync changes, removed once the purge is done.
struct GitSyncPathRecord: Equatable {
    let header: String
    var paths: Set<String>
    /// Versions that stay at some of the paths (a newer entry where one was let go): `keep <id>`
    /// lines after the path's line.
    var keep: [String: Set<ObjectID>] = [:]

    static let purgeHeader = "say-it-later sync-purge 1"

    func rendered() -> [UInt8] {
        var lines = [header]
        for path in paths.sorted() {
            lines.append("path " + path)
            for id in (keep[path] ?? []).sorted() { lines.append("keep \(id)") }
        }
        return Array(lines.joined(separator: "\n").utf8) + [0x0A]
    }

    static func parse(_ bytes: [UInt8], header: String) -> GitSyncPathRecord? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header else { return nil }
        var record = GitSyncPathRecord(header: header, paths: [])
        var last: String?
        for line in lines.dropFirst() {
            if line.hasPrefix("path ") {
                let path = String(line.dropFirst(5))
                record.paths.insert(path)
                last = path
            } else if line.hasPrefix("keep ") {
                // A version kept that cannot be read would let the whole path go: refuse the record.
                guard let last, let id = ObjectID(hex: String(line.dropFirst(5))) else { return nil }
                record.keep[last, default: []].insert(id)
            }
        }
        return record
    }
}

/// Temporary files a sync is about to write where it cannot name them in advance: the packs
/// it copies into this repository or a folder remote (`tmp_say_<pid>_<random>`) and the ones
/// libgit2 downloads (`pack_git2_<random>`). Recorded (in this repository's
/// `.git/say/pending-writes`) before the first byte is written, removed once the step is done;
/// if the process is killed, a later run removes exactly those files: the record's prefixes, in
/// its folders, changed no earlier than it started, and only when that process is gone.
struct GitPendingWrites: Equatable {
    struct Place: Equatable {
        var folder: String
        var prefix: String
    }

    var pid: Int32
    /// When the step started (seconds since 1970): older files with the same prefix are not its.
    var started: Int
    var places: [Place]

    static let header = "say-it-later pending-writes 2"

    init(places: [Place]) {
        pid = getpid()
        started = Int(Date().timeIntervalSince1970)
        self.places = places
    }

    private init(pid: Int32, started: Int, places: [Place]) {
        self.pid = pid
        self.started = started
        self.places = places
    }

    /// This process's temporary pack files in `folder` (see `GitTemporaryFile`).
    static func packs(in folder: String) -> Place { Place(folder: folder, prefix: "tmp_say_\(getpid())_") }
    /// libgit2's temporary loose-object files in `folder` (the objects folder).
    static func looseObjects(in folder: String) -> Place { Place(folder: folder, prefix: "tmp_object_git2_") }
    /// libgit2's temporary download files in `folder`.
    static func downloads(in folder: String) -> Place { Place(folder: folder, prefix: "pack_git2_") }

    func rendered() -> [UInt8] {
        var text = "\(Self.header)\npid \(pid)\nstarted \(started)\n"
        for place in places where !place.folder.contains("\n") && !place.prefix.contains("\t") { text += "in \(place.prefix)\t\(place.folder)\n" }
        return Array(text.utf8)
    }

    static func parse(_ bytes: [UInt8]) -> GitPendingWrites? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header else { return nil }
        var pid: Int32?
        var started: Int?
        var places: [Place] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("pid ") { pid = Int32(line.dropFirst(4)) }
            else if line.hasPrefix("started ") { started = Int(line.dropFirst(8)) }
            else if line.hasPrefix("in "), let tab = line.firstIndex(of: "\t") {
                let prefix = String(line[line.index(line.startIndex, offsetBy: 3) ..< tab])
                let folder = String(line[line.index(after: tab)...])
                // Only temporary-file prefixes, in absolute folders.
                guard folder.hasPrefix("/"), prefix.hasPrefix("tmp_say_") || prefix == "pack_git2_" || prefix == "tmp_object_git2_" else { return nil }
                places.append(Place(folder: folder, prefix: prefix))
            }
        }
        guard let pid, pid > 0, let started else { return nil }
        return GitPendingWrites(pid: pid, started: started, places: places)
    }

    /// Removes the temporary files the recorded step left, when its process is gone; a folder
    /// that is not there now (a USB drive unplugged) is skipped.
    ///
    /// - Returns: false when a folder was missing, so the record must stay.
    func removeLeftovers() throws -> Bool {
        // A live process with this pid (another say, or the pid reused) may be writing them.
        if pid != getpid(), kill(pid, 0) == 0 { return false }
        var complete = true
        for place in places {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: place.folder, isDirectory: &isFolder), isFolder.boolValue else {
                complete = false
                continue
            }
            let folder = place.folder.hasSuffix("/") ? place.folder : place.folder + "/"
            var removed = false
            for name in try FolderContents.names(in: folder) where name.hasPrefix(place.prefix) {
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + name),
                      attributes[.type] as? FileAttributeType == .typeRegular,
                      let modified = attributes[.modificationDate] as? Date,
                      Int(modified.timeIntervalSince1970) + 1 >= started else { continue }
                try FolderContents.remove(folder + name)
                removed = true
            }
            if removed { try? AtomicFile.syncFolder(folder) }
        }
        return complete
    }
}

extension GitRepository {
    var syncBasePath: String { gitdir + "say/sync-base" }
    var syncPurgePath: String { gitdir + "say/sync-purge" }
    /// Present while sync writes files of the working tree (their temporary files may be left
    /// by a kill: the next run looks for them only then).
    var workingTreeWritesPath: String { gitdir + "say/writing-files" }

    /// Runs `body`, which writes working-tree files through temporary files, with the marker
    /// that makes the next run look for leftovers if it is killed.
    func whileWritingFiles<T>(_ body: () throws -> T) throws -> T {
        try AtomicFile.makeFolders(gitdir + "say")
        try GitSyncSession.replace(workingTreeWritesPath, with: Array("say-it-later writing-files 1\n".utf8))
        let result = try body()
        unlink(workingTreeWritesPath)
        return result
    }

    /// Present while a local-folder remote may still hold objects of a rewritten history.
    var remoteCleaningPath: String { gitdir + "say/remote-needs-cleaning" }

    /// This process's record of pending writes (one per process, so one left by a killed run
    /// never meets the next run's).
    var pendingWritesPath: String { gitdir + "say/pending-writes-\(getpid())" }

    /// Runs `body`, a step that writes temporary files it cannot name in advance, with those
    /// recorded first (see `GitPendingWrites`); the record is as before once the step is over.
    /// Steps nest: an inner step's places are added to the outer one's for its duration.
    @discardableResult
    func withPendingWrites<T>(_ places: [GitPendingWrites.Place], _ body: () throws -> T) throws -> T {
        let previous = FileManager.default.contents(atPath: pendingWritesPath).map { Array($0) }
        var record = GitPendingWrites(places: places)
        if let previous, let outer = GitPendingWrites.parse(previous) {
            record.places = outer.places + places
            record.started = outer.started
        }
        // Not flushed: a kill keeps what was written; a power cut stops the writes too.
        try AtomicFile.makeFolders(gitdir + "say")
        try GitSyncSession.replace(pendingWritesPath, with: record.rendered())
        defer {
            if let previous { try? GitSyncSession.replace(pendingWritesPath, with: previous) } else { unlink(pendingWritesPath) }
        }
        return try body()
    }

    /// Removes what killed runs' pending writes left, and their records (a record whose folder
    /// is not there now, such as an unplugged drive, stays for next time).
    func removePendingWriteLeftovers() throws {
        let folder = gitdir + "say/"
        for name in try FolderContents.names(in: folder) where name.hasPrefix("pending-writes") && !AtomicFile.isTemporary(name: name) {
            guard let writes = readRecord(folder + name, GitPendingWrites.parse) else {
                try AtomicFile.remove(folder + name)
                continue
            }
            if writes.pid == getpid() { continue }
            if try writes.removeLeftovers() { try AtomicFile.remove(folder + name) }
        }
    }

    func readSyncBase() -> GitSyncBase? {
        guard let data = FileManager.default.contents(atPath: syncBasePath) else { return nil }
        return GitSyncBase.parse(Array(data))
    }

    /// Written whole (temporary file and rename) but not flushed: after a power cut an older
    /// record only makes the next sync compare against an older base, which it handles.
    func writeSyncBase(_ base: GitSyncBase) throws {
        try AtomicFile.makeFolders(gitdir + "say")
        try GitSyncSession.replace(syncBasePath, with: base.rendered())
    }

    /// Keeps `lines` with the record of the last sync until a sync finishes (the journal layer's
    /// record of what was let go here since; nothing when this computer never synced).
    ///
    /// - Throws: `MarkdownStoreError`.
    public func addPendingLetGo(_ lines: Set<String>) throws {
        guard !lines.isEmpty, var base = readSyncBase(), !lines.isSubset(of: base.pending) else { return }
        base.pending.formUnion(lines)
        try writeSyncBase(base)
    }

    /// The lines `addPendingLetGo` kept since the last sync finished.
    public func pendingLetGo() -> Set<String> {
        readSyncBase()?.pending ?? []
    }

    func readRecord<T>(_ path: String, _ parse: ([UInt8]) -> T?) -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return parse(Array(data))
    }
}
