import ArgumentParser
import Foundation
import SayItLaterCore

/// Asks for the passcode before anything kept is shown, when the lock is on.
///
/// Every command and screen that shows journal content calls ``unlock(_:)`` first (history,
/// show, export, reflect, the app). The passcode is read from the controlling terminal
/// (`/dev/tty`) with echo off, like `sudo` and `ssh` do, so it works when stdout is piped and
/// never comes from a file or an environment variable.
enum LockGate {
    /// Tries per run; the wait between them grows (see `PasscodeLock.secondsToWait()`).
    static let triesPerRun = 3

    /// Set once the passcode was right in this process, so the app asks only once.
    /// `say` runs commands on the main thread only.
    nonisolated(unsafe) private static var isUnlocked = false

    /// Returns at once when the lock is off (or was already opened in this process); else
    /// asks for the passcode on the terminal.
    ///
    /// - Throws: `SayFailure` with status 4 after wrong passcodes, no passcode, or no
    ///   terminal to ask on; status 1 when the lock's settings cannot be read;
    ///   `ExitCode(130)` on Ctrl-C.
    static func unlock(_ folders: UserFolders) throws {
        if isUnlocked { return }
        let lock = Paid.lock(folders)
        let verifier: PasscodeVerifier?
        do {
            verifier = try lock.verifier()
        } catch {
            throw SayFailure("open the lock", error)
        }
        guard verifier != nil else {
            isUnlocked = true
            return
        }
        guard let terminal = PasscodeTerminal.open() else {
            throw SayFailure(message: "the journal is locked, and there is no terminal to ask for the passcode on", status: .wrongPasscode)
        }
        for _ in 1 ... triesPerRun {
            let wait = lock.secondsToWait()
            if wait > 0 {
                terminal.write(Copy.passcodeWait(wait) + "\n")
                sleep(UInt32(wait))
            }
            let passcode: String
            switch terminal.readSecret(prompt: Copy.passcodePrompt) {
            case let .text(text): passcode = text
            case .end: throw SayFailure(message: "no passcode was given, so nothing is shown", status: .wrongPasscode)
            case .interrupt: throw ExitCode(ExitStatus.interrupted.rawValue)
            }
            let right: Bool
            do {
                right = try lock.check(passcode)
            } catch {
                throw SayFailure("check the passcode", error)
            }
            if right {
                isUnlocked = true
                return
            }
            terminal.write(Copy.passcodeWrong + "\n")
        }
        throw SayFailure(message: "the passcode was not right, so nothing is shown", status: .wrongPasscode)
    }
}
