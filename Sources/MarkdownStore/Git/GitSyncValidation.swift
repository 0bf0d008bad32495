#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// A file in a synced tree: its blob and mode (0o100644 or 0o100755).
public struct GitSyncFile: Hashable, Sendable {
    public let blob: ObjectID
    public let mode: UInt32

    public init(blob: ObjectID, mode: UInt32) {
        self.blob = blob
        self.mode = mode
    }
}

/// The only files a synced journal holds: `<entries>/YYYY/MM/<name><extension>` regular files,
/// the journal record, and a few other files at the root (`.gitignore`). Everything else, on
/// either side, stops a sync before anything changes.
public struct GitSyncLayout: Hashable, Sendable {
    public var entriesFolder: String
    public var recordFile: String
    public var otherFiles: Set<String>
    public var entryExtension: String
    /// The largest record file say reads or writes (the size of the largest entry): room for
    /// about 200,000 let-go lines, the versions of a lifetime of let-gos.
    public static let largestRecord = Int(DocumentStore.sizeLimit)

    public init(entriesFolder: String = "entries", recordFile: String = ".say-journal",
                otherFiles: Set<String> = [".gitignore"], entryExtension: String = ".md") {
        self.entriesFolder = entriesFolder
        self.recordFile = recordFile
        self.otherFiles = otherFiles
        self.entryExtension = entryExtension
    }

    /// Whether `path` is an entry file (not the record or another root file).
    public func isEntry(_ path: String) -> Bool {
        path.hasPrefix(entriesFolder + "/")
    }
}

/// The checks that keep a remote's files (and this journal's own history, before it is sent)
/// to the layout: only names say can write safely on Linux, macOS and Windows file systems,
/// nothing git or a file system would read as something else (`.git` in any spelling, links,
/// submodules), and no object larger than say reads. Every check runs on object headers and
/// tree listings before any file is written.
enum GitSyncValidation {
    /// The largest entry `say show` reads; the same bound for what a remote may bring.
    static let largestEntry = Int(DocumentStore.sizeLimit)
    /// The largest `.gitignore` a remote may bring (the record: `GitSyncLayout.largestRecord`).
    static let largestRootFile = 1 << 20
    /// The largest tree object read (a month folder of very many entries is far below this).
    static let largestTree = 16 << 20

    enum Side { case remote, local }

