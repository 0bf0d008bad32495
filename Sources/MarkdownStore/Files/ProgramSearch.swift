import Foundation

/// Finds a program on PATH the way a shell would, with one difference: only absolute folders
/// are searched. An empty or relative entry stands for the folder say happens to run in, and a
/// file planted there must never be started in place of git, secret-tool or an editor.
public enum ProgramSearch {
    /// The first executable file called `name` in the absolute folders of `environment["PATH"]`
    /// (`/usr/bin:/bin` when PATH is unset), or nil.
    public static func path(of name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
