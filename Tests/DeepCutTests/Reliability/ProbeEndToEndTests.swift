import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutFixtures
@testable import DeepCutState

/// `deepcut probe` through the real binary against the loopback catalog in each of its modes: it
/// says which behaviours hold, learns what it saw as a sweep would, never touches the feed, and
/// records answers without secrets.
@Suite struct ProbeEndToEndTests {
    static func finding(_ report: [String: Any], _ behaviour: String) -> [String: Any] {
        ((report["findings"] as? [[String: Any]]) ?? []).first { $0["behaviour"] as? String == behaviour } ?? [:]
    }

    static func probe(_ world: ReliabilityWorld, _ words: String...) async throws -> (SpawnedProcess.Result, [String: Any]) {
        let run = try await SpawnedProcess.deepcut(["probe", "--json"] + words + ["--config", world.configPath], in: world.folder.url)
            .finish()
        let report = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
        return (run, report)
    }

    @Test(arguments: [
        (FixtureServerOptions.LookupSort.honoured, FixtureServerOptions.LookupLimitReading.perArtist, "honoured", "perArtist"),
        (.oldestFirst, .perArtist, "ignored", "perArtist"), (.shuffled, .perAnswer, "ignored", "perAnswer")
    ])
    func saysWhichBehavioursHoldLearnsThemAndLeavesTheFeedAlone(
        sort: FixtureServerOptions.LookupSort, limit: FixtureServerOptions.LookupLimitReading, sortReading: String, limitReading: String
    ) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(4, releases: 6), library: ReliabilityWorld.library(4),
            options: FixtureServerOptions(lookupLimit: limit, lookupSort: sort))
        #expect(try await RealCatalogTests.sweep(world).status == 0)
        let feed = try world.files()
        try await StateStore(url: world.stateDatabase).perform {
            try $0.database.withConnection { try $0.execute("DELETE FROM catalog_learning") }
        }
        world.server.resetLog()

        let (run, report) = try await Self.probe(world)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.finding(report, "sortRecent")["reading"] as? String == sortReading, "\(run.stdout)")
        #expect(Self.finding(report, "lookupLimit")["reading"] as? String == limitReading, "\(run.stdout)")
        #expect(Self.finding(report, "storefront")["reading"] as? String == "us")
        #expect(Self.finding(report, "tokenExpiry")["reading"] as? String == "n/a")
        #expect(world.server.requestLog.count <= 4, "a handful of requests: \(world.server.requestLog.map(\.query))")
        #expect(try world.files() == feed, "the probe changed the feed")
        let learned = try await StateStore(url: world.stateDatabase).perform { try $0.learning.traits(provider: "itunes") }
        #expect(learned.sort?.reading.rawValue == sortReading && learned.lookupLimit?.reading.rawValue == limitReading)

        let text = try await SpawnedProcess.deepcut(["probe", "--config", world.configPath], in: world.folder.url).finish()
        #expect(text.status == 0 && text.stdout.contains("sortRecent") && text.stdout.contains(sortReading), "\(text.stdout)")
    }

    /// Before any sweep it asks about library artists it finds by name; `--record` keeps every
    /// answer with its redacted URL, and no file or line holds the token.
    @Test func recordsTheAnswersWithoutTheToken() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let expires = Int(Date().timeIntervalSince1970) + 100 * 86_400
        let payload = Data(#"{"iss":"TEAM","exp":\#(expires)}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let token = "eyJhbGciOiJFUzI1NiJ9.\(payload).probe-secret-signature"
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(3, releases: 4), library: ReliabilityWorld.library(3),
            options: FixtureServerOptions(appleMusicToken: token),
            catalogKeys: ["provider": "\"apple-music\"", "tokenFile": "\"token.jwt\"", "storefront": "\"gb\""])
        try world.folder.write("token.jwt", token)
        let recorded = world.folder.url.appendingPathComponent("recorded")
        let (run, report) = try await Self.probe(world, "--record", recorded.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.finding(report, "largestPage")["reading"] as? String == "100")
        #expect(Self.finding(report, "storefront")["holds"] as? Bool == true)
        let expiry = Self.finding(report, "tokenExpiry")
        #expect(expiry["holds"] as? Bool == true && (expiry["detail"] as? String)?.contains("in 99 days") == true, "\(expiry)")
        let files = try FileManager.default.contentsOfDirectory(atPath: recorded.path)
        #expect(files.contains("probe.json") && files.count >= 4, "\(files)")
        for file in files {
            let text = try String(contentsOf: recorded.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("probe-secret-signature"), "\(file) holds the token")
        }
        #expect(!(run.stdout + run.stderr).contains("probe-secret-signature"))
        #expect(!FileManager.default.fileExists(atPath: world.feed.path), "the probe wrote feed files")
    }

    @Test func anUnreachableCatalogIsExit75NamingTheHost() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2),
            catalogKeys: ["baseURL": "\"http://127.0.0.1:\(LoopbackServerProcess.closedPort())\""])
        let (run, _) = try await Self.probe(world)
        #expect(run.status == 75, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("127.0.0.1") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
