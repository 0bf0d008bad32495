import Foundation
import TestSupport
import Testing

/// Hostile and broken input, through the real `say`: each gets a clear message, a non-zero exit
/// where an action failed, and nothing already kept is lost or rewritten.
@Suite("Hostile and broken input")
struct HostileInputTests {
    /// A journal with one entry kept by say, whose bytes every test checks are untouched.
    final class Journal {
        let home = TemporaryFolder("say-hostile")
        var path: String { home.url("journal") }
        var keptPath = ""
        var keptBytes: [UInt8] = []

        init(versioned: Bool = false) throws {
            if versioned { _ = try run("init", "--git") }
            let kept = try run("write", "--keep", "--json", "--feeling", "lighter", input: "Already kept, must survive")
            let object = try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any]
            keptPath = object?["path"] as? String ?? ""
            keptBytes = try home.read("journal/" + keptPath)
        }

        func run(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> SayRun {
            try SayBinary.run(arguments + ["--journal", path], input: input, home: home.path,
                              environment: ["TZ": "UTC"].merging(environment) { $1 })
        }

        func write(_ bytes: [UInt8], to relative: String) throws { try home.write(bytes, to: "journal/" + relative) }
        func write(_ text: String, to relative: String) throws { try home.write(text, to: "journal/" + relative) }

        /// The kept entry is still there, byte for byte, and still lists.
        func expectKeptIntact(sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try home.read("journal/" + keptPath) == keptBytes, sourceLocation: sourceLocation)
            let listing = try run("history", "--json")
            #expect(listing.stdout.contains("Already kept, must survive"), sourceLocation: sourceLocation)
        }
    }

    // MARK: Files in the journal that history must survive

    struct BrokenFile: Sendable, CustomTestStringConvertible {
        let name: String
        let relative: String
        let bytes: [UInt8]
        /// Expected on stderr (a fragment), or nil when the file should simply list.
        let problem: String?
        /// Whether the file lists anyway (its problem is a note about one field).
        var listed = false
        var testDescription: String { name }
    }

    static let brokenFiles: [BrokenFile] = [
        BrokenFile(name: "malformed YAML", relative: "entries/a.md", bytes: Array("---\nfeeling: {oops\n---\nx\n".utf8),
                   problem: "entries/a.md: line 3, column 1: the front matter is not valid YAML"),
        BrokenFile(name: "front matter is a list", relative: "entries/b.md", bytes: Array("---\n- a\n- b\n---\nx\n".utf8),
                   problem: "entries/b.md: the front matter must be `key: value` lines"),
        BrokenFile(name: "front matter is a scalar", relative: "entries/c.md", bytes: Array("---\njust words\n---\nx\n".utf8),
                   problem: "entries/c.md: the front matter must be `key: value` lines"),
        BrokenFile(name: "nesting bomb in flow style", relative: "entries/d.md",
                   bytes: Array(("---\nk: " + String(repeating: "[", count: 10_000) + "\n---\nx\n").utf8),
                   problem: "entries/d.md: line 2, column 1: the front matter is not valid YAML: nested more than 64 levels deep"),
        BrokenFile(name: "nesting bomb by indentation", relative: "entries/e.md",
                   bytes: Array(("---\n" + (0 ..< 300).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + "\n---\nx\n").utf8),
                   problem: "the front matter is not valid YAML: nested more than 64 levels deep"),
        BrokenFile(name: "alias expansion bomb", relative: "entries/f.md",
                   bytes: Array("---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nfeeling: same\n---\nlaughs\n".utf8),
                   problem: nil),
        BrokenFile(name: "unterminated front matter", relative: "entries/g.md", bytes: Array("---\nid: x\n".utf8),
                   problem: "entries/g.md: the front matter starts with --- but has no closing --- line"),
        BrokenFile(name: "front matter over 64 KB", relative: "entries/h.md",
                   bytes: Array(("---\n" + String(repeating: "# padding line\n", count: 6000) + "---\nx\n").utf8),
                   problem: "entries/h.md: the front matter is longer than 64 KB"),
        BrokenFile(name: "unterminated front matter over 64 KB", relative: "entries/h2.md",
                   bytes: Array(("---\n" + String(repeating: "# padding line\n", count: 6000)).utf8),
                   problem: "entries/h2.md: the front matter starts with --- but has no closing --- line"),
        // What `say show` refuses, history reports: the two read files the same way.
        BrokenFile(name: "binary bytes", relative: "entries/i.md", bytes: (0 ..< 4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
                   problem: "entries/i.md: not UTF-8 text"),
        BrokenFile(name: "front matter not UTF-8", relative: "entries/j.md", bytes: Array("---\nid: ".utf8) + [0xFF, 0xFE] + Array("\n---\nx\n".utf8),
                   problem: "entries/j.md: not UTF-8 text"),
        BrokenFile(name: "body not UTF-8", relative: "entries/k.md", bytes: Array("---\nid: k\n---\nLatin-1 caf".utf8) + [0xE9, 0x0A],
                   problem: "entries/k.md: not UTF-8 text"),
        BrokenFile(name: "body not UTF-8 past the first read", relative: "entries/k2.md",
                   bytes: Array(("---\nid: k\n---\n" + String(repeating: "long line of words\n", count: 2000) + "caf").utf8) + [0xE9],
                   problem: "entries/k2.md: not UTF-8 text"),
        BrokenFile(name: "NUL in the text", relative: "entries/l.md", bytes: Array("---\nid: l\n---\nbefore".utf8) + [0] + Array("after\n".utf8),
                   problem: "entries/l.md: not UTF-8 text"),
        BrokenFile(name: "UTF-16 with a byte order mark", relative: "entries/u16.md",
                   bytes: [0xFF, 0xFE] + Array("---\nid: u\n---\nwords\n".utf8).flatMap { [$0, 0] }, problem: "entries/u16.md: not UTF-8 text"),
        BrokenFile(name: "UTF-16 without a byte order mark", relative: "entries/u16be.md",
                   bytes: Array("---\nid: u\n---\nwords\n".utf8).flatMap { [0, $0] }, problem: "entries/u16be.md: not UTF-8 text"),
        BrokenFile(name: "name with a newline", relative: "entries/new\nline.md", bytes: Array("named oddly\n".utf8), problem: nil),
        BrokenFile(name: "unicode name", relative: "entries/日記 🌧.md", bytes: Array("unicode name\n".utf8), problem: nil),
        BrokenFile(name: "empty file", relative: "entries/m.md", bytes: [], problem: nil),
        BrokenFile(name: "only a BOM", relative: "entries/n.md", bytes: [0xEF, 0xBB, 0xBF], problem: nil),
        BrokenFile(name: "duplicate keys", relative: "entries/o.md", bytes: Array("---\nfeeling: same\nfeeling: lighter\n---\nx\n".utf8),
                   problem: "entries/o.md: line 2, column 1: the front matter is not valid YAML: a key appears more than once (feeling)"),
        BrokenFile(name: "tab indentation", relative: "entries/p.md", bytes: Array("---\na:\n\tb: c\n---\nx\n".utf8),
                   problem: "entries/p.md: line 3"),
        BrokenFile(name: "id that is not a UUID", relative: "entries/q.md", bytes: Array("---\nid: not-a-uuid\ndate: 2026-01-01\n---\nodd id\n".utf8), problem: nil),
        BrokenFile(name: "a date that cannot be read", relative: "entries/q2.md", bytes: Array("---\ndate: 99999-01-01\n---\nodd date\n".utf8),
                   problem: "entries/q2.md: the date could not be read", listed: true),
        BrokenFile(name: "a key that is a list", relative: "entries/r.md", bytes: Array("---\n? [a, b]\n: c\nfeeling: same\n---\ncomplex key\n".utf8), problem: nil),
    ]

    @Test(arguments: brokenFiles)
    func historySurvivesABrokenFile(_ file: BrokenFile) throws {
        let journal = try Journal()
        try journal.write(file.bytes, to: file.relative)
        let started = Date()
        let history = try journal.run("history")
        #expect(Date().timeIntervalSince(started) < 20, "history took too long")
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("Already kept, must survive"))
        if let problem = file.problem {
            let heading = file.listed ? "1 file is listed, but part of it could not be read:\n  " : "1 file in the journal could not be read:\n  "
            #expect(history.stderr.hasPrefix(heading))
            #expect(history.stderr.contains(problem), "\(history.stderr)")
        }
        if file.problem == nil || file.listed {
            if file.problem == nil { #expect(history.stderr == "") }
            let json = try journal.run("history", "--json")
            let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(entries?.count == 2, "JSON must stay parseable: \(json.stdout)")
        }
        try journal.expectKeptIntact()
    }

    // MARK: Huge, odd and linked files

    @Test func aSparseGigabyteFileIsReportedQuicklyAndRefusedByHistoryAndShowAlike() throws {
        let journal = try Journal()
        try journal.write("---\nid: 0f0f0f0f-0000-4000-8000-000000000000\n---\nThe start of something huge\n", to: "entries/huge.md")
        let handle = try #require(FileHandle(forWritingAtPath: journal.home.url("journal/entries/huge.md")))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let started = Date()
        let history = try journal.run("history")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(history.status == 0)
        #expect(!history.stdout.contains("The start of something huge"))
        #expect(history.stderr == "1 file in the journal could not be read:\n  entries/huge.md: too large (1073741824 bytes; the limit is 16777216)\n")
        let show = try journal.run("show", "0f0f0f0f")
        #expect(show.status == 1)
        try journal.expectKeptIntact()
    }

    @Test func aBodyThatIsNotUTF8IsReportedByHistoryAndRefusedByShow() throws {
        let journal = try Journal()
        try journal.write(Array("---\nid: 0e0e0e0e-0000-4000-8000-000000000000\n---\ncaf".utf8) + [0xE9], to: "entries/latin1.md")
        let history = try journal.run("history")
        #expect(history.stderr == "1 file in the journal could not be read:\n  entries/latin1.md: not UTF-8 text\n")
        let show = try journal.run("show", "0e0e0e0e")
        #expect(show.status == 1)
        #expect(show.stderr.hasPrefix("say: could not show the entry: no entry matches \"0e0e0e0e\""))
    }

    @Test func linksOutOfTheJournalAreNeverFollowed() throws {
        let journal = try Journal()
        try journal.home.write("---\nid: x\n---\nOUTSIDE-SECRET\n", to: "outside/secret.md")
        try FileManager.default.createSymbolicLink(atPath: journal.home.url("journal/entries/link.md"), withDestinationPath: journal.home.url("outside/secret.md"))
        try FileManager.default.createSymbolicLink(atPath: journal.home.url("journal/entries/folder-link"), withDestinationPath: journal.home.url("outside"))
        let history = try journal.run("history", "--json")
        #expect(history.status == 0)
        #expect(!history.stdout.contains("OUTSIDE-SECRET"))
        #expect(history.stderr == """
            2 files in the journal could not be read:
              entries/folder-link: a symbolic link to a folder; say never follows links, so the entries in it are not listed, versioned or synced: to keep them in the journal, put the folder itself here in place of the link
              entries/link.md: a symbolic link; say never follows links

            """)
        try journal.expectKeptIntact()
    }

    @Test func lettingGoOfAHardLinkLeavesTheOtherNameAlone() throws {
        let journal = try Journal()
        try journal.home.write("---\nid: 0d0d0d0d-0000-4000-8000-000000000000\n---\nshared by a hard link\n", to: "outside.md")
        try FileManager.default.linkItem(atPath: journal.home.url("outside.md"), toPath: journal.home.url("journal/entries/hard.md"))
        let letGo = try journal.run("let-go", "0d0d0d0d", "--yes")
        #expect(letGo.status == 0)
        #expect(String(decoding: try journal.home.read("outside.md"), as: UTF8.self) == "---\nid: 0d0d0d0d-0000-4000-8000-000000000000\n---\nshared by a hard link\n")
        try journal.expectKeptIntact()
    }

    @Test func aFolderWhereAFileShouldBeIsWalked() throws {
        let journal = try Journal()
        try journal.write("inside a folder named like an entry\n", to: "entries/2026/11/odd.md/inner.md")
        let history = try journal.run("history")
        #expect(history.status == 0)
        #expect(history.stdout.contains("inside a folder named like an entry"))
        try journal.expectKeptIntact()
    }

    @Test func aFileWhereAFolderShouldBeStopsTheKeepClearly() throws {
        let home = TemporaryFolder("say-blocked")
        try home.write("---\nid: 0c0c0c0c-0000-4000-8000-000000000000\n---\nwritten earlier\n", to: "journal/entries/earlier.md")
        // This year's folder is a file, so a new entry has nowhere to go.
        let year = UTCYear.now
        try home.write("not a folder", to: "journal/entries/\(year)")
        let keep = try SayBinary.run(["write", "--keep", "--text", "nowhere to go", "--journal", home.url("journal")], home: home.path)
        #expect(keep.status == 1)
        #expect(keep.stderr == "say: could not keep your entry: \(home.url("journal/entries/\(year)")): could not create the folder: Not a directory (errno 20)\n")
        let history = try SayBinary.run(["history", "--journal", home.url("journal")], home: home.path)
        #expect(history.stdout.contains("written earlier"))
        #expect(home.files(under: "journal/entries") == ["journal/entries/\(year)", "journal/entries/earlier.md"])
    }

    // MARK: Permissions, read-only and full file systems

    /// Runs a shell script as root in a private mount namespace (tmpfs mounts vanish with it).
    func inMountNamespace(_ script: String) throws -> SayRun {
        try runProgram("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "TZ": "UTC"])
    }

    @Test(.enabled(if: TestEnvironment.isRoot, "mounts a file system in a namespace of its own, which needs root (CI runs as root)"))
    func aFullDiskFailsTheKeepCleanly() throws {
        let home = TemporaryFolder("say-full")
        let journal = home.url("journal")
        let say = SayBinary.path
        let env = "HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/c XDG_STATE_HOME=\(home.path)/s"
        let run = try inMountNamespace("""
            set -e
            mkdir -p '\(journal)'
            mount -t tmpfs -o size=64k tmpfs '\(journal)'
            env \(env) '\(say)' write --keep --journal '\(journal)' --text 'kept before the disk filled' >/dev/null
            dd if=/dev/zero of='\(journal)/filler' bs=4k 2>/dev/null || true
            set +e
            env \(env) '\(say)' write --keep --journal '\(journal)' --text "$(head -c 20000 /dev/zero | tr '\\0' x)"
            echo "status=$?"
            ls -a '\(journal)'/entries/*/* | grep -c tmp- || true
            env \(env) '\(say)' history --journal '\(journal)'
            """)
        #expect(run.stderr.hasPrefix("say: could not keep your entry: "), "\(run.stderr)")
        #expect(run.stderr.contains(": could not write: No space left on device"))
        #expect(run.stdout.contains("status=1\n0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("kept before the disk filled"))
    }

    @Test(.enabled(if: TestEnvironment.isRoot, "mounts a file system in a namespace of its own, which needs root (CI runs as root)"))
    func aReadOnlyJournalStillListsAndRefusesToKeep() throws {
        let home = TemporaryFolder("say-readonly")
        let journal = home.url("journal")
        let say = SayBinary.path
        let env = "HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/c XDG_STATE_HOME=\(home.path)/s"
        let run = try inMountNamespace("""
            set -e
            mkdir -p '\(journal)'
            mount -t tmpfs -o size=1m tmpfs '\(journal)'
            env \(env) '\(say)' write --keep --journal '\(journal)' --text 'kept while writable' >/dev/null
            mount -o remount,ro '\(journal)'
            set +e
            env \(env) '\(say)' write --keep --journal '\(journal)' --text 'cannot land'
            echo "status=$?"
            env \(env) '\(say)' history --journal '\(journal)'
            echo "history=$?"
            """)
        #expect(run.stderr.contains("say: could not keep your entry: "), "\(run.stderr)")
        #expect(run.stderr.contains("Read-only file system"))
        #expect(run.stdout.contains("status=1\n"))
        #expect(run.stdout.contains("kept while writable"))
        #expect(run.stdout.contains("history=0"))
    }

    /// Runs say as the unprivileged user `nobody`, so file permissions apply (tests run as root).
    func asNobody(_ arguments: [String], home: String) throws -> SayRun {
        try runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", SayBinary.path] + arguments,
                       environment: SayBinary.environment(home: home))
    }

    func nobodyHome() throws -> TemporaryFolder {
        let home = TemporaryFolder("say-nobody")
        chmod(home.path, 0o777)
        _ = try runProgram("/bin/chown", ["65534:65534", home.path], environment: [:])
        return home
    }

    @Test(.enabled(if: TestEnvironment.isRoot, "runs say as the user nobody, which needs root (CI runs as root)"))
    func anUnreadableEntriesFolderIsReported() throws {
        let home = try nobodyHome()
        let journal = home.url("journal")
        #expect(try asNobody(["write", "--keep", "--journal", journal, "--text", "mine"], home: home.path).status == 0)
        chmod(journal + "/entries", 0o000)
        let history = try asNobody(["history", "--journal", journal], home: home.path)
        #expect(history.status == 1)
        #expect(history.stderr == "1 file in the journal could not be read:\n  entries: could not open the folder: Permission denied\n")
        chmod(journal + "/entries", 0o700)
    }

    /// A journal of the user nobody holding an entry "readable" and one "sealed" that nobody
    /// cannot read (mode 0000); returns the home, the journal and the sealed entry's path.
    private func journalWithASealedEntry() throws -> (TemporaryFolder, String, String) {
        let home = try nobodyHome()
        let journal = home.url("journal")
        #expect(try asNobody(["write", "--keep", "--journal", journal, "--text", "readable"], home: home.path).status == 0)
        let written = try asNobody(["write", "--keep", "--journal", journal, "--text", "sealed", "--json"], home: home.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])
        let sealed = try #require(object["path"] as? String)
        chmod(home.url("journal/" + sealed), 0o000)
        return (home, journal, sealed)
    }

    @Test(.enabled(if: TestEnvironment.isRoot, "runs say as the user nobody, which needs root (CI runs as root)"))
    func anUnreadableFileIsReportedAndTheRestList() throws {
        let (home, journal, sealed) = try journalWithASealedEntry()
        let history = try asNobody(["history", "--journal", journal], home: home.path)
        #expect(history.status == 0)
        #expect(history.stdout.contains("readable"))
        #expect(!history.stdout.contains("sealed"))
        #expect(history.stderr == "1 file in the journal could not be read:\n  \(sealed): could not open: Permission denied\n")
    }

    /// Versioning starts whole or not at all: a file git could not read stops it before any
    /// repository is made, and says which file and what to do.
    @Test(.enabled(if: TestEnvironment.isRoot, "runs say as the user nobody, which needs root (CI runs as root)"))
    func gitOnWithAnUnreadableFileChangesNothingAndSaysWhy() throws {
        let (home, journal, sealed) = try journalWithASealedEntry()
        let on = try asNobody(["git", "on", "--journal", journal], home: home.path)
        #expect(on.status == 1)
        #expect(on.stderr == "say: could not turn versioning on: git must read every file in the journal, and say cannot read \(sealed) "
            + "(could not open: Permission denied); nothing was changed. Make it readable (chmod u+r) or move it out of the journal, then try again\n")
        #expect(!FileManager.default.fileExists(atPath: journal + "/.git"))
        let status = try asNobody(["git", "status", "--journal", journal], home: home.path)
        #expect(!status.stdout.contains("Versioning is on"))
        chmod(home.url("journal/" + sealed), 0o600)
        #expect(try asNobody(["git", "on", "--journal", journal], home: home.path).status == 0)
        #expect(try gitRun(["-c", "safe.directory=*", "ls-files"], in: journal).output.contains(sealed))
    }

    @Test(.enabled(if: TestEnvironment.isRoot, "runs say as the user nobody, which needs root (CI runs as root)"))
    func aJournalFolderThatCannotBeWrittenRefusesToKeep() throws {
        let home = try nobodyHome()
        let journal = home.url("journal")
        #expect(try asNobody(["write", "--keep", "--journal", journal, "--text", "first"], home: home.path).status == 0)
        let month = (try #require(home.files(under: "journal/entries").first) as NSString).deletingLastPathComponent
        chmod(home.url(month), 0o500)
        let keep = try asNobody(["write", "--keep", "--journal", journal, "--text", "second"], home: home.path)
        #expect(keep.status == 1)
        #expect(keep.stderr.hasPrefix("say: could not keep your entry: "))
        #expect(keep.stderr.contains("Permission denied"))
        chmod(home.url(month), 0o700)
        #expect(try asNobody(["history", "--journal", journal], home: home.path).stdout.contains("first"))
    }

    // MARK: The command line and the journal's place

    @Test func invalidJournalOptions() throws {
        let home = TemporaryFolder("say-journal-option")
        try home.write("a file", to: "file")
        let intoFile = try SayBinary.run(["write", "--keep", "--text", "x", "--journal", home.url("file/sub")], home: home.path)
        #expect(intoFile.status == 1)
        #expect(intoFile.stderr.hasPrefix("say: could not keep your entry: "))
        let isFile = try SayBinary.run(["history", "--journal", home.url("file")], home: home.path)
        #expect(isFile.status == 1)
        #expect(isFile.stderr.contains("it is a file, not a folder"))
        // A journal named that does not exist is a mistyped path, not an empty journal, and
        // listing it creates nothing.
        let missing = try SayBinary.run(["history", "--journal", home.url("not-yet")], home: home.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("say: there is no journal at \(home.url("not-yet")): the folder does not exist."))
        #expect(!FileManager.default.fileExists(atPath: home.url("not-yet")))
        // No HOME and no journal named: nowhere to put it.
        let noHome = try runProgram(SayBinary.path, ["history"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(noHome.status == 1)
        #expect(noHome.stderr == "say: could not open the journal: HOME is not set, so there is no default journal folder; use --journal DIR or set SAY_JOURNAL\n")
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let home = TemporaryFolder("say-usage")
        let feeling = try SayBinary.run(["write", "--keep", "--feeling", "great", "--text", "x"], home: home.path)
        #expect(feeling.status == 2)
        #expect(feeling.stderr.hasPrefix("Error: The value 'great' is invalid for '--feeling <lighter|same|heavier>'"))
        let unknown = try SayBinary.run(["frobnicate"], home: home.path)
        #expect(unknown.status == 2)
        #expect(home.files() == [])
    }

    @Test func standardInputThatIsNotTextIsRefused() throws {
        let journal = try Journal()
        let run = try runProgram("/bin/sh", ["-c", "printf 'caf\\351' | '\(SayBinary.path)' write --keep --journal '\(journal.path)'"],
                                 environment: SayBinary.environment(home: journal.home.path))
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not write: standard input is not UTF-8 text\n")
        try journal.expectKeptIntact()
    }

    @Test func textLargerThanAnEntryCanHoldIsRefused() throws {
        let journal = try Journal()
        let run = try journal.run("write", "--keep", input: String(repeating: "words ", count: 1_500_000))
        #expect(run.status == 1)
        #expect(run.stderr == "say: could not keep your entry: the text is longer than 8 MB, more than one entry can hold; split it into several\n")
        #expect(journal.home.files(under: "journal/entries").count == 1)
        try journal.expectKeptIntact()
    }

    @Test func duplicatedIdsAreAmbiguousNotGuessed() throws {
        let journal = try Journal()
        let copy = journal.keptPath.replacingOccurrences(of: ".md", with: " copy.md")
        try journal.write(journal.keptBytes, to: copy)
        let id = String(journal.keptPath.split(separator: "-").last!.prefix(8))
        let letGo = try journal.run("let-go", id, "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("2 files have the id"))
        #expect(letGo.stderr.contains("name the one you mean by its number in `say history` or by its path"))
        try journal.expectKeptIntact()
    }

    @Test func aLockFileThatIsNotAFileIsAClearError() throws {
        let journal = try Journal()
        try FileManager.default.removeItem(atPath: journal.home.url("journal/.say-lock"))
        try FileManager.default.createSymbolicLink(atPath: journal.home.url("journal/.say-lock"), withDestinationPath: "/tmp")
        let keep = try journal.run("write", "--keep", "--text", "blocked")
        #expect(keep.status == 1)
        #expect(keep.stderr.hasPrefix("say: could not keep your entry: "))
        #expect(keep.stderr.contains(".say-lock is a symbolic link, and say never follows links, so the journal cannot be locked; remove it"))
        try FileManager.default.removeItem(atPath: journal.home.url("journal/.say-lock"))
        try journal.expectKeptIntact()
    }

    // MARK: Git trouble

    @Test func aMergeInProgressDefersTheCommitAndRefusesTheLetGo() throws {
        let journal = try Journal(versioned: true)
        try journal.home.write("0000000000000000000000000000000000000000\n", to: "journal/.git/MERGE_HEAD")
        let keep = try journal.run("write", "--keep", "--text", "during a merge")
        #expect(keep.status == 0)
        #expect(keep.stderr == "say: Your entry is kept. A git merge or rebase (or a detached HEAD) is in progress, so say will add it to the history once that is finished.\n")
        #expect(journal.home.files(under: "journal/entries").count == 2)
        let letGo = try journal.run("let-go", "1", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.hasPrefix("say: could not let the entry go: "))
        #expect(journal.home.files(under: "journal/entries").count == 2)
        try FileManager.default.removeItem(atPath: journal.home.url("journal/.git/MERGE_HEAD"))
        _ = try journal.run("history")
        #expect(try git(["status", "--porcelain"], in: journal.path).output == "")
        try journal.expectKeptIntact()
    }

    @Test func aDetachedHeadDefersTheCommit() throws {
        let journal = try Journal(versioned: true)
        #expect(try git(["checkout", "--detach"], in: journal.path).status == 0)
        let before = try git(["rev-parse", "HEAD"], in: journal.path).output
        let keep = try journal.run("write", "--keep", "--text", "while detached")
        #expect(keep.status == 0)
        #expect(keep.stderr.contains("will add it to the history once that is finished"))
        #expect(try git(["rev-parse", "HEAD"], in: journal.path).output == before)
        try journal.expectKeptIntact()
    }

    @Test func aCorruptRepositoryStillListsAndKeepsButWillNotLetGo() throws {
        let journal = try Journal(versioned: true)
        try journal.home.write("garbage, not a git directory\n", to: "journal/.git/HEAD")
        let history = try journal.run("history")
        #expect(history.status == 0)
        #expect(history.stdout.contains("Already kept, must survive"))
        #expect(history.stderr.hasPrefix("say: could not bring the journal's history up to date"))
        let keep = try journal.run("write", "--keep", "--text", "still kept")
        #expect(keep.status == 0)
        #expect(keep.stderr.contains("Your entry is kept, but git could not add it to the journal's history yet"))
        let letGo = try journal.run("let-go", "1", "--yes")
        #expect(letGo.status == 1)
        #expect(letGo.stderr.contains("could not let the entry go: git could not update the journal's history"))
        #expect(journal.home.files(under: "journal/entries").count == 2)
        try journal.expectKeptIntact()
    }

    @Test func aCorruptObjectIsReportedNotFatal() throws {
        let journal = try Journal(versioned: true)
        _ = try journal.run("write", "--keep", "--text", "another")
        // Damage every loose object and pack: history must still list what is on disk.
        for file in journal.home.files(under: "journal/.git/objects", includeHidden: true) {
            chmod(journal.home.url(file), 0o600)
            try journal.home.write("broken", to: file)
        }
        let history = try journal.run("history")
        #expect(history.status == 0)
        #expect(history.stdout.contains("Already kept, must survive"))
        #expect(history.stdout.contains("another"))
        #expect(try journal.home.read("journal/" + journal.keptPath) == journal.keptBytes)
    }
}

/// The current year in UTC, as entry folders are named.
enum UTCYear {
    static var now: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: Date())
    }
}
