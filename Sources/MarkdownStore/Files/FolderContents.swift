#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Listing and removing inside the git directory, where the purge and the remote cleaner
/// delete packs, loose objects and logs that libgit2 has no call to delete.
enum FolderContents {
    /// The names in `folder` (without `.` and `..`), sorted; a missing folder has none.
    static func names(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else {
            if errno == ENOENT { return [] }
            throw MarkdownStoreError.io(path: folder, operation: "list the folder", errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Deletes a file, or a folder and everything in it, never following a link; a missing
    /// path is not an error.
    static func remove(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw MarkdownStoreError.io(path: path, operation: "read the status of", errno: errno)
        }
        if Platform.fileType(info.st_mode) == S_IFDIR {
            for name in try names(in: path) { try remove(path + "/" + name) }
            if rmdir(path) != 0 && errno != ENOENT { throw MarkdownStoreError.io(path: path, operation: "remove the folder", errno: errno) }
        } else if unlink(path) != 0 && errno != ENOENT {
            throw MarkdownStoreError.io(path: path, operation: "remove the file", errno: errno)
        }
    }
}
