#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a listing needs from one document, read without loading the whole file.
public struct DocumentSummary: Sendable, Hashable {
    /// The path relative to the scanned root, with `/` separators.
    public let relativePath: String
    /// Top-level scalar front-matter fields (empty when there is no front matter).
    public let fields: [String: String]
    /// Whether the file has a front matter block.
    public let hasFrontMatter: Bool
    /// The first line of the body that is not blank, trimmed, at most ``DirectoryScanner/previewLimit`` characters.
    public let firstLine: String
    /// The file's modification time.
    public let modified: Date
}

/// A file the scan found but could not read, and why. The reason never quotes the file.
public struct ScanProblem: Sendable, Hashable, Error {
    public let relativePath: String
    public let reason: String
    /// The file was in its folder when the folder was listed and gone when it was opened: let
    /// go, renamed or moved by another program meanwhile. Nothing to report; the scan skips it.
    let vanished: Bool
    public init(relativePath: String, reason: String) {
        self.init(relativePath: relativePath, reason: reason, vanished: false)
    }
    private init(relativePath: String, reason: String, vanished: Bool) {
        self.relativePath = relativePath
        self.reason = reason
        self.vanished = vanished
    }
    static func vanished(_ relativePath: String) -> ScanProblem {
        ScanProblem(relativePath: relativePath, reason: "gone before it could be opened", vanished: true)
    }
}

/// One readable document, as the reading thread sees it for a moment: handed to the `read`
/// function of ``DirectoryScanner/scan(_:keys:collectingStamps:leftovers:read:visit:)``, and
/// valid only during that call (its bytes are the reading thread's buffer).
public struct DocumentView {
    /// The path relative to the scanned root, with `/` separators.
    public let relativePath: String
    /// Whether the file has a front matter block.
    public let hasFrontMatter: Bool
    /// The file's modification time.
    public let modified: Date
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    fileprivate let bodyStart: Int
    /// Where the values of the scan's keys are in `bytes`, when the fast reader found them.
    fileprivate let located: UnsafeBufferPointer<Range<Int>>?
    /// The fields, when they were read the full way.
    fileprivate let fields: [String: String]?
    fileprivate let keys: [String]

    /// The first line of the body that is not blank, trimmed, at most
    /// ``DirectoryScanner/previewLimit`` characters.
    public var firstLine: String { DirectoryScanner.firstLine(bytes, from: bodyStart) }

    /// Runs `body` with the UTF-8 of the value of the scan's key at `keyIndex` (nil when the
    /// key is absent or its value is not a scalar). The bytes are valid only inside `body`.
    public func withValue<Result>(_ keyIndex: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        if let located {
            let range = located[keyIndex]
            return body(range.lowerBound < 0 ? nil : UnsafeBufferPointer(rebasing: bytes[range]))
        }
        guard var value = fields?[keys[keyIndex]] else { return body(nil) }
        return value.withUTF8 { body($0) }
    }

    /// The value of the scan's key at `keyIndex` as a string.
    public func value(_ keyIndex: Int) -> String? {
        withValue(keyIndex) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Every top-level scalar field; complete only when the scan was asked for no keys.
    var allFields: [String: String] { fields ?? [:] }
}

/// What a scan found besides the documents it handed over.
public struct ScanOutcome: Sendable {
    /// The files that could not be read, and why, sorted by path.
    public var problems: [ScanProblem]
    /// The stamps of the files read, when asked for.
    public var stamps: WorkingTreeStamps?
}

/// Walks a folder of Markdown documents and reads just enough of each for a listing.
///
/// - Visits `*.md` and `*.markdown` files in sorted path order.
/// - Skips hidden names (so `.git` and temporary files are never read) and editor leftovers
///   (`*.swp`, `*~`, `.#*`).
/// - Never follows a symbolic link: a link is reported as a problem, whatever it points to.
/// - Reads each file in one read into a buffer reused from file to file (more only when the
///   file is larger), so memory stays flat however many files there are; callers receive
///   documents one by one.
public struct DirectoryScanner: Sendable {
    /// The longest preview kept, in characters.
    public static let previewLimit = 160
    /// Front matter longer than this is reported instead of read.
    public static let frontMatterLimit = 64 * 1024

