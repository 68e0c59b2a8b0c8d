import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the simulation changes on a running server: the catalog, a catalog-wide outage, and a refusing port.
@Suite struct FixtureRuntimeChangeTests {
    let client = FixtureTestClient()
    let polyphiaLookup = "/lookup?id=\(FixtureTestCatalog.polyphiaID)&entity=album"

    @Test func replacedCatalogIsServedOnTheSamePort() async throws {
        try await withFixtureServer { server, url in
            let before = try await client.results(url, polyphiaLookup).resultCount
            #expect(before > 1)
            var catalog = FixtureTestCatalog.catalog
            let index = catalog.artists.firstIndex { $0.id == FixtureTestCatalog.polyphiaID }!
            catalog.artists[index].releases.removeAll()
            server.replaceCatalog(catalog)
            let emptied = try await client.results(url, polyphiaLookup).resultCount
            #expect(emptied == 1)  // the artist row only
            catalog.artists[index].id = "7000099"
            server.replaceCatalog(catalog)
            let vanished = try await client.results(url, polyphiaLookup).resultCount
            #expect(vanished == 0)  // the old id vanished
        }
    }

    @Test func catalogFaultHitsEveryArtistAndWinsOverArtistFaults() async throws {
        try await withFixtureServer { server, url in
            server.setFault(Fault(.status(code: 502, body: nil)), forArtistID: FixtureTestCatalog.polyphiaID)
            server.setCatalogFault(Fault(.serviceUnavailable(retryAfter: nil)))
            let lookup = try await client.get(url, polyphiaLookup).response.statusCode
            let search = try await client.get(url, "/search?term=faulty&entity=musicArtist").response.statusCode
            #expect(lookup == 503 && search == 503)
            server.setCatalogFault(Fault(.body(bytes: Array("{\"resultCount\":0,\"results\":[]}".utf8))))
            let empty = try await client.results(url, "/search?term=faulty&entity=musicArtist").resultCount
            #expect(empty == 0)
            server.setCatalogFault(nil)
            let artistFault = try await client.get(url, polyphiaLookup).response.statusCode
            #expect(artistFault == 502)
            #expect(server.requestLog.compactMap(\.fault).count == 4)
        }
    }

    @Test func refusingPortRefusesConnections() async throws {
        let port = try RefusingPort()
        let error = await #expect(throws: URLError.self) { try await client.get(port.url, "/search?term=x&entity=musicArtist") }
        #expect(error?.code == .cannotConnectToHost)
    }
}
