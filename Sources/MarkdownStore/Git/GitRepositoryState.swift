#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CGit2

extension GitRepository {
    /// Whether the person is in the middle of something with the git CLI (a merge, rebase,
    /// cherry-pick, revert or bisect) or has HEAD detached: times when say must not commit.
    ///
    /// Cheaper than ``status()``, which counts commits and walks the working tree.
    /// Calls `git_repository_state` and `git_repository_head_detached`.
    public func isBusyWithGit() throws -> Bool {
        let state = try gitCheck(git_repository_state(handle), "git_repository_state")
        let detached = try gitCheck(git_repository_head_detached(handle), "git_repository_head_detached")
        return state != GIT_REPOSITORY_STATE_NONE.rawValue || detached == 1
    }

    /// Whether `.git/HEAD` is a symbolic link (`core.preferSymlinkRefs`): git reads it as the
    /// branch it points to, say's git library as a detached HEAD. say commits nothing and lets
    /// nothing go until it is a plain file.
    public var headIsSymbolicLink: Bool {
        var info = stat()
        return lstat(gitdir + "HEAD", &info) == 0 && Platform.fileType(info.st_mode) == S_IFLNK
    }
}
