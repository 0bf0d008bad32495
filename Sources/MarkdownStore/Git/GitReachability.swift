/// Reachability walks over raw objects: the one place the git layer decides which objects a
/// set of roots keeps alive (the purge's new pack, the remote cleaner's repack).
enum GitReachability {
    /// Every object the new refs (`roots`) and the index (`extra`) reach after a rewrite.
    ///
    /// Commits and tags come from the rewrite's own records. When every commit of the rewritten
    /// walk is still reachable (the usual case), the trees and blobs the rewrite collected are
    /// exactly the ones needed; otherwise (a deleted remote-tracking ref had commits of its
    /// own) they are collected again from the reachable commits only.
    static func objects(roots: [ObjectID], extra: [ObjectID], rewriter: GitHistoryRewriter, database: GitObjectDatabase) throws -> Set<ObjectID> {
        var keep = Set<ObjectID>()
        keep.reserveCapacity(rewriter.treesAndBlobs.count + rewriter.newCommits.count + 16)
        var stack = roots
        var commitTrees: [ObjectID] = []
        var others: [ObjectID] = []
        while let id = stack.popLast() {
            if keep.contains(id) { continue }
            if let commit = rewriter.newCommits[id] {
                keep.insert(id)
                commitTrees.append(commit.tree)
                stack.append(contentsOf: commit.parents)
            } else {
                others.append(id)
                keep.insert(id)
            }
        }
        let reachedCommits = commitTrees.count
        for id in others { keep.remove(id) }
        let read: (ObjectID, (GitObjectKind, UnsafeRawBufferPointer) throws -> Void) throws -> Void = { id, body in
            if let object = rewriter.newObjects[id] {
                try object.bytes.withUnsafeBytes { try body(object.kind, $0) }
            } else {
                try database.read(id, body)
            }
        }
        if reachedCommits == rewriter.newCommits.count {
            keep.formUnion(rewriter.treesAndBlobs)
        } else {
            for tree in commitTrees { try closure(of: tree, into: &keep, read: read) }
        }
        for id in others + extra { try closure(of: id, into: &keep, read: read) }
        return keep
    }

    /// Adds `start` and everything it reaches to `keep`. Anything already in `keep` is assumed
    /// to have its own closure there too; a submodule link is not followed.
    ///
    /// - Parameter read: calls its body with an object's kind and contents.
    static func closure(of start: ObjectID, into keep: inout Set<ObjectID>,
                        read: (ObjectID, (GitObjectKind, UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        var stack = [start]
        while let id = stack.popLast() {
            guard keep.insert(id).inserted else { continue }
            try read(id) { kind, data in
                switch kind {
                case .tree:
                    try GitRawObject.forEachTreeEntry(data) { entry in
                        if entry.isGitlink { return }
                        if entry.isTree { stack.append(entry.id) } else { keep.insert(entry.id) }
                    }
                case .commit:
                    let header = try GitRawObject.parseCommit(data)
                    stack.append(header.tree)
                    stack.append(contentsOf: header.parents)
                case .tag:
                    stack.append(try GitRawObject.parseTag(data).target)
                case .blob:
                    break
                }
            }
        }
    }
}
