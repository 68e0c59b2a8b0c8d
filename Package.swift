// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "deepcut",
    products: [
        .executable(name: "deepcut", targets: ["deepcut"]),
        .executable(name: "deepcut-fixture-server", targets: ["deepcut-fixture-server"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // HTTP: libcurl's multi interface, with typed shims for its variadic setters.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The product's rules: keys, outcomes, the diff. No I/O, so purity is a compile error to break.
        .target(name: "DeepCutCore"),
        // Every stage that touches files, network and SQLite.
        .target(name: "DeepCut", dependencies: ["DeepCutCore", "CSQLite", "CCurl"]),
        // Loopback catalog server speaking the real APIs' formats, with fault injection.
        .target(name: "DeepCutFixtures", dependencies: ["DeepCutCore"]),
        .executableTarget(name: "deepcut", dependencies: ["DeepCut"]),
        .executableTarget(name: "deepcut-fixture-server", dependencies: ["DeepCutFixtures"]),
        .testTarget(name: "DeepCutCoreTests", dependencies: ["DeepCutCore"]),
        .testTarget(name: "DeepCutTests", dependencies: ["DeepCut", "DeepCutCore", "DeepCutFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
