import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// Hidden tools for tests and benchmarks.
    struct Debug: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tools for tests and benchmarks.",
            shouldDisplay: false,
            subcommands: [Safety.self])
    }
}

extension Say.Debug {
    /// `say debug safety`: runs the on-device safety matcher over standard input.
    struct Safety: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Exit 1 when the text on stdin would show the support screen, 0 when not.",
            discussion: "With --jsonl, read one {\"text\": ...} object per line and print true or false per line, in order.")

        @Flag(help: "Read JSON lines and print true/false per line.") var jsonl = false

        func run() throws {
            let detector = SafetyDetector()
            if !jsonl {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                let text = String(decoding: data, as: UTF8.self)
                if detector.isConcerning(text) { throw ExitCode(1) }
                return
            }
            var output = ""
            while let line = readLine(strippingNewline: true) {
                if line.isEmpty { continue }
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let text = object["text"] as? String
                else {
                    throw SayFailure(message: "debug safety: each line must be a JSON object with a \"text\" string", status: .usage)
                }
                output += detector.isConcerning(text) ? "true\n" : "false\n"
            }
            FileHandle.standardOutput.write(Data(output.utf8))
        }
    }
}
