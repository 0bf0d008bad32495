import ArgumentParser
import Foundation
import SayItLaterCore

/// The passcode gate: asks for the passcode before anything kept is read, shown or sent, when
/// the lock is on.
///
/// Every command that reads or sends entries calls ``unlock(_:)`` before it opens the journal:
/// the app, history, show, let-go, export, reflect, sync (and `lock off`). A new command that
/// reads or sends entries calls it first too:
///
///     try LockGate.unlock(journalOptions.folders())
///
/// The journal is locked when the settings' lock is on, or when the journal itself records it
/// (`<journal>/.say-locked`), which then opens only with the check it was locked with, so other
/// settings (`XDG_CONFIG_HOME` pointed elsewhere) cannot open it. The passcode is read from the
/// controlling terminal (`/dev/tty`) with echo off, like `sudo` and `ssh` do, so it works when
/// stdout is piped and never comes from a file or an environment variable.
enum LockGate {
    /// Tries per run; the wait between them grows (see `PasscodeLock.check`).
    static let triesPerRun = 3

    /// The journal opened in this process, so the app asks only once.
    /// `say` runs commands on the main thread only.
    nonisolated(unsafe) private static var unlockedJournal: String?

    /// Returns at once when the journal is not locked (or was already opened in this process);
    /// else asks for the passcode on the terminal, and after the right one records in the
    /// journal that it is locked (if it did not say so yet).
    ///
    /// - Throws: `SayFailure` with status 4 after wrong passcodes, no passcode, no terminal to
    ///   ask on, or a journal locked with a check these settings do not have; status 1 when
    ///   the lock's settings cannot be read; `ExitCode(130)` on Ctrl-C.
    static func unlock(_ folders: UserFolders) throws {
        if unlockedJournal == folders.journal { return }
        let found: PasscodeVerifier?
        do {
            found = try Paid.lock(folders).verifier(forJournal: folders.journal)
        } catch let error as LockError {
            if case .journalLockedElsewhere = error { throw SayFailure(nil, error, status: .wrongPasscode) }
            throw SayFailure("open the lock", error)
        } catch {
            throw SayFailure("open the lock", error)
        }
        guard let verifier = found else {
            unlockedJournal = folders.journal
            return
        }
        guard let terminal = PasscodeTerminal.open() else {
            throw SayFailure(message: "the journal is locked, and there is no terminal to ask for the passcode on", status: .wrongPasscode)
        }
        let lock = Paid.lock(folders, terminal: terminal)
        for _ in 1 ... triesPerRun {
            // Said before the prompt, so nobody types into a wait; `check` enforces it either way.
            let wait = lock.secondsToWait()
            if wait > 0 {
                terminal.write(Copy.passcodeWait(wait) + "\n")
                guard terminal.pause(TimeInterval(wait)) else { throw ExitCode(ExitStatus.interrupted.rawValue) }
            }
            let passcode: String
            switch terminal.readSecret(prompt: Copy.passcodePrompt) {
            case let .text(text): passcode = text
            case .end: throw SayFailure(message: "no passcode was given, so nothing is shown", status: .wrongPasscode)
            case .interrupt: throw ExitCode(ExitStatus.interrupted.rawValue)
            }
            let right: Bool
            do {
                // A wait for its turn is said and kept on the terminal (see `Paid.lock`).
                right = try lock.check(passcode, against: verifier)
            } catch {
                throw SayFailure("check the passcode", error)
            }
            if right {
                // Best effort: a journal that cannot be marked (read-only) is still guarded by the settings.
                try? lock.mark(journal: folders.journal, with: verifier)
                unlockedJournal = folders.journal
                return
            }
            terminal.write(Copy.passcodeWrong + "\n")
        }
        throw SayFailure(message: "the passcode was not right, so nothing is shown", status: .wrongPasscode)
    }
}
