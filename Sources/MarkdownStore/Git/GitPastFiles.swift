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
    /// - Throws: `GitError`. Calls `git_tree_lookup`, `git_tree_entry_byindex`.
    public func pastFiles(under folder: String) throws -> [GitPastFile] {
        guard let head = try headCommit() else { return [] }
        var versions: [String: Set<ObjectID>] = [:]
        for commit in try commits(from: head, hiding: []) {
            var changed: [String: ObjectID] = [:]
            try filesChanged(from: firstParent(of: commit).map(treeID(ofCommit:)), to: treeID(ofCommit: commit), into: &changed)
            for (path, blob) in changed where path.hasPrefix(folder) { versions[path, default: []].insert(blob) }
        }
        let index = try GitIndex(repository: handle)
        let now = try files(inTree: treeID(ofCommit: head), at: Set(versions.keys))
        return versions.keys.sorted().compactMap { path in
            guard now[path] == nil, git_index_get_bypath(index.handle, path, 0) == nil else { return nil }
            let ids = versions[path, default: []].compactMap { blob in
                (try? boundedBlobBytes(blob, limit: GitSyncValidation.largestEntry)).flatMap(FrontMatterID.of)
            }
            return GitPastFile(path: path, ids: Set(ids))
        }
    }
}
