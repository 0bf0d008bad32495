import Foundation
import Testing
import TestSupport

/// Every command in the README's shell blocks, run verbatim by `/bin/sh` in a home folder of
/// its own, in the order a reader meets them. A command that is not run here says why below
/// (and which test or script runs it instead); a new command in the README that is neither
/// run nor listed fails this test.
@Suite("README commands", .serialized)
struct ReadmeCommandTests {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Commands not run here, and why.
    static let notRun: [String: String] = [
        "./scripts/install-dependencies && swift run say": "installs packages and builds; InstallDependenciesTests runs the script with stand-ins",
        "./scripts/install-dependencies --tests && ./scripts/test": "CI itself: .ci/run runs exactly this line",
        "swift build -c release --static-swift-stdlib": "a release build takes minutes; CI builds the same sources in debug",
        "install -D -m 0755 .build/release/say ~/.local/bin/say": "needs the release build",
        "swift package generate-manual": "builds a plugin; the argument parser's own tests cover it",
        "install -D -m 0644 .build/plugins/GenerateManual/outputs/say/say.1 ~/.local/share/man/man1/say.1": "needs the manual built",
        "ssh me@myserver 'git init --bare -b main journal.git'": "reaches a server; SyncSSHTests runs sync over ssh to a local server",
        "ssh-keyscan myserver >> ~/.ssh/known_hosts": "reaches a server; SyncSSHTests checks known_hosts",
        "say sync --remote ssh://me@myserver/home/me/journal.git": "reaches a server; SyncSSHTests syncs over ssh",
        "git ls-remote https://git.example.org/me/journal.git": "reaches a server; SyncHTTPSTests stores a token with the store helper",
        "say sync --remote https://git.example.org/me/journal.git": "reaches a server; SyncHTTPSTests syncs over https to a local server",
        "cd journal.git && git reflog expire --expire=now --all && git gc --prune=now": "runs on the person's server, with git only",
        "secret-tool clear application say-it-later item lock": "needs a desktop keyring",
        "security delete-generic-password -a say-it-later -s \"Say It Later lock\"": "macOS only",
        "say sync --remote /media/usb/journal.git --key -": "needs the key another computer shows, typed in; SyncHostileRemoteTests joins with --key -",
        "swift build": "how the tests themselves are built",
        "./scripts/test": "CI itself",
    ]

    /// Commands that must succeed (the rest must at least be understood: never a usage error).
    static let mustSucceed = [
        "echo \"what I need to say\" | say write --feeling lighter --keep", "say write --feeling heavier --let-go < draft.md",
        "say history", "say history --json", "say show 1", "say show 1 --path", "say edit 1", "say let-go 1 --yes",
        "say support", "say --journal ~/other-journal history", "say init --git", "say git on", "say git status",
        "say git off --yes", "say licence", "say --generate-completion-script bash > ~/.local/share/bash-completion/completions/say",
        "say-licence-signer keygen --key-id 2026a --private-key say-2026a.key", "cmp SIL-2026-0042.txt SIL-2026-0042-again.txt",
        "mkdir /media/usb/journal", "say sync --remote /media/usb/journal", "say sync", "say sync --json",
    ]

    /// The README's commands, without comments, in order.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        var inShell = false
        for line in readme.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inShell = !inShell && trimmed == "```sh"
                continue
            }
            guard inShell, !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            commands.append(trimmed)
        }
        return commands
    }

    /// The command without its trailing comment, as the lists above name it.
    static func bare(_ command: String) -> String {
        guard let range = command.range(of: "  #") ?? command.range(of: " # ") else { return command }
        return String(command[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    @Test func everyCommandRunsVerbatim() throws {
        let sandbox = TemporaryFolder("say-readme")
        let home = sandbox.url("home")
        let work = sandbox.url("work")
        for folder in [".local/share/bash-completion/completions", ".zfunc", ".config/fish/completions"] {
            try FileManager.default.createDirectory(atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
        try sandbox.write("what I wrote in a file\n", to: "work/draft.md")
        let binaries = (SayBinary.path as NSString).deletingLastPathComponent
        var environment = SayBinary.environment(home: home, extra: ["TZ": "UTC", "EDITOR": "true"])
        environment["PATH"] = binaries + ":/usr/bin:/bin"
        // Sync to a folder "on a USB drive": a private tmpfs on /media, for this test alone.
        let media = TestEnvironment.isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
        var mediaScript: [String] = []

        let commands = try Self.commands()
        #expect(commands.count > 30)
        var ran: Set<String> = []
        for command in commands {
            let name = Self.bare(command)
            if Self.notRun[name] != nil { continue }
            if command.contains("/media/usb") || (name.hasPrefix("say sync") && !mediaScript.isEmpty) {
                mediaScript.append(command)
                continue
            }
            let run = try runProgram("/bin/sh", ["-c", command], environment: environment, workingDirectory: work)
            ran.insert(name)
            #expect(run.status != 2 && run.status < 126, "\(command): status \(run.status): \(run.stderr)")
            #expect(!run.stderr.contains("Error: ") && !run.stderr.contains("Usage: "), "\(command): \(run.stderr)")
            if Self.mustSucceed.contains(name) { #expect(run.status == 0, "\(command): \(run.stderr)") }
        }
        if media {
            // `say sync` needs a versioned journal with something in it, as the reader has by then.
            // The remote is made first, as "Making a private remote" says, then the syncs in order.
            let ordered = mediaScript.filter { $0.hasPrefix("git init") } + mediaScript.filter { !$0.hasPrefix("git init") }
            let script = (["set -e", "mount -t tmpfs tmpfs /media", "mkdir -p /media/usb"] + ordered.map { "echo '>' \($0); \($0)" })
                .joined(separator: "\n")
            let run = try runProgram("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script], environment: environment, workingDirectory: work)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            for command in mediaScript { ran.insert(Self.bare(command)) }
        }
        // Every command was run, or is listed with its reason; no listed reason is stale.
        for name in Self.mustSucceed where !(name.contains("/media/usb") || name.hasPrefix("say sync")) || media {
            #expect(ran.contains(name), "\(name) is in the README's list but was not run")
        }
        let names = Set(commands.map(Self.bare))
        for listed in Self.notRun.keys { #expect(names.contains(listed), "\(listed) is no longer in the README") }
    }
}
