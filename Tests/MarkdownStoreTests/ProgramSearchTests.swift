import Foundation
import MarkdownStore
import TestSupport
import Testing

@Suite("Finding programs on PATH")
struct ProgramSearchTests {
    /// An executable script called `name` in `folder`.
    func plant(_ name: String, in folder: TemporaryFolder, at relative: String, executable: Bool = true) throws {
        try folder.write("#!/bin/sh\nexit 0\n", to: relative + "/" + name)
        chmod(folder.url(relative + "/" + name), executable ? 0o700 : 0o600)
    }

    @Test func theFirstExecutableInAnAbsoluteFolderWins() throws {
        let folder = TemporaryFolder()
        try plant("tool", in: folder, at: "a", executable: false)
        try plant("tool", in: folder, at: "b")
        try plant("tool", in: folder, at: "c")
        let path = [folder.url("a"), folder.url("b"), folder.url("c")].joined(separator: ":")
        #expect(ProgramSearch.path(of: "tool", environment: ["PATH": path]) == folder.url("b") + "/tool")
        #expect(ProgramSearch.path(of: "absent", environment: ["PATH": path]) == nil)
    }

    @Test func relativeFoldersAreNeverSearched() throws {
        let folder = TemporaryFolder()
        try plant("tool", in: folder, at: "here")
        // The same folder named relative to the folder the tests run in (no chdir: tests run in parallel).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.url("here").dropFirst()
        #expect(FileManager.default.isExecutableFile(atPath: relative + "/tool"))
        for path in [relative, relative + ":", ":" + relative, "/nonexistent:" + relative] {
            #expect(ProgramSearch.path(of: "tool", environment: ["PATH": path]) == nil, "PATH=\(path)")
        }
        #expect(ProgramSearch.path(of: "tool", environment: ["PATH": relative + ":" + folder.url("here")])
                == folder.url("here") + "/tool")
    }
}
