// swift-tools-version:6.0
import PackageDescription

// One target per layer, so the pipeline's rules are compile errors to break. This file is the one
// definition of the module graph: docs/ARCHITECTURE.md draws it and says why its edges run this way,
// and `scripts/check-architecture` (run by `scripts/test`) fails when that drawing differs from
// this file, when a file imports a module its target does not declare here (SwiftPM would let an
// undeclared import through whenever that module happens to be built first) and when an edge
// below breaks one of its layering rules.
// The layers are modules, but the hot paths cross them (State reads rows through SQLite's generic
// `Row.get`, builds Core's values): in release, cross-module optimization lets those generics
// specialize and small functions inline across modules as they did inside one module
// (BENCHMARKS.md §4: reading 250,000 releases out of SQLite took 1.4 s without it, 1.0 s with it).
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "deepcut",
    products: [
        .executable(name: "deepcut", targets: ["deepcut"]),
        .executable(name: "deepcut-fixture-server", targets: ["deepcut-fixture-server"])
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libcurl's multi interface, with typed shims for its variadic setters.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // libxml2's push parser (SAX2): the streaming Library.xml reader.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // The product's rules: model, keys, outcomes, the diff, the base error. No I/O.
        .target(name: "DeepCutCore", swiftSettings: crossModule),
        // A small typed wrapper over SQLite: connections, statements, values, migrations.
        .target(name: "DeepCutSQLite", dependencies: ["DeepCutCore", "CSQLite"], swiftSettings: crossModule),
        // The client (libcurl), one logical request with retries, rate limiting, failure classification.
        .target(name: "DeepCutHTTP", dependencies: ["DeepCutCore", "CCurl"], swiftSettings: crossModule),
        // The config file, its JSON parser and every typed section.
        .target(name: "DeepCutConfig", dependencies: ["DeepCutCore"], swiftSettings: crossModule),
        // Library readers: Library.xml, beets, CSV, JSON, the Apple Music library.
        .target(
            name: "DeepCutLibrary", dependencies: ["DeepCutCore", "DeepCutConfig", "DeepCutSQLite", "DeepCutHTTP", "CLibXML2"],
            swiftSettings: crossModule),
        // The catalogs: one folder per provider behind `CatalogProvider`.
        .target(name: "DeepCutCatalog", dependencies: ["DeepCutCore", "DeepCutConfig", "DeepCutHTTP"], swiftSettings: crossModule),
        // The state database: its schema, migrations and repositories.
        .target(name: "DeepCutState", dependencies: ["DeepCutCore", "DeepCutSQLite", "CSQLite"], swiftSettings: crossModule),
        // The concurrent sweep: resolve, schedule, fetch, remember, track evidence.
        .target(
            name: "DeepCutSweep", dependencies: ["DeepCutCore", "DeepCutConfig", "DeepCutHTTP", "DeepCutCatalog", "DeepCutState"],
            swiftSettings: crossModule),
        // Reaching people: notification channels, the delivery ledger's rules, monitoring pings.
        .target(
            name: "DeepCutNotify", dependencies: ["DeepCutCore", "DeepCutConfig", "DeepCutHTTP", "DeepCutState"],
            swiftSettings: crossModule),
        // Snapshot files, feeds, the page and the health report. Reads only Core and its own files.
        .target(name: "DeepCutPublish", dependencies: ["DeepCutCore"], swiftSettings: crossModule),
        // The app: the pipeline that runs the stages in order, operations (logs, metrics), the CLI.
        .target(
            name: "DeepCut",
            dependencies: [
                "DeepCutCore", "DeepCutSQLite", "DeepCutHTTP", "DeepCutConfig", "DeepCutLibrary", "DeepCutCatalog",
                "DeepCutState", "DeepCutSweep", "DeepCutNotify", "DeepCutPublish"
            ]),
        .executableTarget(name: "deepcut", dependencies: ["DeepCut"]),

        // Loopback catalog server speaking the real APIs' formats, with fault injection.
        .target(name: "DeepCutFixtures", dependencies: ["DeepCutCore"]),
        .executableTarget(name: "deepcut-fixture-server", dependencies: ["DeepCutFixtures"]),
        // Shared test doubles: the clock, the scripted HTTP client, scratch folders, sample paths,
        // test libraries and catalogs. A regular target so every test target can use it; no product
        // depends on it (scripts/check-architecture keeps it that way).
        .target(
            name: "DeepCutTestKit", dependencies: ["DeepCutCore", "DeepCutSQLite", "DeepCutHTTP", "DeepCutFixtures"],
            path: "Tests/DeepCutTestKit"),

        // One test target per module, depending only on that module, the ones below it, the kit and
        // (when a test starts the loopback server) the fixtures. Anything end to end is DeepCutTests.
        .testTarget(name: "DeepCutCoreTests", dependencies: ["DeepCutCore"]),
        .testTarget(name: "DeepCutSQLiteTests", dependencies: ["DeepCutSQLite", "DeepCutCore", "CSQLite", "DeepCutTestKit"]),
        .testTarget(name: "DeepCutHTTPTests", dependencies: ["DeepCutHTTP", "DeepCutCore", "DeepCutFixtures", "DeepCutTestKit"]),
        .testTarget(name: "DeepCutConfigTests", dependencies: ["DeepCutConfig", "DeepCutCore", "DeepCutTestKit"]),
        .testTarget(
            name: "DeepCutLibraryTests",
            dependencies: [
                "DeepCutLibrary", "DeepCutConfig", "DeepCutSQLite", "DeepCutHTTP", "DeepCutCore", "DeepCutFixtures", "DeepCutTestKit"
            ]),
        .testTarget(
            name: "DeepCutCatalogTests",
            dependencies: [
                "DeepCutCatalog", "DeepCutConfig", "DeepCutHTTP", "DeepCutCore", "DeepCutFixtures", "DeepCutTestKit"
            ]),
        .testTarget(name: "DeepCutStateTests", dependencies: ["DeepCutState", "DeepCutSQLite", "DeepCutCore", "CSQLite", "DeepCutTestKit"]),
        .testTarget(
            name: "DeepCutSweepTests",
            dependencies: [
                "DeepCutSweep", "DeepCutCatalog", "DeepCutState", "DeepCutConfig", "DeepCutHTTP", "DeepCutCore", "DeepCutFixtures",
                "DeepCutTestKit"
            ]),
        .testTarget(
            name: "DeepCutNotifyTests",
            dependencies: ["DeepCutNotify", "DeepCutState", "DeepCutConfig", "DeepCutHTTP", "DeepCutCore", "DeepCutTestKit"]),
        .testTarget(name: "DeepCutPublishTests", dependencies: ["DeepCutPublish", "DeepCutCore", "DeepCutTestKit"]),
        .testTarget(name: "DeepCutFixturesTests", dependencies: ["DeepCutFixtures", "DeepCutCore", "DeepCutTestKit"]),
        // The app (Run, Operations, CLI) and everything end to end: reliability, simulation, benchmarks.
        .testTarget(
            name: "DeepCutTests",
            dependencies: [
                "DeepCut", "DeepCutCore", "DeepCutSQLite", "DeepCutHTTP", "DeepCutConfig", "DeepCutLibrary", "DeepCutCatalog",
                "DeepCutState", "DeepCutSweep", "DeepCutNotify", "DeepCutPublish", "DeepCutFixtures", "CSQLite", "DeepCutTestKit"
            ])
    ],
    swiftLanguageModes: [.v6]
)
