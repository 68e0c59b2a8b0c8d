import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Hostile 200 answers from the catalog, through the real HTTP client and the whole pipeline: each
/// one is a typed `decoding` failure for its artist (or, for an unusable date, a release kept
/// undated) — never a crash, never "no releases", and the other artists' feed still publishes.
@Suite struct HostileCatalogTests {
    static let token = "hostile-catalog.jwt"

    /// One artist per (payload, operation), plus one healthy artist whose releases must come through.
    struct Plan {
        var artists: [FixtureArtist]
        var library: String
        var hostile: [(artist: FixtureArtist, payload: HostilePayload, on: FaultScope)]
    }

    static func plan(_ payloads: [(HostilePayload, FaultScope)]) -> Plan {
        let artists = ReliabilityWorld.artists(payloads.count + 1, releases: 2)
        let hostile = payloads.enumerated().map { (artist: artists[$0.offset + 1], payload: $0.element.0, on: $0.element.1) }
        return Plan(artists: artists, library: ReliabilityWorld.library(artists.count), hostile: hostile)
    }

    /// Runs one sweep where every hostile artist gets its payload, then checks each artist's outcome.
    static func sweep(
        _ plan: Plan, catalogKeys: [String: String] = [:], options: FixtureServerOptions = FixtureServerOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let world = try ReliabilityWorld(
            artists: plan.artists, library: plan.library, options: options,
            catalogKeys: catalogKeys.merging(["concurrency": "4"]) { $1 })
        try world.folder.write("token.jwt", token + "\n")
        for entry in plan.hostile {
            // iTunes lists a lookup under the asked artist's own row: the payloads' id 42 becomes the artist's.
            let bytes =
                entry.on == .lookup
                ? replacing(Array(#""artistId": 42,"#.utf8), with: Array("\"artistId\": \(entry.artist.id),".utf8), in: entry.payload.bytes)
                : entry.payload.bytes
            world.fail(entry.artist.id, with: Fault(.body(bytes: bytes), on: entry.on))
        }
        let (code, console) = await world.run("sweep")
        #expect(code == .partial, "\(console.err)", sourceLocation: sourceLocation)

        let health = try world.health()
        let failures = Dictionary(health.sweep.failures.map { ($0.artist, $0) }, uniquingKeysWith: { first, _ in first })
        let remembered = try world.userState()["catalog_releases"] ?? []
        for entry in plan.hostile {
            let label = "\(entry.payload) on \(entry.on.rawValue)"
            switch entry.payload.expected {
            case .decodingFailure(let status):
                let failure = failures[entry.artist.name]
                #expect(
                    failure?.kind == .decoding, "\(label): \(failure.map { "\($0.kind): \($0.message)" } ?? "no failure")",
                    sourceLocation: sourceLocation)
                #expect(failure?.httpStatus == status, "\(label)", sourceLocation: sourceLocation)
                #expect(failure?.message.contains("\n") == false, "\(label)", sourceLocation: sourceLocation)
            case .undatedReleases(let count):
                #expect(
                    failures[entry.artist.name] == nil, "\(label): \(failures[entry.artist.name]?.message ?? "")",
                    sourceLocation: sourceLocation)
                // The memory keys artists by their normalised name.
                let rows = remembered.filter { $0.contains("'\(entry.artist.name.lowercased())'") }
                #expect(rows.count == count, "\(label): \(rows)", sourceLocation: sourceLocation)
                #expect(rows.allSatisfy { $0.contains("|'album'|NULL|") }, "\(label): \(rows)", sourceLocation: sourceLocation)
            }
        }
        let failing = plan.hostile.filter(\.payload.failsTheArtist).map(\.artist.name)
        #expect(Set(health.sweep.incompleteArtists) == Set(failing), sourceLocation: sourceLocation)
        #expect(health.sweep.artists.fetched == plan.artists.count - failing.count, sourceLocation: sourceLocation)
        // The healthy artist's releases are published; the hostile artists are listed, not emptied.
        let current = try world.json("current.json")
        let entries = current["entries"] as? [[String: Any]] ?? []
        #expect(entries.contains { $0["artist"] as? String == plan.artists[0].name }, sourceLocation: sourceLocation)
        #expect(Set(current["incompleteArtists"] as? [String] ?? []) == Set(failing), sourceLocation: sourceLocation)
    }

    /// The generic payloads on both operations, plus invalid UTF-8 in a field each operation reads.
    static func everywhere(search: String, lookup: String) -> [(HostilePayload, FaultScope)] {
        HostilePayload.generic.map { ($0, .search) } + HostilePayload.generic.map { ($0, .lookup) }
            + [(HostilePayload.invalidUTF8(search), .search), (HostilePayload.invalidUTF8(lookup), .lookup)]
    }

    @Test func iTunes() async throws {
        try await Self.sweep(
            Self.plan(
                HostilePayload.iTunesLookup.map { ($0, .lookup) }
                    + Self.everywhere(
                        search: #"{"resultCount": 1, "results": [{"wrapperType": "artist", "artistId": 1, "artistName": "@@"}]}"#,
                        lookup: #"{"results": [{"wrapperType": "collection", "collectionId": 1, "collectionName": "@@"}]}"#)))
    }

    @Test func appleMusic() async throws {
        try await Self.sweep(
            Self.plan(
                Self.everywhere(
                    search: #"{"results": {"artists": {"data": [{"id": "1", "attributes": {"name": "@@"}}]}}}"#,
                    lookup: #"{"data": [{"id": "1", "type": "albums", "attributes": {"name": "@@"}}]}"#)),
            catalogKeys: ["provider": "\"apple-music\"", "tokenFile": "\"token.jwt\""],
            options: FixtureServerOptions(appleMusicToken: Self.token))
    }

    @Test func musicBrainz() async throws {
        try await Self.sweep(
            Self.plan(
                Self.everywhere(
                    search: #"{"count": 1, "offset": 0, "artists": [{"id": "0383dadf-2a4e-4d10-a46a-e9e041da8eb3", "name": "@@"}]}"#,
                    lookup: #"{"release-group-count": 1, "release-groups": [{"id": "1", "title": "@@", "primary-type": "Album"}]}"#)),
            catalogKeys: ["provider": "\"musicbrainz\"", "contact": "\"reliability@example.com\""])
    }

    /// `bytes` with every `pattern` replaced (byte-wise: some payloads are not UTF-8).
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
