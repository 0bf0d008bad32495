#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// `scripts/install-dependencies`, run the way the README says, with the system's tools replaced
/// by small stand-ins on PATH, so every case (no Swift, root, no sudo) is tried without
/// installing anything.
@Suite("scripts/install-dependencies")
struct InstallDependenciesTests {
    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/install-dependencies").path
    }

    let folder = TemporaryFolder("say-install")
    var bin: String { folder.url("bin") }
    var calls: String { folder.url("calls") }

    /// A fake system: `uname` says Linux, `id -u` says `uid`, `dpkg-query` knows `installed`,
    /// and `apt-get` and `sudo` write down how they were called.
    func system(uid: Int, installed: [String], swift: Bool = true, sudo: Bool = true) throws {
        func tool(_ name: String, _ body: String) throws {
            try folder.write("#!/bin/sh\n" + body + "\n", to: "bin/" + name)
            chmod(folder.url("bin/" + name), 0o755)
        }
        try tool("uname", "echo Linux")
        try tool("id", "echo \(uid)")
        try tool("grep", "exec /bin/grep \"$@\"")
        try tool("dpkg-query", """
            for name in \(installed.joined(separator: " ")); do
              if [ "$name" = "$3" ]; then printf 'install ok installed'; exit 0; fi
            done
            exit 1
            """)
        try tool("apt-get", "echo \"apt-get $*\" >> '\(calls)'")
        if sudo { try tool("sudo", "echo \"sudo $*\" >> '\(calls)'; exec \"$@\"") }
        if swift { try tool("swift", "echo 'Swift version 6.3'") }
    }

    func run(_ arguments: [String] = []) throws -> SayRun {
        try runProgram("/bin/bash", [Self.script] + arguments, environment: ["PATH": bin])
    }

    var called: String { (try? String(contentsOfFile: calls, encoding: .utf8)) ?? "" }

    static let needed = ["libgit2-dev", "zlib1g-dev", "pkg-config"]

    @Test func withoutSwiftItSaysWhereToGetIt() throws {
        try system(uid: 0, installed: Self.needed, swift: false)
        let run = try run()
        #expect(run.status == 1)
        #expect(run.stderr.contains("install-dependencies: Swift is not installed (no 'swift' on PATH)."))
        #expect(run.stderr.contains("https://www.swift.org/install/"))
        #expect(called == "")
    }

    @Test func asRootItInstallsWithoutSudo() throws {
        try system(uid: 0, installed: ["pkg-config"], sudo: false)
        let run = try run()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(called == "apt-get update -qq\napt-get install -y -qq --no-install-recommends libgit2-dev zlib1g-dev\n")
    }

    @Test func withoutRootOrSudoItSaysWhatToDo() throws {
        try system(uid: 1000, installed: ["pkg-config"], sudo: false)
        let run = try run()
        #expect(run.status == 1)
        #expect(run.stderr == """
            install-dependencies: these packages are missing: libgit2-dev zlib1g-dev
            install-dependencies: run this script as root, or install them as root with: apt-get install libgit2-dev zlib1g-dev

            """)
        #expect(called == "")
    }

    @Test func withoutRootItUsesSudo() throws {
        try system(uid: 1000, installed: ["libgit2-dev", "zlib1g-dev"])
        #expect(try run().status == 0)
        #expect(called.contains("sudo apt-get install -y -qq --no-install-recommends pkg-config\n"))
    }

    @Test func nothingMissingInstallsNothing() throws {
        try system(uid: 1000, installed: Self.needed, sudo: false)
        let run = try run()
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(called == "")
    }
}
