import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say sync`: one journal on several computers, through a git remote the person owns.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sync the journal with your own git remote.",
            discussion: """
                Fetches from the remote, brings in what changed there, sends what changed here, \
                and prints one line saying what happened. The first time, name the remote with \
                --remote: a folder (a USB drive, a mounted share), a file:// URL, or \
                ssh://user@host/path (your ssh agent or ~/.ssh keys; the server must be in \
                ~/.ssh/known_hosts). It is stored as the journal's `origin`; later syncs need no option.

                Entries are reconciled one file at a time, never line by line. An entry changed \
                on two computers keeps the remote's version and yours as a copy. An entry let go \
                on one computer is let go on every computer that syncs, and removed from the \
                remote's history. Sync turns git versioning on if it is off.
                """)

        @OptionGroup var journalOptions: JournalOptions
        @Option(help: ArgumentHelp("The remote to sync with (stored for next time).", valueName: "url"))
        var remote: String?
        @Flag(help: "Print the result as JSON.") var json = false

        func validate() throws {
            if let remote, remote.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--remote needs a folder or a URL")
            }
        }

        func run() throws {
            // Sync sends every entry: a locked journal asks for the passcode first.
            try LockGate.unlock(journalOptions.folders())
            let journal = try journalOptions.open()
            let report: SyncReport
            do {
                report = try journal.sync(remote: remote)
            } catch {
                throw SayFailure("sync", error)
            }
            Output.line(json ? Self.json(report) : report.summary)
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
            ]
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }
}
