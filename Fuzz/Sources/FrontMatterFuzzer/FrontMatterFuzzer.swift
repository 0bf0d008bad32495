import Foundation
import MarkdownStore

/// The folder of the file the per-file reader reads, rewritten for every input. Its path has the
/// same length in every run (`FUZZ_SCRATCH`, set by run.sh), so string handling of the path takes
/// the same branches and a seeded run explores the same inputs on any machine.
nonisolated(unsafe) private var scratchRoot: String = {
    let folder = ProcessInfo.processInfo.environment["FUZZ_SCRATCH"] ?? NSTemporaryDirectory() + "/say-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()
nonisolated(unsafe) private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

/// libFuzzer's entry point: every input must parse or fail with a typed error, never crash or
/// hang, and a parsed document must render back to text that parses to the same fields and body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? FrontMatterDocument.parse(bytes, path: "fuzz.md") {
        let again = try? FrontMatterDocument.parse(Array(document.rendered().utf8), path: "fuzz.md")
        precondition(again?.fields == document.fields && again?.body == document.body, "render did not round-trip")
        var updated = document.setting("feeling", to: "lighter")
        updated.body = document.body
        let reread = try? FrontMatterDocument.parse(Array(updated.rendered().utf8), path: "fuzz.md")
        precondition(reread?["feeling"] == "lighter", "setting a key did not round-trip")
    }
    let path = scratchRoot + "/fuzz.md"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    _ = DirectoryScanner.summary(root: scratchRoot, relativePath: "fuzz.md", buffer: &buffer)
    return 0
}

/// libFuzzer's driver: parses its command line and runs the fuzzing loop with our callback.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links executables on Linux with `main` aliased to `<target>_main`, which
/// `-parse-as-library` never emits; so the program's entry point is this, handing over to
/// libFuzzer's driver.
@_cdecl("FrontMatterFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
