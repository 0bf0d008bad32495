#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Crash-safe file writing: the file at a path is always either its old contents or its new
/// contents, never a mix, and the new contents are on disk before the call returns.
public enum AtomicFile {
    /// Permissions of every file the store writes: read and write for the owner only.
    public static let fileMode: mode_t = 0o600
    /// Permissions of every folder the store creates: owner only.
    public static let folderMode: mode_t = 0o700
    /// What the hidden temporary files' names contain, so leftovers of a killed writer can be
    /// recognised and removed: `.<name>.tmp-<pid>-<random>`.
    public static let temporaryMarker = ".tmp-"

    /// Whether a file name has exactly the shape of this type's temporary files,
    /// `.<name>.tmp-<pid>-<random>` (both numbers in decimal, as written here): a hidden file of
    /// the person's own that merely holds `.tmp-` is not one.
    public static func isTemporary(name: String) -> Bool {
        temporaryParts(name) != nil
    }

    /// The name a temporary file stands in for and the process that wrote it, when `name` has
    /// exactly the shape this type writes.
    public static func temporaryParts(_ name: String) -> (target: String, pid: pid_t)? {
        guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker, options: .backwards) else { return nil }
        let target = String(name[name.index(after: name.startIndex) ..< marker.lowerBound])
        let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard !target.isEmpty, numbers.count == 2,
              numbers.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let pid = Int32(numbers[0]), pid > 0, UInt32(numbers[1]) != nil else { return nil }
        return (target, pid)
    }

    /// Whether `name` is a temporary file of this type left by a writer that is gone: its exact
    /// shape, written by a process that no longer runs (never this one's own, which may be
    /// mid-write on another thread).
    public static func isAbandonedTemporary(name: String) -> Bool {
        guard let parts = temporaryParts(name), parts.pid != getpid() else { return false }
        return kill(parts.pid, 0) != 0 && errno == ESRCH
    }

    /// Writes `bytes` to `path` atomically.
    ///
    /// Writes a hidden temporary file in the same folder (so the rename cannot cross file
    /// systems), flushes it to disk, renames it over `path`, then flushes the folder so the
    /// rename itself survives a power cut. Missing parent folders are created with mode 0700.
    /// On failure the temporary file is removed and `path` is untouched.
    ///
    /// - Parameters:
    ///   - bytes: the complete new contents.
    ///   - path: an absolute file path.
    /// - Throws: `MarkdownStoreError.io` naming the path and the failing step.
    ///   - durable: false skips the two flushes: the file is still replaced atomically and
    ///     survives the program being killed, but not necessarily a power cut. For the draft,
    ///     written on every keystroke and flushed at each pause.
    public static func write<Bytes: Collection<UInt8>>(_ bytes: Bytes, to path: String, durable: Bool = true) throws {
        try write(bytes, to: path, stagingIn: nil, durable: durable)
    }

    /// Writes `bytes` to `path` atomically, with the temporary file in `stagingIn` (a folder on
    /// the same file system) instead of beside `path`: for folders where a stray hidden file
    /// would be read as something else, such as git's `refs/`. Both folders are flushed.
    public static func write<Bytes: Collection<UInt8>>(_ bytes: Bytes, to path: String, stagingIn staging: String?,
                                                       durable: Bool = true) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        try makeFolders(folder)
        let stagingFolder = staging.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? folder
        if staging != nil { try makeFolders(stagingFolder) }
        let temporary = stagingFolder + "/." + name + temporaryMarker + "\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: path, operation: "create a temporary file", errno: errno) }
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try writeAll(fd, bytes, path: path)
            // Keep 0600 even when the umask would have widened or narrowed it.
            guard fchmod(fd, fileMode) == 0 else { throw MarkdownStoreError.io(path: path, operation: "set permissions", errno: errno) }
            if durable, Platform.syncToDisk(fd) != 0 {
                throw MarkdownStoreError.io(path: path, operation: "flush to disk", errno: errno)
            }
        }
        guard rename(temporary, path) == 0 else { throw MarkdownStoreError.io(path: path, operation: "replace the file", errno: errno) }
        committed = true
        if durable { try syncFolder(folder) }
    }

    /// Removes the file at `path` and flushes its folder, so the removal survives a power cut.
    /// A file that is already gone is not an error.
    public static func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw MarkdownStoreError.io(path: path, operation: "remove the file", errno: errno)
        }
        try syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// Creates `folder` and any missing parents with mode 0700.
    public static func makeFolders(_ folder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw MarkdownStoreError.io(path: folder, operation: "create the folder", errno: ENOTDIR)
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent != folder && !parent.isEmpty { try makeFolders(parent) }
        if mkdir(folder, folderMode) != 0 && errno != EEXIST {
            throw MarkdownStoreError.io(path: folder, operation: "create the folder", errno: errno)
        }
    }

    /// Makes an existing folder of this user's readable by them alone (0700), when it is wider.
    /// Best effort: a folder that is missing or someone else's is left as it is.
    public static func keepPrivate(folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR, info.st_uid == geteuid(),
              info.st_mode & 0o077 != 0 else { return }
        _ = chmod(folder, folderMode)
    }

    /// Flushes a folder's entry table to disk (makes a rename or unlink in it durable).
    public static func syncFolder(_ folder: String) throws {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw MarkdownStoreError.io(path: folder, operation: "open the folder", errno: errno) }
        defer { close(fd) }
        // Some file systems refuse fsync on a folder (EINVAL); the rename is still atomic there.
        if Platform.syncToDisk(fd) != 0 && errno != EINVAL {
            throw MarkdownStoreError.io(path: folder, operation: "flush the folder", errno: errno)
        }
    }

    private static func writeAll<Bytes: Collection<UInt8>>(_ fd: Int32, _ bytes: Bytes, path: String) throws {
        let result: Int? = bytes.withContiguousStorageIfAvailable { buffer in
            writeBuffer(fd, UnsafeRawBufferPointer(buffer))
        }
        let failure = result ?? Array(bytes).withUnsafeBytes { writeBuffer(fd, $0) }
        if failure != 0 { throw MarkdownStoreError.io(path: path, operation: "write", errno: Int32(failure)) }
    }

    /// Returns 0 on success, else the errno.
    private static func writeBuffer(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < buffer.count {
            // The loop only runs when count > 0, so baseAddress is non-nil.
            let written = Platform.writeBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return Int(errno)
            }
            offset += written
        }
        return 0
    }
}
