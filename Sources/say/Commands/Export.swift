import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say export`: the whole journal as Markdown, JSON, CSV or one printable page.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export everything you've kept as Markdown, JSON, CSV or one printable page.",
            discussion: """
                markdown  a folder laid out like a journal: entries/YYYY/MM/<time>-<id>.md, each \
                with its front matter (say history --journal PATH reads it back)
                json      one document: {"format", "version", "exported", "entries": [...]}, each \
                entry with the fields of `say show --json`
                csv       RFC 4180, UTF-8, a header row then one row per entry: id, date, \
                feeling, safety, preview, path, text; every field quoted, rows end in CRLF
                html      one self-contained printable page: no scripts, nothing fetched

                Part of the one-time £5 unlock (see `say unlock`). Entries are newest first. \
                Export only reads the journal. PATH must be outside \
                the journal; an existing file (or a folder that is not empty) is replaced only \
                with --force. Files are written readable only by you (0600).
                """)

        @OptionGroup var journalOptions: JournalOptions

        @Option(help: ArgumentHelp("What to write.", valueName: "markdown|json|csv|html"))
        var format: ExportFormat

        @Option(help: ArgumentHelp("The file to write (for markdown, a folder).", valueName: "path"))
        var out: String

        @Flag(help: "Replace an existing file, or write into a folder that is not empty.")
        var force = false

        func run() throws {
            let folders = try journalOptions.existingFolders()
            try Paid.require(.export, folders)
            try LockGate.unlock(folders)
            let journal = try journalOptions.open()
            let path = out.hasPrefix("/") ? out : FileManager.default.currentDirectoryPath + "/" + out
            let progress = ExportProgress(enabled: Output.errorIsTerminal)
            let result: ExportResult
            do {
                result = try journal.export(format, to: path, replacing: force, progress: progress.update)
            } catch {
                progress.finish()
                throw SayFailure("export", error)
            }
            progress.finish()
            Output.line(Copy.exported(result.count, path: result.path))
            if !result.problems.isEmpty {
                Output.error(Copy.exportSkipped(result.problems.count))
                for problem in result.problems {
                    Output.error("  \(Output.name(problem.relativePath)): \(problem.reason)")
                }
            }
        }
    }
}

/// The progress line for large journals: on stderr, only when it is a terminal, redrawn in
/// place at most every tenth of a second, and cleared at the end.
final class ExportProgress {
    /// Journals smaller than this finish too fast for a progress line to help.
    static let threshold = 200

    private let enabled: Bool
    private var shown = false
    private var lastDrawn = Date.distantPast

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total >= Self.threshold else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        shown = true
        Output.progress(Copy.exportProgress(done, of: total))
    }

    func finish() {
        if shown { Output.progress(nil) }
        shown = false
    }
}

extension ExportFormat: ExpressibleByArgument {}
