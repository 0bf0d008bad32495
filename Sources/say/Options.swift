import ArgumentParser
import Foundation
import SayItLaterCore

/// `--journal`, shared by every command that reads or writes entries.
/// How much of git's upkeep a command does when it opens the journal (see `Journal.settle`).
enum Settling {
    case all, interruptedWork, none
    /// Nothing yet: the command lists the journal through ``JournalOptions/listSettled(_:)``,
    /// which settles as `.all` does, opening the repository only when there is work for it.
    case whileListing
}

struct JournalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The journal folder.",
        discussion: "Default: $SAY_JOURNAL, else $XDG_DATA_HOME/say-it-later, else ~/.local/share/say-it-later.",
        valueName: "dir"))
    var journal: String?

    /// The person's folders, from the option and the environment.
    func folders() throws -> UserFolders {
        do {
            return try UserFolders.resolve(
                journalOption: journal,
                environment: ProcessInfo.processInfo.environment,
                workingDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            throw SayFailure("open the journal", error)
        }
    }

    /// ``folders()`` for a command that only reads the journal: a journal folder named with
    /// `--journal` or `SAY_JOURNAL` that does not exist is a mistyped path, never an empty
    /// journal. (The default folder not existing yet is: nothing was kept.)
    func existingFolders() throws -> UserFolders {
        let folders = try folders()
        let environment = ProcessInfo.processInfo.environment
        let named = !(journal ?? "").isEmpty || !(environment["SAY_JOURNAL"] ?? "").isEmpty
        var info = stat()
        if named, lstat(folders.journal, &info) != 0, errno == ENOENT {
            var unnamed = environment
            unnamed["SAY_JOURNAL"] = nil
            let standard = try? UserFolders.resolve(journalOption: nil, environment: unnamed,
                                                    workingDirectory: FileManager.default.currentDirectoryPath).journal
            throw SayFailure(message: Copy.noJournalFolder(folders.journal, standard: standard))
        }
        return folders
    }

    /// The journal, ready to use.
    ///
    /// - Parameter settling: how much to bring git up to date first: everything (`.all`), only
    ///   what an interrupted let-go or sync left (`.interruptedWork`, for a keep, which commits
    ///   only its own file), or nothing (`.none`, for a command that does it itself under its
    ///   own lock, such as sync).
    /// Finishes an interrupted let-go and commits edits made in an editor before anything else.
    /// If git cannot, the entries on disk are still there to list and keep: says so, goes on.
    func settle(_ journal: Journal, _ settling: Settling = .all) {
        do {
            switch settling {
            case .all: try journal.settle()
            case .interruptedWork: try journal.settle(outsideEdits: false)
            case .none, .whileListing: break
            }
        } catch {
            Output.error("say: " + Copy.notSettled((error as? LocalizedError)?.errorDescription ?? "\(error)"))
        }
        if let problem = journal.repositoryProblem {
            Output.error("say: " + Copy.notSettled(problem.errorDescription ?? Copy.repositoryUnopened))
        }
    }

    func open(settling: Settling = .all) throws -> Journal {
        do {
            // SAY_LOCK_TIMEOUT (seconds) lets tests and scripts choose how long to wait for
            // another say; people get the default.
            let timeout = ProcessInfo.processInfo.environment["SAY_LOCK_TIMEOUT"].flatMap(TimeInterval.init) ?? 10
            let journal = try Journal(folders: folders(), lockTimeout: timeout, opensRepositoryWhenNeeded: settling == .whileListing)
            if settling == .whileListing { return journal }
            settle(journal, settling)
            return journal
        } catch let failure as SayFailure {
            throw failure
        } catch {
            throw SayFailure("open the journal", error)
        }
    }
}

extension JournalOptions {
    /// The journal's listing, settled first as `open(settling: .all)` settles it (see
    /// `Journal.listSettled`), with the same words on stderr when git cannot be brought up
    /// to date.
    func listSettled(_ journal: Journal) -> Listing {
        let (listing, failure) = journal.listSettled()
        if let failure {
            Output.error("say: " + Copy.notSettled((failure as? LocalizedError)?.errorDescription ?? "\(failure)"))
        }
        if journal.hasOpenedRepository, let problem = journal.repositoryProblem {
            Output.error("say: " + Copy.notSettled(problem.errorDescription ?? Copy.repositoryUnopened))
        }
        return listing
    }
}

/// Writes to standard output and standard error, and reads a person's answers. Commands write
/// results to stdout and everything else to stderr.
///
/// Text written to a terminal goes through ``TerminalText`` first, so nothing read from a file
/// (an entry, a preview, a file name) can move the cursor, clear the screen or set the title.
/// Written to a pipe or a file, text is passed on exactly.
enum Output {
    static let outputIsTerminal = RealTerminal.isTerminal(STDOUT_FILENO)
    static let errorIsTerminal = RealTerminal.isTerminal(STDERR_FILENO)

    static func line(_ text: String = "") {
        let shown = outputIsTerminal ? TerminalText.visible(text, keepingLineBreaks: true, keepingTabs: true) : text
        FileHandle.standardOutput.write(Data((shown + "\n").utf8))
    }

    static func error(_ text: String, terminator: Bool = true) {
        let shown = errorIsTerminal ? TerminalText.visible(text, keepingLineBreaks: true, keepingTabs: true) : text
        FileHandle.standardError.write(Data((shown + (terminator ? "\n" : "")).utf8))
    }

    /// A progress line on stderr (a terminal only), redrawn in place: say's own control
    /// sequences around text that is made safe.
    static func progress(_ text: String?) {
        let line = "\r\u{1B}[K" + (text.map { TerminalText.visible($0) } ?? "")
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// A file name or other single-line text from the journal, on a line of stderr: on a
    /// terminal, a line break in it shows as � rather than starting a line of its own.
    static func name(_ text: String) -> String {
        errorIsTerminal ? TerminalText.visible(text) : text
    }

    /// Prints what the journal noted along the way (say: …) on stderr.
    static func warnings(of journal: Journal) {
        for warning in journal.warnings { error("say: " + warning) }
    }

    /// Whether standard input is a terminal a person is typing at.
    static var inputIsTerminal: Bool { RealTerminal.isTerminal(STDIN_FILENO) }

    /// A person's answer to a question asked on stderr: one line from standard input, or nil
    /// at the end of input.
    static func answer() -> String? {
        if case let .line(text) = RealTerminal(environment: [:]).readLine() { return text }
        return nil
    }
}

extension Feeling: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(text: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
