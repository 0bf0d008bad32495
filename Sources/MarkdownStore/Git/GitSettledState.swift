#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A cheap answer to "is there anything for say to do in this repository before it lists the
/// journal?", found without libgit2 (and so without opening the repository).
///
/// When a listing's full look (``GitRepository/workingTreeChanges(under:recordingSettled:)``)
/// finds that HEAD, the index and the working tree agree on every entry file, it writes a
/// record (`.git/say/settled`) of that moment: HEAD's commit, the index file's checksum and
/// the stamp of `.git/config`. Later, the same facts hold while HEAD names the same commit,
/// the index has the same checksum (so
/// the same entries, object names and stat data) and the config is untouched: then the working
/// tree still matches HEAD exactly when every entry file's stamp is the one the index records,
/// file for file, with none added and none gone, and none changed too close to the index's
/// own writing to tell ("racily clean", as git calls it).
///
/// Every doubt goes the safe way: anything this check does not know (a record of interrupted
/// work, a lock, a file a scan skipped, an index form it cannot read, a detached HEAD, another
/// owner) means "not known to be settled", and the caller does the full settle with libgit2.
/// Nothing here writes.
public struct GitSettledState {
    /// The record's name in `.git/say/`.
    static let recordName = "settled"
    /// What `.git/say/` may hold when nothing was left half done: this record, the
    /// permissions mark, the last sync's base (with the let-gos it still owes), the note that a
    /// folder remote needs cleaning, and an empty folder of lock tokens.
    static let namesAtRest: Set<String> = [recordName, "permissions", "sync-base", "remote-needs-cleaning", "locks"]

    /// The git folder, with a trailing `/`.
    public let gitdir: String
    let record: Record

    /// What the record holds.
    struct Record: Equatable {
        let head: ObjectID
        let index: ObjectID
        let config: FileStamp?

        static let header = "say-it-later settled 1"

        func rendered() -> [UInt8] {
            var text = Self.header + "\nhead \(head)\nindex \(index)\n"
            if let config {
                text += "config \(config.changeSeconds) \(config.changeNanoseconds) \(config.modificationSeconds) "
                    + "\(config.modificationNanoseconds) \(config.inode) \(config.mode) \(config.user) \(config.group) \(config.size)\n"
            } else {
                text += "config none\n"
            }
            return Array(text.utf8)
        }

        static func parse(_ bytes: [UInt8]) -> Record? {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count == 5, lines[0] == header, lines[4].isEmpty,
                  lines[1].hasPrefix("head "), let head = ObjectID(hex: String(lines[1].dropFirst(5))),
                  lines[2].hasPrefix("index "), let index = ObjectID(hex: String(lines[2].dropFirst(6))),
                  lines[3].hasPrefix("config ") else { return nil }
            let words = lines[3].dropFirst(7).split(separator: " ")
            if words == ["none"] { return Record(head: head, index: index, config: nil) }
            let numbers = words.compactMap { UInt32($0) }
            guard words.count == 9, numbers.count == 9 else { return nil }
            return Record(head: head, index: index, config: FileStamp(
                changeSeconds: numbers[0], changeNanoseconds: numbers[1], modificationSeconds: numbers[2],
                modificationNanoseconds: numbers[3], inode: numbers[4], mode: numbers[5], user: numbers[6], group: numbers[7],
                size: numbers[8]))
        }
    }

