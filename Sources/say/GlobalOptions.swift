import ArgumentParser
import Foundation
import SayItLaterCore

/// Options that may come before the command's name, as in git: `say --journal DIR history`,
/// `say --plain`, `say --editor`.
///
/// `--journal DIR` before the command means the same as `SAY_JOURNAL=DIR` for that one run, so
/// it reaches every command (a `--journal` after the command's name still wins). `--plain` and
/// `--editor` belong to the app; before another command's name they are a usage error.
enum GlobalOptions {
    /// The app's own flags, accepted before `app` (or with no command at all).
    static let appFlags: Set<String> = ["--plain", "--editor"]

    /// The arguments with the leading global options taken out and applied.
    ///
    /// - Throws: `ValidationError` for `--plain` or `--editor` before a command other than the app.
    static func apply(to arguments: [String]) throws -> [String] {
        var index = 0
        var journal: String?
        var flags: [String] = []
        scan: while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--journal":
                guard index + 1 < arguments.count else { break scan }  // let the parser say it needs a value
                journal = arguments[index + 1]
                index += 2
            case _ where argument.hasPrefix("--journal="):
                journal = String(argument.dropFirst("--journal=".count))
                index += 1
            case _ where appFlags.contains(argument):
                flags.append(argument)
                index += 1
            default:
                break scan
            }
        }
        guard index > 0 else { return arguments }
        let rest = Array(arguments[index...])
        let command = rest.first.flatMap { name in
            Say.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
        }
        if !flags.isEmpty, let command, ObjectIdentifier(command) != ObjectIdentifier(Say.App.self) {
            throw ValidationError(Copy.appOptionOnly(flags.joined(separator: " "), command: command._commandName))
        }
        if let journal {
            guard !journal.isEmpty else { throw ValidationError(Copy.journalNeedsFolder) }
            setenv("SAY_JOURNAL", journal, 1)
        }
        if let command, ObjectIdentifier(command) == ObjectIdentifier(Say.App.self) { return [rest[0]] + flags + rest.dropFirst() }
        return flags + rest
    }
}
