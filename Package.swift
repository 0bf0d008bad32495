// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SayItLater",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "say", targets: ["say"]),
        .executable(name: "say-licence-signer", targets: ["say-licence-signer"]),
        .library(name: "SayItLaterCore", targets: ["SayItLaterCore"]),
        .library(name: "MarkdownStore", targets: ["MarkdownStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "MarkdownStore",
            dependencies: ["CGit2", "CZlib", .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "SayItLaterCore",
            dependencies: [
                "MarkdownStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "say",
            dependencies: [
                "SayItLaterCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "say-licence-signer",
            dependencies: [
                "SayItLaterCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CPseudoTerminal",
            path: "Tests/CPseudoTerminal"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["MarkdownStore", "CPseudoTerminal"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "MarkdownStoreTests",
            dependencies: ["MarkdownStore", "TestSupport", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(
            name: "SayItLaterCoreTests",
            dependencies: ["SayItLaterCore", "TestSupport"]
        ),
        .testTarget(
            name: "sayTests",
            dependencies: ["say", "TestSupport"]
        ),
    ]
)