    /// Looks at the repository of `workdir` the way it is at rest after a full settle.
    ///
    /// - Returns: nil when the full settle is needed: no record, or a record that no longer
    ///   describes the repository, or anything left of interrupted work (records of say's,
    ///   git's own locks), or a git folder that is not private or not this user's.
    public static func atRest(workdir: String) -> GitSettledState? {
        let root = workdir.hasSuffix("/") ? String(workdir.dropLast()) : workdir
        let gitdir = root + "/.git/"
        var info = stat()
        // A private folder of this user's (else the full settle makes it so, or refuses).
        guard stat(root, &info) == 0, info.st_uid == geteuid(),
              lstat(gitdir, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR, info.st_uid == geteuid(),
              info.st_mode & 0o7777 == 0o700 else { return nil }
        // The git folder of a plain repository, nobody writing its index, not split.
        guard let names = try? FolderContents.names(in: gitdir),
              ["HEAD", "config", "index", "objects", "refs"].allSatisfy(names.contains),
              !names.contains(where: { $0 == "index.lock" || $0 == "commondir" || $0.hasPrefix("sharedindex.") })
        else { return nil }
        // Nothing half done, no lock token: say's folder holds only what it holds at rest.
        guard let own = try? FolderContents.names(in: gitdir + "say"), own.contains(recordName), own.contains("permissions"),
              own.allSatisfy(namesAtRest.contains),
              !own.contains("locks") || (try? FolderContents.names(in: gitdir + "say/locks"))?.isEmpty == true,
              let bytes = readSmallFile(gitdir + "say/" + recordName),
              let record = Record.parse(bytes),
              configStamp(gitdir: gitdir) == record.config,
              headCommit(gitdir: gitdir) == record.head
        else { return nil }
        return GitSettledState(gitdir: gitdir, record: record)
    }

    /// Whether the working tree under `folder` still matches HEAD, judged by the stamps of a
    /// scan of `folder` against the index.
    ///
    /// - Parameters:
    ///   - stamps: what a scan of `folder` (relative to the working tree root) found.
    ///   - folder: the folder scanned, e.g. `entries`.
    public func workingTreeMatches(_ stamps: WorkingTreeStamps, under folder: String) -> Bool {
        guard stamps.isComplete, let index = GitIndexSnapshot(path: gitdir + "index"), index.checksum == record.index else { return false }
        let prefix = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8)
        // A scan hands files over folder by folder, which is git's order but for names that
        // sort differently as whole paths: sorted as git sorts and compared again only then.
        if Self.matches(stamps.files, index, under: prefix) { return true }
        let sorted = stamps.files.sorted { Self.precedes($0.path, $1.path) }
        return !sorted.elementsEqual(stamps.files, by: { $0.path == $1.path }) && Self.matches(sorted, index, under: prefix)
    }

    /// Whether `files` (in path order) are, one for one, the entries of `index` under `prefix`
    /// that say's status sees, each with the stamp the entry records.
    private static func matches(_ files: [(path: String, stamp: FileStamp)], _ index: GitIndexSnapshot, under prefix: [UInt8]) -> Bool {
        var next = 0
        let readable = index.forEachEntry { entry in
            guard entry.path.count >= prefix.count,
                  prefix.withUnsafeBufferPointer({ memcmp($0.baseAddress!, entry.path.baseAddress!, prefix.count) == 0 }) else {
                // Entries are in path order: those under the folder are all together.
                return true
            }
            if isIgnoredPath(entry.path) { return true }
            guard next < files.count, entry.stage == 0, !entry.assumesValid, entry.extendedFlags == 0 else { return false }
            let file = files[next]
            next += 1
            var path = file.path
            let samePath = path.withUTF8 { $0.count == entry.path.count && memcmp($0.baseAddress!, entry.path.baseAddress!, $0.count) == 0 }
            return samePath && matches(file.stamp, entry, index: index.modified)
        }
        return readable && next == files.count
    }

    /// Whether a file's stamp is the one an index entry records, and it was not changed so
    /// close to the index's writing that the stamp cannot tell.
    static func matches(_ file: FileStamp, _ entry: GitIndexSnapshot.Entry, index: (seconds: UInt32, nanoseconds: UInt32)) -> Bool {
        let recorded = entry.stamp
        let gitMode: UInt32 = file.mode & 0o100 != 0 ? 0o100755 : 0o100644
        guard entry.mode == gitMode, file.size == recorded.size, file.inode == recorded.inode,
              file.modificationSeconds == recorded.modificationSeconds, file.modificationNanoseconds == recorded.modificationNanoseconds,
              file.changeSeconds == recorded.changeSeconds, file.changeNanoseconds == recorded.changeNanoseconds,
              file.user == recorded.user, file.group == recorded.group else { return false }
        // Racily clean: changed in the same instant the index was written, or later.
        return (file.modificationSeconds, file.modificationNanoseconds) < index
    }

