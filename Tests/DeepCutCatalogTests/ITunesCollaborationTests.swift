import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures

/// An artist's lookup lists collections credited to other artist ids: those crediting the artist
/// are its own, the rest are appearances, whether the artist is looked up alone or in a batch.
@Suite struct ITunesCollaborationTests {
    static let glassjaw = FixtureArtist(
        id: "4501", name: "Glassjaw",
        releases: [
            FixtureRelease(id: "1", title: "Worship and Tribute", type: .album, releaseDate: ReleaseDate(year: 2002, month: 7, day: 9)),
            FixtureRelease(
                id: "2", title: "Cut and Run", type: .single, releaseDate: ReleaseDate(year: 2019, month: 3, day: 1),
                artistName: "Black Mesa & Glassjaw", artistID: "4999"),
            FixtureRelease(
                id: "3", title: "Loud Anthems", type: .compilation, releaseDate: ReleaseDate(year: 2010, month: 1, day: 1),
                artistName: "Various Artists", artistID: "4998"),
            FixtureRelease(
                id: "4", title: "Something Else", type: .album, releaseDate: ReleaseDate(year: 2011, month: 1, day: 1),
                artistName: "Head Automatica", artistID: "4997"),
            FixtureRelease(
                id: "5", title: "Material Control", type: .album, releaseDate: ReleaseDate(year: 2017, month: 12, day: 1),
                artistName: "GLASSJAW (Remastered Credit)", artistID: "4501")
        ])
    static let polyphia = FixtureArtist(
        id: "4502", name: "Polyphia",
        releases: [
            FixtureRelease(
                id: "6", title: "Ego Death", type: .single, releaseDate: ReleaseDate(year: 2022, month: 8, day: 5),
                artistName: "Polyphia feat. Steve Vai", artistID: "4996"),
            FixtureRelease(
                id: "7", title: "Playing God", type: .single, releaseDate: ReleaseDate(year: 2022, month: 1, day: 1),
                artistName: "Steve Vai feat. Polyphia", artistID: "4995")
        ])

    func releases(batchSize: Int) async throws -> [String: [Release]] {
        try await withFixtureServer(FixtureCatalog(artists: [Self.glassjaw, Self.polyphia])) { _, url in
            var live = LiveITunes(url)
            live.batchSize = batchSize
            let answers = await live.provider().releases(ofEach: [
                CatalogArtist(id: "4501", name: "Glassjaw"),
                CatalogArtist(id: "4502", name: "Polyphia")
            ])
            return try answers.mapValues { try $0.get() }
        }
    }

    static func titles(_ releases: [Release]?, appearances: Bool) -> Set<String> {
        Set((releases ?? []).filter { $0.secondaryTypes.contains(.appearance) == appearances }.map(\.title))
    }

    @Test(arguments: [1, 10])
    func collaborationsCreditingTheArtistAreItsOwnAndTheRestAppearances(batchSize: Int) async throws {
        let releases = try await releases(batchSize: batchSize)
        // Its own id always counts; "Black Mesa & Glassjaw" credits Glassjaw; a compilation and
        // another band do not: they are appearances, credited as the catalog credits them.
        #expect(Self.titles(releases["4501"], appearances: false) == ["Worship and Tribute", "Cut and Run", "Material Control"])
        #expect(Self.titles(releases["4501"], appearances: true) == ["Loud Anthems", "Something Else"])
        #expect(releases["4501"]?.first { $0.title == "Loud Anthems" }?.artist == "Various Artists")
        // A featured credit names the main artist, not the guest.
        #expect(Self.titles(releases["4502"], appearances: false) == ["Ego Death"])
        #expect(Self.titles(releases["4502"], appearances: true) == ["Playing God"])
    }

    @Test func pinnedIdIsMatchedByTheCatalogsSpellingOfTheName() async throws {
        try await withFixtureServer(FixtureCatalog(artists: [Self.glassjaw])) { _, url in
            let releases = try await LiveITunes(url).provider().releases(ofArtistID: "4501", named: "glass jaw (my spelling)").get()
            #expect(Self.titles(releases, appearances: false) == ["Worship and Tribute", "Cut and Run", "Material Control"])
        }
    }
}
