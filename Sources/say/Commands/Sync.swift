import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say sync`: one journal on several computers, through a git remote the person owns.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Sync the journal with your own git remote.",
            discussion: """
                Fetches from the remote, brings in what changed there, sends what changed here, \
                and prints one line saying what happened. The first time, name the remote with \
                --remote: a folder (a USB drive, a mounted share), a file:// URL, \
                ssh://user@host/path (your ssh agent or ~/.ssh keys; the server must be in \
                ~/.ssh/known_hosts) or https://. It is stored as the journal's `origin` once a \
                sync with it works; later syncs need no option.

                Entries are reconciled one file at a time, never line by line. An entry changed \
                on two computers keeps the remote's version and yours as a copy. An entry let go \
                with say on one computer is let go on every computer that syncs, and removed from \
                the remote's history; an entry that is only missing somewhere is put back. A sync \
                that would let go of many entries here asks first (--yes for scripts). Sync turns \
                git versioning on if it is off.

                Your computers share a sync key the remote never sees: the first sync makes it, \
                say sync --show-key shows it, and another computer joins with \
                say sync --remote <url> --key - (then type the key). A let-go that key did not seal (from a \
                computer without the key, or from someone who can write to the remote) is always \
                asked about, however few entries it names; --yes does not answer that question.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Option(help: ArgumentHelp("The remote to sync with (stored for next time).", valueName: "url"))
        var remote: String?
        @Flag(help: "Show what a sync would do, and change nothing.") var dryRun = false
        @Flag(name: [.short, .long], help: "Let go of many entries let go elsewhere without asking.") var yes = false
        @Flag(help: "Bring together a remote that was restored or rewritten: keep everything on both sides.") var rejoin = false
        @Flag(help: "Print the result as JSON.") var json = false
        @Option(help: ArgumentHelp("The journal's sync key, from say sync --show-key on another of your computers (kept for next time). "
                                   + "Give - to type it unseen, or to read it from standard input, so it stays out of your shell's "
                                   + "history and the list of running programs.", valueName: "code"))
        var key: String?
        @Flag(help: "Show this journal's sync key, to give to your other computers, and sync nothing.") var showKey = false

        func validate() throws {
            if let remote, remote.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--remote needs a folder or a URL")
            }
            if let key, key != "-", SyncKey(code: key) == nil {
                throw ValidationError("--key needs the code say sync --show-key shows: 32 letters and digits, in groups of four")
            }
            if showKey, key != nil || remote != nil || dryRun || yes || rejoin || json {
                throw ValidationError("--show-key shows the key and does nothing else; use it alone")
            }
        }

        func run() throws {
            // Sync sends every entry: a locked journal asks for the passcode first.
            try LockGate.unlock(journalOptions.folders())
            // Sync brings git up to date itself, under its own lock.
            let journal = try journalOptions.open(settling: .none)
            if showKey {
                let shown: SyncKey?
                do { shown = try journal.syncKey() } catch { throw SayFailure("show the sync key", error) }
                guard let shown else { throw SayFailure(message: Copy.noSyncKeyYet) }
                Output.line(Copy.syncKeyShown(shown.code))
                return
            }
            let report: SyncReport
            do {
                let options = SyncOptions(remote: remote, dryRun: dryRun, assumeYes: yes, rejoin: rejoin, key: try key.map(Self.syncKey))
                report = try journal.sync(options, confirm: Self.ask)
            } catch SyncError.needsConfirmation(_, _) where Output.inputIsTerminal && !yes {
                // The person said no: a decision, not a failure.
                Output.error(Copy.syncNothingChanged)
                return
            } catch SyncError.uncheckedLetGo(_, _) where Output.inputIsTerminal {
                Output.error(Copy.syncNothingChanged)
                return
            } catch {
                throw SayFailure("sync", error)
            }
            Output.line(json ? Self.json(report) : report.summary)
            if dryRun, !json {
                for path in report.wouldLetGo { Output.line("  would let go here: " + path) }
            }
            for line in Copy.syncRemoteStillHolds(report) { Output.error("say: " + line) }
        }

        /// The key `--key` names: its code, or with "-", the code typed unseen at the terminal or
        /// read from standard input's first line.
        static func syncKey(_ given: String) throws -> SyncKey {
            var code = given
            if given == "-" {
                if Output.inputIsTerminal, let terminal = PasscodeTerminal.open() {
                    switch terminal.readSecret(prompt: Copy.syncKeyPrompt) {
                    case let .text(text): code = text
                    case .end: throw SayFailure(message: Copy.noSyncKeyGiven)
                    case .interrupt: throw ExitCode(ExitStatus.interrupted.rawValue)
                    }
                } else {
                    guard let line = readLine() else { throw SayFailure(message: Copy.noSyncKeyGiven) }
                    code = line
                }
            }
            guard let key = SyncKey(code: code.trimmingCharacters(in: .whitespaces)) else {
                throw SayFailure(message: Copy.syncKeyMalformed)
            }
            return key
        }

        /// Asks on the terminal; without one, the sync stops and says how to confirm.
        static func ask(_ question: SyncRemovalQuestion) -> Bool {
            guard Output.inputIsTerminal else { return false }
            for path in question.paths.prefix(20) { Output.error("  " + path) }
            if question.paths.count > 20 { Output.error("  … and \(question.paths.count - 20) more") }
            Output.error(Copy.syncConfirmRemoval(question) + " [y/N] ", terminator: false)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            return answer == "y" || answer == "yes"
        }

        private static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return encoder
        }()

        /// `{"newHere":2,"sent":1,…,"summary":"…"}` with a fixed key order.
        static func json(_ report: SyncReport) -> String {
            func quoted(_ text: String) -> String {
                // Encoding a string cannot fail.
                String(decoding: (try? Self.encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
            }
            func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ",") + "]" }
            let fields: [(String, String)] = [
                ("newHere", "\(report.newHere)"),
                ("sent", "\(report.sent)"),
                ("letGoElsewhere", "\(report.letGoElsewhere)"),
                ("conflictCopies", "\(report.conflictCopies)"),
                ("letGoWon", "\(report.letGoWon)"),
                ("letGoSent", "\(report.letGoSent)"),
                ("startedRemote", "\(report.startedRemote)"),
                ("versioningTurnedOn", "\(report.versioningTurnedOn)"),
                ("remote", quoted(report.remote)),
                ("summary", quoted(report.summary)),
                ("restoredHere", "\(report.restoredHere)"),
                ("restoredOnRemote", "\(report.restoredOnRemote)"),
                ("kept", list(report.kept)),
                ("dryRun", "\(report.dryRun)"),
                ("wouldLetGo", list(report.wouldLetGo)),
                ("remoteStillHolds", list(report.remoteStillHolds)),
            ]
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }
}
