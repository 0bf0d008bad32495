// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Glibc
#endif

// On Linux (x86-64 and arm64) libgit2 is not linked but loaded at its first use (see
// CGit2Loader): its headers are found in the system's include path, and pkg-config, which would
// add the library to the link, is not asked. Elsewhere it is linked as usual.
#if os(Linux) && (arch(x86_64) || arch(arm64))
let libgit2LoadedLazily = true
#else
let libgit2LoadedLazily = false
#endif
let libgit2PkgConfig: String? = libgit2LoadedLazily ? nil : "libgit2"
let libgit2Link: [LinkerSetting] = libgit2LoadedLazily ? [] : [.linkedLibrary("git2")]
let networkSetUpExports = ["mbedtls_x509_crt_parse_file", "mbedtls_x509_crt_parse_path", "libssh2_init"]
    .flatMap { ["-Xlinker", "--export-dynamic-symbol=" + $0] }

// The program holds about 90,000 relative relocations (Swift's metadata, Foundation's tables),
// which the loader applies at every start: packed (DT_RELR) they take a tenth of the time, a
// millisecond less for every command. The Swift toolchain's lld writes them, and glibc reads
// them from 2.36 on (Debian 12, Ubuntu 24.04); where either is missing, the usual link.
#if os(Linux)
let packedRelocations: [String] = {
    var text = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    let glibc = confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0
        ? String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        : []
    let lld = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        .contains { access($0 + "/ld.lld", X_OK) == 0 }
    guard lld, glibc.count >= 2, (glibc[0], glibc[1]) >= (2, 36) else { return [] }
    return ["-Xclang-linker", "-fuse-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
}()
#else
let packedRelocations: [String] = []
#endif

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
            pkgConfig: libgit2PkgConfig,
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // libgit2 loaded the first time it is used rather than when say starts (see above).
        .target(name: "CGit2Loader", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "MarkdownStore",
            dependencies: ["CGit2", "CGit2Loader", "CZlib", .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto")],
            linkerSettings: libgit2Link
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
            ],
            // libgit2, loaded after start, must find this program's stand-ins for a few of its
            // dependencies' functions (see DeferredNetworkSetUp in LibGit2.swift): the linker
            // exports them only when told, now that libgit2 is not on the link line.
            linkerSettings: [.unsafeFlags(networkSetUpExports + packedRelocations, .when(platforms: [.linux]))]
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
