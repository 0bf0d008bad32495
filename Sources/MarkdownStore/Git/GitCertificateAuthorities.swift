import Foundation
internal import CGit2

/// A certificate authority file trusted, alone, for an https sync, as git does: the environment
/// variable `GIT_SSL_CAINFO`, else the git setting `http.sslCAInfo` (the journal repository's,
/// then the person's global one). With neither, the system's authorities are used.
struct GitCertificateAuthorities: Equatable {
    /// The file of PEM certificates.
    let path: String
    /// Where it was set, for messages: `GIT_SSL_CAINFO` or `http.sslCAInfo`.
    let setting: String

    /// What `environment` and the repository's configuration name; nil for the system's.
    ///
    /// - Throws: `GitError`. Calls `git_repository_config_snapshot`, `git_config_get_path`.
    static func configured(environment: [String: String], repository: OpaquePointer) throws -> GitCertificateAuthorities? {
        if let file = environment["GIT_SSL_CAINFO"], !file.isEmpty {
            return GitCertificateAuthorities(path: file, setting: "GIT_SSL_CAINFO")
        }
        var config: OpaquePointer?
        try gitCheck(git_repository_config_snapshot(&config, repository), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        var value = git_buf()
        defer { git_buf_dispose(&value) }
        // A path setting: `~/` is the home folder, as git reads it.
        let result = git_config_get_path(&value, config, "http.sslCAInfo")
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try gitCheck(result, "git_config_get_path")
        guard let text = gitString(from: value.ptr), !text.isEmpty else { return nil }
        return GitCertificateAuthorities(path: text, setting: "http.sslCAInfo")
    }
}
