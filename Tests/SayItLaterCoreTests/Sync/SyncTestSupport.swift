import Foundation
import MarkdownStore
@testable import SayItLaterCore
import TestSupport
import Testing

/// One computer's journal, driven through `Journal` the way `say` drives it; each call opens the
/// journal afresh, as a new run of `say` would.
final class SyncComputer {
    let folder = TemporaryFolder("say-sync-computer")
    var remote: String
    /// Whether the person gives this computer the sync key when it joins (see `CarriedSyncKeys`).
    var carriesKey = true
    private var clock = UTCTime.parseISO8601("2026-11-22T03:42:00Z")!

    init(remote: String) {
        self.remote = remote
    }

    var path: String { folder.url("journal") }

    func journal() throws -> Journal {
        try Journal(folders: UserFolders(journal: path, config: folder.url("config"), state: folder.url("state")),
                    clock: { [unowned self] in self.clock })
    }

    /// Keeps an entry with the next minute's date; returns its path.
    @discardableResult
    func keep(_ text: String) throws -> String {
        clock = clock.addingTimeInterval(60)
        return try journal().keep(text: text, feeling: .same).path
    }

    /// Lets an entry go the way `say let-go` does.
    func letGo(_ path: String) throws {
        let journal = try journal()
        let entry = try #require(journal.list().entries.first { $0.path == path })
        try journal.letGo(entry)
    }

    @discardableResult
    func sync(_ options: SyncOptions = SyncOptions(), remote url: String? = nil, confirm: (SyncRemovalQuestion) -> Bool = { _ in false },
              checkpoint: ((GitSyncCheckpoint) throws -> Void)? = nil) throws -> SyncReport {
        var options = options
        if options.remote == nil { options.remote = url ?? remote }
        let journal = try journal()
        // The person gives a computer that joins the journal's sync key (README: "Other computers join").
        if carriesKey, options.key == nil, try journal.syncKey() == nil, let code = CarriedSyncKeys.code(for: options.remote ?? "") {
            options.key = SyncKey(code: code)
        }
        let report = try journal.sync(options, environment: ["HOME": folder.path], workingDirectory: folder.path,
                                      confirm: confirm, checkpoint: checkpoint)
        if !options.dryRun { CarriedSyncKeys.remember(journal: path, remote: options.remote ?? "") }
        return report
    }

    /// Entry files and their texts.
    func entries() -> [String: String] {
        var result: [String: String] = [:]
        for file in folder.files(under: "journal/entries") {
            result[String(file.dropFirst("journal/".count))] = String(decoding: (try? folder.read(file)) ?? [], as: UTF8.self)
        }
        return result
    }

    func write(_ text: String, to relative: String) throws {
        try folder.write(text, to: "journal/" + relative)
    }

    func git(_ arguments: [String]) throws -> String {
        try TestSupport.git(arguments, in: path).output
    }

    /// Every object in the repository, as git prints them.
    func objects() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"])
    }

    /// Everything a sync could change here: files, branch, base, index.
    func state() throws -> [String] {
        [try git(["rev-parse", "HEAD"]), try git(["for-each-ref"]), try git(["status", "--porcelain", "--ignored"])]
            + folder.files(under: "journal", includeHidden: true).filter { !$0.hasPrefix("journal/.git/") }.map { file in
                file + "=" + String(decoding: (try? folder.read(file)) ?? [], as: UTF8.self)
            }
    }
}

/// A bare repository as the remote, in its own temporary folder.
final class SyncRemoteFolder {
    let folder = TemporaryFolder("say-sync-remote")
    var path: String { folder.url("journal.git") }

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try #require(try git(["init", "--bare", "-q", "-b", "main"]).isEmpty)
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        try TestSupport.git(arguments, in: path).output
    }

    func objects() throws -> String {
        try git(["cat-file", "--batch-all-objects", "--batch"])
    }

    /// A working clone, for changing the remote with the git CLI as something other than say.
    func clone() throws -> String {
        let clone = folder.url("clone-\(UUID().uuidString.prefix(6))")
        try #require(TestSupport.git(["clone", "-q", path, clone], in: folder.path).status == 0)
        return clone
    }

    /// The remote's refs and packs, to show a refused sync changed nothing there.
    func state() throws -> [String] {
        [try git(["for-each-ref"])] + folder.files(under: "journal.git", includeHidden: true).filter { !$0.contains("/logs/") }
    }
}

struct SimulatedKill: Error {}
