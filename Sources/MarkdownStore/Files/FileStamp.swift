#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, in the fields git's index keeps for it: enough to tell,
/// without reading the file, that it is still the file the index describes.
///
/// Values are kept at the width the index stores them (32 bits), as git truncates them.
public struct FileStamp: Sendable, Hashable {
    public let changeSeconds: UInt32
    public let changeNanoseconds: UInt32
    public let modificationSeconds: UInt32
    public let modificationNanoseconds: UInt32
    public let inode: UInt32
    /// `st_mode` as it is (type and permission bits).
    public let mode: UInt32
    public let user: UInt32
    public let group: UInt32
    public let size: UInt32

    /// The fields a change of contents always changes (in practice: a file written again gets
    /// a new modification time, and a new inode when it is replaced); not the change time or
    /// mode, which a `chmod` changes.
    var sameContents: [UInt32] { [modificationSeconds, modificationNanoseconds, inode, size, user, group] }

    init(_ info: stat) {
        let (change, modification) = Platform.changeAndModificationTimes(info)
        changeSeconds = UInt32(truncatingIfNeeded: change.tv_sec)
        changeNanoseconds = UInt32(truncatingIfNeeded: change.tv_nsec)
        modificationSeconds = UInt32(truncatingIfNeeded: modification.tv_sec)
        modificationNanoseconds = UInt32(truncatingIfNeeded: modification.tv_nsec)
        inode = UInt32(truncatingIfNeeded: info.st_ino)
        mode = UInt32(truncatingIfNeeded: info.st_mode)
        user = UInt32(truncatingIfNeeded: info.st_uid)
        group = UInt32(truncatingIfNeeded: info.st_gid)
        size = UInt32(truncatingIfNeeded: info.st_size)
    }

    init(changeSeconds: UInt32, changeNanoseconds: UInt32, modificationSeconds: UInt32, modificationNanoseconds: UInt32,
         inode: UInt32, mode: UInt32, user: UInt32, group: UInt32, size: UInt32) {
        self.changeSeconds = changeSeconds
        self.changeNanoseconds = changeNanoseconds
        self.modificationSeconds = modificationSeconds
        self.modificationNanoseconds = modificationNanoseconds
        self.inode = inode
        self.mode = mode
        self.user = user
        self.group = group
        self.size = size
    }
}

/// The stamps of every file a scan read, for telling cheaply whether the working tree still
/// matches git's index (see `GitSettledState`).
public struct WorkingTreeStamps: Sendable {
    /// Paths relative to the scanned root, each with its stamp.
    public internal(set) var files: [(path: String, stamp: FileStamp)] = []
    /// False when the scan passed over something git would see but the scan did not read (a
    /// link, a file that is not a document, a folder it skips, a file it could not open): the
    /// stamps then cannot tell the whole story.
    public internal(set) var isComplete = true

    public init() {}
}
