#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CGit2

extension GitRepository {
    /// Makes the git folder private to its owner, without changing what git can do with it.
    ///
    /// The folder itself becomes 0700 every time (cheap, and enough on its own to keep other
    /// users out). Once (marked by `say/permissions`), every folder and file under it that this
    /// user owns loses its group and other bits: folders 0700, files 0600, and read-only files
    /// (git's objects, 0444) stay read-only for the owner (0400), executables (hooks) stay
    /// executable (0700). Links are never followed. Nothing is changed when the person shares
    /// the repository with a group on purpose (`core.sharedRepository`).
    ///
    /// - Throws: `MarkdownStoreError` when a mode cannot be changed.
    public func tightenPermissions() throws {
        guard !isSharedOnPurpose() else { return }
        try Self.tighten(gitdir, isFolder: true)
        let marker = gitdir + "say/permissions"
        guard access(marker, F_OK) != 0 else { return }
        try Self.tightenTree(gitdir)
        try AtomicFile.write(Array("say-it-later permissions 1\n".utf8), to: marker)
    }

    private func isSharedOnPurpose() -> Bool {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return false }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, "core.sharedrepository") == 0, let text = gitString(from: value) else { return false }
        return !["false", "umask", "0", "no", "off"].contains(text.lowercased())
    }

    private static func tightenTree(_ folder: String) throws {
        for name in try FolderContents.names(in: folder) {
            let path = folder + (folder.hasSuffix("/") ? "" : "/") + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == geteuid() else { continue }
            switch Platform.fileType(info.st_mode) {
            case S_IFDIR:
                try tighten(path, isFolder: true)
                try tightenTree(path)
            case S_IFREG:
                try tighten(path, isFolder: false)
            default:
                continue  // links and anything else are left as they are
            }
        }
    }

    private static func tighten(_ path: String, isFolder: Bool) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let owner = info.st_mode & 0o700
        let wanted = isFolder ? 0o700 : owner
        guard info.st_mode & 0o7777 != wanted else { return }
        if chmod(path, wanted) != 0 { throw MarkdownStoreError.io(path: path, operation: "make private", errno: errno) }
    }
}
