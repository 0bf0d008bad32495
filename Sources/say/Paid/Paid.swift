import ArgumentParser
import Foundation
import SayItLaterCore

/// The CLI side of the paid features: the licence check before a paid command, and the
/// stores built from the person's folders and environment.
enum Paid {
    /// The environment variable a debug build reads one more trusted signing key from (the
    /// `<key id> <public key>` line `say-licence-signer keygen` prints), so tests can sign
    /// keys of their own. Release builds never read it.
    static let testSignerVariable = "SAY_LICENCE_TEST_SIGNER"

    /// The licence verifier: `TrustedLicenceSigners.release`, plus in debug builds the test signer.
    static func verifier() throws -> LicenceVerifier {
        var extra = ""
        #if DEBUG
        extra = ProcessInfo.processInfo.environment[testSignerVariable] ?? ""
        #endif
        do {
            return try LicenceVerifier.trusting(extraLines: extra)
        } catch {
            throw SayFailure("check the licence", error)
        }
    }

    /// The person's folders; the journal option does not matter for settings.
    static func folders() throws -> UserFolders {
        do {
            return try UserFolders.resolve(journalOption: nil, environment: ProcessInfo.processInfo.environment,
                                           workingDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            throw SayFailure("find your settings folder", error)
        }
    }

    static func licences(_ folders: UserFolders) throws -> LicenceStore {
        LicenceStore(folder: folders.config, verifier: try verifier())
    }

    /// Stops a paid command calmly when there is no licence: what the feature is, that it is a
    /// one-time £5 unlock, and how to unlock. Nothing else ever mentions the price.
    static func require(_ feature: PaidFeature, _ folders: UserFolders) throws {
        guard try !licences(folders).isUnlocked else { return }
        Copy.lockedFeature(feature).forEach { Output.error($0) }
        throw ExitCode.failure
    }

    /// The lock, with the system keyring when one is reachable.
    ///
    /// - Parameter terminal: the terminal the passcode is asked on, if any: a try that must
    ///   wait its turn says so there and waits with nothing shown, and Ctrl-C ends the run
    ///   (status 130) before the try is counted.
    static func lock(_ folders: UserFolders, terminal: PasscodeTerminal? = nil) -> PasscodeLock {
        let keyring = SystemKeyring.find(environment: ProcessInfo.processInfo.environment)
        guard let terminal else { return PasscodeLock(folder: folders.config, keyring: keyring) }
        return PasscodeLock(folder: folders.config, keyring: keyring, sleep: { seconds in
            terminal.write(Copy.passcodeWait(Int(seconds.rounded(.up))) + "\n")
            if !terminal.pause(seconds) {
                terminal.restore()
                exit(ExitStatus.interrupted.rawValue)
            }
        })
    }
}
