#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What went wrong reading or writing a document on disk.
///
/// Messages name the file and, for front matter, the line; they never quote the file's text,
/// because that text is someone's private writing.
public enum MarkdownStoreError: Error, Equatable, Sendable, LocalizedError {
    /// A system call failed on `path` while doing `operation`.
    case io(path: String, operation: String, errno: Int32)
    /// The YAML between the `---` fences could not be read. `line` is 1-based in the file.
    case invalidFrontMatter(path: String, line: Int, column: Int, reason: String)
    /// The front matter is YAML but not a mapping of keys to values.
    case frontMatterNotAMapping(path: String)
    /// The opening `---` has no closing `---`.
    case unterminatedFrontMatter(path: String)
    /// The file is not valid UTF-8 text.
    case notText(path: String)
    /// The file is larger than a journal entry can reasonably be.
    case tooLarge(path: String, bytes: Int64, limit: Int64)
    /// The path is a symbolic link, which the store never follows.
    case symbolicLink(path: String)
    /// The path is not a regular file (a folder, a device, a socket).
    case notAFile(path: String)
    /// Another process holds the folder's lock and did not release it in time.
    case busy(path: String)
    /// The folder's lock file is a symbolic link (`isLink`) or not a file at all, so it cannot
    /// be locked; removing it is safe, since the next lock makes it again.
    case unusableLockFile(path: String, isLink: Bool)

    public var errorDescription: String? {
        switch self {
        case let .io(path, operation, code):
            return "\(path): could not \(operation): \(String(cString: strerror(code))) (errno \(code))"
        case let .invalidFrontMatter(path, line, column, reason):
            return "\(path):\(line):\(column): the front matter is not valid YAML: \(reason)"
        case let .frontMatterNotAMapping(path):
            return "\(path): the front matter must be `key: value` lines"
        case let .unterminatedFrontMatter(path):
            return "\(path): the front matter starts with --- but has no closing --- line"
        case let .notText(path):
            return "\(path): not UTF-8 text"
        case let .tooLarge(path, bytes, limit):
            return "\(path): too large (\(bytes) bytes; the limit is \(limit))"
        case let .symbolicLink(path):
            return "\(path): a symbolic link; say never follows links"
        case let .notAFile(path):
            return "\(path): not a regular file"
        case .busy:
            return "another say is busy with this journal; try again in a moment"
        case let .unusableLockFile(path, isLink):
            return "\(path) is \(isLink ? "a symbolic link, and say never follows links" : "not a file"), so the journal cannot be locked; "
                + "remove it (say makes a new one; it holds nothing) and try again"
        }
    }
}
