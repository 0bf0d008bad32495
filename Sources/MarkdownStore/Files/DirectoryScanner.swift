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

    /// Scans `folder` (relative to the root) and calls `visit` for each readable document.
    ///
    /// - Returns: the files that could not be read, in path order. A missing folder is not a
    ///   problem: it simply holds no documents.
    public func scan(_ folder: String, visit: (DocumentSummary) -> Void) -> [ScanProblem] {
        var problems: [ScanProblem] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        walk(folder, buffer: &buffer, problems: &problems, visit: visit)
        return problems
    }

    /// True for names the scan never reads.
    public static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
    }

    /// True for names the scan reads as documents.
    public static func isDocument(name: String) -> Bool {
        !isIgnored(name: name) && (name.hasSuffix(".md") || name.hasSuffix(".markdown"))
    }

    private func walk(_ relative: String, buffer: inout [UInt8], problems: inout [ScanProblem], visit: (DocumentSummary) -> Void) {
        let path = root + "/" + relative
        guard let directory = opendir(path) else {
            if errno != ENOENT {
                problems.append(ScanProblem(relativePath: relative, reason: "could not open the folder: " + String(cString: strerror(errno))))
            }
            return
        }
        var names: [(String, UInt8)] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || Self.isIgnored(name: name) { continue }
            names.append((name, item.pointee.d_type))
        }
        closedir(directory)
        names.sort { $0.0 < $1.0 }
        for (name, type) in names {
            let child = relative + "/" + name
            var kind = type
            if kind == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(root + "/" + child, &info) == 0 else { continue }
                switch Platform.fileType(info.st_mode) {
                case S_IFDIR: kind = UInt8(DT_DIR)
                case S_IFLNK: kind = UInt8(DT_LNK)
                case S_IFREG: kind = UInt8(DT_REG)
                default: kind = UInt8(DT_UNKNOWN)
                }
            }
            switch kind {
            case UInt8(DT_DIR):
                walk(child, buffer: &buffer, problems: &problems, visit: visit)
            case UInt8(DT_LNK):
                problems.append(ScanProblem(relativePath: child, reason: "a symbolic link; say never follows links"))
            case UInt8(DT_REG) where Self.isDocument(name: name):
                switch Self.summary(root: root, relativePath: child, buffer: &buffer) {
                case let .success(summary): visit(summary)
                case let .failure(problem): problems.append(problem)
                }
            default:
                continue
            }
        }
    }

    /// Reads one file's summary. Exposed for tests and fuzzing of the per-file reader.
    public static func summary(root: String, relativePath: String, buffer: inout [UInt8]) -> Result<DocumentSummary, ScanProblem> {
        let path = root + "/" + relativePath
        func problem(_ reason: String) -> Result<DocumentSummary, ScanProblem> {
            .failure(ScanProblem(relativePath: relativePath, reason: reason))
        }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
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
        var filled = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return problem("could not read: " + String(cString: strerror(errno)))
            }
            filled += count
            let atEnd = count == 0 || filled < buffer.count && Int64(filled) >= Int64(info.st_size)
            let outcome: Result<DocumentSummary, ScanProblem>? = buffer.withUnsafeBufferPointer { whole in
                let bytes = UnsafeBufferPointer(rebasing: whole[0 ..< filled])
                let split = FrontMatterSplit(bytes)
                switch split.shape {
                case .unterminated where !atEnd && filled < frontMatterLimit:
                    return nil  // read more
                case .unterminated:
                    return filled >= frontMatterLimit
                        ? problem("the front matter is longer than \(frontMatterLimit / 1024) KB")
                        : problem("the front matter starts with --- but has no closing --- line")
                case .noFrontMatter:
                    return .success(DocumentSummary(relativePath: relativePath, fields: [:], hasFrontMatter: false,
                                                    firstLine: Self.firstLine(bytes, from: split.contentStart), modified: modified))
                case let .complete(yaml, bodyStart):
                    guard String(validating: UnsafeBufferPointer(rebasing: bytes[yaml]), as: UTF8.self) != nil else {
                        return problem("the front matter is not UTF-8 text")
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
            if let outcome { return outcome }
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        }
    }

    /// The first non-blank line of the body, trimmed and cut to the preview limit.
    static func firstLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var lineStart = start
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart ..< lineEnd]), as: UTF8.self)
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty {
                return trimmed.count > previewLimit ? String(trimmed.prefix(previewLimit)) : trimmed
            }
            lineStart = lineEnd + 1
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
        case let .io(_, operation, code): return "could not \(operation): " + String(cString: strerror(code))
        }
    }
}
