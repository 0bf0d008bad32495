import Foundation

/// A fresh folder under the system temporary folder, removed when the test is done with it.
///
/// Each test makes its own, so tests can run in parallel without sharing state.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "say-test") {
        let base = NSTemporaryDirectory() + "/\(label)-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)  // the temp folder is writable in tests
        path = URL(fileURLWithPath: base).standardizedFileURL.path
    }

    deinit {
        // Restore permissions that tests may have removed, so cleanup can reach everything.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", path]).waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/relative`.
    public func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` at `relative`, creating parent folders.
    public func write(_ text: String, to relative: String) throws {
        try write(Array(text.utf8), to: relative)
    }

    public func write(_ bytes: [UInt8], to relative: String) throws {
        let full = url(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// The bytes at `relative`.
    public func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: url(relative))))
    }

    /// Every regular file under `relative`, as paths relative to this folder, sorted. Hidden
    /// files (such as say's `.say-lock`) are left out unless `includeHidden` is true.
    public func files(under relative: String = ".", includeHidden: Bool = false) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: url(relative)) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if !includeHidden, item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if FileManager.default.fileExists(atPath: url(relative) + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(relative == "." ? item : relative + "/" + item)
            }
        }
        return found.sorted()
    }

    /// The permission bits of the file or folder at `relative`.
    public func mode(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(relative))
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
