import Foundation
import Testing

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct AppleMusicLibraryRouteTests {
    private let client = FixtureTestClient()
    private static let library = FixtureLibrary(
        albums: (1...30).map { FixtureLibraryAlbum(title: "Album \($0)", artist: "Artist \"\($0)\"") },
        developerToken: "dev", userToken: "user")

    private struct Page: Decodable {
        struct Resource: Decodable {
            struct Attributes: Decodable {
                var name: String
                var artistName: String
            }

            var id: String
            var type: String
            var attributes: Attributes
        }

        struct Meta: Decodable {
            var total: Int
        }

        var next: String?
        var data: [Resource]
        var meta: Meta
    }

    private struct Errors: Decodable {
        struct Item: Decodable {
            var status: String
            var code: String
        }

        var errors: [Item]
    }

    private func get(
        _ url: URL, _ pathAndQuery: String, developer: String? = "dev",
        user: String? = "user"
    ) async throws -> (body: Data, status: Int) {
        var request = URLRequest(url: URL(string: url.absoluteString + pathAndQuery)!)
        request.setValue(developer.map { "Bearer \($0)" }, forHTTPHeaderField: "Authorization")
        request.setValue(user, forHTTPHeaderField: "Music-User-Token")
        let (body, response) = try await client.session.data(for: request)
        return (body, (response as! HTTPURLResponse).statusCode)
    }

    private func withServer(_ body: (FixtureServer, URL) async throws -> Void) async throws {
        let server = FixtureServer(catalog: FixtureCatalog(artists: []), library: Self.library)
        let url = try server.start()
        defer { server.close() }
        try await body(server, url)
    }

    @Test func pagesByOffsetWithANextLinkThatKeepsOnlyTheOffset() async throws {
        try await withServer { server, url in
            let first = try JSONDecoder().decode(Page.self, from: try await get(url, "/v1/me/library/albums").body)
            #expect(first.data.count == 25)
            #expect(first.next == "/v1/me/library/albums?offset=25")
            #expect(first.meta.total == 30)
            #expect(first.data[0].type == "library-albums")
            #expect(first.data[0].attributes.artistName == "Artist \"1\"")
            let last = try JSONDecoder().decode(Page.self, from: try await get(url, "/v1/me/library/albums?offset=25&limit=100").body)
            #expect(last.data.map(\.attributes.name) == (26...30).map { "Album \($0)" })
            #expect(last.next == nil)
            #expect(Set(first.data.map(\.id) + last.data.map(\.id)).count == 30)
            #expect(server.requestLog.map(\.route) == ["appleMusic.library.albums", "appleMusic.library.albums"])
        }
    }

    @Test func offsetPastTheEndIsAnEmptyPage() async throws {
        try await withServer { _, url in
            let page = try JSONDecoder().decode(Page.self, from: try await get(url, "/v1/me/library/albums?offset=90").body)
            #expect(page.data.isEmpty)
            #expect(page.next == nil)
        }
    }

    @Test func wrongOrMissingDeveloperTokenIsAnEmpty401() async throws {
        try await withServer { _, url in
            for developer in [nil, "other"] {
                let (body, status) = try await get(url, "/v1/me/library/albums", developer: developer)
                #expect(status == 401)
                #expect(body.isEmpty)
            }
        }
    }

    @Test func wrongOrMissingUserTokenIsA403WithAppleErrors() async throws {
        try await withServer { _, url in
            for user in [nil, "stale"] {
                let (body, status) = try await get(url, "/v1/me/library/albums", user: user)
                #expect(status == 403)
                #expect(try JSONDecoder().decode(Errors.self, from: body).errors.map(\.code) == ["40300"])
            }
        }
    }

    @Test(arguments: ["limit=101", "limit=0", "limit=ten", "offset=-1"])
    func badPagingParametersAre400(query: String) async throws {
        try await withServer { _, url in
            let (body, status) = try await get(url, "/v1/me/library/albums?\(query)")
            #expect(status == 400)
            #expect(try JSONDecoder().decode(Errors.self, from: body).errors.map(\.status) == ["400"])
        }
    }
}