    public let root: String

    /// - Parameter root: the folder whose documents are scanned (an absolute path).
    public init(root: String) {
        self.root = root
    }

    /// Scans `folder` (relative to the root) and calls `visit` for each readable document,
    /// folder by folder in name order, names sorted within each folder.
    ///
    /// The folders are listed first; then the files are read on up to four threads (each
    /// thread takes the next chunk of a folder as it finishes one, opening files relative to
    /// the folder), and the summaries are handed to `visit` in order on the calling thread.
    ///
    /// - Returns: the files that could not be read, sorted by path. A missing folder is not a
    ///   problem: it simply holds no documents.
    public func scan(_ folder: String, visit: (DocumentSummary) -> Void) -> [ScanProblem] {
        var leftovers: [String] = []
        return scan(folder, leftovers: &leftovers, visit: visit)
    }

    /// ``scan(_:visit:)``, also collecting the relative paths of temporary files that a killed
    /// writer left behind (see ``AtomicFile/isTemporary(name:)``).
    public func scan(_ folder: String, leftovers: inout [String], visit: (DocumentSummary) -> Void) -> [ScanProblem] {
        run(folder, keys: nil, collectingStamps: false, leftovers: &leftovers, read: { view in
            DocumentSummary(relativePath: view.relativePath, fields: view.allFields, hasFrontMatter: view.hasFrontMatter,
                            firstLine: view.firstLine, modified: view.modified)
        }, visit: visit).problems
    }

    /// Scans `folder` as ``scan(_:leftovers:visit:)`` does, reading only the front-matter
    /// values of `keys` (the whole front matter is still checked, so a file is readable here
    /// exactly when it is readable there).
    ///
    /// - Parameters:
    ///   - keys: the front-matter keys `read` looks at, by index in this list.
    ///   - collectingStamps: whether to return the stamps of the files read (see
    ///     `GitSettledState`).
    ///   - read: makes the caller's value from a document, on the reading thread.
    ///   - visit: receives the values in order, on the calling thread.
    public func scan<Item: Sendable>(_ folder: String, keys: [String], collectingStamps: Bool, leftovers: inout [String],
                                     read: @escaping @Sendable (DocumentView) -> Item, visit: (Item) -> Void) -> ScanOutcome {
        run(folder, keys: keys, collectingStamps: collectingStamps, leftovers: &leftovers, read: read, visit: visit)
    }

    private func run<Item: Sendable>(_ folder: String, keys: [String]?, collectingStamps: Bool, leftovers: inout [String],
                                     read: @escaping @Sendable (DocumentView) -> Item, visit: (Item) -> Void) -> ScanOutcome {
        var problems: [ScanProblem] = []
        var folders: [FolderOfDocuments] = []
        var stamps: WorkingTreeStamps? = collectingStamps ? WorkingTreeStamps() : nil
        if let link = DocumentStore.linkedFolder(root: root, relativePath: folder + "/-") {
            // The scanned folder itself (or one above it in the journal) is a link: not followed.
            stamps?.isComplete = false
            return ScanOutcome(problems: [ScanProblem(relativePath: link, reason: "a symbolic link; say never follows links")], stamps: stamps)
        }
        var complete = true
        var others: [(path: String, stamp: FileStamp)]? = collectingStamps ? [] : nil
        list(folder, into: &folders, problems: &problems, leftovers: &leftovers, complete: &complete, others: &others)
        if !complete { stamps?.isComplete = false }
        stamps?.files += others ?? []
        let reader = Reader(keys: keys, collectingStamps: collectingStamps, read: read)
        // A window of folders at a time, so only a few thousand results wait between the
        // reading threads and `visit`, however large the journal.
        var start = 0
        while start < folders.count {
            var end = start
            var files = 0
            while end < folders.count, end == start || files + folders[end].count <= Self.window {
                files += folders[end].count
                end += 1
            }
            for outcome in reader.readAll(folders[start ..< end], root: root) {
                for result in outcome.results {
                    switch result {
                    case let .success(item): visit(item)
                    case let .failure(problem) where problem.vanished: continue
                    case let .failure(problem): problems.append(problem)
                    }
                }
                if stamps != nil {
                    stamps?.files += outcome.stamps
                    if outcome.stamps.count != outcome.results.count { stamps?.isComplete = false }
                }
            }
            start = end
        }
        return ScanOutcome(problems: problems.sorted { $0.relativePath < $1.relativePath }, stamps: stamps)
    }

