import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Several catalogs in one sweep (issue 32), end to end: two iTunes storefronts on loopback servers.
@Suite struct SeveralSourcesEndToEndTests {
    static let release = SweepHarness.release

    /// us: Khruangbin and Bonobo. jp: the same albums (same ids, one catalog), a jp-only live album
    /// (region-locked), and Polyphia, an artist the us storefront does not have.
    static let us: [FixtureArtist] = [
        FixtureArtist(id: "101", name: "Khruangbin", releases: [release("1001", "A La Sala", .album, 10)]),
        FixtureArtist(id: "102", name: "Bonobo", releases: [release("1011", "Otomo", .ep, 20)])
    ]
    static let jp: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin", releases: [release("1001", "A La Sala", .album, 10), release("1050", "Live in Tokyo", .album, 5)]
        ),
        FixtureArtist(id: "102", name: "Bonobo", releases: [release("1011", "Otomo", .ep, 20)]),
        FixtureArtist(id: "103", name: "Polyphia", releases: [release("1021", "Ego Death", .single, 30)])
    ]

    static func release(_ id: String, _ title: String, _ type: RecordingType, _ daysAgo: Int) -> FixtureRelease {
        SweepHarness.release(id, title, type: type, daysAgo: daysAgo)
    }

    static func listed(_ snapshot: Snapshot) -> [String: [String]] {
        Dictionary(snapshot.entries.map { ($0.id, $0.availability.map(\.source)) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Merge and availability

    @Test func oneEntryPerReleaseWithWhereItCanBeHeard() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)])
        let (code, console) = await world.run("sweep")
        #expect(code == .success, "\(console.err)")
        let snapshot = try world.snapshot("latest.json")
        #expect(snapshot.entries.map(\.id).sorted() == ["1001", "1011", "1021", "1050"], "one entry per release, not one per source")
        #expect(
            Self.listed(snapshot) == [
                "1001": ["itunes", "itunes:jp"], "1011": ["itunes", "itunes:jp"], "1050": ["itunes:jp"], "1021": ["itunes:jp"]
            ])
        #expect(snapshot.sources?.map(\.key) == ["itunes", "itunes:jp"])
        #expect(snapshot.sources?.map(\.status) == [.complete, .complete])
        #expect(snapshot.sources?.map(\.listed) == [2, 4])
        let health = try world.health()
        #expect(health.sources?.count == 2)
        let text = try String(contentsOf: world.output.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(text.contains("  source itunes         complete   3 of 3 artists, 2 listed"))
        #expect(text.contains("  source itunes:jp      complete   3 of 3 artists, 4 listed"))
        // The closed schemas document every field a several-catalogs run writes.
        let read = { (name: String) in (name, try Data(contentsOf: world.output.appendingPathComponent(name))) }
        #expect(try await JSONSchemaValidator.snapshot.problems([read("latest.json")]) == [])
        #expect(try await JSONSchemaValidator.health.problems([read("health.json")]) == [])
    }

    @Test func playableInKeepsOnlyWhatTheHomeStorefrontSells() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)], feed: #"{"windowDays": 120, "playableIn": "us"}"#)
        #expect(await world.run("sweep").exitCode == .success)
        #expect(try world.snapshot().entries.map(\.id).sorted() == ["1001", "1011"])
    }

    /// The dismissals and mutes, read once for the run, leave a release out whichever sources list
    /// it: Otomo (us and jp) dismissed, Polyphia (jp only) muted.
    @Test func aDismissalAndAMuteHoldForEverySource() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)])
        #expect(await world.run("sweep").exitCode == .success)
        #expect(await world.run("dismiss", "1011").exitCode == .success)
        #expect(await world.run("mute", "Polyphia").exitCode == .success)
        #expect(await world.run("sweep").exitCode == .success)
        let snapshot = try world.snapshot("latest.json")
        #expect(snapshot.entries.map(\.id).sorted() == ["1001", "1050"])
        #expect(Set(snapshot.changes?.removed.map(\.reason) ?? []) == [.dismissed, .muted])
    }

    // MARK: One source down

    /// jp goes down: the run is partial (exit 3), jp is reported unreachable, its only listings
    /// are carried stale, what us confirms is not stale, and nothing is removed or announced; when
    /// jp answers again, its listings come back with the same ids and nothing is announced again.
    @Test func anOutageOfOneSourceNeverRemovesOrReannouncesWhatTheOtherConfirms() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)])
        #expect(await world.run("sweep").exitCode == .success)
        let before = try world.snapshot("latest.json")

        await world.takeDown("jp")
        let (code, _) = await world.run("sweep")
        #expect(code == .partial)
        let during = try world.snapshot()
        #expect(during.complete == false)
        #expect(during.sources?.map(\.status) == [.complete, .unreachable])
        #expect(during.sources?.map(\.incompleteArtists) == [nil, ["Khruangbin", "Bonobo", "Polyphia"]])
        #expect(Set(during.entries.map(\.id)) == Set(before.entries.map(\.id)), "nothing removed")
        let byID = Dictionary(during.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID["1001"]?.isStale == false, "us confirms it")
        #expect(byID["1001"]?.availability.map(\.source) == ["itunes", "itunes:jp"], "jp's listing is kept from memory")
        #expect(byID["1050"]?.isStale == true, "only jp lists it: carried, stale")
        #expect(during.changes?.added.isEmpty == true)
        #expect(during.changes?.removed.isEmpty == true)
        #expect(try world.health().status == .partial)
        #expect(
            try world.health().message
                == "sweep partial: sources not complete: itunes:jp (unreachable); 3 of 3 artists could not be checked by every source; published as partial, baseline kept"
        )

        try world.restore("jp", Self.jp)
        #expect(await world.run("sweep").exitCode == .success)
        let after = try world.snapshot("latest.json")
        #expect(Self.listed(after) == Self.listed(before))
        #expect(after.entries.map(\.addedAt) == before.entries.map(\.addedAt), "same ids, same appearance stamps")
        #expect(after.changes?.isEmpty == true, "nothing re-announced")
    }

    /// Apple Music gb: the us albums under the same Apple ids, and an album only gb sells.
    static let gb: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin",
            releases: [release("1001", "A La Sala", .album, 10), release("1070", "Abbey Road Sessions", .album, 4)]),
        FixtureArtist(id: "102", name: "Bonobo", releases: [release("1011", "Otomo", .ep, 20)])
    ]

    /// A source whose credentials are refused fails alone, as an outage does: the others publish,
    /// the run is partial (exit 3, not 78), health names the refusal on that source's line without
    /// the token, and the entry only that source lists is carried stale, neither withdrawn nor, when
    /// the token is accepted again, announced again.
    @Test func aRefusedTokenFailsItsSourceNotTheRun() async throws {
        let (accepted, refused) = ("GOOD-TOKEN-d33pcut-gb", "STALE-TOKEN-d33pcut-gb")
        let gb = FixtureServer(catalog: FixtureCatalog(artists: Self.gb), options: FixtureServerOptions(appleMusicToken: accepted))
        defer { gb.close() }
        let gbURL = try gb.start()
        let hook = try await HTTPReceiver()
        let world = try SeveralSourcesHarness(
            [("us", Self.us)], config: ["notify": "[\(NotificationEndToEndTests.webhook(hook))]"],
            catalogs: [
                #"{"provider": "apple-music", "storefront": "gb", "tokenFile": "token.jwt", "baseURL": "\#(gbURL.absoluteString)", "maxAttempts": 1}"#
            ])
        try world.folder.write("token.jwt", accepted + "\n")
        #expect(await world.run("sweep").exitCode == .success)
        let before = try world.snapshot("latest.json")
        #expect(
            Self.listed(before) == ["1001": ["itunes", "apple-music:gb"], "1011": ["itunes", "apple-music:gb"], "1070": ["apple-music:gb"]])

        try world.folder.write("token.jwt", refused + "\n")
        let (code, console) = await world.run("sweep")
        #expect(code == .partial, "\(console.err)")
        let during = try world.snapshot()
        #expect(Set(during.entries.map(\.id)) == ["1001", "1011", "1070"], "nothing removed")
        let byID = Dictionary(during.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID["1070"]?.isStale == true, "only the refused source lists it: carried, stale")
        #expect(byID["1070"]?.availability.map(\.source) == ["apple-music:gb"])
        #expect(byID["1001"]?.isStale == false, "us confirms it")
        #expect(during.changes?.added.isEmpty == true)
        #expect(during.changes?.removed.isEmpty == true, "no withdrawal: \(during.changes?.removed.map(\.reason) ?? [])")
        let sources = try #require(try world.health().sources)
        #expect(sources.map(\.status) == [.complete, .failed])
        #expect(sources[1].incompleteArtists == ["Khruangbin", "Bonobo", "Polyphia"])
        #expect(
            sources[1].message?.hasPrefix("catalogs[1].tokenFile: apple-music refused the credentials (HTTP 401)") == true, "\(sources[1])")
        #expect(try world.health().status == .partial)
        let text = try String(contentsOf: world.output.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(text.contains("  source apple-music:gb failed     0 of 3 artists"), "\(text)")
        #expect(text.contains("apple-music refused the credentials (HTTP 401)"))
        for name in ["health.json", "health.txt", "current.json", "latest.json"] {
            let written = try String(contentsOf: world.output.appendingPathComponent(name), encoding: .utf8)
            #expect(!written.contains("d33pcut"), "a token in \(name)")
        }
        #expect(!console.err.contains("d33pcut") && !console.out.contains("d33pcut"))

        try world.folder.write("token.jwt", accepted + "\n")
        #expect(await world.run("sweep").exitCode == .success)
        let after = try world.snapshot("latest.json")
        #expect(Self.listed(after) == Self.listed(before), "same entry ids, same listings")
        #expect(after.entries.allSatisfy { !$0.isStale })
        #expect(after.entries.map(\.addedAt) == before.entries.map(\.addedAt), "same appearance stamps")
        #expect(after.changes?.isEmpty == true, "nothing re-announced")
        #expect(try hook.requests().isEmpty, "no notification in any of the three runs: nothing was news")
    }

    /// The storefront check passes but the artists' lookup is refused (401): the credentials are
    /// refused midway, and the source fails its artists from then on, the same way — carried stale,
    /// nothing removed, health naming the refusal — while what it knew without asking (Polyphia, not
    /// sold in gb, from the identity cache) stays answered.
    @Test func aTokenRefusedMidwayFailsTheSourceTheSameWay() async throws {
        let token = "GOOD-TOKEN-d33pcut-gb"
        let gb = FixtureServer(catalog: FixtureCatalog(artists: Self.gb), options: FixtureServerOptions(appleMusicToken: token))
        defer { gb.close() }
        let gbURL = try gb.start()
        let world = try SeveralSourcesHarness(
            [("us", Self.us)],
            catalogs: [
                #"{"provider": "apple-music", "storefront": "gb", "tokenFile": "token.jwt", "baseURL": "\#(gbURL.absoluteString)", "maxAttempts": 1}"#
            ])
        try world.folder.write("token.jwt", token + "\n")
        #expect(await world.run("sweep").exitCode == .success)

        gb.setFault(Fault(.status(code: 401, body: nil), on: .lookup), forArtistID: "102")
        let (code, console) = await world.run("sweep")
        #expect(code == .partial, "\(console.err)")
        let snapshot = try world.snapshot()
        #expect(snapshot.entries.map(\.id).sorted() == ["1001", "1011", "1070"])
        #expect(snapshot.entries.filter(\.isStale).map(\.id) == ["1070"])
        #expect(snapshot.changes?.isEmpty == true)
        let sources = try #require(try world.health().sources)
        #expect(sources.map(\.status) == [.complete, .failed])
        #expect(sources[1].incompleteArtists == ["Khruangbin", "Bonobo"])
        #expect(sources[1].message?.hasPrefix("catalogs[1].tokenFile: apple-music refused the credentials (HTTP 401)") == true)
    }

    /// Every source refused: nothing is left to publish, and the refusal is the configuration
    /// problem it is with one catalog (exit 78).
    @Test func everySourceRefusedIsAConfigurationProblem() async throws {
        let refusing = try await HTTPReceiver(mode: .status(401))
        let world = try SeveralSourcesHarness(
            [],
            catalogs: ["gb", "jp"].map {
                #"{"provider": "apple-music", "storefront": "\#($0)", "tokenFile": "token.jwt", "baseURL": "\#(refusing.url.absoluteString)", "maxAttempts": 1}"#
            })
        try world.folder.write("token.jwt", "eyJhbGciOiJFUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl\n")
        let (code, console) = await world.run("sweep")
        #expect(code == .config, "\(console.err)")
        #expect(console.err.contains("catalogs[0].tokenFile: apple-music refused the credentials (HTTP 401)"), "\(console.err)")
    }

    // MARK: Cost

    /// Each source keeps its own identity cache, memory and traits under its key: a warm sweep of
    /// two storefronts asks each exactly what a one-catalog sweep of that storefront asks.
    @Test func aWarmSweepCostsEachSourceWhatItCostsAlone() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)])
        #expect(await world.run("sweep").exitCode == .success)
        #expect(await world.run("sweep").exitCode == .success)
        let warm = try #require(try world.health().sources).map(\.requests)
        var alone: [Int] = []
        for artists in [Self.us, Self.jp] {
            let single = try SweepHarness(artists: artists)
            #expect(await single.run("sweep").exitCode == .success)
            #expect(await single.run("sweep").exitCode == .success)
            alone.append(try single.health().sweep.requests)
        }
        #expect(warm == alone)
    }

    // MARK: Stable ids

    /// The home storefront starts listing, under its own id, an album jp listed first: the entry
    /// keeps jp's id, so it is neither announced again nor withdrawn.
    @Test func anEntryKeepsItsIDWhenTheHomeSourceStartsListingIt() async throws {
        let jp = [FixtureArtist(id: "101", name: "Khruangbin", releases: [Self.release("2060", "Sakura", .album, 3)])]
        let world = try SeveralSourcesHarness([("us", [FixtureArtist(id: "101", name: "Khruangbin")]), ("jp", jp)])
        #expect(await world.run("sweep").exitCode == .success)
        #expect(try world.snapshot().entries.map(\.id) == ["2060"])

        try world.restore("us", [FixtureArtist(id: "101", name: "Khruangbin", releases: [Self.release("3060", "Sakura", .album, 3)])])
        #expect(await world.run("sweep").exitCode == .success)
        let snapshot = try world.snapshot("latest.json")
        #expect(snapshot.entries.map(\.id) == ["2060"])
        #expect(snapshot.entries.first?.availability.map(\.id) == ["3060", "2060"])
        #expect(snapshot.changes?.isEmpty == true)
    }

    // MARK: The real binary

    @Test(.enabled(if: SpawnedProcess.deepcutIsBuilt)) func theBinaryMergesTwoStorefronts() async throws {
        let world = try SeveralSourcesHarness([("us", Self.us), ("jp", Self.jp)])
        let check = try await SpawnedProcess.deepcut(["check-config", "--config", world.configPath], in: world.folder.url).finish()
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("source itunes (home): provider itunes, storefront us"))
        #expect(check.stdout.contains("source itunes:jp: provider itunes, storefront jp"))
        let sweep = try await SpawnedProcess.deepcut(["sweep", "--config", world.configPath], in: world.folder.url).finish()
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let current = try world.snapshot()
        #expect(Self.listed(current)["1050"] == ["itunes:jp"])
        #expect(Self.listed(current)["1001"] == ["itunes", "itunes:jp"])
        #expect(Self.listed(current)["1021"] == ["itunes:jp"], "Polyphia: an artist only the jp store has")

        // One source down: the binary publishes what the other confirms, carries the rest, exits 3.
        await world.takeDown("jp")
        let down = try await SpawnedProcess.deepcut(["sweep", "--config", world.configPath], in: world.folder.url).finish()
        #expect(down.status == 3, "\(down.stderr)")
        let during = try world.snapshot()
        #expect(Set(during.entries.map(\.id)) == Set(current.entries.map(\.id)), "nothing removed")
        #expect(during.entries.first { $0.id == "1050" }?.isStale == true, "only jp lists it: carried, stale")
        #expect(during.entries.first { $0.id == "1001" }?.isStale == false, "us confirms it")
        #expect(during.changes?.added.isEmpty == true && during.changes?.removed.isEmpty == true)
        #expect(try world.health().status == .partial)

        try world.restore("jp", Self.jp)
        let back = try await SpawnedProcess.deepcut(["sweep", "--config", world.configPath], in: world.folder.url).finish()
        #expect(back.status == 0, "\(back.stderr)")
        let after = try world.snapshot()
        #expect(Self.listed(after) == Self.listed(current))
        #expect(after.changes?.isEmpty == true, "nothing announced again")
    }
}
