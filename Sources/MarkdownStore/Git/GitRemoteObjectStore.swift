#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension GitLocalTransfer {
    /// Refuses a folder remote whose object store is not its own: `objects` that is not a
    /// folder, or a part of it that is a link (``GitRepository/sharedStoreParts(inGitFolder:)``
    /// decides which, for the journal and its remotes alike). A push writes packs there and the
    /// clean-up after a let-go deletes packs and loose objects there; through a link, both would
    /// reach another repository's objects (a project of the person's), which say must never
    /// write in or delete from. Checked again before each write, as the remote can change
    /// between them.
    ///
    /// - Parameters:
    ///   - gitdir: the remote's git folder, ending in `/`.
    /// - Throws: `GitSyncError.unsafeRemote` naming the first such part.
    static func refuseForeignObjectStore(gitdir: String) throws {
        func refuse(_ name: String) -> GitSyncError {
            .unsafeRemote(path: gitdir + name,
                          reason: "a link to another folder, so the remote's objects are not its own; say never writes or deletes objects outside the remote")
        }
        var info = stat()
        guard lstat(gitdir + "objects", &info) == 0, Platform.fileType(info.st_mode) == S_IFDIR else { throw refuse("objects") }
        if let linked = try GitRepository.sharedStoreParts(inGitFolder: gitdir)?.first(where: { $0.hasPrefix("objects/") }) {
            throw refuse(linked)
        }
    }
}
