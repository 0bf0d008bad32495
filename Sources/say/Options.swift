import ArgumentParser
import Foundation
import SayItLaterCore

/// `--journal`, shared by every command that reads or writes entries.
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

    /// The journal, ready to use.
    ///
    /// - Parameter settling: bring git up to date first (false for a command that does that
    ///   itself, under its own lock, such as sync).
    func open(settling: Bool = true) throws -> Journal {
        do {
            // SAY_LOCK_TIMEOUT (seconds) lets tests and scripts choose how long to wait for
            // another say; people get the default.
            let timeout = ProcessInfo.processInfo.environment["SAY_LOCK_TIMEOUT"].flatMap(TimeInterval.init) ?? 10
            let journal = try Journal(folders: folders(), lockTimeout: timeout)
            // Finish an interrupted let-go and commit edits made in an editor before anything else.
            // If git cannot, the entries on disk are still there to list and keep: say so, go on.
            do {
                if settling { try journal.settle() }
            } catch {
                Output.error("say: " + Copy.notSettled((error as? LocalizedError)?.errorDescription ?? "\(error)"))
            }
            if let problem = journal.repositoryProblem {
                Output.error("say: " + Copy.notSettled(problem.errorDescription ?? "the repository cannot be opened"))
            }
            return journal
        } catch let failure as SayFailure {
            throw failure
        } catch {
            throw SayFailure("open the journal", error)
        }
    }
}

/// Writes to standard output and standard error. Commands write results to stdout and
/// everything else to stderr.
enum Output {
    static func line(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String, terminator: Bool = true) {
        FileHandle.standardError.write(Data((text + (terminator ? "\n" : "")).utf8))
    }

    /// Prints what the journal noted along the way (say: …) on stderr.
    static func warnings(of journal: Journal) {
        for warning in journal.warnings { error("say: " + warning) }
    }

    /// Whether standard input is a terminal a person is typing at.
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

extension Feeling: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(text: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
