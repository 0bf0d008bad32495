import Foundation
import MarkdownStore

/// What went wrong, in the person's words. The CLI adds what they were doing.
public enum JournalError: Error, Equatable, Sendable, LocalizedError {
    /// The text was empty or only spaces and line breaks.
    case emptyText
    /// The text is longer than a journal entry can be.
    case textTooLong(limit: Int)
    /// No entry matches the id, prefix or number.
    case noSuchEntry(reference: String)
    /// More than one entry starts with that prefix.
    case ambiguousReference(reference: String, candidates: [String])
    /// The journal folder exists but is not a folder, or cannot be used.
    case unusableJournal(path: String, reason: String)
    /// The journal's git repository holds work of the person's own that removing it would lose.
    case repositoryHoldsOtherWork(path: String, contents: [String])
    /// The entry's file could not be read or written.
    case storage(MarkdownStoreError)
    /// No home folder to put the journal in.
    case noHomeFolder
    /// Another say process is changing the journal and did not finish in time.
    case busy
    /// git (through libgit2) failed while versioning the journal.
    case versioning(GitError)
    /// Letting go stopped: the entry's words are also at these paths, which say did not write.
    case copiesElsewhere(paths: [String])

    public var errorDescription: String? {
        switch self {
        case .emptyText:
            return "there is nothing to keep: the text is empty"
        case let .textTooLong(limit):
            return "the text is longer than \(limit / 1024 / 1024) MB, more than one entry can hold; split it into several"
        case let .noSuchEntry(reference):
            return "no entry matches \(reference.debugDescription); `say history` lists them with their numbers and ids"
        case let .ambiguousReference(reference, candidates):
            return "\(reference.debugDescription) matches more than one entry (\(candidates.joined(separator: ", "))); type more of the id"
        case let .unusableJournal(path, reason):
            return "the journal folder \(path) cannot be used: \(reason)"
        case let .repositoryHoldsOtherWork(path, contents):
            return "the journal's git repository (\(path)) also holds \(contents.joined(separator: ", ")), which say did not make; "
                + "nothing was changed. Turning versioning off removes the whole repository: keep those somewhere else first "
                + "(or remove \(path) yourself if you mean to lose them)"
        case let .storage(error):
            return error.errorDescription
        case let .versioning(error):
            return "git could not update the journal's history: \(error.errorDescription ?? "unknown error")"
        case let .copiesElsewhere(paths):
            return "the same words are also in \(paths.joined(separator: ", ")), which say did not write; nothing was changed"
        case .busy:
            return "another say is busy with this journal; try again in a moment"
        case .noHomeFolder:
            return "HOME is not set, so there is no default journal folder; use --journal DIR or set SAY_JOURNAL"
        }
    }
}
