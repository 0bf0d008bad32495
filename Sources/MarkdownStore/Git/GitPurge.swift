#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
internal import CGit2

/// The moments in a purge after which the state on disk is durable. Tests throw from
/// `GitRepository.purgeCheckpoint` at each one to prove `resumePendingPurge()` converges.
enum PurgeCheckpoint: Equatable, CaseIterable, Sendable {
    /// The pending-purge record is on disk.
    case recordWritten
    /// The files are gone from the working tree and the index.
    case workingTreeCleaned
    /// The new pack (everything the rewritten refs reach) is on disk, next to the old packs.
    case packWritten
    /// One ref has been moved to the rewritten history, the others not yet.
    case firstRefUpdated
    /// Refs, reflogs, ORIG_HEAD and FETCH_HEAD are done.
    case refsUpdated
    /// One old pack has been deleted, the others not yet.
    case firstOldPackRemoved
    /// Old packs, loose objects and object caches are gone; only the record remains.
    case objectsRemoved
}

extension GitRepository {
    /// Where an interrupted purge is remembered: file names only, which carry no entry words.
    var pendingPurgePath: String { gitdir + "say/pending-purge" }

    private static let recordHeader = "say-it-later pending-purge 1"
    /// Version 2 writes each name with `%`, LF and CR as `%25`, `%0A` and `%0D`, so a name with
    /// a line break in it (a file someone named by hand) can be let go too.
    private static let recordHeaderEscaped = "say-it-later pending-purge 2"

    private static func escapeName(_ name: String) -> String {
        name.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }

    private static func unescapeName(_ line: String) -> String {
        line.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%25", with: "%")
    }

