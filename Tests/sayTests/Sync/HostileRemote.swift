import Foundation
import TestSupport
import Testing

/// Changes a bare remote the way someone else with write access could, with git's plumbing:
/// any tree, any names and modes, any history, without anything git's porcelain would refuse.
struct HostileRemote {
    let path: String

    /// One file in a planted tree: raw path components, a mode, and content (a blob) or, for
    /// links and submodules, what it points at.
    struct Plant {
        var components: [String]
        var mode: String = "100644"
        var content: String = "planted\n"
        /// Used instead of `content` for a blob already in the repository.
        var object: String? = nil

        init(_ path: String, mode: String = "100644", content: String = "planted\n", object: String? = nil) {
            components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            self.mode = mode
            self.content = content
            self.object = object
        }

        init(components: [String], mode: String = "100644", content: String = "planted\n") {
            self.components = components
            self.mode = mode
            self.content = content
        }
    }

    @discardableResult
    func git(_ arguments: [String], input: String? = nil) throws -> String {
        let run = try TestSupport.git(["--git-dir=" + path] + arguments, in: NSTemporaryDirectory(), input: input)
        try #require(run.status == 0, "git \(arguments.joined(separator: " "))")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every file of main now: (mode, type, id, path).
    func files() throws -> [(mode: String, type: String, id: String, components: [String])] {
        let listing = try TestSupport.git(["--git-dir=" + path, "ls-tree", "-r", "-z", "main"], in: NSTemporaryDirectory()).output
        return listing.split(separator: "\0").compactMap { line in
            guard let tab = line.firstIndex(of: "\t") else { return nil }
            let fields = line[..<tab].split(separator: " ").map(String.init)
            return (fields[0], fields[1], fields[2], line[line.index(after: tab)...].split(separator: "/").map(String.init))
        }
    }

    /// Commits main's files minus `removing` plus `adding` on top of main, and moves main there.
    @discardableResult
    func commit(adding: [Plant] = [], removing: Set<String> = [], message: String = "planted") throws -> String {
        var entries = try files().filter { !removing.contains($0.components.joined(separator: "/")) }
        for plant in adding {
            let id = try plant.object ?? git(["hash-object", "-w", "--stdin"], input: plant.content)
            entries.append((plant.mode, plant.mode == "160000" ? "commit" : "blob", id, plant.components))
        }
        let tree = try makeTree(entries.map { ($0.mode, $0.type, $0.id, $0.components[...]) })
        let parent = try git(["rev-parse", "main"])
        let commit = try git(["commit-tree", tree, "-p", parent, "-m", message])
        try git(["update-ref", "refs/heads/main", commit])
        return commit
    }

    private func makeTree(_ entries: [(mode: String, type: String, id: String, components: ArraySlice<String>)]) throws -> String {
        var lines: [String] = []
        var folders: [String: [(mode: String, type: String, id: String, components: ArraySlice<String>)]] = [:]
        var order: [String] = []
        for entry in entries {
            let name = entry.components.first ?? ""
            if entry.components.count == 1 {
                lines.append("\(entry.mode) \(entry.type) \(entry.id)\t\(name)")
            } else {
                if folders[name] == nil { order.append(name) }
                folders[name, default: []].append((entry.mode, entry.type, entry.id, entry.components.dropFirst()))
            }
        }
        for name in order {
            lines.append("040000 tree \(try makeTree(folders[name]!))\t\(name)")  // every name in order has a folder
        }
        return try git(["mktree", "-z", "--missing"], input: lines.map { $0 + "\0" }.joined())
    }
}
