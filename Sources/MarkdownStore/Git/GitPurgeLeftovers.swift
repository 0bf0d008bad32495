import Foundation

/// Files git itself keeps under `.git`, outside the object store, that can hold the words of a
/// version being let go: `COMMIT_EDITMSG` (the last commit message; with `git commit -v` the
/// diff too), `rr-cache` (rerere's recorded conflict resolutions) and `lost-found` (what
/// `git fsck --lost-found` wrote out).
enum GitPurgeLeftovers {
    /// Removes what holds the versions let go: `COMMIT_EDITMSG` always (git writes it afresh at
    /// every commit), each `rr-cache/<id>` folder one of whose images holds a line of a version,
    /// and each `lost-found/other` file that is a version or holds such a line.
    ///
    /// - Parameters:
    ///   - gitdir: the git folder, ending in `/`.
    ///   - versions: the ids and bytes of every version let go (read only when there is
    ///     something to compare them with).
    static func remove(in gitdir: String, versions: () throws -> (ids: Set<ObjectID>, contents: [[UInt8]])) throws {
        try FolderContents.remove(gitdir + "COMMIT_EDITMSG")
        let cache = gitdir + "rr-cache/"
        let lost = gitdir + "lost-found/other/"
        let cached = try FolderContents.names(in: cache)
        let found = try FolderContents.names(in: lost)
        guard !cached.isEmpty || !found.isEmpty else { return }
        let (blobs, contents) = try versions()
        let lines = revealingLines(of: contents)
        for name in cached {
            let folder = cache + name
            let images = try FolderContents.names(in: folder).filter {
                $0.hasPrefix("preimage") || $0.hasPrefix("postimage") || $0.hasPrefix("thisimage")
            }
            if try images.contains(where: { try holds(folder + "/" + $0, lines) }) { try FolderContents.remove(folder) }
        }
        for name in found {
            if let id = ObjectID(hex: name), blobs.contains(id) {
                try FolderContents.remove(lost + name)
            } else if try holds(lost + name, lines) {
                try FolderContents.remove(lost + name)
            }
        }
    }

    /// The lines that give a version away: those of its text after the front matter (whose
    /// fields, such as `feeling:`, other entries share), trimmed, of 8 bytes or more; a version
    /// with no such line gives all its non-empty ones.
    static func revealingLines(of versions: [[UInt8]]) -> Set<[UInt8]> {
        var result = Set<[UInt8]>()
        for version in versions {
            var lines = version.split(separator: 0x0A, omittingEmptySubsequences: false).map(trimmed)
            if lines.first.map({ $0 == Array("---".utf8) || $0 == [0xEF, 0xBB, 0xBF] + Array("---".utf8) }) == true,
               let end = lines.dropFirst().firstIndex(where: { $0 == Array("---".utf8) || $0 == Array("...".utf8) }) {
                lines = Array(lines[(end + 1)...])
            }
            let body = lines.filter { !$0.isEmpty }
            let long = body.filter { $0.count >= 8 }
            result.formUnion(long.isEmpty ? body : long)
        }
        return result
    }

    /// Whether the file at `path` has one of `lines` as a line (trimmed); a file that cannot be
    /// read holds none.
    private static func holds(_ path: String, _ lines: Set<[UInt8]>) throws -> Bool {
        guard !lines.isEmpty, let data = FileManager.default.contents(atPath: path) else { return false }
        return data.split(separator: 0x0A).contains { lines.contains(trimmed($0)) }
    }

    private static func trimmed<C: Collection>(_ line: C) -> [UInt8] where C.Element == UInt8 {
        let bytes = Array(line)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(bytes[first ... last])
    }
}
