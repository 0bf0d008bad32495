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
    public init(relativePath: String, reason: String) {
        self.relativePath = relativePath
        self.reason = reason
    }
}

/// Walks a folder of Markdown documents and reads just enough of each for a listing.
///
/// - Visits `*.md` and `*.markdown` files in sorted path order.
/// - Skips hidden names (so `.git` and temporary files are never read) and editor leftovers
///   (`*.swp`, `*~`, `.#*`).
/// - Never follows a symbolic link: a link is reported as a problem, whatever it points to.
/// - Reads each file in one small read (more only when the front matter is longer), so memory
///   stays flat however many files there are; callers receive summaries one by one.
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
    /// thread takes whole folders, opening files relative to the folder), and the summaries are
    /// handed to `visit` in order on the calling thread.
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
        var problems: [ScanProblem] = []
        var folders: [FolderOfDocuments] = []
        if let link = DocumentStore.linkedFolder(root: root, relativePath: folder + "/-") {
            // The scanned folder itself (or one above it in the journal) is a link: not followed.
            return [ScanProblem(relativePath: link, reason: "a symbolic link; say never follows links")]
        }
        list(folder, into: &folders, problems: &problems, leftovers: &leftovers)
        // A window of folders at a time, so only a few thousand summaries wait between the
        // reading threads and `visit`, however large the journal.
        var start = 0
        while start < folders.count {
            var end = start
            var files = 0
            while end < folders.count, end == start || files + folders[end].names.count <= Self.window {
                files += folders[end].names.count
                end += 1
            }
            for outcome in Self.readAll(folders[start ..< end], root: root) {
                for result in outcome {
                    switch result {
                    case let .success(summary): visit(summary)
                    case let .failure(problem): problems.append(problem)
                    }
                }
            }
            start = end
        }
        return problems.sorted { $0.relativePath < $1.relativePath }
    }

    /// True for names the scan never reads.
    public static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
    }

    /// True for names the scan reads as documents.
    public static func isDocument(name: String) -> Bool {
        !isIgnored(name: name) && (name.hasSuffix(".md") || name.hasSuffix(".markdown"))
    }

    /// One folder's document names, sorted.
    struct FolderOfDocuments {
        let relative: String
        let names: [String]
    }

    /// Lists documents folder by folder, recording links and unreadable folders as problems.
    private func list(_ relative: String, into folders: inout [FolderOfDocuments], problems: inout [ScanProblem],
                      leftovers: inout [String]) {
        let path = root + "/" + relative
        guard let directory = opendir(path) else {
            if errno != ENOENT {
                problems.append(ScanProblem(relativePath: relative, reason: "could not open the folder: " + String(cString: strerror(errno))))
            }
            return
        }
        var entries: [(String, UInt8)] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            if Self.isIgnored(name: name) {
                if AtomicFile.isTemporary(name: name) { leftovers.append(relative + "/" + name) }
                continue
            }
            entries.append((name, item.pointee.d_type))
        }
        closedir(directory)
        entries.sort { $0.0 < $1.0 }
        var documents: [String] = []
        var subfolders: [String] = []
        for (name, type) in entries {
            var kind = type
            if kind == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path + "/" + name, &info) == 0 else { continue }
                switch Platform.fileType(info.st_mode) {
                case S_IFDIR: kind = UInt8(DT_DIR)
                case S_IFLNK: kind = UInt8(DT_LNK)
                case S_IFREG: kind = UInt8(DT_REG)
                default: kind = UInt8(DT_UNKNOWN)
                }
            }
            switch kind {
            case UInt8(DT_DIR):
                subfolders.append(name)
            case UInt8(DT_LNK):
                problems.append(ScanProblem(relativePath: relative + "/" + name, reason: "a symbolic link; say never follows links"))
            case UInt8(DT_REG) where Self.isDocument(name: name):
                documents.append(name)
            default:
                continue
            }
        }
        if !documents.isEmpty { folders.append(FolderOfDocuments(relative: relative, names: documents)) }
        for name in subfolders { list(relative + "/" + name, into: &folders, problems: &problems, leftovers: &leftovers) }
    }

    /// Reads every listed file, splitting the folders between threads by file count.
    /// How many files are read between two hand-overs to `visit`.
    static let window = 4096

    private static func readAll(_ window: ArraySlice<FolderOfDocuments>, root: String) -> [[Result<DocumentSummary, ScanProblem>]] {
        let folders = Array(window)
        let total = folders.reduce(0) { $0 + $1.names.count }
        let workers = total < 512 ? 1 : min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
        // Contiguous runs of folders with about total/workers files each.
        var runs: [Range<Int>] = []
        var start = 0
        var counted = 0
        for (index, folder) in folders.enumerated() {
            counted += folder.names.count
            if counted * workers >= total * (runs.count + 1) || index == folders.count - 1 {
                runs.append(start ..< index + 1)
                start = index + 1
            }
        }
        let results = ResultSlots(count: folders.count)
        let plannedRuns = runs
        DispatchQueue.concurrentPerform(iterations: plannedRuns.count) { run in
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            for index in plannedRuns[run] {
                let folder = folders[index]
                let folderPath = root + "/" + folder.relative
                let folderFD = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                var outcomes: [Result<DocumentSummary, ScanProblem>] = []
                outcomes.reserveCapacity(folder.names.count)
                for name in folder.names {
                    outcomes.append(summary(folderFD: folderFD, folderPath: folderPath,
                                            relativePath: folder.relative + "/" + name, name: name, buffer: &buffer))
                }
                if folderFD >= 0 { close(folderFD) }
                results.set(index, outcomes)
            }
        }
        return results.values
    }

    /// One slot per folder, each written by exactly one thread, read after all have finished.
    private final class ResultSlots: @unchecked Sendable {
        private var slots: [[Result<DocumentSummary, ScanProblem>]]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: [], count: count) }
        func set(_ index: Int, _ value: [Result<DocumentSummary, ScanProblem>]) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }
        var values: [[Result<DocumentSummary, ScanProblem>]] { slots }
    }

    /// Reads one file's summary. Exposed for tests and fuzzing of the per-file reader.
    public static func summary(root: String, relativePath: String, buffer: inout [UInt8]) -> Result<DocumentSummary, ScanProblem> {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        let folderPath = root + "/" + relativePath.dropLast(name.utf8.count)
        return summary(folderFD: -1, folderPath: folderPath, relativePath: relativePath, name: name, buffer: &buffer)
    }

    /// Reads one file, opened relative to its folder's descriptor when there is one.
    static func summary(folderFD: Int32, folderPath: String, relativePath: String, name: String,
                        buffer: inout [UInt8]) -> Result<DocumentSummary, ScanProblem> {
        func problem(_ reason: String) -> Result<DocumentSummary, ScanProblem> {
            .failure(ScanProblem(relativePath: relativePath, reason: reason))
        }
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        let fd = folderFD >= 0 ? openat(folderFD, name, flags) : open(folderPath + "/" + name, flags)
        guard fd >= 0 else {
            return errno == ELOOP ? problem("a symbolic link; say never follows links") : problem("could not open: " + String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return problem("could not read: " + String(cString: strerror(errno))) }
        guard Platform.fileType(info.st_mode) == S_IFREG else { return problem("not a regular file") }
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
                return .success(DocumentSummary(relativePath: relativePath, fields: [:], hasFrontMatter: false,
                                                firstLine: Self.firstLine(bytes, from: split.contentStart), modified: modified))
            case let .complete(yaml, bodyStart):
                guard yaml.count <= frontMatterLimit else {
                    return problem("the front matter is longer than \(frontMatterLimit / 1024) KB")
                }
                do {
                    let fields = try FrontMatterFields.read(bytes, yaml, path: relativePath)
                    return .success(DocumentSummary(relativePath: relativePath, fields: fields, hasFrontMatter: true,
                                                    firstLine: Self.firstLine(bytes, from: bodyStart), modified: modified))
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
        case let .io(_, operation, code): return "could not \(operation): " + String(cString: strerror(code))
        }
    }
}
