import ArgumentParser
import Foundation
import SayItLaterCore

extension Say {
    /// Hidden tools for tests and benchmarks.
    struct Debug: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "debug",
            abstract: "Tools for tests and benchmarks.",
            shouldDisplay: false,
            subcommands: [Safety.self])
    }
}

extension Say.Debug {
    /// `say debug safety`: runs the on-device safety matcher over standard input.
    struct Safety: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "safety",
            abstract: "Exit 1 when the text on stdin would show the support screen, 0 when not.",
            discussion: """
                With --jsonl, read one {"text": ...} object per line and print true or false per line, in order.
                With --explain (for reviewers of the phrase table, never used by the app), also print each \
                concerning phrase that matched: its family, the words it matched, and what cancelled it if \
                anything; with --jsonl, one JSON object per line instead of true/false.
                """)

        @Flag(help: "Read JSON lines and print true/false per line.") var jsonl = false
        @Flag(help: "Print the phrase family and matched words of every match (for reviewers).") var explain = false

        func run() throws {
            let detector = SafetyDetector()
            if explain {
                for problem in SafetyDetector.tableProblems {
                    FileHandle.standardError.write(Data("phrase table: \(problem)\n".utf8))
                }
            }
            if !jsonl {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                let text = String(decoding: data, as: UTF8.self)
                if explain {
                    var output = ""
                    for match in detector.explain(text) { output += Self.line(match) + "\n" }
                    FileHandle.standardOutput.write(Data(output.utf8))
                }
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
                let flag = detector.isConcerning(text)
                if explain {
                    output += Self.json(flag, detector.explain(text)) + "\n"
                } else {
                    output += flag ? "true\n" : "false\n"
                }
            }
            FileHandle.standardOutput.write(Data(output.utf8))
        }

        /// `family: <name> | span: "<words>" | phrase: <table phrase>`, and what cancelled it.
        static func line(_ match: SafetyExplanation) -> String {
            var out = "family: \(match.family) | span: \(JSONText.quoted(match.span)) | phrase: \(match.phrase)"
            if let reason = match.cancelledBy { out += " | cancelled: \(reason)" }
            return out
        }

        static func json(_ flag: Bool, _ matches: [SafetyExplanation]) -> String {
            var out = "{\"flag\":\(flag),\"matches\":["
            for (i, m) in matches.enumerated() {
                if i > 0 { out += "," }
                out += "{\"family\":\(JSONText.quoted(m.family)),\"span\":\(JSONText.quoted(m.span)),\"phrase\":\(JSONText.quoted(m.phrase))"
                if let reason = m.cancelledBy { out += ",\"cancelled\":\(JSONText.quoted(reason))" }
                out += "}"
            }
            return out + "]}"
        }
    }
}
