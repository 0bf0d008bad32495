/// git's commit-graph file (`objects/info/commit-graph`, version 1, SHA-1), read in place: the
/// tree and parents of every commit it lists, without inflating the commits. `git gc` writes it;
/// a purge uses it to walk the history it does not need to change. Commits are immutable, so
/// an out-of-date graph is still right about the commits it lists; any other commit is read
/// from the object store. See git's Documentation/gitformat-commit-graph.txt.
final class GitCommitGraph {
    private let file: GitMappedFile
    private let count: Int
    private let fanout: Int
    private let ids: Int
    private let data: Int
    private let edges: Int?

    /// - Returns: nil when there is no file, or it is split, of another version, or malformed
    ///   (the commits are then read one by one).
    init?(path: String) throws {
        guard let file = try GitMappedFile(path: path), file.count >= 8 + 12 else { return nil }
        let bytes = file.bytes
        // "CGPH", version 1, SHA-1, chunk count, no base graphs.
        guard bytes[0] == 0x43, bytes[1] == 0x47, bytes[2] == 0x50, bytes[3] == 0x48, bytes[4] == 1, bytes[5] == 1, bytes[7] == 0 else { return nil }
        let chunkCount = Int(bytes[6])
        guard 8 + 12 * (chunkCount + 1) <= file.count else { return nil }
        var chunks: [UInt32: Range<Int>] = [:]
        for index in 0 ..< chunkCount {
            let entry = 8 + 12 * index
            let id = GitPackIndex.be32(bytes + entry)
            let start = Self.be64(bytes + entry + 4)
            let end = Self.be64(bytes + entry + 16)
            guard start <= end, end <= UInt64(file.count) else { return nil }
            chunks[id] = Int(start) ..< Int(end)
        }
        guard let fanout = chunks[0x4F49_4446], fanout.count == 1024,  // OIDF
              let ids = chunks[0x4F49_444C],  // OIDL
              let data = chunks[0x4344_4154] else { return nil }  // CDAT
        let count = Int(GitPackIndex.be32(bytes + fanout.lowerBound + 255 * 4))
        guard ids.count == 20 * count, data.count == 36 * count else { return nil }
        self.file = file
        self.count = count
        self.fanout = fanout.lowerBound
        self.ids = ids.lowerBound
        self.data = data.lowerBound
        edges = chunks[0x4544_4745]?.lowerBound  // EDGE (octopus merges)
    }

    /// Tree and parents of `id`, or nil when the graph does not list it.
    func commit(_ id: ObjectID) -> (tree: ObjectID, parents: [ObjectID])? {
        guard let position = position(of: id) else { return nil }
        let entry = file.bytes + data + 36 * position
        let tree = ObjectID(bytes: entry)
        var parents: [ObjectID] = []
        let first = GitPackIndex.be32(entry + 20)
        let second = GitPackIndex.be32(entry + 24)
        let none: UInt32 = 0x7000_0000
        if first != none {
            guard let parent = self.id(at: first) else { return nil }
            parents.append(parent)
        }
        if second != none {
            if second & 0x8000_0000 == 0 {
                guard let parent = self.id(at: second) else { return nil }
                parents.append(parent)
            } else {
                guard let edges else { return nil }
                var slot = edges + 4 * Int(second & 0x7FFF_FFFF)
                while slot + 4 <= file.count {
                    let value = GitPackIndex.be32(file.bytes + slot)
                    guard let parent = self.id(at: value & 0x7FFF_FFFF) else { return nil }
                    parents.append(parent)
                    if value & 0x8000_0000 != 0 { break }
                    slot += 4
                }
            }
        }
        return (tree, parents)
    }

    private func id(at position: UInt32) -> ObjectID? {
        guard Int(position) < count else { return nil }
        return ObjectID(bytes: file.bytes + ids + 20 * Int(position))
    }

    private func position(of id: ObjectID) -> Int? {
        let first = Int(id.firstByte)
        var low = first == 0 ? 0 : Int(GitPackIndex.be32(file.bytes + fanout + 4 * (first - 1)))
        var high = Int(GitPackIndex.be32(file.bytes + fanout + 4 * first))
        guard high <= count else { return nil }
        while low < high {
            let middle = (low + high) / 2
            let candidate = ObjectID(bytes: file.bytes + ids + 20 * middle)
            if candidate < id { low = middle + 1 } else if candidate == id { return middle } else { high = middle }
        }
        return nil
    }

    private static func be64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(bigEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }
}
