import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say init`: make a journal folder, optionally versioned.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create the journal folder, optionally versioned with git.",
            discussion: """
                With --git the journal becomes a local git repository: every keep, edit and \
                let-go is a commit whose message holds no words of the entry, and letting an \
                entry go rewrites the history so nothing of it remains.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Flag(help: "Version the journal with git.") var git = false

        func run() throws {
            let journal = try journalOptions.open()
            do {
                try journal.create()
                if git { try journal.enableVersioning() }
            } catch {
                throw SayFailure("create the journal", error)
            }
            Output.line("Your journal is ready at \(journal.folders.journal)\(git ? ", versioned with git" : "").")
        }
    }

    /// `say git on|off|status`.
    struct Git: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "git",
            abstract: "Turn git versioning of the journal on or off, or see where it stands.",
            subcommands: [On.self, Off.self, Status.self])
    }
}

extension Say.Git {
    struct On: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on",
            abstract: "Version the journal with git, starting from the entries it holds now.")
        @OptionGroup var journalOptions: JournalOptions

        func run() throws {
            let journal = try journalOptions.open()
            let wasOn: Bool
            do {
                wasOn = try journal.enableVersioning()
            } catch {
                throw SayFailure("turn versioning on", error)
            }
            Output.line(wasOn ? "Versioning was already on." : "Versioning is on. Every keep and let-go is now a commit.")
        }
    }

    struct Off: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "off",
            abstract: "Stop versioning: removes the journal's git repository and every earlier version in it.",
            discussion: "Your entries stay as they are. On a terminal say asks first; scripts pass --yes.")
        @OptionGroup var journalOptions: JournalOptions
        @Flag(name: [.short, .long], help: "Don't ask for confirmation.") var yes = false

        func run() throws {
            // It shows no entry, but it removes every earlier version: a locked journal asks first.
            try LockGate.unlock(journalOptions.folders())
            let journal = try journalOptions.open()
            guard journal.isVersioned else {
                Output.line("Versioning is already off.")
                return
            }
            if !yes {
                guard Output.inputIsTerminal else {
                    throw SayFailure(message: "could not turn versioning off: confirm with --yes when not on a terminal")
                }
                Output.error("This removes the git repository and every earlier version of your entries. Your entries stay. Go ahead? [y/N] ", terminator: false)
                guard ["y", "yes"].contains(Output.answer()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "") else {
                    Output.error("Nothing changed.")
                    return
                }
            }
            do {
                try journal.disableVersioning()
            } catch {
                throw SayFailure("turn versioning off", error)
            }
            Output.line("Versioning is off. Your entries are where they were.")
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show whether the journal is versioned, and its state.")
        @OptionGroup var journalOptions: JournalOptions

        func run() throws {
            let journal = try journalOptions.open()
            let status: VersioningStatus
            do {
                status = try journal.versioningStatus()
            } catch {
                throw SayFailure("read the journal's history", error)
            }
            guard status.isOn else {
                Output.line("Versioning is off. `say git on` turns it on.")
                return
            }
            if let problem = status.problem {
                Output.line("The journal has a git repository, but say cannot use it: \(problem).")
                Output.line("Entries are kept without versioning, and letting go is refused, until that is fixed.")
                return
            }
            Output.line("Versioning is on, on branch \(status.branch ?? "(detached)"), \(status.commits) commit\(status.commits == 1 ? "" : "s").")
            if status.uncommittedChanges > 0 {
                Output.line("\(status.uncommittedChanges) change\(status.uncommittedChanges == 1 ? "" : "s") made outside say will be committed the next time say lists the journal.")
            }
            if status.changesElsewhere > 0 {
                let count = status.changesElsewhere
                Output.line("\(count) file\(count == 1 ? "" : "s") outside entries/ \(count == 1 ? "differs" : "differ") from the last commit or \(count == 1 ? "is" : "are") untracked; "
                    + "say does not version \(count == 1 ? "it" : "them") (`git status` lists \(count == 1 ? "it" : "them")).")
            }
            if status.isBusyWithGit { Output.line("A git operation of yours (a merge, rebase, bisect or similar) is in progress; say commits nothing until it is finished.") }
            if status.isDetached { Output.line("HEAD is detached; say commits nothing until a branch is checked out.") }
            if status.isShallow {
                Output.line("The journal is a shallow clone (.git/shallow): the history before it is not here, so letting go and sync are refused "
                    + "until `git fetch --unshallow` fetches the rest. Keeping works.")
            }
            if let refusal = status.letGoRefusal, !(status.isShallow && refusal.contains("shallow clone")) {
                Output.line("Letting go is refused until this is fixed: \(refusal).")
            }
        }
    }
}