    /// Hidden paths and editor leftovers, which say's status leaves out
    /// (``GitRepository/isIgnoredName(_:)``), on the bytes of a path.
    static func isIgnoredPath(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = path.baseAddress, !path.isEmpty else { return true }
        if path.hasSuffix(".swp") || path.last == UInt8(ascii: "~") { return true }
        // A component that starts with a dot: a dot first, or after a slash.
        var from = 0
        while from < path.count, let found = memchr(base + from, Int32(UInt8(ascii: ".")), path.count - from) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at == 0 || path[at - 1] == UInt8(ascii: "/") { return true }
            from = at + 1
        }
        return false
    }

    /// Byte order of UTF-8, as git sorts paths.
    static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in second.withUTF8 { b in
            let common = min(a.count, b.count)
            let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
            return order != 0 ? order < 0 : a.count < b.count
        } }
    }

    /// The stamp of `.git/config`, or nil when there is none.
    static func configStamp(gitdir: String) -> FileStamp? {
        var info = stat()
        guard lstat(gitdir + "config", &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The commit HEAD names through a branch (loose or packed), read from the files; nil for
    /// a detached or unborn HEAD, or anything unusual.
    static func headCommit(gitdir: String) -> ObjectID? {
        guard let head = readSmallFile(gitdir + "HEAD") else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("ref: refs/heads/"), text.hasSuffix("\n") else { return nil }
        let reference = String(text.dropFirst(5).dropLast())
        guard !reference.contains(".."), !reference.contains("\n"), !reference.hasSuffix("/"), !reference.contains("//") else { return nil }
        var missing = false
        if let loose = readSmallFile(gitdir + reference, missing: &missing) {
            let value = String(decoding: loose, as: UTF8.self)
            guard value.utf8.count == 41, value.hasSuffix("\n") else { return nil }
            return ObjectID(hex: String(value.dropLast()))
        }
        guard missing, let packed = readSmallFile(gitdir + "packed-refs") else { return nil }
        for line in String(decoding: packed, as: UTF8.self).split(separator: "\n") where line.hasSuffix(" " + reference) {
            guard line.utf8.count == 41 + reference.utf8.count else { continue }
            return ObjectID(hex: String(line.prefix(40)))
        }
        return nil
    }
}

/// A small file's bytes (at most `limit`), read with plain system calls; nil when it cannot be
/// read, with `missing` set when it is not there at all.
func readSmallFile(_ path: String, limit: Int = 1 << 20, missing: inout Bool) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else {
        missing = errno == ENOENT
        return nil
    }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    var filled = 0
    while true {
        if filled == bytes.count {
            guard bytes.count < limit else { return nil }
            bytes.append(contentsOf: repeatElement(0, count: bytes.count))
        }
        let count = bytes.withUnsafeMutableBytes { Platform.readBytes(fd, $0.baseAddress! + filled, $0.count - filled) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { break }
        filled += count
    }
    bytes.removeSubrange(filled...)
    return bytes
}

func readSmallFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
    var missing = false
    return readSmallFile(path, limit: limit, missing: &missing)
}

extension GitRepository {
    /// After a commit of say's own that changed HEAD and the index alike (the same paths, the
    /// same objects), writes the record for the new HEAD and index when the record held just
    /// before: same HEAD, same index, same config. Best effort, as ``recordSettled(head:index:)``.
    func carrySettledRecord(from before: (head: ObjectID, index: ObjectID), to after: (head: ObjectID, index: ObjectID)) {
        guard let bytes = readSmallFile(gitdir + "say/" + GitSettledState.recordName),
              let record = GitSettledState.Record.parse(bytes), record.head == before.head, record.index == before.index,
              record.config == GitSettledState.configStamp(gitdir: gitdir) else { return }
        recordSettled(head: after.head, index: after.index)
    }

    /// Writes the record of a settled repository (see ``GitSettledState``): HEAD at `head`, the
    /// index with `index` as its checksum, the config as it was when the repository was opened.
    /// Best effort: without the record, the next listing only looks the long way.
    func recordSettled(head: ObjectID, index: ObjectID) {
        // The config as libgit2 read it, give or take a change of its mode (its contents would
        // have changed its modification time, size or inode too): else no record.
        let config = GitSettledState.configStamp(gitdir: gitdir)
        guard config == openedConfig || (config.map(\.sameContents) == openedConfig.map(\.sameContents) && config != nil) else { return }
        let record = GitSettledState.Record(head: head, index: index, config: config)
        try? AtomicFile.write(record.rendered(), to: gitdir + "say/" + GitSettledState.recordName, durable: false)
    }
}
