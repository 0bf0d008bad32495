import ArgumentParser
import SayItLaterCore

extension Say {
    /// `say support`: where to find someone to talk to, any time.
    struct Support: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "support", abstract: "Show where to find support, any time (UK).")

        func run() throws {
            Output.line(SupportText.full)
        }
    }
}

/// The support resources as text.
enum SupportText {
    static var full: String {
        var lines = [Copy.supportResourcesHeading, ""]
        for resource in SupportResource.all {
            lines.append("  " + resource.call)
            lines.append("    \(resource.detail)")
        }
        lines.append("")
        lines.append(Copy.supportPrivacy)
        return lines.joined(separator: "\n")
    }

    /// The short form printed on stderr by `say write` when the words were heavy.
    static func printShort() {
        Output.error(Copy.supportHeading + " " + Copy.supportBody[0])
        let line = SupportResource.all.map(\.call).joined(separator: " · ")
        Output.error(line)
    }
}