    /// Every file of `tree`, checked against `layout`: shapes, names and object sizes (from the
    /// headers, before anything is read), on either side: what sync would refuse from a remote
    /// it never sends.
    ///
    /// - Throws: `GitSyncError.unsafeRemote` or `.unsyncableLocal` naming the first problem,
    ///   `GitError` when the objects cannot be read.
    ///
    /// - Parameter known: files checked before (the base): the same path with the same blob is
    ///   not checked again.
    static func files(ofTree tree: ObjectID, repository: OpaquePointer, layout: GitSyncLayout, side: Side,
                      known: [String: GitSyncFile]? = nil) throws -> [String: GitSyncFile] {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, repository), "git_repository_odb")
        defer { git_odb_free(odb) }
        let walker = Walker(repository: repository, odb: odb, layout: layout, side: side, known: known ?? [:])
        var result: [String: GitSyncFile] = [:]
        try walker.walk(tree, depth: 0, prefix: "", into: &result)
        return result
    }

    private struct Walker {
        let repository: OpaquePointer
        let odb: OpaquePointer?
        let layout: GitSyncLayout
        let side: Side
        let known: [String: GitSyncFile]

        func problem(_ path: String, _ reason: String) -> GitSyncError {
            let shown = GitSyncValidation.displayPath(path)
            return side == .remote ? .unsafeRemote(path: shown, reason: reason) : .unsyncableLocal(path: shown, reason: reason)
        }

        func header(_ id: ObjectID) throws -> (size: Int, type: git_object_t) {
            var size = 0
            var type = GIT_OBJECT_INVALID
            try id.withOID { try gitCheck(git_odb_read_header(&size, &type, odb, $0), "git_odb_read_header") }
            return (size, type)
        }

        /// depth 0: the root; 1: the entries folder; 2: a year; 3: a month.
        func walk(_ tree: ObjectID, depth: Int, prefix: String, into result: inout [String: GitSyncFile]) throws {
            let (size, type) = try header(tree)
            guard type == GIT_OBJECT_TREE else { throw problem(prefix.isEmpty ? "/" : prefix, "not a folder") }
            guard size <= GitSyncValidation.largestTree else { throw problem(prefix.isEmpty ? "/" : prefix, "a folder listing larger than say reads") }
            var raw: OpaquePointer?
            try tree.withOID { try gitCheck(git_tree_lookup(&raw, repository, $0), "git_tree_lookup") }
            defer { git_tree_free(raw) }
            var subtrees: [(String, ObjectID)] = []
            var folded = Set<String>()
            for position in 0 ..< git_tree_entrycount(raw) {
                guard let entry = git_tree_entry_byindex(raw, position), let namePointer = git_tree_entry_name(entry),
                      let oid = git_tree_entry_id(entry) else { continue }
                let nameBytes = Array(UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer)))
                let name = String(decoding: nameBytes, as: UTF8.self)
                let path = prefix + name
                let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
                let id = ObjectID(oid)
                // Two names one file system would take for the same file (case, Unicode form).
                guard folded.insert(GitSyncValidation.folded(name)).inserted else {
                    throw problem(path, "two files whose names differ only in case or Unicode form")
                }
                switch mode & 0o170000 {
                case 0o160000: throw problem(path, "a submodule link")
                case 0o120000: throw problem(path, "a symbolic link")
                default: break
                }
                let isFolder = mode & 0o170000 == 0o040000
                let isFile = mode == 0o100644 || mode == 0o100755
                switch depth {
                case 0:
                    if name == layout.entriesFolder {
                        guard isFolder else { throw problem(path, "not a folder") }
                        subtrees.append((path + "/", id))
                    } else if name == layout.recordFile || layout.otherFiles.contains(name) {
                        guard isFile else { throw problem(path, "not a regular file") }
                        try checkSize(path, id, limit: name == layout.recordFile ? GitSyncLayout.largestRecord : GitSyncValidation.largestRootFile)
                        result[path] = GitSyncFile(blob: id, mode: mode)
                    } else {
                        throw problem(path, "a file say never writes")
                    }
                case 1, 2:
                    guard isFolder, GitSyncValidation.isDateFolder(nameBytes, year: depth == 1) else {
                        throw problem(path, "not a \(depth == 1 ? "year (YYYY)" : "month (MM)") folder of entries")
                    }
                    subtrees.append((path + "/", id))
                default:
                    guard isFile else { throw problem(path, isFolder ? "a folder inside a month of entries" : "not a regular file") }
                    let file = GitSyncFile(blob: id, mode: mode)
                    if known[path] != file {
                        if let reason = GitSyncValidation.entryNameProblem(nameBytes, extension: layout.entryExtension) { throw problem(path, reason) }
                        try checkSize(path, id, limit: GitSyncValidation.largestEntry)
                    }
                    result[path] = file
                }
            }
            for (path, subtree) in subtrees { try walk(subtree, depth: depth + 1, prefix: path, into: &result) }
        }

        /// What say refuses from a remote it never sends: the same limits on both sides.
        func checkSize(_ path: String, _ id: ObjectID, limit: Int) throws {
            let (size, type) = try header(id)
            guard type == GIT_OBJECT_BLOB else { throw problem(path, "not a file") }
            guard size <= limit else { throw problem(path, "a file of \(size) bytes, larger than say reads (\(limit) bytes)") }
        }
    }

    /// `YYYY` (four ASCII digits) or `MM` (01 to 12).
    static func isDateFolder(_ name: [UInt8], year: Bool) -> Bool {
        guard name.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        if year { return name.count == 4 }
        guard name.count == 2 else { return false }
        let month = Int(name[0] - 0x30) * 10 + Int(name[1] - 0x30)
        return month >= 1 && month <= 12
    }

    /// Code points HFS+ and APFS ignore in names (so `.g\u{200C}it` is `.git` there), and byte
    /// order marks: refused anywhere in a name.
    static let ignorableScalars: [ClosedRange<UInt32>] = [0x200C ... 0x200F, 0x202A ... 0x202E, 0x206A ... 0x206F, 0xFEFF ... 0xFEFF]
    /// Characters Windows and some network shares refuse or treat specially (`:` opens NTFS streams).
    static let specialBytes = Set("\\/:*?\"<>|".utf8)
    /// Names Windows gives to devices, with any extension.
    static let deviceNames = Set(["con", "prn", "aux", "nul"] + (1 ... 9).map { "com\($0)" } + (1 ... 9).map { "lpt\($0)" })

    /// Why `name` cannot be an entry file's name, or nil when it can.
    static func entryNameProblem(_ name: [UInt8], extension wanted: String) -> String? {
        guard !name.isEmpty, name.count <= 255 else { return "a name that is empty or too long" }
        let wantedBytes = Array(wanted.utf8)
        guard name.first != UInt8(ascii: ".") else { return "a hidden name" }
        if name.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "a name with control characters" }
        guard name.count > wantedBytes.count, name.suffix(wantedBytes.count).elementsEqual(wantedBytes) else {
            return String(bytes: name, encoding: .utf8) == nil ? "a name that is not valid UTF-8" : "not an entry file (\(wanted))"
        }
        if name.contains(where: { specialBytes.contains($0) }) { return "a name with characters some file systems treat specially" }
        if name.contains(where: { $0 >= 0x80 }) {
            guard let text = String(bytes: name, encoding: .utf8) else { return "a name that is not valid UTF-8" }
            if text.unicodeScalars.contains(where: { scalar in ignorableScalars.contains { $0.contains(scalar.value) } }) {
                return "a name with invisible characters some file systems ignore"
            }
        }
        var stem = name.prefix { $0 != UInt8(ascii: ".") }
        while stem.last == 0x20 { stem = stem.dropLast() }
        if stem.count <= 4, deviceNames.contains(String(decoding: stem, as: UTF8.self).lowercased()) {
            return "a name Windows reserves for a device"
        }
        let beforeExtension = name[name.count - wantedBytes.count - 1]
        if beforeExtension == 0x20 || beforeExtension == UInt8(ascii: ".") { return "a name ending in a space or a dot" }
        return nil
    }

    /// A name as a case-insensitive, normalising file system compares it.
    static func folded(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self) }
        return name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Two paths of `paths` that one case-insensitive or normalising file system would store in
    /// the same place, if any.
    static func collision(in paths: some Sequence<String>) -> (String, String)? {
        var seen: [String: String] = [:]
        for path in paths {
            let key = folded(path)
            if let other = seen[key], Array(other.utf8) != Array(path.utf8) { return (other, path) }
            seen[key] = path
        }
        return nil
    }

    /// Why a remote's `.gitignore` is refused: a pattern that would hide entry files or the
    /// record from git (so say would never commit new entries), or nil when it is fine.
    static func gitignoreProblem(_ bytes: [UInt8], layout: GitSyncLayout) -> String? {
        // Entry names are say's own form or any name a person gives a file: a pattern is tried
        // against names of every kind of character and length, upper and lower case alike (a
        // case-insensitive file system reads `*.MD` as `*.md`), and against every folder on the way.
        var stems: [String] = ["2026-11-22T034200Z-7f3c9a2e", "notes", "my notes", "day-01", "-", "_", " "]
        for character in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            stems += [String(character), "x" + String(character), String(character) + "x"]
        }
        for length in 2 ... 16 { stems += [String(repeating: "a", count: length), String(repeating: "1", count: length)] }
        let names: [String] = stems.map { $0 + layout.entryExtension }
        let folders: [String] = [layout.entriesFolder, "2026", "11", layout.recordFile]
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = String(rawLine).trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            let hides = "a .gitignore that would hide entries from git, by its line \(displayPath(String(rawLine)))"
            while line.hasPrefix("/") { line.removeFirst() }
            while line.hasSuffix("/") { line.removeLast() }
            if line.isEmpty { return "a .gitignore that would hide every file, by its line \(displayPath(String(rawLine)))" }
            if line.hasPrefix("**") { return hides }
            for pattern in [line, line.lowercased()] {
                for component in folders where fnmatch(pattern, component, 0) == 0 || fnmatch(pattern, component.lowercased(), 0) == 0 {
                    return hides
                }
                for name in names {
                    for candidate in [name, name.lowercased()] {
                        let path = "\(layout.entriesFolder)/2026/11/\(candidate)"
                        if fnmatch(pattern, candidate, 0) == 0 || fnmatch(pattern, path, FNM_PATHNAME) == 0 || fnmatch(pattern, path, 0) == 0 {
                            return hides
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A path as it may appear in a message: control characters replaced, at most 160 characters.
    static func displayPath(_ path: String) -> String {
        var shown = String(String.UnicodeScalarView(path.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || (0x80 ... 0x9F).contains(scalar.value) ? "?" : scalar
        }))
        if shown.count > 160 { shown = String(shown.prefix(157)) + "…" }
        return shown
    }
}

extension GitSyncValidation {
    /// Checks the header size of every object in the named pack files (a download's): files
    /// over the entry limit, trees over 16 MiB, commits and tags over 1 MiB are refused.
    ///
    /// - Throws: `GitSyncError.unsafeRemote`, `GitError`. Calls `git_odb_read_header`.
    static func checkObjectSizes(packs names: [String], folder: String, repository: OpaquePointer) throws {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, repository), "git_repository_odb")
        defer { git_odb_free(odb) }
        for name in names where name.hasSuffix(".idx") {
            guard let pack = try GitExistingPack(folder: folder, name: String(name.dropLast(4))) else { continue }
            for position in 0 ..< pack.index.count {
                let id = pack.index.id(at: position)
                var size = 0
                var type = GIT_OBJECT_INVALID
                try id.withOID { try gitCheck(git_odb_read_header(&size, &type, odb, $0), "git_odb_read_header") }
                let limit = type == GIT_OBJECT_BLOB ? largestEntry : type == GIT_OBJECT_TREE ? largestTree : GitLocalTransfer.largestCommit
                guard size <= limit else {
                    throw GitSyncError.unsafeRemote(path: "object \(id)", reason: "an object of \(size) bytes, larger than say reads (\(limit) bytes)")
                }
            }
        }
    }
}

extension GitRepository {
    /// Makes libgit2 see packs written since the repository was opened. Calls `git_odb_refresh`.
    func refreshObjects() throws {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        try gitCheck(git_odb_refresh(odb), "git_odb_refresh")
    }

    /// A blob's bytes, its size checked from the header first.
    ///
    /// - Throws: `GitSyncError.unsafeRemote` when it is larger than `limit`, `GitError`.
    ///   Calls `git_odb_read_header`, `git_blob_lookup`.
    func boundedBlobBytes(_ id: ObjectID, limit: Int) throws -> [UInt8] {
        var odb: OpaquePointer?
        try gitCheck(git_repository_odb(&odb, handle), "git_repository_odb")
        defer { git_odb_free(odb) }
        var size = 0
        var type = GIT_OBJECT_INVALID
        try id.withOID { try gitCheck(git_odb_read_header(&size, &type, odb, $0), "git_odb_read_header") }
        guard type == GIT_OBJECT_BLOB, size <= limit else {
            throw GitSyncError.unsafeRemote(path: "object \(id)", reason: "not a file of at most \(limit) bytes")
        }
        return try blobBytes(id)
    }
}
