#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A folder of front-matter documents: the only code that reads or writes them.
///
/// Paths given to the store are relative to its root and use `/`. The store refuses paths that
/// climb out of the root and never follows symbolic links.
public struct DocumentStore: Sendable {
    /// Files larger than this are refused when read whole; nobody writes a 16 MB journal entry.
    public static let sizeLimit: Int64 = 16 * 1024 * 1024

    public let root: String

    /// - Parameter root: an absolute folder path. It need not exist yet.
    public init(root: String) {
        self.root = root
    }

    /// The absolute path of a relative document path.
    public func absolutePath(_ relativePath: String) -> String {
        root + "/" + relativePath
    }

    /// Whether a file (or anything else) exists at the relative path, without following links.
    public func exists(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(absolutePath(relativePath), &info) == 0
    }

    /// Whether a regular file (not a link, folder or anything else) is at the relative path.
    public func isRegularFile(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(absolutePath(relativePath), &info) == 0 && Platform.fileType(info.st_mode) == S_IFREG
    }

    /// Whether the relative path is a symbolic link (never followed: the link itself).
    public func isLink(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(absolutePath(relativePath), &info) == 0 && Platform.fileType(info.st_mode) == S_IFLNK
    }

    /// Whether this process may read what is at the relative path (a folder: list and enter
    /// it). A link counts as readable: it is never followed, only recorded as a link.
    public func isReadable(_ relativePath: String) -> Bool {
        var info = stat()
        guard lstat(absolutePath(relativePath), &info) == 0 else { return true }  // gone: nothing to read
        switch Platform.fileType(info.st_mode) {
        case S_IFLNK: return true
        case S_IFDIR: return access(absolutePath(relativePath), R_OK | X_OK) == 0
        default: return access(absolutePath(relativePath), R_OK) == 0
        }
    }

    /// Reads and parses a whole document.
    /// - Throws: `MarkdownStoreError` when the file is missing, a link, not a regular file, too
    ///   large, not UTF-8 text, or has unreadable front matter.
    public func read(_ relativePath: String) throws -> FrontMatterDocument {
        try FrontMatterDocument.parse(readBytes(relativePath), path: relativePath)
    }

