// swift-tools-version:6.0
// The driver for Benchmarks/letgo-bench.sh: runs one MarkdownStore git operation on a repository.
// A package of its own so the main Package.swift needs no benchmark target.
import Foundation
import PackageDescription

// A path dependency's identity is the name of its folder, which differs between checkouts.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "LetGoBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "letgo-bench",
            dependencies: [.product(name: "MarkdownStore", package: root.lastPathComponent.lowercased())]
        ),
    ]
)
