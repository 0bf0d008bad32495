#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CGit2

extension GitRepository {
    /// A clean filter of the person's on a file say commits: `filter=<driver>` in a
    /// `.gitattributes`, with `filter.<driver>.clean` or `.process` configured, or the driver
    /// marked `required`. git would store what the filter makes (git-crypt and transcrypt encrypt
    /// entries this way); say cannot run it, so it must never commit the plain text past it.
    ///
    /// Checked for the journal record, `.gitignore`, a name say would give a new entry and every
    /// file in the entries folder's year and month folders.
    ///
    /// - Returns: the driver's name, or nil when no such filter applies.
    /// - Throws: `GitError`. Calls `git_repository_config_snapshot`, `git_config_iterator_glob_new`,
    ///   `git_attr_get`, `git_config_get_string`, `git_config_get_bool`.
    func cleanFilterOnJournalFiles(entriesFolder: String = "entries") throws -> String? {
        var config: OpaquePointer?
        try gitCheck(git_repository_config_snapshot(&config, handle), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        // With no driver configured to run (or required), no attribute can name one that does:
        // the files' attributes (a read of every folder's .gitattributes, per file, at every
        // open of the journal) are not needed.
        guard try configuresFilterDriver(config) else { return nil }
        var paths = [".say-journal", ".gitignore", "\(entriesFolder)/2026/11/2026-11-22T034200Z-7f3c9a2e.md"]
        // Folders only, never through a link; one that cannot be listed is named by the listing.
        func names(in folder: String, foldersOnly: Bool) -> [String] {
            ((try? FolderContents.names(in: workdir + folder)) ?? []).filter { name in
                var info = stat()
                return !foldersOnly || (lstat(workdir + folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
            }
        }
        for year in names(in: entriesFolder, foldersOnly: true) {
            for month in names(in: "\(entriesFolder)/\(year)", foldersOnly: true) {
                let folder = "\(entriesFolder)/\(year)/\(month)"
                paths.append(folder + "/2026-11-22T034200Z-7f3c9a2e.md")
                paths += names(in: folder, foldersOnly: false).map { folder + "/" + $0 }
            }
        }
        var checked = Set<String>()
        for path in paths {
            var value: UnsafePointer<CChar>?
            try gitCheck(git_attr_get(&value, handle, 0, path, "filter"), "git_attr_get")
            guard let value, git_attr_value(value) == GIT_ATTR_VALUE_STRING else { continue }
            let driver = String(cString: value)
            guard checked.insert(driver).inserted else { continue }
            var required: Int32 = 0
            if git_config_get_bool(&required, config, "filter.\(driver).required") == 0, required != 0 { return driver }
            for command in ["clean", "process"] {
                var text: UnsafePointer<CChar>?
                if git_config_get_string(&text, config, "filter.\(driver).\(command)") == 0, let text, text.pointee != 0 { return driver }
            }
        }
        return nil
    }

    /// Whether the configuration has a `filter.<driver>.clean`, `.process` or `.required` entry.
    private func configuresFilterDriver(_ config: OpaquePointer?) throws -> Bool {
        var iterator: OpaquePointer?
        try gitCheck(git_config_iterator_glob_new(&iterator, config, "^filter\\..+\\.(clean|process|required)$"),
                     "git_config_iterator_glob_new")
        defer { git_config_iterator_free(iterator) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        let status = git_config_next(&entry, iterator)
        if status == GIT_ITEROVER.rawValue { return false }
        try gitCheck(status, "git_config_next")
        return true
    }
}
