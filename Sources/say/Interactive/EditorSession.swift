import Foundation
import MarkdownStore
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

    /// The editor as the person set it: `$VISUAL`, else `$EDITOR`, else `vi`.
    static func chosen(environment: [String: String]) -> String {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
    }

    /// The editor command: ``chosen(environment:)`` split into words as the shell splits them
    /// (quotes and backslashes, so `"/opt/My Editors/ed" -w` is one program and one option, as
    /// git and the shell read it), with the no-copies options added for Vim and Neovim.
    static func command(environment: [String: String]) -> [String] {
        let chosen = chosen(environment: environment)
        var words = shellWords(chosen) ?? chosen.split(separator: " ").map(String.init)
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

    /// The words of a command line as a POSIX shell splits them: blanks separate words, and
    /// single quotes, double quotes and backslashes quote. Nil when a quote is not closed.
    static func shellWords(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        // Inside double quotes a backslash quotes only these; otherwise it stays.
                        if !["$", "`", "\"", "\\", "\n"].contains(escaped) { word.append("\\") }
                        if escaped != "\n" { word.append(escaped) }
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                guard let escaped = characters.next() else { return nil }
                if escaped != "\n" { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Run before and after the person's vimrc, so it cannot turn them back on.
    static let noCopies = "set noswapfile noundofile nobackup nowritebackup"

    /// The real path behind a program name found on PATH (so `vi` that is Vim is treated as Vim).
    private static func resolve(_ program: String, environment: [String: String]) -> String {
        let found = program.contains("/") ? program : ProgramSearch.path(of: program, environment: environment)
        guard let found, FileManager.default.isExecutableFile(atPath: found) else { return program }
        return URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }

    /// The terminal closed (SIGHUP) or say was asked to stop (SIGTERM) while the editor ran.
    /// `text` is what the editor's file held when it ended; it is already saved as the draft.
    struct Interrupted: Error {
        let signal: Int32
        let text: String
    }

    /// Lets the person edit `text` in their editor and returns what they saved.
    ///
    /// - Throws: ``Failure`` when the private file cannot be made or the editor fails to start
    ///   or exits with an error (the text is then still in the draft); ``Interrupted`` when a
    ///   signal ended the session (what the editor saved is then the draft).
    static func edit(_ text: String, stateFolder: String, drafts: DraftStore, environment: [String: String], terminal: RealTerminal) throws -> String {
        let scratch: EditorScratch
        do {
            scratch = try EditorScratch.create(text: text, stateFolder: stateFolder)
        } catch {
            throw Failure(reason: Copy.editorFellBack(Copy.editorFileFailed(WritingFlow.reason(error))))
        }
        defer { scratch.remove() }
        let command = command(environment: environment)
        let program = (command[0] as NSString).lastPathComponent
        switch terminal.runEditor(command, file: scratch.file, inherited: scratch.lockDescriptor) {
        case .notStarted:
            throw Failure(reason: Copy.editorFellBack(Copy.editorDidNotStart(chosen(environment: environment))))
        case let .exited(status) where status != 0:
            throw Failure(reason: Copy.editorFellBack(Copy.editorExited(program, status: status)))
        case let .killed(signal):
            throw Failure(reason: Copy.editorFellBack(Copy.editorExited(program, status: 128 + signal)))
        case let .interrupted(signal):
            // Keep what the editor saved before it ended, then leave as the signal asks.
            let saved = (try? scratch.read()) ?? text
            let kept = saved.allSatisfy(\.isWhitespace) ? text : saved
            try? drafts.save(kept)
            throw Interrupted(signal: signal, text: kept)
        case .exited:
            break
        }
        do {
            return try scratch.read()
        } catch {
            throw Failure(reason: Copy.editorFellBack(Copy.editorFileFailed(WritingFlow.reason(error))))
        }
    }
}
