import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// `say unlock KEY`: checks a licence key offline and keeps it.
    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "Unlock the lock, export and reflection with your licence key (a one-time £5 unlock).",
            discussion: """
                KEY is the key you received, one line starting with SIL1-. Without KEY, say reads \
                it from standard input (on a terminal: paste it, then press Enter). The key is \
                checked on this computer, without the network, and kept in \
                $XDG_CONFIG_HOME/say-it-later/licence. `say licence` shows it.
                """)

        @Argument(help: ArgumentHelp("Your licence key.", valueName: "key"))
        var key: String?

        func run() throws {
            let store = try Paid.licences(Paid.folders())
            let text = key ?? readKey()
            let licence: Licence
            do {
                licence = try store.unlock(with: text)
            } catch {
                throw SayFailure("unlock", error)
            }
            Output.line(Copy.unlocked)
            Copy.licenceDetails(id: licence.id, issued: licence.issued, name: licence.name).forEach { Output.line($0) }
            Output.line(Copy.unlockedFeatures)
        }

        private func readKey() -> String {
            if Output.inputIsTerminal {
                Output.error(Copy.pasteKey)
                return Output.answer() ?? ""
            }
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
    }
}
