#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// One reference, copied out of libgit2.
struct GitReference: Equatable {
    /// The full name (`refs/heads/main`).
    let name: String
    /// What a direct reference points at; nil for a symbolic one.
    let target: ObjectID?
    /// What a symbolic reference names (`refs/remotes/origin/main`); nil for a direct one.
    let symbolicTarget: String?
}

extension GitRepository {
    /// Every reference, loose and packed (libgit2's merged view), sorted by name. The one place
    /// the git layer iterates references.
    ///
    /// - Parameter glob: only names matching this pattern (`refs/remotes/*`), or all.
    /// - Throws: `GitError`. Calls `git_reference_iterator_new`, `git_reference_next`.
    func references(matching glob: String? = nil) throws -> [GitReference] {
        try Self.references(in: handle, matching: glob)
    }

    /// The same, for a repository handle of someone else's (a remote in a folder).
    static func references(in handle: OpaquePointer, matching glob: String? = nil) throws -> [GitReference] {
        var iterator: OpaquePointer?
        if let glob {
            try gitCheck(git_reference_iterator_glob_new(&iterator, handle, glob), "git_reference_iterator_glob_new")
        } else {
            try gitCheck(git_reference_iterator_new(&iterator, handle), "git_reference_iterator_new")
        }
        defer { git_reference_iterator_free(iterator) }
        var result: [GitReference] = []
        while true {
            var reference: OpaquePointer?
            let status = git_reference_next(&reference, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try gitCheck(status, "git_reference_next")
            defer { git_reference_free(reference) }
            guard let name = gitString(from: git_reference_name(reference)) else { continue }
            if git_reference_type(reference) == GIT_REFERENCE_DIRECT {
                result.append(GitReference(name: name, target: git_reference_target(reference).map { ObjectID($0) }, symbolicTarget: nil))
            } else {
                result.append(GitReference(name: name, target: nil, symbolicTarget: gitString(from: git_reference_symbolic_target(reference))))
            }
        }
        return result.sorted { $0.name < $1.name }
    }
}

/// Writes references the way git does, under locks say holds (``GitLockSet``): a loose ref is
/// a file holding 40 hex digits and a newline, replaced atomically; `packed-refs` is rewritten
/// once, every line it does not change kept byte for byte (with the `^` peeled line of a tag
/// recomputed when the tag moves).
struct GitReferenceWriter {
    /// The git folder, with a trailing `/`.
    let gitFolder: String
    let locks: GitLockSet

    /// Moves and removes references.
    ///
    /// - Parameters:
    ///   - updates: name → new target.
    ///   - deletions: names to remove (loose file and packed line).
    ///   - peel: the object a tag finally points at, for packed-refs' peeled lines (nil when
    ///     `id` is not a tag).
    /// - Throws: `MarkdownStoreError`, `GitError`.
    func apply(updates: [String: ObjectID], deletions: Set<String>, peel: (ObjectID) throws -> ObjectID?) throws {
        guard !updates.isEmpty || !deletions.isEmpty else { return }
        let packedPath = gitFolder + "packed-refs"
        var packedNames = Set<String>()
        if let data = FileManager.default.contents(atPath: packedPath) {
            var output: [UInt8] = []
            var changed = false
            var skippingPeeled = false
            var peeledTraits = false
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if line.first == UInt8(ascii: "#") {
                    peeledTraits = String(decoding: line, as: UTF8.self).contains(" peeled")
                    output += line + [0x0A]
                    continue
                }
                if line.first == UInt8(ascii: "^") {
                    if !skippingPeeled { output += line + [0x0A] }
                    continue
                }
                skippingPeeled = false
                guard line.count > 41, let space = line.firstIndex(of: 0x20) else {
                    if !line.isEmpty { output += line + [0x0A] }
                    continue
                }
                let name = String(decoding: line[(space + 1)...], as: UTF8.self)
                packedNames.insert(name)
                if deletions.contains(name) {
                    changed = true
                    skippingPeeled = true
                } else if let target = updates[name] {
                    changed = true
                    skippingPeeled = true
                    var bytes: [UInt8] = []
                    target.appendHex(to: &bytes)
                    output += bytes + [0x20] + Array(name.utf8) + [0x0A]
                    if peeledTraits, let peeled = try peel(target) {
                        var peeledLine: [UInt8] = [UInt8(ascii: "^")]
                        peeled.appendHex(to: &peeledLine)
                        output += peeledLine + [0x0A]
                    }
                } else {
                    output += line + [0x0A]
                }
            }
            if changed { try locks.write(output, to: packedPath) }
        }
        for (name, target) in updates.sorted(by: { $0.key < $1.key }) {
            let path = gitFolder + name
            // A ref only in packed-refs was updated there; a loose one (or a new one) is a file.
            if packedNames.contains(name) && access(path, F_OK) != 0 { continue }
            var bytes: [UInt8] = []
            target.appendHex(to: &bytes)
            try locks.write(bytes + [0x0A], to: path)
        }
        for name in deletions.sorted() {
            try locks.remove(gitFolder + name)
        }
    }
}

