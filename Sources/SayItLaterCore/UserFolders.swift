import Foundation

/// Where say keeps things for one person, following the XDG base directory rules.
public struct UserFolders: Sendable, Hashable {
    /// The journal: entries, and the git repository when versioning is on.
    public var journal: String
    /// Settings: the first-launch mark, the licence, the lock.
    public var config: String
    /// Working state: the draft being written.
    public var state: String
    /// What can be made again: the compiled safety phrase table (nothing a person wrote).
    /// Nil: nothing is cached.
    public var cache: String?

    public init(journal: String, config: String, state: String, cache: String? = nil) {
        self.journal = journal
        self.config = config
        self.state = state
        self.cache = cache
    }

    /// Resolves the folders.
    ///
    /// The journal is `journalOption` (from `--journal`), else `SAY_JOURNAL`, else
    /// `$XDG_DATA_HOME/say-it-later`, else `~/.local/share/say-it-later`. Settings go under
    /// `$XDG_CONFIG_HOME` (else `~/.config`), state under `$XDG_STATE_HOME` (else
    /// `~/.local/state`) and the cache under `$XDG_CACHE_HOME` (else `~/.cache`). Relative XDG
    /// values are ignored, as the specification asks.
    ///
    /// - Parameters:
    ///   - journalOption: the `--journal` value, if given; relative paths are taken from `workingDirectory`.
    ///   - environment: the process environment.
    ///   - workingDirectory: the folder relative paths start from.
    /// - Throws: `JournalError.noHomeFolder` when a default is needed and HOME is not set.
    public static func resolve(journalOption: String?, environment: [String: String], workingDirectory: String) throws -> UserFolders {
        func absolute(_ path: String) -> String {
            let expanded = path.hasPrefix("~/") ? (environment["HOME"] ?? "~") + path.dropFirst(1) : path
            let joined = expanded.hasPrefix("/") ? expanded : workingDirectory + "/" + expanded
            return URL(fileURLWithPath: joined).standardizedFileURL.path
        }
        func base(_ variable: String, _ fallback: String) throws -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            guard let home = environment["HOME"], !home.isEmpty else { throw JournalError.noHomeFolder }
            return home + "/" + fallback
        }
        let journal: String
        if let option = journalOption, !option.isEmpty {
            journal = absolute(option)
        } else if let variable = environment["SAY_JOURNAL"], !variable.isEmpty {
            journal = absolute(variable)
        } else {
            journal = try base("XDG_DATA_HOME", ".local/share") + "/say-it-later"
        }
        return UserFolders(
            journal: journal,
            config: try base("XDG_CONFIG_HOME", ".config") + "/say-it-later",
            state: try base("XDG_STATE_HOME", ".local/state") + "/say-it-later",
            cache: cache(environment: environment))
    }

    /// The cache folder alone: `$XDG_CACHE_HOME/say-it-later`, else `~/.cache/say-it-later`;
    /// nil when neither is known (no absolute XDG_CACHE_HOME and no HOME).
    public static func cache(environment: [String: String]) -> String? {
        if let value = environment["XDG_CACHE_HOME"], value.hasPrefix("/") { return value + "/say-it-later" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/say-it-later"
    }
}
