import Foundation
import TestSupport
import Testing
@testable import MarkdownStore

/// Runs the real git CLI in a folder; returns its status and standard output.
@discardableResult
func syncGit(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
    try git(arguments, in: folder)
}

/// A fresh folder (the test support's one temporary folder), removed at deinit.
final class SyncScratch: @unchecked Sendable {
    private let folder: TemporaryFolder
    var path: String { folder.path }
    init(_ label: String = "sync") {
        folder = TemporaryFolder(label)
    }

    /// A bare repository to use as the remote.
    func bareRemote(_ name: String = "remote.git") throws -> String {
        let folder = path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #require(try syncGit(["init", "--bare", "-q", "-b", "main"], in: folder).status == 0)
        return folder
    }
}

/// One journal folder acting as a device, driven through the store API.
final class SyncTestDevice {
    let folder: String
    private(set) var repository: GitRepository
    var remote: String

    init(_ scratch: SyncScratch, _ name: String, remote: String) throws {
        folder = scratch.path + "/" + name
        self.remote = remote
        repository = try GitRepository.create(at: folder)
        try write(".gitignore", ".say-lock\n*.swp\n")
        try repository.commit(paths: [".gitignore"], message: "Start versioning")
    }

    static func path(_ name: String) -> String { "entries/2026/11/\(name).md" }

    func write(_ path: String, _ text: String) throws {
        try AtomicFile.write(Array(text.utf8), to: folder + "/" + path)
    }

    func keep(_ name: String, _ text: String) throws {
        try write(Self.path(name), text)
        try repository.commit(paths: [Self.path(name)], message: "Keep \(name.suffix(8))")
    }

    func letGo(_ name: String) throws {
        try repository.purge(fileNames: [name + ".md"])
    }

    func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + Self.path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Entry files and their texts.
    func entries() -> [String: String] {
        var result: [String: String] = [:]
        let root = folder + "/entries"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let item = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root + "/" + item
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
               !(item as NSString).lastPathComponent.hasPrefix(".") {
                result["entries/" + item] = String(decoding: FileManager.default.contents(atPath: full) ?? Data(), as: UTF8.self)
            }
        }
        return result
    }

    @discardableResult
    func sync(remote url: String? = nil, attempts: Int = 4, checkpoint: ((GitSyncCheckpoint) throws -> Void)? = nil) throws -> GitSyncReport {
        try repository.sync(settings(url ?? remote, attempts: attempts, checkpoint: checkpoint))
    }

    func settings(_ url: String?, attempts: Int = 4, checkpoint: ((GitSyncCheckpoint) throws -> Void)? = nil) -> GitSyncSettings {
        GitSyncSettings(
            remoteURL: url, workingDirectory: folder, sshDirectory: folder + "/no-ssh", sshAgentAvailable: false,
            localUser: "tester", knownHostsFiles: [], maximumAttempts: attempts,
            makeConflictCopy: { path, bytes in
                // A deterministic new name: same local bytes, same copy.
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                let copyPath = String(path.dropLast(3)) + "-copy\(String(hash, radix: 16).prefix(6)).md"
                return GitSyncCopy(path: copyPath, bytes: Array("[copy] ".utf8) + bytes, message: "Keep copy")
            },
            checkpoint: checkpoint)
    }

    /// Reopens the repository (as a new run of say would).
    func reopen() throws {
        repository = try #require(try GitRepository.open(at: folder))
    }
}

/// Everything in a repository's object store, as the git CLI prints it.
func syncObjects(in folder: String) throws -> String {
    try syncGit(["cat-file", "--batch-all-objects", "--batch"], in: folder).output
}

struct SimulatedSyncCrash: Error {}
