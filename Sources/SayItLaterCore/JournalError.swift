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
    /// The reference names an entry removed from the folder outside say whose versions the
    /// journal's history still holds.
    case onlyInHistory(path: String)
    /// More than one entry starts with that prefix.
    case ambiguousReference(reference: String, candidates: [String])
    /// The reference names a file in the journal that say cannot read (not UTF-8, too large,
    /// front matter that does not parse): it cannot be shown or edited, only let go.
    case unreadableEntry(path: String, reason: String)
    /// More than one file answers to the reference, and more of it would not tell them apart:
    /// two files with the same id (`sameID`; `reference` is then that id), or one name for
    /// several files.
    case indistinctReference(reference: String, candidates: [String], sameID: Bool)
    /// Versioning could not start: git must read every file in the journal, and cannot read these.
    case unreadableForVersioning(paths: [String], reason: String)
    /// The journal folder exists but is not a folder, or cannot be used.
    case unusableJournal(path: String, reason: String)
    /// The journal's git repository holds work of the person's own that removing it would lose.
    case repositoryHoldsOtherWork(path: String, contents: [String])
    /// The journal's `.git` is a file or a link to a repository kept elsewhere (`repository`),
    /// which turning versioning off would leave in place with every version.
    case repositoryElsewhere(path: String, repository: String, isLink: Bool, isSharedWorktree: Bool)
    /// The entry's file could not be read or written.
    case storage(MarkdownStoreError)
    /// No home folder to put the journal in.
    case noHomeFolder
    /// Another say process is changing the journal and did not finish in time.
    case busy
    /// git (through libgit2) failed while versioning the journal.
    case versioning(GitError)
    /// Letting go stopped: the entry's words are also at these paths; `entries` are those of
    /// them that are other entries the journal lists, the rest are files say did not write.
    case copiesElsewhere(paths: [String], entries: [String] = [])

    public var errorDescription: String? {
        switch self {
        case .emptyText:
            return "there is nothing to keep: the text is empty"
        case let .textTooLong(limit):
            return "the text is longer than \(limit / 1024 / 1024) MB, more than one entry can hold; split it into several"
        case let .noSuchEntry(reference):
            return "no entry matches \(reference.debugDescription); `say history` lists them with their numbers and ids"
        case let .onlyInHistory(path):
            return "\(path) was removed from the folder without `say let-go`, and its words are still in the journal's history; "
                + "`say let-go \(path)` removes them from it"
        case let .ambiguousReference(reference, candidates):
            return "\(reference.debugDescription) matches more than one entry (\(candidates.joined(separator: ", "))); type more of the id"
        case let .unreadableEntry(path, reason) where reason.hasPrefix("a symbolic link"):
            return "\(path) is a symbolic link, and say never follows links; say can let the link go (`say let-go \(path)` "
                + "removes the link, never what it points to), or put the file itself in its place"
        case let .unreadableEntry(path, reason):
            return "\(path) cannot be read (\(reason)); say can let it go (`say let-go \(path)`), "
                + "or fix the file in an editor and try again"
        case let .indistinctReference(reference, candidates, sameID):
            let named = sameID ? "\(candidates.count) files have the id \(reference.debugDescription) (\(candidates.joined(separator: ", ")))"
                : "\(reference.debugDescription) names more than one file (\(candidates.joined(separator: ", ")))"
            return named + "; name the one you mean by its number in `say history` or by its path, as shown here"
        case let .unreadableForVersioning(paths, reason):
            let named = paths.count == 1 ? "\(paths[0]) (\(reason))" : "\(paths.count) files (\(paths.prefix(5).joined(separator: ", ")))"
            return "git must read every file in the journal, and say cannot read \(named); nothing was changed. "
                + "Make \(paths.count == 1 ? "it" : "them") readable (chmod u+r) or move \(paths.count == 1 ? "it" : "them") out of the journal, then try again"
        case let .unusableJournal(path, reason):
            return "the journal folder \(path) cannot be used: \(reason)"
        case let .repositoryHoldsOtherWork(path, contents):
            return "the journal's git repository (\(path)) also holds \(contents.joined(separator: ", ")), which say did not make; "
                + "nothing was changed. Turning versioning off removes the whole repository: keep those somewhere else first "
                + "(or remove \(path) yourself if you mean to lose them)"
        case let .repositoryElsewhere(path, repository, isLink, isSharedWorktree):
            if isSharedWorktree {
                return "the journal is a working tree of the repository in \(repository) (\(path) points there), which holds its history "
                    + "and may hold other work of yours; say removes only a repository of the journal's own in its folder, so nothing was changed. "
                    + "To stop versioning, make the journal a folder of its own first (copy its files out), or remove that repository yourself if you mean to lose everything in it"
            }
            return "the journal's history is kept in \(repository) (\(path) is \(isLink ? "a link" : "a file pointing") there), and removing \(path) alone would leave every earlier version there; "
                + "nothing was changed. Move it into the journal (rm \(path) && mv \(repository) \(path)) and run say git off again, "
                + "or remove both yourself if you mean to lose every earlier version"
        case let .storage(error):
            return error.errorDescription
        case let .versioning(error):
            return "git could not update the journal's history: \(error.errorDescription ?? "unknown error")"
        case let .copiesElsewhere(paths, entries):
            return GitPurgeCopiesFound.describe(paths: paths, entries: entries) + "; nothing was changed"
        case .busy:
            return "another say is busy with this journal; try again in a moment"
        case .noHomeFolder:
            return "HOME is not set, so there is no default journal folder; use --journal DIR or set SAY_JOURNAL"
        }
    }
}
