import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

@Suite struct FixtureCatalogTests {
    let today = ReleaseDate(year: 2026, month: 3, day: 1)

    // MARK: - Generated catalogs

    @Test func generatedCatalogIsDeterministicForASeed() {
        let first = FixtureCatalog.generated(artists: 30, releasesPerArtist: 8, seed: 42, today: today)
        let again = FixtureCatalog.generated(artists: 30, releasesPerArtist: 8, seed: 42, today: today)
        let other = FixtureCatalog.generated(artists: 30, releasesPerArtist: 8, seed: 43, today: today)
        #expect(first == again)
        #expect(first != other)
    }

    @Test func generatedCatalogHasNamedArtistsUniqueIdsAndDatesInTheLastTwoYears() {
        let catalog = FixtureCatalog.generated(artists: 120, releasesPerArtist: 10, seed: 7, today: today)
        #expect(catalog.artists.count == 120)
        #expect(catalog.artists.first?.name == "Artist 0001")
        #expect(catalog.artists.last?.name == "Artist 0120")
        #expect(catalog.firstProblem == nil)
        let releases = catalog.artists.flatMap(\.releases)
        #expect(releases.count == 1_200)
        #expect(Set(releases.map(\.id)).count == releases.count)
        #expect(Set(catalog.artists.map(\.id)).count == catalog.artists.count)
        let ages = releases.map { today.epochDay - $0.releaseDate.epochDay }
        #expect(ages.allSatisfy { (0..<730).contains($0) })
        #expect(ages.filter { $0 < 120 }.count == 300)
        #expect(Set(releases.map(\.type)) == Set(RecordingType.allCases))
        for artist in catalog.artists {
            #expect(artist.releases.map(\.releaseDate) == artist.releases.map(\.releaseDate).sorted(by: >))
        }
    }

    @Test func generatedCatalogCanBeEmpty() {
        #expect(FixtureCatalog.generated(artists: 0, releasesPerArtist: 5, seed: 1, today: today).artists.isEmpty)
        let noReleases = FixtureCatalog.generated(artists: 2, releasesPerArtist: 0, seed: 1, today: today)
        #expect(noReleases.artists.count == 2)
        #expect(noReleases.artists.allSatisfy { $0.releases.isEmpty })
    }

    // MARK: - JSON files

    @Test func faultsRoundTripThroughTheirFlatJSONShape() throws {
        let faults: [Fault] = [
            Fault(.status(code: 500, body: "oops"), on: .lookup, times: 1),
            Fault(.status(code: 502, body: nil)),
            Fault(.rateLimited(retryAfter: "30"), on: .search),
            Fault(.rateLimited(retryAfter: nil)),
            Fault(.forbiddenEmpty, times: 3),
            Fault(.serviceUnavailable(retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT")),
            Fault(.hang), Fault(.truncate), Fault(.malformed), Fault(.reset),
            Fault(.latency(milliseconds: 250))
        ]
        let decoded = try JSONDecoder().decode([Fault].self, from: JSONEncoder().encode(faults))
        #expect(decoded == faults)

        let handWritten = #"{"kind": "rateLimited", "retryAfter": "30", "times": 2}"#
        #expect(try JSONDecoder().decode(Fault.self, from: Data(handWritten.utf8)) == Fault(.rateLimited(retryAfter: "30"), times: 2))
    }

    @Test(arguments: [
        #"{"kind": "explode"}"#,
        #"{"kind": "status"}"#,
        #"{"kind": "status", "code": 42}"#,
        #"{"kind": "latency"}"#,
        #"{"kind": "hang", "on": "everything"}"#,
        #"{"kind": "hang", "times": -1}"#
    ])
    func invalidFaultsAreRejected(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Fault.self, from: Data(json.utf8)) }
    }

    @Test func loadReadsACatalogFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("catalog.json")
        try Data(JSONEncoder().encode(FixtureTestCatalog.catalog)).write(to: file)
        #expect(try FixtureCatalog.load(from: file) == FixtureTestCatalog.catalog)

        let handWritten = """
            {"artists": [{"id": "1", "name": "A", "releases": [
              {"id": "2", "title": "T", "type": "ep", "releaseDate": "2025-05-01", "explicit": true}],
              "fault": {"kind": "forbiddenEmpty", "on": "lookup"}}]}
            """
        try Data(handWritten.utf8).write(to: file)
        let catalog = try FixtureCatalog.load(from: file)
        #expect(catalog.artists.first?.releases.first?.type == .ep)
        #expect(catalog.artists.first?.fault == Fault(.forbiddenEmpty, on: .lookup))
    }

    @Test func loadNamesWhatIsWrong() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("catalog.json")

        let missing = #expect(throws: FixtureCatalogError.self) { try FixtureCatalog.load(from: file) }
        #expect(missing?.isUnreadable == true)

        try Data(
            #"{"artists": [{"id": "1", "name": "A", "releases": [{"id": "2", "title": "T", "type": "lp", "releaseDate": "2025-05-01"}]}]}"#
                .utf8
        ).write(to: file)
        let badType = #expect(throws: FixtureCatalogError.self) { try FixtureCatalog.load(from: file) }
        #expect(badType?.isUnreadable == false)
        #expect(badType?.problem.hasPrefix("artists[0].releases[0].type:") == true)

        try Data(#"{"artists": [{"id": "artist-1", "name": "A", "releases": []}]}"#.utf8).write(to: file)
        let badID = #expect(throws: FixtureCatalogError.self) { try FixtureCatalog.load(from: file) }
        #expect(badID?.problem.contains("artist-1") == true)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