    /// True for names the scan never reads.
    public static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
    }

    /// True for names the scan reads as documents.
    public static func isDocument(name: String) -> Bool {
        !isIgnored(name: name) && (name.hasSuffix(".md") || name.hasSuffix(".markdown"))
    }

    /// `isIgnored(name:)` on the bytes of a name.
    static func isIgnored(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".") || name.last == UInt8(ascii: "~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
    }

    /// `isDocument(name:)` on the bytes of a name.
    static func isDocument(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !isIgnored(name) && (name.hasSuffix(".md") || name.hasSuffix(".markdown"))
    }

    /// Whether git (as say reads its status: `GitRepository.isIgnoredName`) passes over a name
    /// the scan skips: hidden names, and files named as editor leftovers.
    static func isIgnoredByGit(_ name: UnsafeBufferPointer<UInt8>, isFolder: Bool) -> Bool {
        name.first == UInt8(ascii: ".") || (!isFolder && (name.last == UInt8(ascii: "~") || name.hasSuffix(".swp")))
    }

    /// One folder's document names, sorted, kept as the bytes the file system gave (each
    /// ended by a NUL, for `openat`), one after another: no string is made for a name until
    /// its document's path is.
    struct FolderOfDocuments: Sendable {
        let relative: String
        let names: [UInt8]
        /// Where each name starts in `names`, in name order.
        let starts: [Int]
        var count: Int { starts.count }
    }