extension GitRepository {
    /// What the repository holds that say never makes, named for a person: branches other than
    /// `main`, tags, notes, stashes, other refs, remotes other than `origin`, and files in the
    /// last commit outside `entriesFolder` other than `ownFiles`. Empty for a repository that
    /// holds only say's own work.
    public func contentsSayDidNotMake(entriesFolder: String, ownFiles: Set<String>) throws -> [String] {
        var found: [String] = []
        for reference in try references() {
            let name = reference.name
            if name == "refs/heads/main" || name.hasPrefix("refs/say/") || name.hasPrefix("refs/remotes/origin/") { continue }
            if name == "refs/stash" {
                let count = max(1, (try GitReflogLine.read(gitdir + "logs/refs/stash")).count)
                found.append(count == 1 ? "a stash" : "\(count) stashes")
            } else if name.hasPrefix("refs/heads/") {
                found.append("the branch " + name.dropFirst("refs/heads/".count))
            } else if name.hasPrefix("refs/tags/") {
                found.append("the tag " + name.dropFirst("refs/tags/".count))
            } else if name.hasPrefix("refs/remotes/") {
                continue  // named with its remote below
            } else {
                found.append(name)
            }
        }
        let config = (try? String(contentsOfFile: gitdir + "config", encoding: .utf8)) ?? ""
        for line in config.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("[remote \""), trimmed.hasSuffix("\"]") else { continue }
            let name = trimmed.dropFirst("[remote \"".count).dropLast(2)
            if name != "origin" { found.append("the remote " + name) }
        }
        // Files that are not entries, anywhere in the history (a file of theirs committed in
        // `entries/`, or one outside it since removed): their history goes with the repository.
        let others = try pathsInHistory().filter { path in
            !ownFiles.contains(path) && !(path.hasPrefix(entriesFolder) && (path.hasSuffix(".md") || path.hasSuffix(".markdown")))
        }.sorted()
        if !others.isEmpty {
            let named = others.count <= 3 ? others.joined(separator: ", ")
                : others.prefix(3).joined(separator: ", ") + " and \(others.count - 3) more files"
            found.append("the history of " + named)
        }
        // Working trees of theirs (`git worktree add`): their checkouts and staged changes live here.
        for name in try FolderContents.names(in: gitdir + "worktrees") {
            let pointer = (try? String(contentsOfFile: gitdir + "worktrees/" + name + "/gitdir", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            found.append("the working tree " + (pointer.map { ($0 as NSString).deletingLastPathComponent } ?? name) + " (git worktree)")
        }
        // Hooks of theirs (git's own examples end in `.sample`).
        for name in try FolderContents.names(in: gitdir + "hooks") where !name.hasSuffix(".sample") {
            found.append("the hook " + name)
        }
        let settings = Self.settingsSayDidNotMake(config)
        if !settings.isEmpty { found.append("the git setting" + (settings.count == 1 ? " " : "s ") + settings.joined(separator: ", ")) }
        return found
    }

    /// The settings in the text of a `.git/config` that neither `git init` nor say writes:
    /// `core.bare`, `repositoryformatversion`, `filemode`, `logallrefupdates`, `ignorecase`,
    /// `precomposeunicode`, `symlinks`, and the `origin` remote say syncs with.
    static func settingsSayDidNotMake(_ config: String) -> [String] {
        let core: Set<String> = ["bare", "repositoryformatversion", "filemode", "logallrefupdates", "ignorecase", "precomposeunicode", "symlinks"]
        var section = ""
        var found: [String] = []
        for raw in config.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), let end = line.firstIndex(of: "]") {
                let header = line[line.index(after: line.startIndex) ..< end].trimmingCharacters(in: .whitespaces)
                if let quote = header.firstIndex(of: "\"") {
                    let name = header[..<quote].trimmingCharacters(in: .whitespaces).lowercased()
                    section = name + "." + header[header.index(after: quote)...].replacingOccurrences(of: "\"", with: "")
                } else {
                    section = header.lowercased()
                }
                line = String(line[line.index(after: end)...]).trimmingCharacters(in: .whitespaces)
                if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            }
            let key = (line.split(separator: "=", maxSplits: 1).first.map(String.init) ?? line).trimmingCharacters(in: .whitespaces).lowercased()
            if section == "core", core.contains(key) { continue }
            if section == "remote.origin" { continue }
            let name = section + "." + key
            if !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// Every path a file had in a commit that HEAD reaches. Each tree is read once at each place.
    func pathsInHistory() throws -> Set<String> {
        var paths = Set<String>()
        guard let head = try headCommit() else { return paths }
        let walk = try GitRevisionWalk(repository: handle)
        try head.withOID { try gitCheck(git_revwalk_push(walk.handle, $0), "git_revwalk_push") }
        var seen = Set<String>()
        func visit(_ tree: ObjectID, prefix: String) throws {
            guard seen.insert(prefix + " " + tree.description).inserted else { return }
            var raw: OpaquePointer?
            try tree.withOID { try gitCheck(git_tree_lookup(&raw, handle, $0), "git_tree_lookup") }
            defer { git_tree_free(raw) }
            for position in 0 ..< git_tree_entrycount(raw) {
                guard let entry = git_tree_entry_byindex(raw, position), let name = gitString(from: git_tree_entry_name(entry)),
                      let id = git_tree_entry_id(entry) else { continue }
                switch git_tree_entry_type(entry) {
                case GIT_OBJECT_TREE: try visit(ObjectID(id), prefix: prefix + name + "/")
                default: paths.insert(prefix + name)
                }
            }
        }
        while let commit = try walk.next() { try visit(try treeID(ofCommit: commit), prefix: "") }
        return paths
    }
}