    /// Reads a document's raw bytes, with the same checks as ``read(_:)``.
    public func readBytes(_ relativePath: String) throws -> [UInt8] {
        try checkRelative(relativePath)
        let path = absolutePath(relativePath)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ELOOP { throw MarkdownStoreError.symbolicLink(path: relativePath) }
            throw MarkdownStoreError.io(path: relativePath, operation: "open the file", errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MarkdownStoreError.io(path: relativePath, operation: "read the file", errno: errno) }
        guard Platform.fileType(info.st_mode) == S_IFREG else { throw MarkdownStoreError.notAFile(path: relativePath) }
        guard Int64(info.st_size) <= Self.sizeLimit else {
            throw MarkdownStoreError.tooLarge(path: relativePath, bytes: Int64(info.st_size), limit: Self.sizeLimit)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard Int64(filled) < Self.sizeLimit else {
                    throw MarkdownStoreError.tooLarge(path: relativePath, bytes: Int64(filled), limit: Self.sizeLimit)
                }
                bytes.append(contentsOf: repeatElement(0, count: 4096))
            }
            let count = bytes.withUnsafeMutableBytes { raw in
                // Never empty: the array always has room for at least one more byte here.
                Platform.readBytes(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw MarkdownStoreError.io(path: relativePath, operation: "read the file", errno: errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Writes a document atomically (0600, folders 0700), unless the file already holds exactly
    /// these bytes.
    /// - Returns: whether the file changed.
    @discardableResult
    public func write(_ document: FrontMatterDocument, to relativePath: String) throws -> Bool {
        try checkRelative(relativePath)
        let bytes = Array(document.rendered().utf8)
        if let existing = try? readBytes(relativePath), existing == bytes { return false }
        try AtomicFile.makeFolders((absolutePath(relativePath) as NSString).deletingLastPathComponent)
        try AtomicFile.write(bytes, to: absolutePath(relativePath))
        return true
    }

    /// Writes bytes that already read as a document (an edit made in an editor) atomically,
    /// as ``write(_:to:)`` does.
    public func writeBytes(_ bytes: [UInt8], to relativePath: String) throws {
        try checkRelative(relativePath)
        try AtomicFile.makeFolders((absolutePath(relativePath) as NSString).deletingLastPathComponent)
        try AtomicFile.write(bytes, to: absolutePath(relativePath))
    }

    /// Removes a document and flushes its folder. Removing a missing file is not an error.
    public func remove(_ relativePath: String) throws {
        try checkRelative(relativePath)
        try AtomicFile.remove(absolutePath(relativePath))
    }

    /// Scans a folder of the store; see ``DirectoryScanner``.
    public func scan(_ folder: String, leftovers: inout [String], visit: (DocumentSummary) -> Void) -> [ScanProblem] {
        DirectoryScanner(root: root).scan(folder, leftovers: &leftovers, visit: visit)
    }

    /// Scans a folder of the store for only some front-matter keys; see
    /// ``DirectoryScanner/scan(_:keys:collectingStamps:leftovers:read:visit:)``.
    public func scan<Item: Sendable>(_ folder: String, keys: [String], collectingStamps: Bool, leftovers: inout [String],
                                     read: @escaping @Sendable (DocumentView) -> Item, visit: (Item) -> Void) -> ScanOutcome {
        DirectoryScanner(root: root).scan(folder, keys: keys, collectingStamps: collectingStamps, leftovers: &leftovers,
                                          read: read, visit: visit)
    }

    private func checkRelative(_ relativePath: String) throws {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !relativePath.contains("\0") else {
            throw MarkdownStoreError.io(path: relativePath, operation: "use a path outside the journal", errno: EINVAL)
        }
        // No folder on the way may be a link (an `entries` that points elsewhere would take
        // every keep, listing and let-go out of the journal); the file itself is opened with
        // O_NOFOLLOW.
        if let link = Self.linkedFolder(root: root, relativePath: relativePath) { throw MarkdownStoreError.symbolicLink(path: link) }
    }

    /// The first folder below `root` on the way to `relativePath` that is a symbolic link, if any.
    static func linkedFolder(root: String, relativePath: String) -> String? {
        var partial = ""
        for part in relativePath.split(separator: "/").dropLast() {
            partial += (partial.isEmpty ? "" : "/") + part
            var info = stat()
            guard lstat(root + "/" + partial, &info) == 0 else { return nil }  // not there yet: made as a folder
            if Platform.fileType(info.st_mode) == S_IFLNK { return partial }
        }
        return nil
    }
}

/// The sharded place of a dated document: `entries/YYYY/MM/YYYY-MM-DDTHHMMSSZ-<tag>.md`, in UTC.
public enum ShardedPath {
    /// - Parameters:
    ///   - folder: the top folder, e.g. `entries`.
    ///   - date: the document's date.
    ///   - tag: a short identifier that carries no words (e.g. the first 8 hex digits of an id).
    public static func make(folder: String, date: Date, tag: String) -> String {
        let time = UTCTime(date)
        return "\(folder)/\(time.year)/\(pad(time.month))/\(time.year)-\(pad(time.month))-\(pad(time.day))T\(pad(time.hour))\(pad(time.minute))\(pad(time.second))Z-\(tag).md"
    }

    /// The date and tag encoded in a sharded file name, if the name has that shape.
    public static func parse(fileName: String) -> (date: Date, tag: String)? {
        let bytes = Array(fileName.utf8)
        // 2026-11-22T034200Z-7f3c9a2e.md : 18 characters of time, '-', a tag, '.md'
        guard bytes.count > 22, fileName.hasSuffix(".md"), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[17] == UInt8(ascii: "Z"), bytes[18] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0 ..< 4), let month = number(5 ..< 7), let day = number(8 ..< 10),
              let hour = number(11 ..< 13), let minute = number(13 ..< 15), let second = number(15 ..< 17),
              let date = UTCTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).date
        else { return nil }
        let tag = String(decoding: bytes[19 ..< bytes.count - 3], as: UTF8.self)
        return (date, tag)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
