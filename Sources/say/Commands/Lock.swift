import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say lock on|off|status`: the optional passcode (turning it on is a paid feature).
    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lock",
            abstract: "Ask for a passcode before say shows anything you've kept.",
            discussion: """
                on      choose a passcode (asked twice); then the app, history, show, let-go, \
                export, reflect and sync ask for it first. The journal (--journal, else the \
                default) also records that it is locked, so other settings cannot open it. Part of \
                the one-time £5 unlock.
                off     turn the lock off (asks for the passcode).
                status  say whether the lock is on, and where its check is kept.

                The passcode is never stored: only a slow, salted PBKDF2-SHA256 check of it, in \
                the system keyring when one is reachable (Secret Service through secret-tool, \
                or the macOS Keychain), else in $XDG_CONFIG_HOME/say-it-later/lock (0600). \
                SAY_KEYRING=off always uses the file. Wrong tries wait longer each time.

                The lock keeps say's screens private. It does not encrypt your entries: they \
                stay readable Markdown files on your disk. If you forget the passcode, your \
                entries are safe; the README's "Reset the lock" says how to remove it.
                """)

        enum Action: String, ExpressibleByArgument, CaseIterable {
            case on, off, status
        }

        @Argument(help: ArgumentHelp("on, off or status.", valueName: "on|off|status"))
        var action: Action

        @OptionGroup var journalOptions: JournalOptions

        func run() throws {
            let folders = try journalOptions.folders()
            let lock = Paid.lock(folders)
            let storage: LockStorage?
            let lockedElsewhere: Bool
            do {
                storage = try lock.status()
                lockedElsewhere = Self.isLockedElsewhere(lock, folders.journal)
            } catch {
                throw SayFailure("read the lock's settings", error)
            }
            switch action {
            case .status:
                if lockedElsewhere {
                    Output.line(Copy.lockStatusElsewhere(folders.journal))
                } else {
                    Output.line(storage.map { Copy.lockStatusOn($0.description) } ?? Copy.lockStatusOff)
                }
            case .off:
                guard storage != nil || lockedElsewhere else { return Output.line(Copy.lockAlreadyOff) }
                try LockGate.unlock(folders)
                do {
                    try lock.turnOff(journal: folders.journal)
                } catch {
                    throw SayFailure("turn the lock off", error)
                }
                Output.line(Copy.lockTurnedOff)
            case .on:
                try Paid.require(.lock, folders)
                // A journal locked with another check is opened by nobody here, not even by locking it anew.
                if lockedElsewhere { try LockGate.unlock(folders) }
                guard storage == nil else { return Output.line(Copy.lockAlreadyOn) }
                try turnOn(lock, journal: folders.journal)
            }
        }

        /// Whether the journal records a lock whose check these settings do not hold.
        private static func isLockedElsewhere(_ lock: PasscodeLock, _ journal: String) -> Bool {
            do {
                _ = try lock.verifier(forJournal: journal)
                return false
            } catch LockError.journalLockedElsewhere {
                return true
            } catch {
                return false
            }
        }

        private func turnOn(_ lock: PasscodeLock, journal: String) throws {
            guard let terminal = PasscodeTerminal.open() else {
                throw SayFailure(message: "could not turn the lock on: a passcode can only be chosen on a terminal")
            }
            func ask(_ prompt: String) throws -> String {
                switch terminal.readSecret(prompt: prompt) {
                case let .text(text): return text
                case .end: throw SayFailure(message: "no passcode was given; the lock is still off")
                case .interrupt: throw ExitCode(ExitStatus.interrupted.rawValue)
                }
            }
            let first = try ask(Copy.choosePasscode)
            guard first.count >= PasscodeVerifier.minimumLength else {
                Output.error(Copy.passcodeTooShort(PasscodeVerifier.minimumLength))
                throw ExitCode.failure
            }
            guard try ask(Copy.repeatPasscode) == first else {
                Output.error(Copy.passcodesDiffer)
                throw ExitCode.failure
            }
            let turnedOn: LockTurnedOn
            do {
                turnedOn = try lock.turnOn(PasscodeVerifier(passcode: first), journal: journal)
            } catch {
                throw SayFailure("turn the lock on", error)
            }
            Output.line(Copy.lockTurnedOn)
            if let refusal = turnedOn.keyringRefusal, let keyring = lock.keyring {
                Output.line(Copy.keyringDidNotKeepIt(keyring.name, refusal))
            }
            Output.line(Copy.lockKeptIn(turnedOn.storage.description))
            Output.line(Copy.lockProtects)
            Output.line(Copy.lockForgotten)
        }
    }
}
