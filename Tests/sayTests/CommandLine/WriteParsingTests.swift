import Testing
@testable import say

/// `say write` is parsed as the one command it names (`Say.parsedWrite`), the keep's quick way
/// in: every command line it takes must give the command the whole tree's parse gives, and
/// everything else (help, mistakes, other commands) must be left to the whole tree.
@Suite("Parsing say write")
struct WriteParsingTests {
    static func fields(_ write: Say.Write) -> [String] {
        [write.journalOptions.journal ?? "-", write.text ?? "-", write.feeling.map { "\($0)" } ?? "-",
         "\(write.keep)", "\(write.letGo)", "\(write.close)", "\(write.json)"]
    }

    @Test("a write parsed alone is the write the whole tree parses", arguments: [
        ["write", "--keep"],
        ["write", "--keep", "--text", "A new entry.", "--journal", "/tmp/j"],
        ["write", "--journal=/tmp/j", "--text=two words", "--feeling", "lighter", "--keep", "--json"],
        ["write", "--feeling", "heavier", "--let-go"],
        ["write", "--close", "--feeling=same"],
        ["write", "--keep", "--text", "keep"],
        ["write", "--text", "-", "--let-go"],
    ])
    func sameAsTheWholeTree(_ arguments: [String]) throws {
        let alone = try #require(Say.parsedWrite(arguments))
        let whole = try #require(try Say.parseAsRoot(arguments) as? Say.Write)
        #expect(Self.fields(alone) == Self.fields(whole))
    }

    @Test("help, mistakes and other commands go through the whole tree", arguments: [
        ["write", "--help"],
        ["write", "-h"],
        ["write", "--keep", "--close"],
        ["write", "--text", "--keep", "--keep"],
        ["write"],
        ["write", "--keep", "--feeling", "fine"],
        ["write", "--keep", "--bogus"],
        ["write", "--keep", "extra"],
        ["write", "--keep", "--generate-completion-script", "bash"],
        ["write", "--version"],
        ["history", "--json"],
        ["--journal", "/tmp/j", "write", "--keep"],
        [],
    ])
    func leftToTheWholeTree(_ arguments: [String]) {
        #expect(Say.parsedWrite(arguments) == nil)
    }
}
