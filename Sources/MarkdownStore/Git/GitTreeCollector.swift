import Foundation

/// Gathers every tree and blob under trees that lie away from every purged path (the part of
/// a rewrite that changes nothing, and most of its reading), into a set for the new pack.
///
/// With `inBackground`, the work runs on a thread of its own while the rewrite goes on: trees
/// are handed over with ``add(_:path:)`` and the set comes back from ``finish()``. The thread
/// reads through its own `GitObjectDatabase` (its own pack reader: inflater and base cache),
/// and shares nothing else with the caller until `finish`. Without it, `add` does the work at
/// once. Not `Sendable` to its callers: one thread adds and finishes.
final class GitTreeCollector: @unchecked Sendable {
    private let database: GitObjectDatabase
    /// Handed-over trees not collected yet, guarded by `condition`.
    private var queue: [(id: ObjectID, path: String)] = []
    private var closed = false
    private let condition = NSCondition()
    private let done = DispatchSemaphore(value: 0)
    private var failure: (any Error)?
    private var finished = false
    private let inBackground: Bool

    // The collecting itself (on the thread while it runs).
    /// Each tree collected, with the path it was collected at.
    private var collected: [ObjectID: String] = [:]
    private var found = Set<ObjectID>()
    /// The path of every file (blob or link, not a submodule) in the trees collected, read
    /// after ``finish()``; incomplete when ``treeAtTwoPaths``.
    private(set) var files = Set<String>()
    /// A tree was met at a second path: its files were only listed at the first.
    private(set) var treeAtTwoPaths = false
    /// The last tree collected at each path: the next version at the same path is parsed only
    /// where it differs.
    private var lastAtPath: [String: GitScannedTree] = [:]

    init(database: GitObjectDatabase, inBackground: Bool) {
        self.database = database
        self.inBackground = inBackground
        guard inBackground else { return }
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Lets the thread end once it has done what it was given, without waiting for it (for a
    /// rewrite abandoned part-way; the thread keeps the collector alive until it ends).
    func stop() {
        if inBackground && !finished { close() }
    }

    /// Collects the tree `id` at `path` (a folder path ending in `/`, `""` for a root), and
    /// everything under it, now or on the thread.
    func add(_ id: ObjectID, path: String) throws {
        guard inBackground, !finished else {
            try collect(id, path: path)
            return
        }
        condition.lock()
        queue.append((id, path))
        condition.signal()
        condition.unlock()
    }

    /// Waits for everything added so far and returns what was collected (the collector then
    /// works in place for any later `add`).
    func finish() throws -> Set<ObjectID> {
        if inBackground && !finished {
            close()
            done.wait()
            finished = true
            if let failure { throw failure }
        }
        let result = found
        found = []
        return result
    }

    private func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            let batch = queue
            queue = []
            let last = closed
            condition.unlock()
            do {
                for item in batch { try collect(item.id, path: item.path) }
            } catch {
                failure = error
                return
            }
            if last && batch.isEmpty { return }
        }
    }

    /// The previous version collected at the same path usually differs by an entry or two:
    /// entries inside the common byte prefix, or inside the common byte suffix from an entry
    /// boundary that is also one in that version, are the same entries, already collected with
    /// it, so they are not parsed (as the rewrite does for the folders it edits).
    private func collect(_ id: ObjectID, path: String) throws {
        if let at = collected[id] {
            if at != path { treeAtTwoPaths = true }
            return
        }
        collected[id] = path
        found.insert(id)
        let (kind, raw) = try database.readArray(id)
        guard kind == .tree else { throw GitRawObject.malformed("tree") }
        var subtrees: [(id: ObjectID, path: String)] = []
        let starts: [Int32] = try raw.withUnsafeBytes { data in
            var starts: [Int32] = []
            var position = 0
            var tail: (tree: GitScannedTree, suffixLength: Int, shift: Int)? = nil
            if let previous = lastAtPath[path] {
                let (prefix, suffix) = previous.bytes.withUnsafeBytes { GitBytes.commonEnds($0, data) }
                var first = 0
                while first < previous.starts.count, previous.end(of: first) <= prefix { first += 1 }
                starts.append(contentsOf: previous.starts[..<first])
                position = min(first < previous.starts.count ? Int(previous.starts[first]) : previous.bytes.count, data.count)
                tail = (previous, suffix, previous.bytes.count - data.count)
            }
            starts.reserveCapacity((tail?.tree.starts.count ?? 16) + 4)
            while position < data.count {
                if let (tree, suffixLength, shift) = tail, position >= data.count - suffixLength, tree.isStart(position + shift) {
                    // The rest is the previous version's tail, entry for entry.
                    for start in tree.starts[tree.index(ofStart: position + shift)...] { starts.append(start - Int32(shift)) }
                    break
                }
                let entry = try GitRawObject.treeEntry(in: data, at: position)
                starts.append(Int32(position))
                position = entry.range.upperBound
                if entry.isTree {
                    subtrees.append((entry.id, path + String(decoding: entry.name, as: UTF8.self) + "/"))
                } else if !entry.isGitlink {
                    found.insert(entry.id)
                    files.insert(path + String(decoding: entry.name, as: UTF8.self))
                }
            }
            return starts
        }
        lastAtPath[path] = GitScannedTree(bytes: raw, starts: starts, clean: true)
        for subtree in subtrees { try collect(subtree.id, path: subtree.path) }
    }
}
