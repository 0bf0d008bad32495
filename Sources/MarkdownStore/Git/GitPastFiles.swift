import Foundation
internal import CGit2

/// A file the history of HEAD holds under a folder that the folder and HEAD no longer do: one
/// removed without say's let-go (`rm`, a file manager), whose versions are still in the history.
public struct GitPastFile: Sendable, Equatable {
    /// Its path in the working tree, as the history has it.
    public let path: String
    /// The front-matter `id`s its versions carry (lowercased), none for a file without one.
    public let ids: Set<String>
}

extension GitRepository {
    /// The files HEAD's history held under `folder` (a path ending in `/`) that neither HEAD
    /// nor the index holds now. Each commit is compared with its first parent, skipping the
    /// folders that did not change, so a commit costs what it changed.
    ///
    /// With `known`, every file path HEAD's history holds (from a walk already made, such as a
    /// purge's rewrite): when HEAD still holds each of them under `folder`, no file was removed
    /// there, and the history is not walked again.
    ///
    /// - Throws: `GitError`. Calls `git_tree_lookup`, `git_tree_entry_byindex`.
    public func pastFiles(under folder: String, amongPaths known: Set<String>? = nil) throws -> [GitPastFile] {
        guard let head = try headCommit() else { return [] }
        // (Listed whole once: a lookup by path parses each folder on the way anew.)
        let now = try files(ofTree: treeID(ofCommit: head))
        if let known, !known.contains(where: { $0.hasPrefix(folder) && now[$0] == nil }) { return [] }
        var versions: [String: Set<ObjectID>] = [:]
        for commit in try commits(from: head, hiding: []) {
            var changed: [String: ObjectID] = [:]
            try filesChanged(from: firstParent(of: commit).map(treeID(ofCommit:)), to: treeID(ofCommit: commit), into: &changed)
            for (path, blob) in changed where path.hasPrefix(folder) { versions[path, default: []].insert(blob) }
        }
        let index = try GitIndex(repository: handle)
        return versions.keys.sorted().compactMap { path in
            guard now[path] == nil, git_index_get_bypath(index.handle, path, 0) == nil else { return nil }
            let ids = versions[path, default: []].compactMap { blob in
                (try? boundedBlobBytes(blob, limit: GitSyncValidation.largestEntry)).flatMap(FrontMatterID.of)
            }
            return GitPastFile(path: path, ids: Set(ids))
        }
    }
}