    /// Lists documents folder by folder, recording links and unreadable folders as problems.
    /// Other files git would see are stamped into `others` (when it is not nil); `complete`
    /// turns false when the folder holds something git would see that has no stamp.
    private func list(_ relative: String, into folders: inout [FolderOfDocuments], problems: inout [ScanProblem],
                      leftovers: inout [String], complete: inout Bool, others: inout [(path: String, stamp: FileStamp)]?) {
        let path = root + "/" + relative
        guard let directory = opendir(path) else {
            if errno != ENOENT {
                problems.append(ScanProblem(relativePath: relative, reason: "could not open the folder: " + String(cString: strerror(errno))))
                complete = false
            }
            return
        }
        var names: [UInt8] = []
        var starts: [Int] = []
        var subfolders: [String] = []
        while let item = readdir(directory) {
            let type = item.pointee.d_type
            // The name is read in place: copying `d_name` (a 256-byte tuple) per entry showed in profiles.
            withUnsafePointer(to: &item.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { start in
                    let bytes = UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
                    if bytes.count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return }
                    var kind = type
                    if kind == UInt8(DT_UNKNOWN) {
                        kind = Self.typeByStatus(path + "/" + String(decoding: bytes, as: UTF8.self))
                    }
                    if Self.isIgnored(bytes) {
                        if !Self.isIgnoredByGit(bytes, isFolder: kind == UInt8(DT_DIR)) { complete = false }
                        if bytes.first == UInt8(ascii: ".") {
                            let text = String(decoding: bytes, as: UTF8.self)
                            // Only a regular file of say's exact temporary shape, whose writer is gone.
                            if kind == UInt8(DT_REG), AtomicFile.isAbandonedTemporary(name: text) {
                                leftovers.append(relative + "/" + text)
                            }
                        }
                        return
                    }
                    switch kind {
                    case UInt8(DT_DIR):
                        subfolders.append(String(decoding: bytes, as: UTF8.self))
                    case UInt8(DT_LNK):
                        let path = relative + "/" + String(decoding: bytes, as: UTF8.self)
                        // Only its kind is read through the link, to say what to do.
                        var target = stat()
                        let toFolder = stat(root + "/" + path, &target) == 0 && Platform.fileType(target.st_mode) == S_IFDIR
                        problems.append(ScanProblem(relativePath: path, reason: toFolder
                                ? "a symbolic link to a folder; say never follows links, so the entries in it are not listed, versioned or synced: to keep them in the journal, put the folder itself here in place of the link"
                                : "a symbolic link; say never follows links"))
                        complete = false
                    case UInt8(DT_REG) where Self.isDocument(bytes):
                        starts.append(names.count)
                        if UTF8Validation.isValid(bytes) {
                            names.append(contentsOf: bytes)
                        } else {
                            // Read as the name's repaired text, as a path made of it is: a name
                            // that is not UTF-8 is reported, never listed under another name.
                            names.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf8)
                        }
                        names.append(0)
                    case UInt8(DT_REG) where others != nil && UTF8Validation.isValid(bytes):
                        // Not read, but stamped: a file of the person's own beside the entries
                        // still lets the quick look at git's index tell.
                        var info = stat()
                        if fstatat(dirfd(directory), UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), &info,
                                   AT_SYMLINK_NOFOLLOW) == 0, Platform.fileType(info.st_mode) == S_IFREG {
                            others?.append((relative + "/" + String(decoding: bytes, as: UTF8.self), FileStamp(info)))
                        } else {
                            complete = false
                        }
                    default:
                        complete = false
                    }
                    return
                }
            }
        }
        closedir(directory)
        names.withUnsafeBufferPointer { all in
            let base = UnsafeRawPointer(all.baseAddress!).assumingMemoryBound(to: CChar.self)
            starts.sort { strcmp(base + $0, base + $1) < 0 }
        }
        subfolders.sort()
        if !starts.isEmpty { folders.append(FolderOfDocuments(relative: relative, names: names, starts: starts)) }
        for name in subfolders {
            list(relative + "/" + name, into: &folders, problems: &problems, leftovers: &leftovers, complete: &complete, others: &others)
        }
    }

    /// A directory entry's type from `lstat`, for file systems whose listings do not say.
    private static func typeByStatus(_ path: String) -> UInt8 {
        var info = stat()
        guard lstat(path, &info) == 0 else { return UInt8(DT_UNKNOWN) }
        switch Platform.fileType(info.st_mode) {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFREG: return UInt8(DT_REG)
        default: return UInt8(DT_UNKNOWN)
        }
    }

    /// How many files are read between two hand-overs to `visit`.
    static let window = 4096

    /// One folder's results, in name order, and the stamps of the files that could be opened.
    struct FolderOutcome<Item: Sendable>: Sendable {
        var results: [Result<Item, ScanProblem>] = []
        var stamps: [(path: String, stamp: FileStamp)] = []
    }

    /// The per-file reading, shared by the threads.
    struct Reader<Item: Sendable>: Sendable {
        /// nil: read every field (the full `DocumentSummary`).
        let keys: [String]?
        let collectingStamps: Bool
        let read: @Sendable (DocumentView) -> Item

        /// How many files of a folder one thread reads before it takes the next piece of work.
        static var chunk: Int { 128 }

        /// Reads every listed file, on the calling thread and as many others as there are
        /// processors (up to four), each taking the next chunk of a folder as it finishes one,
        /// so a thread held up by something else running never holds up the rest for long.
        func readAll(_ window: ArraySlice<FolderOfDocuments>, root: String) -> [FolderOutcome<Item>] {
            let folders = Array(window)
            var chunks: [(folder: Int, names: Range<Int>)] = []
            for (index, folder) in folders.enumerated() {
                for start in stride(from: 0, to: folder.count, by: Self.chunk) {
                    chunks.append((index, start ..< min(start + Self.chunk, folder.count)))
                }
            }
            let total = folders.reduce(0) { $0 + $1.count }
            let results = ResultSlots<Item>(count: chunks.count)
            let plannedChunks = chunks
            let keyBytes = (keys ?? []).map { Array($0.utf8) }
            let readChunk = { @Sendable (number: Int, buffer: inout [UInt8], located: inout [Range<Int>]) in
                let (index, range) = plannedChunks[number]
                let folder = folders[index]
                let folderPath = root + "/" + folder.relative
                let folderFD = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                var outcome = FolderOutcome<Item>()
                outcome.results.reserveCapacity(range.count)
                if collectingStamps { outcome.stamps.reserveCapacity(range.count) }
                let prefix = Array((folder.relative + "/").utf8)
                folder.names.withUnsafeBufferPointer { names in
                    for start in folder.starts[range] {
                        let name = UnsafeRawPointer(names.baseAddress! + start).assumingMemoryBound(to: CChar.self)
                        let length = strlen(name)
                        // The path made in one go, from the folder's and the name's bytes.
                        let relativePath = String(unsafeUninitializedCapacity: prefix.count + length) { out in
                            _ = out.initialize(fromContentsOf: prefix)
                            _ = out[prefix.count...].initialize(fromContentsOf: UnsafeBufferPointer(start: names.baseAddress! + start, count: length))
                            return prefix.count + length
                        }
                        var stamp: FileStamp?
                        outcome.results.append(DirectoryScanner.read(
                            folderFD: folderFD, folderPath: folderPath, relativePath: relativePath, name: name, buffer: &buffer,
                            keys: keys == nil ? nil : keyBytes, located: &located, stamp: &stamp) { view in read(view) })
                        if collectingStamps, let stamp { outcome.stamps.append((relativePath, stamp)) }
                    }
                }
                if folderFD >= 0 { close(folderFD) }
                results.set(number, outcome)
            }
            if total < 512 || ProcessInfo.processInfo.activeProcessorCount < 2 {
                var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                var located = [Range<Int>](repeating: -1 ..< -1, count: keyBytes.count)
                for number in plannedChunks.indices { readChunk(number, &buffer, &located) }
            } else {
                let threads = min(4, ProcessInfo.processInfo.activeProcessorCount)
                let next = ChunkCounter()
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                    var located = [Range<Int>](repeating: -1 ..< -1, count: keyBytes.count)
                    while let number = next.take(below: plannedChunks.count) { readChunk(number, &buffer, &located) }
                }
            }
            return results.values
        }
    }

    /// Hands out chunk numbers, each once.
    private final class ChunkCounter: @unchecked Sendable {
        private var next = 0
        private let lock = NSLock()
        func take(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    /// One slot per folder, each written by exactly one thread, read after all have finished.
    private final class ResultSlots<Item: Sendable>: @unchecked Sendable {
        private var slots: [FolderOutcome<Item>]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: FolderOutcome(), count: count) }
        func set(_ index: Int, _ value: FolderOutcome<Item>) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }
        var values: [FolderOutcome<Item>] { slots }
    }

    /// Reads one file's summary. Exposed for tests and fuzzing of the per-file reader.
    public static func summary(root: String, relativePath: String, buffer: inout [UInt8]) -> Result<DocumentSummary, ScanProblem> {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        let folderPath = root + "/" + relativePath.dropLast(name.utf8.count)
        var located: [Range<Int>] = []
        var stamp: FileStamp?
        return name.withCString { name in
            read(folderFD: -1, folderPath: folderPath, relativePath: relativePath, name: name, buffer: &buffer,
                 keys: nil, located: &located, stamp: &stamp) { view in
                DocumentSummary(relativePath: view.relativePath, fields: view.allFields, hasFrontMatter: view.hasFrontMatter,
                                firstLine: view.firstLine, modified: view.modified)
            }
        }
    }

    /// Reads one file, opened relative to its folder's descriptor when there is one, and hands
    /// it to `make` when it is readable.
    ///
    /// - Parameters:
    ///   - keys: the front-matter keys to locate; nil to read every field.
    ///   - located: scratch space for the keys' value ranges (one per key), reused between files.
    ///   - stamp: set to the file's stamp once it is open.
    static func read<Item>(folderFD: Int32, folderPath: String, relativePath: String, name: UnsafePointer<CChar>, buffer: inout [UInt8],
                           keys: [[UInt8]]?, located: inout [Range<Int>], stamp: inout FileStamp?,
                           make: (DocumentView) -> Item) -> Result<Item, ScanProblem> {
        func problem(_ reason: String) -> Result<Item, ScanProblem> {
            .failure(ScanProblem(relativePath: relativePath, reason: reason))
        }
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        let fd = folderFD >= 0 ? openat(folderFD, name, flags) : open(folderPath + "/" + String(cString: name), flags)
        guard fd >= 0 else {
            if errno == ENOENT { return .failure(.vanished(relativePath)) }
            return errno == ELOOP ? problem("a symbolic link; say never follows links") : problem("could not open: " + String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return problem("could not read: " + String(cString: strerror(errno))) }
        guard Platform.fileType(info.st_mode) == S_IFREG else { return problem("not a regular file") }
        stamp = FileStamp(info)
        #if canImport(Darwin)
        let modified = Date(timeIntervalSince1970: Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9)
        #else
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        #endif
        // The whole file is read and checked, as `say show` reads it, so the two always agree
        // on what is readable. Journal entries are small; the buffer grows only for large files.
        guard Int64(info.st_size) <= DocumentStore.sizeLimit else {
            return problem(MarkdownStoreError.tooLarge(path: relativePath, bytes: Int64(info.st_size), limit: DocumentStore.sizeLimit).reasonWithoutPath)
        }
        var filled = 0
        while true {
            if filled == buffer.count {
                guard Int64(filled) < DocumentStore.sizeLimit else {
                    return problem(MarkdownStoreError.tooLarge(path: relativePath, bytes: Int64(filled) + 1, limit: DocumentStore.sizeLimit).reasonWithoutPath)
                }
                buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, Int(info.st_size) + 1 - buffer.count)))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                Platform.readBytes(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return problem("could not read: " + String(cString: strerror(errno)))
            }
            filled += count
            // At the end: nothing more came, or the size it had is read and the buffer has room
            // left (a file that grew while being read is read on, as `show` would).
            if count == 0 || (filled < buffer.count && Int64(filled) >= Int64(info.st_size)) { break }
        }
        return buffer.withUnsafeBufferPointer { whole in
            let bytes = UnsafeBufferPointer(rebasing: whole[0 ..< filled])
            guard UTF8Validation.isText(bytes) else {
                return problem(MarkdownStoreError.notText(path: relativePath).reasonWithoutPath)
            }
            let split = FrontMatterSplit(bytes, isWholeFile: true)
            switch split.shape {
            case .unterminated:
                return problem(MarkdownStoreError.unterminatedFrontMatter(path: relativePath).reasonWithoutPath)
            case .noFrontMatter:
                return located.withUnsafeMutableBufferPointer { found in
                    for index in found.indices { found[index] = -1 ..< -1 }
                    return .success(make(DocumentView(relativePath: relativePath, hasFrontMatter: false, modified: modified, bytes: bytes,
                                                      bodyStart: split.contentStart, located: keys == nil ? nil : UnsafeBufferPointer(found),
                                                      fields: nil, keys: [])))
                }
            case let .complete(yaml, bodyStart):
                guard yaml.count <= frontMatterLimit else {
                    return problem("the front matter is longer than \(frontMatterLimit / 1024) KB")
                }
                if let keys {
                    let fast = located.withUnsafeMutableBufferPointer { found -> Item? in
                        guard FastFields.locate(bytes, yaml, keys: keys, into: found) else { return nil }
                        return make(DocumentView(relativePath: relativePath, hasFrontMatter: true, modified: modified, bytes: bytes,
                                                 bodyStart: bodyStart, located: UnsafeBufferPointer(found), fields: nil, keys: []))
                    }
                    if let fast { return .success(fast) }
                }
                do {
                    let fields = try FrontMatterFields.read(bytes, yaml, path: relativePath)
                    return .success(make(DocumentView(relativePath: relativePath, hasFrontMatter: true, modified: modified, bytes: bytes,
                                                      bodyStart: bodyStart, located: nil, fields: fields,
                                                      keys: keys.map { $0.map { String(decoding: $0, as: UTF8.self) } } ?? [])))
                } catch let error as MarkdownStoreError {
                    return .failure(ScanProblem(relativePath: relativePath, reason: error.reasonWithoutPath))
                } catch {
                    return problem("unreadable front matter")
                }
            }
        }
    }

    /// The first non-blank line of a text, as ``DocumentSummary/firstLine`` is computed.
    public static func firstLine(of text: String) -> String {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { firstLine(UnsafeBufferPointer($0), from: 0) }
    }

    /// The first non-blank line of the body (lines end at LF, CRLF or a lone CR), trimmed and cut
    /// to the preview limit.
    ///
    /// Trims ASCII spaces, tabs and carriage returns at the byte level: Foundation's
    /// `trimmingCharacters` cost a quarter of a 10,000-entry listing.
    static func firstLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C }
        var lineStart = start
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var first = lineStart
            var last = lineEnd
            while first < last, isBlank(bytes[first]) { first += 1 }
            while last > first, isBlank(bytes[last - 1]) { last -= 1 }
            if first < last {
                // Cut by bytes first (a character is at most a few bytes), then by characters.
                let cut = min(last, first + previewLimit * 8)
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[first ..< cut]), as: UTF8.self)
                return cut - first <= previewLimit ? line : String(line.prefix(previewLimit))
            }
            guard let next = FrontMatterSplit.nextLineStart(bytes, from: lineEnd) else { break }
            lineStart = next
        }
        return ""
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with the UTF-8 of an ASCII suffix.
    func hasSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        let tail = UnsafeBufferPointer(rebasing: self[(self.count - count)...])
        return suffix.withUTF8Buffer { tail.elementsEqual($0) }
    }
}

extension MarkdownStoreError {
    /// The message without the leading path, for reports that show the path separately.
    public var reasonWithoutPath: String {
        switch self {
        case let .invalidFrontMatter(_, line, column, reason):
            return "line \(line), column \(column): the front matter is not valid YAML: \(reason)"
        case .frontMatterNotAMapping: return "the front matter must be `key: value` lines"
        case .unterminatedFrontMatter: return "the front matter starts with --- but has no closing --- line"
        case .notText: return "not UTF-8 text"
        case let .tooLarge(_, bytes, limit): return "too large (\(bytes) bytes; the limit is \(limit))"
        case .symbolicLink: return "a symbolic link; say never follows links"
        case .notAFile: return "not a regular file"
        case .busy: return "another say is busy with this journal"
        case let .unusableLockFile(_, isLink): return isLink ? "a symbolic link; say never follows links" : "not a file"
        case let .io(_, operation, code): return "could not \(operation): " + String(cString: strerror(code))
        }
    }
}
