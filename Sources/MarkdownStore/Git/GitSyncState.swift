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
    var paths: Set<String>

    static let header = "say-it-later sync-base 2"
    static let oldHeader = "say-it-later sync-base 1"

    func rendered() -> [UInt8] {
        var bytes = Array("\(Self.header)\nremote \(remote)\njournal \(journal)\n".utf8)
        if let url, !url.contains("\n") { bytes += Array("url \(url)\n".utf8) }
        bytes.reserveCapacity(bytes.count + paths.count * 64)
        for path in paths.sorted() where !path.utf8.contains(0x0A) {
            bytes += Array("path ".utf8)
            bytes += path.utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    static func parse(_ bytes: [UInt8]) -> GitSyncBase? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first.map({ String(decoding: $0, as: UTF8.self) }), first == header || first == oldHeader else { return nil }
        var remote: ObjectID?
        var journal: String?
        var url: String?
        var paths = Set<String>()
        paths.reserveCapacity(lines.count)
        func value(_ line: ArraySlice<UInt8>, after keyword: String) -> String? {
            let key = keyword.utf8
            guard line.count >= key.count, line.prefix(key.count).elementsEqual(key) else { return nil }
            return String(decoding: line.dropFirst(key.count), as: UTF8.self)
        }
        for line in lines.dropFirst() {
            if let path = value(line, after: "path ") { paths.insert(path) }
            else if let text = value(line, after: "remote ") { remote = ObjectID(hex: text) }
            else if let text = value(line, after: "journal ") { journal = text }
            else if let text = value(line, after: "url ") { url = text }
        }
        guard let remote, let journal else { return nil }
        return GitSyncBase(remote: remote, journal: journal, url: url, paths: paths)
    }
}

/// A small record of paths, one per line under a header, written atomically: the purge a sync
/// still owes this repository (`.git/say/sync-purge`), written before the first file of the
/// sync changes, removed once the purge is done.
struct GitSyncPathRecord: Equatable {
    let header: String
    var paths: Set<String>

    static let purgeHeader = "say-it-later sync-purge 1"

    func rendered() -> [UInt8] {
        Array(([header] + paths.sorted().map { "path " + $0 }).joined(separator: "\n").utf8) + [0x0A]
    }

    static func parse(_ bytes: [UInt8], header: String) -> GitSyncPathRecord? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header else { return nil }
        return GitSyncPathRecord(header: header, paths: Set(lines.dropFirst().filter { $0.hasPrefix("path ") }.map { String($0.dropFirst(5)) }))
    }
}

/// What a push into a folder remote may leave behind if it is killed: the temporary pack files
/// it writes there are named `tmp_say_<pid>_<random>`. Recorded here (in this repository's
/// `.git/say/remote-writes`) before the first byte goes to the remote, removed once the push is
/// done; a later run removes exactly those files, and only when that process is gone.
struct GitRemoteWrites: Equatable {
    var packFolder: String
    var pid: Int32
    /// When the push started (seconds since 1970): older files with the same name are not its.
    var started: Int

    static let header = "say-it-later remote-writes 1"

    func rendered() -> [UInt8] {
        Array("\(Self.header)\nfolder \(packFolder)\npid \(pid)\nstarted \(started)\n".utf8)
    }

    static func parse(_ bytes: [UInt8]) -> GitRemoteWrites? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header else { return nil }
        var folder: String?
        var pid: Int32?
        var started: Int?
        for line in lines.dropFirst() {
            if line.hasPrefix("folder ") { folder = String(line.dropFirst(7)) }
            else if line.hasPrefix("pid ") { pid = Int32(line.dropFirst(4)) }
            else if line.hasPrefix("started ") { started = Int(line.dropFirst(8)) }
        }
        guard let folder, folder.hasPrefix("/"), let pid, pid > 0, let started else { return nil }
        return GitRemoteWrites(packFolder: folder, pid: pid, started: started)
    }

    /// The prefix of this process's temporary pack names (see `GitTemporaryFile`).
    var temporaryPrefix: String { "tmp_say_\(pid)_" }

    /// Removes the temporary files this record's push left, when its process is gone.
    ///
    /// - Returns: what was removed.
    func removeLeftovers() throws -> [String] {
        // A live process with this pid (another say, or the pid reused) may be writing them.
        if pid != getpid(), kill(pid, 0) == 0 { return [] }
        var removed: [String] = []
        let folder = packFolder.hasSuffix("/") ? packFolder : packFolder + "/"
        for name in try FolderContents.names(in: folder) where name.hasPrefix(temporaryPrefix) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + name),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date,
                  Int(modified.timeIntervalSince1970) + 1 >= started else { continue }
            try FolderContents.remove(folder + name)
            removed.append(folder + name)
        }
        if !removed.isEmpty { try? AtomicFile.syncFolder(folder) }
        return removed
    }
}

extension GitRepository {
    var syncBasePath: String { gitdir + "say/sync-base" }
    var syncPurgePath: String { gitdir + "say/sync-purge" }
    var remoteWritesPath: String { gitdir + "say/remote-writes" }
    /// Present while a local-folder remote may still hold objects of a rewritten history.
    var remoteCleaningPath: String { gitdir + "say/remote-needs-cleaning" }

    func readSyncBase() -> GitSyncBase? {
        guard let data = FileManager.default.contents(atPath: syncBasePath) else { return nil }
        return GitSyncBase.parse(Array(data))
    }

    func writeSyncBase(_ base: GitSyncBase) throws {
        try AtomicFile.write(base.rendered(), to: syncBasePath)
    }

    func readRecord<T>(_ path: String, _ parse: ([UInt8]) -> T?) -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return parse(Array(data))
    }
}
