import Foundation
import SayItLaterCore

/// Writing in the person's own editor (`say --editor`, or the preference in settings).
///
/// The editor gets a file in a fresh private folder (0700) under the state folder; the folder
/// is removed as soon as the editor exits. Vim and Neovim are started without swap, undo,
/// backup or viminfo/ShaDa files, so the writing leaves no copies behind.
enum EditorSession {
    /// Why the editor could not be used.
    struct Failure: Error, LocalizedError {
        let reason: String
        var errorDescription: String? { reason }
    }

    /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`, split at spaces, with the
    /// no-copies options added for Vim and Neovim.
    static func command(environment: [String: String]) -> [String] {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        var words = chosen.split(separator: " ").map(String.init)
        guard let program = words.first else { return ["vi"] }
        let name = (program as NSString).lastPathComponent
        let resolved = name == "vi" || name == "editor" ? resolve(program, environment: environment) : program
        let resolvedName = (resolved as NSString).lastPathComponent
        if name == "nvim" || resolvedName.hasPrefix("nvim") {
            words += ["-n", "-i", "NONE", "--cmd", noCopies, "-c", noCopies]
        } else if ["vim", "gvim", "mvim", "vimx", "view"].contains(name) || name.hasPrefix("vim.") || resolvedName.hasPrefix("vim") {
            words += ["-n", "-i", "NONE", "--cmd", noCopies, "-c", noCopies]
            if name == "gvim" || name == "mvim" { words.append("-f") }  // wait for the window to close
        }
        return words
    }

    /// Run before and after the person's vimrc, so it cannot turn them back on.
    static let noCopies = "set noswapfile noundofile nobackup nowritebackup"

    /// The real path behind a program name found on PATH (so `vi` that is Vim is treated as Vim).
    private static func resolve(_ program: String, environment: [String: String]) -> String {
        let candidates = program.contains("/") ? [program]
            : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        }
        return program
    }

    /// Lets the person edit `text` in their editor and returns what they saved.
    ///
    /// - Throws: ``Failure`` when the private file cannot be made or the editor fails to start
    ///   or exits with an error (the text is then still in the draft).
    static func edit(_ text: String, stateFolder: String, environment: [String: String], terminal: RealTerminal) throws -> String {
        let scratch: EditorScratch
        do {
            scratch = try EditorScratch.create(text: text, stateFolder: stateFolder)
        } catch {
            throw Failure(reason: InteractiveApp.reason(error))
        }
        defer { scratch.remove() }
        let command = command(environment: environment)
        guard let status = terminal.runEditor(command, file: scratch.file) else {
            throw Failure(reason: "\(command[0]) did not start or did not finish")
        }
        guard status == 0 else { throw Failure(reason: "\(command[0]) exited with status \(status)") }
        do {
            return try scratch.read()
        } catch {
            throw Failure(reason: InteractiveApp.reason(error))
        }
    }
}
