// swift-tools-version:6.0
// libFuzzer targets over the front-matter parser and the scanner's per-file reader, and over
// the git layer's pack and delta reader.
// Built only by Fuzz/run.sh (it needs -sanitize=fuzzer), never by the main package.
import Foundation
import PackageDescription

/// A path dependency is named after its folder, whatever the clone is called.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "SayItLaterFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "FrontMatterFuzzer",
            dependencies: [.product(name: "MarkdownStore", package: parent)]
        ),
        // The git layer's pack and delta reader (Fuzz/pack-run.sh).
        .executableTarget(
            name: "PackReaderFuzzer",
            dependencies: [.product(name: "MarkdownStore", package: parent)]
        ),
    ]
)
