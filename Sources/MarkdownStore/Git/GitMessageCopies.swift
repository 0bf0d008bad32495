import Foundation

/// The person's own messages that hold a version of an entry: an annotated tag's or a
/// commit's message made from the entry's file (`git tag -a -F`, `git commit -F`). Say never
/// rewrites a message it did not write, so a let-go names them instead.
enum GitMessageCopies {
    /// The shortest text after the front matter taken for the entry's words on its own: shorter
    /// ones ("ok") are found in messages by chance.
    static let shortestWords = 20

    /// "tag <name>" for each annotated tag a reference names, and "commit <id after the
    /// rewrite>" for each commit among `commits`, whose message holds a version in `versions`
    /// whole, or its text after the front matter.
    static func find(versions: Set<ObjectID>, commits: [ObjectID], references: [GitReference], commitMap: [ObjectID: ObjectID?],
                     database: GitObjectDatabase) -> [String] {
        var texts: [[UInt8]] = []
        for blob in versions {
            guard let bytes = try? database.read(blob, { kind, data in kind == .blob ? Array(data) : nil }) else { continue }
            let whole = trimmed(bytes[...])
            if !whole.isEmpty { texts.append(whole) }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix("---"), let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3) ..< text.endIndex) {
                let words = trimmed(Array(text[end.upperBound...].utf8)[...])
                if words.count >= shortestWords { texts.append(words) }
            }
        }
        guard !texts.isEmpty else { return [] }
        func holdsWords(_ id: ObjectID) -> Bool {
            guard let message = try? database.read(id, { _, data -> [UInt8] in
                let bytes = Array(data)
                guard let start = (0 ..< max(bytes.count - 1, 0)).first(where: { bytes[$0] == 10 && bytes[$0 + 1] == 10 }) else { return [] }
                return Array(bytes[(start + 2)...])
            }) else { return false }
            return texts.contains { contains(message, $0) }
        }
        var found: [String] = []
        for reference in references where reference.name.hasPrefix("refs/tags/") {
            guard let target = reference.target,
                  (try? database.read(target, { kind, _ in kind == .tag })) == true, holdsWords(target) else { continue }
            found.append("tag " + reference.name.dropFirst("refs/tags/".count))
        }
        for commit in commits where holdsWords(commit) {
            guard let now = commitMap[commit] ?? commit else { continue }
            found.append("commit " + String(now.description.prefix(12)))
        }
        return found
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let space: Set<UInt8> = [9, 10, 13, 32]
        guard let first = bytes.firstIndex(where: { !space.contains($0) }), let last = bytes.lastIndex(where: { !space.contains($0) }) else { return [] }
        return Array(bytes[first ... last])
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0 ... haystack.count - needle.count).contains { start in
            haystack[start] == needle[0] && haystack[start ..< start + needle.count].elementsEqual(needle)
        }
    }
}
