#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension GitLocalTransfer {
    /// Refuses a folder remote whose object store is not its own: `objects`, `objects/pack`,
    /// `objects/info` or a loose-object folder (`objects/xx`) that is a link (or anything but a
    /// folder). A push writes packs there and the clean-up after a let-go deletes packs and loose
    /// objects there; through a link, both would reach another repository's objects (a project of
    /// the person's), which say must never write in or delete from.
    ///
    /// - Parameters:
    ///   - gitdir: the remote's git folder, ending in `/`.
    /// - Throws: `GitSyncError.unsafeRemote` naming the first such folder.
    static func refuseForeignObjectStore(gitdir: String) throws {
        func refuse(_ name: String) -> GitSyncError {
            .unsafeRemote(path: gitdir + name,
                          reason: "a link to another folder, so the remote's objects are not its own; say never writes or deletes objects outside the remote")
        }
        func isOwnFolder(_ name: String, required: Bool) -> Bool {
            var info = stat()
            guard lstat(gitdir + name, &info) == 0 else { return !required && errno == ENOENT }
            return Platform.fileType(info.st_mode) == S_IFDIR
        }
        guard isOwnFolder("objects", required: true) else { throw refuse("objects") }
        for name in ["objects/pack", "objects/info"] where !isOwnFolder(name, required: false) { throw refuse(name) }
        for name in try FolderContents.names(in: gitdir + "objects") where name.utf8.count == 2 && name.utf8.allSatisfy({ GitRawObject.hexValue($0) != nil }) {
            guard isOwnFolder("objects/" + name, required: true) else { throw refuse("objects/" + name) }
        }
    }
}