    /// Removes every version of the named files from the working tree, the index, the history of
    /// every local branch and tag, and the object store, so that nothing of them is left for
    /// `git cat-file --batch-all-objects` to find.
    ///
    /// A file is matched by the last component of its path (`2026-11-22T034200Z-7f3c9a2e.md`)
    /// wherever it was in any commit. Steps, each safe to repeat:
    /// 1. the names are written to `.git/say/pending-purge` and flushed to disk;
    /// 2. the files are removed from the working tree and the index, and history is rewritten in
    ///    memory: commits before the first one holding such a file are reused as they are, later
    ///    ones get new trees, and commits left empty are dropped;
    /// 3. one new pack of every object the rewritten refs (and the index) reach is written and
    ///    flushed, before any ref moves: old packed bytes are copied, not recompressed;
    /// 4. branches and tags move to the rewritten history; reflogs, ORIG_HEAD, FETCH_HEAD,
    ///    refs/original/*, refs/stash and remote-tracking refs that reach the old history go;
    /// 5. old packs (with their .idx/.rev/.bitmap/.keep/.promisor files), loose objects, the
    ///    commit-graph, the multi-pack-index and objects/info/packs are deleted;
    /// 6. the record is removed.
    /// A crash anywhere leaves the record; `resumePendingPurge()` runs the steps again.
    ///
    /// `.keep` packs are deleted too: a journal repository has no reason to keep a pack that
    /// could hold a let-go entry.
    ///
    /// - Parameter fileNames: file names (no folders), such as `2026-11-22T034200Z-7f3c9a2e.md`.
    /// - Throws: `GitError` (also when a merge, rebase or similar is in progress: the record is
    ///   then not written), `MarkdownStoreError` for file system failures.
    ///   Calls `git_index_remove_bypath`, `git_index_write_tree`, `git_reference_create`,
    ///   `git_reference_remove`; reads and writes pack files itself (`GitPackReader`, `GitPackWriter`).
    public func purge(fileNames: Set<String>) throws {
        for name in fileNames { try Self.validateFileName(name) }
        try refuseOperationInProgress()
        let pending = try pendingPurgeNames()
        let names = fileNames.union(pending ?? [])
        guard !names.isEmpty else { return }
        try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: purgeLockPaths()) {
            let record = ([Self.recordHeaderEscaped] + names.sorted().map(Self.escapeName)).joined(separator: "\n") + "\n"
            try AtomicFile.write(Array(record.utf8), to: pendingPurgePath)
            try runPurge(names)
        }
    }

    /// Finishes a purge that a crash or a kill interrupted. Call it before anything else that
    /// reads or writes the repository.
    ///
    /// - Returns: true when a purge was pending and is now complete.
    /// - Throws: as `purge(fileNames:)`.
    @discardableResult
    public func resumePendingPurge() throws -> Bool {
        guard let names = try pendingPurgeNames() else { return false }
        try refuseOperationInProgress()
        try GitLocks.whileLibgit2Writes(gitFolder: gitdir, lockPaths: purgeLockPaths()) { try runPurge(names) }
        return true
    }

    /// The names in the pending-purge record, or nil when there is none.
    func pendingPurgeNames() throws -> Set<String>? {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: pendingPurgePath))
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw MarkdownStoreError.io(path: pendingPurgePath, operation: "read the pending purge", errno: EIO)
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        if lines.first == Self.recordHeaderEscaped { return Set(lines.dropFirst().filter { !$0.isEmpty }.map(Self.unescapeName)) }
        guard lines.first == Self.recordHeader else {
            throw GitError.wrapper("the pending purge record is not readable", function: "resumePendingPurge")
        }
        return Set(lines.dropFirst().filter { !$0.isEmpty })
    }

    /// The lock files libgit2 may take during a purge: the index, HEAD, packed-refs, and every ref.
    private func purgeLockPaths() throws -> [String] {
        var paths = ["index.lock", "HEAD.lock", "packed-refs.lock"].map { gitdir + $0 }
        for reference in try listReferences() { paths.append(gitdir + reference.name + ".lock") }
        return paths
    }

    static func validateFileName(_ name: String) throws {
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
            throw GitError.wrapper("not a file name: \(name)", function: "purge")
        }
    }

    private func refuseOperationInProgress() throws {
        let state = try gitCheck(git_repository_state(handle), "git_repository_state")
        if state != GIT_REPOSITORY_STATE_NONE.rawValue {
            throw GitError.wrapper("a merge, rebase or similar git operation is in progress; finish or abort it first",
                                   function: "purge")
        }
    }

    private func checkpoint(_ point: PurgeCheckpoint) throws {
        try purgeCheckpoint?(point)
    }

    // MARK: The steps

    private func runPurge(_ names: Set<String>) throws {
        try checkpoint(.recordWritten)
        let database = try GitObjectDatabase(repository: handle)
        let matcher = GitNameMatcher(names)

        // Existing packs, mapped once: read during the rewrite, copied by the pack writer.
        let packFolder = gitdir + "objects/pack/"
        var packs: [GitExistingPack] = []
        for name in try packBaseNames(in: packFolder) {
            if let pack = try GitExistingPack(folder: packFolder, name: name) { packs.append(pack) }
        }
        database.packReader = try GitPackReader(packs: packs)
        // A shallow clone's graph, if any, would name parents that are not there.
        if !FileManager.default.fileExists(atPath: gitdir + "shallow") {
            database.commitGraph = try GitCommitGraph(path: gitdir + "objects/info/commit-graph")
        }

        // What the rewrite starts from, read before the index job below shares the handle.
        let references = try listReferences()
        let detachedHead = try gitCheck(git_repository_head_detached(handle), "git_repository_head_detached") == 1 ? try headCommit() : nil
        var headPaths = Set<String>()
        if let head = try headCommit() {
            let tree = try database.read(head) { _, data in try GitRawObject.parseCommit(data).tree }
            try collectPaths(in: tree, prefix: "", matcher: matcher, database: database, into: &headPaths)
        }

        // Working tree and index, on a second thread while history is rewritten: the two are
        // independent, and libgit2's index work (parse, checksum, write) is a good part of the
        // time. From here until `wait()`, this thread uses only the object database (which
        // libgit2 makes thread-safe) and the mapped packs, never the repository handle.
        let repository = handle
        let workdir = workdir
        let indexJob = GitBackgroundJob {
            try Self.cleanWorkingTreeAndIndex(repository: repository, workdir: workdir, matcher: matcher, headPaths: headPaths)
        }
        defer { _ = try? indexJob.wait() }

        // History, rewritten in memory.
        let rewriter = GitHistoryRewriter(database: database, names: names)
        var tips = references.compactMap { reference in Self.alwaysDeleted(reference.name) ? nil : reference.target }
        if let detachedHead { tips.append(detachedHead) }
        var commitTips: [ObjectID] = []
        for tip in Set(tips).sorted() {
            if let commit = try peelToCommit(tip, database: database) { commitTips.append(commit) }
        }
        for commit in try rewriter.topologicalOrder(from: commitTips) { try rewriter.rewriteCommit(commit) }

        var updates: [(name: String, target: ObjectID)] = []
        var deletions: [String] = []
        var roots: [ObjectID] = []
        for reference in references {
            guard let target = reference.target else { continue }
            if Self.alwaysDeleted(reference.name) {
                deletions.append(reference.name)
            } else if reference.name.hasPrefix("refs/remotes/") {
                if try rewriter.rewriteTarget(target) != target { deletions.append(reference.name) } else { roots.append(target) }
            } else if let rewritten = try rewriter.rewriteTarget(target) {
                if rewritten != target { updates.append((reference.name, rewritten)) }
                roots.append(rewritten)
            } else {
                deletions.append(reference.name)
            }
        }
        var newDetachedHead: ObjectID?? = nil
        if let detachedHead {
            let rewritten = try rewriter.rewriteTarget(detachedHead)
            if rewritten != detachedHead { newDetachedHead = .some(rewritten) }
            if let rewritten { roots.append(rewritten) }
        }

        let indexRoots = try indexJob.wait()
        try checkpoint(.workingTreeCleaned)

        // One new pack of everything reachable, on disk before any ref moves.
        let keep = try reachableObjects(roots: roots, extra: indexRoots, rewriter: rewriter, database: database)
        let writer = try GitPackWriter(database: database, newObjects: rewriter.newObjects, keep: keep)
        for pack in packs { try writer.copy(from: pack) }
        try writer.writeNew(in: rewriter.newObjectOrder)
        try writer.writeRemaining()
        let newPack = try writer.finish(packFolder: packFolder)
        try checkpoint(.packWritten)

        // Refs.
        for (number, update) in updates.enumerated() {
            var reference: OpaquePointer?
            try update.target.withOID {
                try gitCheck(git_reference_create(&reference, handle, update.name, $0, 1, "say: let go"), "git_reference_create")
            }
            git_reference_free(reference)
            if number == 0 { try checkpoint(.firstRefUpdated) }
        }
        for name in deletions {
            let result = git_reference_remove(handle, name)
            if result != GIT_ENOTFOUND.rawValue { try gitCheck(result, "git_reference_remove") }
        }
        if let newDetachedHead {
            if let target = newDetachedHead {
                try target.withOID { try gitCheck(git_repository_set_head_detached(handle, $0), "git_repository_set_head_detached") }
            } else {
                var reference: OpaquePointer?
                try gitCheck(git_reference_symbolic_create(&reference, handle, "HEAD", "refs/heads/main", 1, "say: let go"), "git_reference_symbolic_create")
                git_reference_free(reference)
            }
        }
        try removeDanglingRemoteSymbolicRefs()
        try FolderContents.remove(gitdir + "logs")
        try FolderContents.remove(gitdir + "ORIG_HEAD")
        try FolderContents.remove(gitdir + "FETCH_HEAD")
        try AtomicFile.syncFolder(gitdir)
        try checkpoint(.refsUpdated)

        // Old objects.
        let keepFiles: Set<String> = newPack.map { [$0 + ".pack", $0 + ".idx"] } ?? []
        let packFiles = try FolderContents.names(in: packFolder).filter { !keepFiles.contains($0) }
        // Indexes first: a pack without its index is invisible to git and libgit2.
        for (number, file) in (packFiles.filter { $0.hasSuffix(".idx") } + packFiles.filter { !$0.hasSuffix(".idx") }).enumerated() {
            try FolderContents.remove(packFolder + file)
            if number == 0 { try checkpoint(.firstOldPackRemoved) }
        }
        try AtomicFile.syncFolder(packFolder)
        let objectsFolder = gitdir + "objects/"
        for folder in try FolderContents.names(in: objectsFolder) where folder.utf8.count == 2 && folder.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            try FolderContents.remove(objectsFolder + folder)
        }
        try FolderContents.remove(objectsFolder + "info/commit-graph")
        try FolderContents.remove(objectsFolder + "info/commit-graphs")
        try FolderContents.remove(objectsFolder + "info/packs")
        try AtomicFile.syncFolder(objectsFolder)
        try checkpoint(.objectsRemoved)

        // libgit2 still has the deleted packs open: start afresh.
        try reopen()
        try AtomicFile.remove(pendingPurgePath)
    }

    /// Removes the files from the working tree and the index, and writes the index once with
    /// its tree. Runs on its own thread: everything it touches is its own or thread-safe.
    ///
    /// - Returns: what the index keeps reachable (its tree, or its blobs while it has
    ///   conflicts): the cache-tree names trees git expects to exist.
    private static func cleanWorkingTreeAndIndex(repository: OpaquePointer, workdir: String, matcher: GitNameMatcher,
                                                 headPaths: Set<String>) throws -> [ObjectID] {
        let index = try GitIndex(repository: repository)
        var paths = headPaths
        for position in 0 ..< git_index_entrycount(index.handle) {
            guard let entry = git_index_get_byindex(index.handle, position), let cPath = entry.pointee.path,
                  matcher.matchesLastComponent(of: cPath), let path = gitString(from: cPath) else { continue }
            paths.insert(path)
        }
        for path in paths.sorted() {
            try AtomicFile.remove(workdir + path)
            try gitCheck(git_index_remove_bypath(index.handle, path), "git_index_remove_bypath")
        }
        // Resolve-undo records may name old versions of a purged file; they are only a
        // convenience for `git checkout -m`.
        if let clear = gitIndexReucClear { try gitCheck(clear(index.handle), "git_index_reuc_clear") }
        var indexTree = git_oid()
        let written = git_index_write_tree(&indexTree, index.handle)
        if written == GIT_EUNMERGED.rawValue {
            try index.write()
            var roots: [ObjectID] = []
            for position in 0 ..< git_index_entrycount(index.handle) {
                guard let entry = git_index_get_byindex(index.handle, position), entry.pointee.mode & 0o170000 != 0o160000 else { continue }
                roots.append(ObjectID(entry.pointee.id))
            }
            return roots
        }
        try gitCheck(written, "git_index_write_tree")
        try index.write()
        // git knows the empty tree without storing it.
        return ObjectID(indexTree) == GitRawObject.emptyTree ? [] : [ObjectID(indexTree)]
    }

    /// refs/original/* (filter-branch backups) and refs/stash always hold the old history.
    private static func alwaysDeleted(_ name: String) -> Bool {
        name == "refs/stash" || name.hasPrefix("refs/original/")
    }

    private struct Reference {
        let name: String
        /// The id a direct ref points at; nil for a symbolic ref.
        let target: ObjectID?
    }

    private func listReferences() throws -> [Reference] {
        var iterator: OpaquePointer?
        try gitCheck(git_reference_iterator_new(&iterator, handle), "git_reference_iterator_new")
        defer { git_reference_iterator_free(iterator) }
        var result: [Reference] = []
        while true {
            var reference: OpaquePointer?
            let status = git_reference_next(&reference, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try gitCheck(status, "git_reference_next")
            defer { git_reference_free(reference) }
            guard let name = gitString(from: git_reference_name(reference)) else { continue }
            let target = git_reference_type(reference) == GIT_REFERENCE_DIRECT ? git_reference_target(reference).map { ObjectID($0) } : nil
            result.append(Reference(name: name, target: target))
        }
        return result
    }

    /// A remote's symbolic HEAD whose branch was deleted would be a broken ref.
    private func removeDanglingRemoteSymbolicRefs() throws {
        var iterator: OpaquePointer?
        try gitCheck(git_reference_iterator_glob_new(&iterator, handle, "refs/remotes/*"), "git_reference_iterator_glob_new")
        defer { git_reference_iterator_free(iterator) }
        var dangling: [String] = []
        while true {
            var reference: OpaquePointer?
            let status = git_reference_next(&reference, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try gitCheck(status, "git_reference_next")
            defer { git_reference_free(reference) }
            guard git_reference_type(reference) == GIT_REFERENCE_SYMBOLIC, let name = gitString(from: git_reference_name(reference)) else { continue }
            var resolved: OpaquePointer?
            let result = git_reference_resolve(&resolved, reference)
            if result == GIT_ENOTFOUND.rawValue { dangling.append(name) } else { try gitCheck(result, "git_reference_resolve") }
            git_reference_free(resolved)
        }
        for name in dangling {
            let result = git_reference_remove(handle, name)
            if result != GIT_ENOTFOUND.rawValue { try gitCheck(result, "git_reference_remove") }
        }
    }

    /// Follows tags down to a commit; nil when the chain ends at a tree or a blob.
    private func peelToCommit(_ id: ObjectID, database: GitObjectDatabase) throws -> ObjectID? {
        var current = id
        for _ in 0 ..< 64 {
            switch try database.kind(of: current) {
            case .commit: return current
            case .tag: current = try database.read(current) { _, data in try GitRawObject.parseTag(data).target }
            case .tree, .blob: return nil
            }
        }
        return nil
    }

    /// Paths of files (not folders) in `tree` whose last component is one of `names`.
    private func collectPaths(in tree: ObjectID, prefix: String, matcher: GitNameMatcher, database: GitObjectDatabase, into paths: inout Set<String>) throws {
        var subtrees: [(String, ObjectID)] = []
        try database.read(tree) { _, data in
            try GitRawObject.forEachTreeEntry(data) { entry in
                if entry.isTree {
                    subtrees.append((prefix + String(decoding: entry.name, as: UTF8.self) + "/", entry.id))
                } else if matcher.matches(entry.name) {
                    paths.insert(prefix + String(decoding: entry.name, as: UTF8.self))
                }
            }
        }
        for (path, subtree) in subtrees { try collectPaths(in: subtree, prefix: path, matcher: matcher, database: database, into: &paths) }
    }

    /// Every object the new refs and the index reach.
    ///
    /// Commits and tags come from the rewrite's own records. When every commit of the rewritten
    /// walk is still reachable (the usual case), the trees and blobs the rewrite collected are
    /// exactly the ones needed; otherwise (a deleted remote-tracking ref had commits of its
    /// own) they are collected again from the reachable commits only.
    private func reachableObjects(roots: [ObjectID], extra: [ObjectID], rewriter: GitHistoryRewriter, database: GitObjectDatabase) throws -> Set<ObjectID> {
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
        if reachedCommits == rewriter.newCommits.count {
            keep.formUnion(rewriter.treesAndBlobs)
        } else {
            for tree in commitTrees { try closure(of: tree, into: &keep, rewriter: rewriter, database: database) }
        }
        for id in others + extra { try closure(of: id, into: &keep, rewriter: rewriter, database: database) }
        return keep
    }

    /// Adds `start` and everything it reaches to `keep`. Anything already in `keep` is assumed
    /// to have its own closure there too.
    private func closure(of start: ObjectID, into keep: inout Set<ObjectID>, rewriter: GitHistoryRewriter, database: GitObjectDatabase) throws {
        var stack = [start]
        while let id = stack.popLast() {
            guard keep.insert(id).inserted else { continue }
            if let object = rewriter.newObjects[id] {
                try object.bytes.withUnsafeBytes { try Self.visit(object.kind, $0, keep: &keep, stack: &stack) }
            } else {
                try database.read(id) { kind, data in try Self.visit(kind, data, keep: &keep, stack: &stack) }
            }
        }
    }

    private static func visit(_ kind: GitObjectKind, _ data: UnsafeRawBufferPointer, keep: inout Set<ObjectID>, stack: inout [ObjectID]) throws {
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

    // MARK: Files

    private func packBaseNames(in folder: String) throws -> [String] {
        try FolderContents.names(in: folder).filter { $0.hasPrefix("pack-") && $0.hasSuffix(".idx") }.map { String($0.dropLast(4)) }.sorted()
    }
}
