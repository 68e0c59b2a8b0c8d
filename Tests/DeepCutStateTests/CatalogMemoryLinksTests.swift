import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

/// A run reads remembered releases back without their artwork and catalog URLs, and reads those
/// by id for the few entries the diff keeps, from the same rows.
@Suite struct CatalogMemoryLinksTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    func release(_ id: String, by artist: String) -> Release {
        Release(
            id: id, title: "Title \(id)", artist: artist, type: .ep, releaseDate: ReleaseDate(iso: "2019-01-01"),
            artworkURL: "https://art.example/\(artist)/\(id).jpg", url: "https://music.example/\(artist)/\(id)", isExplicit: true,
            trackCount: 7, secondaryTypes: [.live])
    }

    @Test func withoutLinksEverythingButTheLinksIsReadBack() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                try memory.remember(
                    [
                        ArtistResult(
                            artist: "Bonobo", catalogID: "1", outcome: .fetched([release("a", by: "Bonobo"), release("b", by: "Bonobo")]))
                    ],
                    provider: "itunes", at: t0)
                let whole = try #require(try memory.lastAnswers(provider: "itunes", artists: ["Bonobo"])["Bonobo"])
                let lean = try #require(try memory.lastAnswers(provider: "itunes", artists: ["Bonobo"], links: .omitted)["Bonobo"])
                #expect(whole.result.outcome.releases.allSatisfy { $0.artworkURL != nil && $0.url != nil })
                let unlinked = whole.result.outcome.releases.map { release in
                    var release = release
                    (release.artworkURL, release.url) = (nil, nil)
                    return release
                }
                #expect(lean.result.outcome.releases == unlinked)
                #expect(lean.checkedAt == whole.checkedAt)
                #expect(lean.result.catalogID == whole.result.catalogID)
            }
        }
    }

    @Test func linksComeFromTheRowOfTheArtistTheReleaseIsRememberedUnder() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                // One release id listed under two library artists (a duo), remembered with different links.
                try memory.remember(
                    [
                        ArtistResult(artist: "Bonobo", catalogID: "1", outcome: .fetched([release("a", by: "Bonobo")])),
                        ArtistResult(artist: "Khruangbin", catalogID: "2", outcome: .fetched([release("a", by: "Khruangbin")]))
                    ], provider: "itunes", at: t0)
                let bonobo = CatalogMemory.ReleaseRef(artist: "bonobo ", id: "a")
                let khruangbin = CatalogMemory.ReleaseRef(artist: "Khruangbin", id: "a")
                let unknown = CatalogMemory.ReleaseRef(artist: "Bonobo", id: "zzz")
                let links = try memory.links(provider: "itunes", of: [bonobo, khruangbin, unknown])
                #expect(links[bonobo] == .init(artworkURL: "https://art.example/Bonobo/a.jpg", url: "https://music.example/Bonobo/a"))
                #expect(links[khruangbin]?.url == "https://music.example/Khruangbin/a")
                #expect(links[unknown] == nil)
                #expect(try memory.links(provider: "musicbrainz", of: [bonobo]).isEmpty)
            }
        }
    }
}
