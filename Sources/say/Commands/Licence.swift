import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say licence`: whether the paid features are unlocked.
    struct LicenceStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "licence",
            abstract: "Show your licence: whether the lock, export and reflection are unlocked.",
            aliases: ["license"])

        func run() throws {
            let state: LicenceState
            do {
                state = try Paid.licences(Paid.folders()).state()
            } catch let failure as SayFailure {
                throw failure
            } catch {
                throw SayFailure("read your licence", error)
            }
            switch state {
            case .none:
                Copy.noLicence.forEach { Output.line($0) }
            case let .valid(licence):
                Output.line(Copy.unlocked)
                Copy.licenceDetails(id: licence.id, issued: licence.issued, name: licence.name).forEach { Output.line($0) }
                Output.line(Copy.unlockedFeatures)
            case let .invalid(error):
                Copy.storedLicenceInvalid(error.errorDescription ?? "\(error)").forEach { Output.line($0) }
            }
        }
    }
}
