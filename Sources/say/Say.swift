import ArgumentParser
import Foundation
import MarkdownStore
import SayItLaterCore

/// The `say` program: a private place to say what you can't yet.
@main
struct Say: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "A private place to say what you can't yet.",
        discussion: """
            Run `say` on its own to write. Everything else can be scripted:

              echo "what I need to say" | say write --feeling lighter --keep
              say history
              say show 1
              say let-go 1 --yes

            Entries are Markdown files in your journal folder: --journal DIR (before or \
            after the command), else $SAY_JOURNAL, else $XDG_DATA_HOME/say-it-later, else \
            ~/.local/share/say-it-later. `say --plain` and `say --editor` start the app line by \
            line or in your own editor. Nothing you write leaves this computer.

            EXIT STATUS
              0    done
              1    could not do what was asked (an unknown entry, empty text,
                   a file that could not be written)
              2    the command line was not understood
              3    another say is busy with this journal
              4    the passcode was wrong (or a locked journal was opened
                   without a terminal)
              130  interrupted with Ctrl-C; 129, 131 and 143 when ended by
                   SIGHUP, Ctrl-\\ (SIGQUIT) or SIGTERM (what you were writing
                   is kept as a draft)
            """,
        version: "0.1.0",
        subcommands: [App.self, Write.self, History.self, Show.self, Edit.self, LetGo.self, Support.self, Init.self, Git.self, Sync.self, Settings.self, Unlock.self, LicenceStatus.self, Lock.self, Export.self, Reflect.self, Debug.self],
        defaultSubcommand: App.self
    )

    /// Runs the command, mapping errors to the exit statuses documented above. Usage errors use
    /// 2 rather than the argument parser's 64, as most Unix tools do.
    static func main() {
        Privacy.harden()
        // Before any check: the compiled safety phrase table is kept there between runs.
        // (Two variables read directly: the whole environment as a dictionary costs more than
        // `say --version` does otherwise.)
        let cacheVariables = ["XDG_CACHE_HOME", "HOME"].reduce(into: [String: String]()) { found, name in
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        SafetyDetector.useCache(in: UserFolders.cache(environment: cacheVariables))
        do {
            let arguments = try GlobalOptions.apply(to: Array(CommandLine.arguments.dropFirst()))
            // `say --version` on its own needs none of the parser's work (building every
            // command's tree and checking for a completion-script request cost more than the
            // rest of the run); the answer is the one the parser gives.
            if arguments == ["--version"], let version = configuration.version.isEmpty ? nil : configuration.version {
                FileHandle.standardOutput.write(Data((version + "\n").utf8))
                return
            }
            // A write checks its words against the safety table: reading the table back (a few
            // ms) runs beside the parsing of the command and the opening of the journal.
            if arguments.first == "write" { SafetyDetector.prepareInBackground() }
            // So does loading libgit2, for the commands that open the repository (a listing of a
            // settled journal does not; it loads libgit2 itself if it finds work to commit).
            if !["history", "support", "--help", "-h", "help"].contains(arguments.first ?? "") { GitLibrary.preload() }
            if let unknown = unknownCommand(arguments) {
                Output.error(unknown)
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            var command = try parsedWrite(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch let error as SayFailure {
            // Failures name files and words from the journal folder: on a terminal they go
            // through TerminalText like everything else from a file.
            Output.error("say: " + error.message)
            Foundation.exit(error.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Output.error(fullMessage(for: error))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            // Help and the like go to stdout as the parser writes them; any other message is
            // written here, made safe for a terminal, with the parser's exit status.
            if code == .success { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { Output.error(message) }
            Foundation.exit(code.rawValue)
        }
    }
}

extension Say {
    /// The usage error for a first word that names no command (`say histroy`), with the nearest
    /// command's name; nil when the first word is a command, an option, or missing. Without
    /// this, the word would reach the app (the default command) and read as an argument it
    /// does not take.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        var names: [String] = []
        for command in configuration.subcommands { names += [command._commandName] + command.configuration.aliases }
        guard !names.contains(word), word != "help" else { return nil }
        var nearest: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(name, word.lowercased())
            if distance < (nearest?.distance ?? Int.max) { nearest = (name, distance) }
        }
        var suggestion: String
        if let nearest, nearest.distance <= max(1, nearest.name.count / 3) {
            suggestion = " Did you mean '\(nearest.name)'?"
        } else {
            var commands: [String] = []
            for command in configuration.subcommands { commands.append(command._commandName) }
            suggestion = " The commands are: " + commands.joined(separator: ", ") + "."
        }
        return "Error: Unknown command '\(word)'.\(suggestion)\n  See 'say --help' for help."
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of two
    /// neighbours that turn one word into the other.
    static func editDistance(_ one: String, _ other: String) -> Int {
        let a = Array(one), b = Array(other)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0 ... a.count { table[i][0] = i }
        for j in 0 ... b.count { table[0][j] = j }
        for i in 1 ... a.count {
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}

extension Say {
    /// `say write ...` parsed as the one command it names: the command the whole tree's parse
    /// gives (a test holds them equal), without first building every command and checking for a
    /// completion-script request, a quarter of a keep's time on its main thread before the
    /// journal is opened. Anything not taken as a write, `--help` and mistakes included, is nil
    /// and goes through the whole tree, so help and errors read as they always have.
    static func parsedWrite(_ arguments: [String]) -> Write? {
        guard arguments.first == "write" else { return nil }
        return (try? Write.parseAsRoot(Array(arguments.dropFirst()))) as? Write
    }
}

/// The documented exit statuses.
enum ExitStatus: Int32 {
    case failure = 1
    case usage = 2
    case busy = 3
    case wrongPasscode = 4
    case interrupted = 130
}

/// An error already worded for the person: printed once as `say: <message>`, then exit.
struct SayFailure: Error {
    let message: String
    let status: ExitStatus

    /// "could not keep your entry: <reason>".
    init(_ doing: String? = nil, _ error: Error, status: ExitStatus = .failure) {
        let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        self.message = doing.map { "could not \($0): \(reason)" } ?? reason
        self.status = (error as? JournalError) == .busy ? .busy : status
    }

    init(message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }
}
