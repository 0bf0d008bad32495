import Foundation
import Testing
import TestSupport
@testable import MarkdownStore

/// What a sync fetches and builds waits in a quarantine outside the object store: discarded, it
/// leaves the store exactly as it was; accepted, it joins it; and what a killed run left is
/// removed (never accepted) or finished (accepted) by the next one.
@Suite struct GitFetchQuarantineTests {
    /// A repository with one commit, and the names of the files in its object store.
    func makeRepository(_ root: String) throws -> GitRepository {
        let journal = root + "/journal"
        let repository = try GitRepository.create(at: journal)
        try writeGitTestFile(journal, "entries/2026/11/a.md", "KEPT-marker\n")
        try repository.commit(paths: ["entries/2026/11/a.md"], message: "Add")
        return repository
    }

    func storeFiles(_ repository: GitRepository) -> [String] {
        (FileManager.default.subpaths(atPath: repository.gitdir + "objects") ?? []).sorted()
    }

    func has(_ id: ObjectID, in repository: GitRepository) throws -> Bool {
        try gitRun(["cat-file", "-e", id.description], in: repository.workdir).status == 0
    }

    @Test func discardedLeavesTheStoreAsItWas() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            let before = storeFiles(repository)
            let quarantine = try GitFetchQuarantine(repository: repository)
            let blob = try repository.createBlob(Array("QUARANTINED-marker words\n".utf8))
            // Readable through the repository while it is open, and nowhere in the store.
            #expect(try repository.hasObject(blob))
            #expect(!(try has(blob, in: repository)))
            #expect(storeFiles(repository) == before)
            quarantine.discard()
            #expect(!(try repository.hasObject(blob)))
            #expect(storeFiles(repository) == before)
            #expect(try FolderContents.names(in: repository.gitdir + "say").allSatisfy { !$0.hasPrefix("incoming-") })
            // The repository writes to its own store again.
            let kept = try repository.createBlob(Array("written after\n".utf8))
            #expect(try has(kept, in: repository))
        }
    }

    @Test func acceptedJoinsTheStore() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            let quarantine = try GitFetchQuarantine(repository: repository)
            let blob = try repository.createBlob(Array("ACCEPTED-marker words\n".utf8))
            try quarantine.accept()
            #expect(try has(blob, in: repository))
            #expect(try repository.hasObject(blob))
            #expect(try FolderContents.names(in: repository.gitdir + "say").allSatisfy { !$0.hasPrefix("incoming-") && !$0.hasPrefix("accepted-") })
            quarantine.discard()  // nothing left to discard
            #expect(try has(blob, in: repository))
            #expect(try gitRun(["fsck", "--full"], in: repository.workdir).status == 0)
        }
    }

    /// A run killed before the remote was accepted: the next one removes what it fetched.
    @Test func aKilledRunsIncomingObjectsAreRemoved() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            let before = storeFiles(repository)
            let leftover = repository.gitdir + "say/incoming-999999-abc/"
            let pack = try makePack(root, text: "INCOMING-marker words")
            try FileManager.default.createDirectory(atPath: leftover + "pack", withIntermediateDirectories: true)
            for file in pack.files { try FileManager.default.copyItem(atPath: file, toPath: leftover + "pack/" + (file as NSString).lastPathComponent) }
            try FileManager.default.createDirectory(atPath: leftover + "ab", withIntermediateDirectories: true)
            try Data("not an object".utf8).write(to: URL(fileURLWithPath: leftover + "ab/" + String(repeating: "c", count: 38)))
            try repository.finishInterruptedSync()
            #expect(!FileManager.default.fileExists(atPath: leftover))
            #expect(!(try has(pack.blob, in: repository)))
            #expect(storeFiles(repository) == before)
        }
    }

    /// A run killed while it moved an accepted remote's pack in (the pack there, its index not
    /// yet): the next one finishes the move.
    @Test func aKilledRunsAcceptedObjectsAreMovedIn() throws {
        try withGitTestFolder { root in
            let repository = try makeRepository(root)
            let leftover = repository.gitdir + "say/accepted-999999-abc/"
            let pack = try makePack(root, text: "ACCEPTED-marker words")
            try FileManager.default.createDirectory(atPath: leftover + "pack", withIntermediateDirectories: true)
            for file in pack.files {
                let name = (file as NSString).lastPathComponent
                let target = name.hasSuffix(".pack") ? repository.gitdir + "objects/pack/" + name : leftover + "pack/" + name
                try FileManager.default.copyItem(atPath: file, toPath: target)
            }
            let loose = try makeLooseObject(root, text: "LOOSE-marker words")
            let fan = String(loose.id.description.prefix(2))
            try FileManager.default.createDirectory(atPath: leftover + fan, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: loose.file, toPath: leftover + fan + "/" + String(loose.id.description.dropFirst(2)))
            #expect(!(try has(pack.blob, in: repository)))
            try repository.finishInterruptedSync()
            #expect(!FileManager.default.fileExists(atPath: leftover))
            #expect(try has(pack.blob, in: repository))
            #expect(try has(loose.id, in: repository))
            #expect(try repository.hasObject(pack.blob))
            #expect(try gitRun(["fsck", "--full"], in: repository.workdir).status == 0)
        }
    }

    /// A pack holding one blob, made by git in a repository of its own: its files and the blob.
    func makePack(_ root: String, text: String) throws -> (files: [String], blob: ObjectID) {
        let other = root + "/other-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try runGit(["init", "-q", "--bare", other], in: root)
        let id = try #require(ObjectID(hex: try gitCLIText(["hash-object", "-w", "--stdin"], in: other, input: text)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let base = other + "/objects/pack/pack"
        let name = try gitRun(["pack-objects", "-q", base], in: other, input: id.description + "\n").output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (["\(base)-\(name).pack", "\(base)-\(name).idx"], id)
    }

    /// A loose object file made by git: its path and id.
    func makeLooseObject(_ root: String, text: String) throws -> (file: String, id: ObjectID) {
        let other = root + "/loose-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try runGit(["init", "-q", "--bare", other], in: root)
        let id = try #require(ObjectID(hex: try gitCLIText(["hash-object", "-w", "--stdin"], in: other, input: text)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let hex = id.description
        return (other + "/objects/" + hex.prefix(2) + "/" + hex.dropFirst(2), id)
    }
}

private func gitCLIText(_ arguments: [String], in folder: String, input: String) throws -> String {
    let run = try gitRun(arguments, in: folder, input: input)
    try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.error)")
    return run.output
}
