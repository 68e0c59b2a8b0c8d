import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Secondary types as the catalogs write them, decoded from bodies in their real shapes.
@Suite struct SecondaryTypeDecodingTests {
    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(SharedSamples.url(name)))
    }

    // MARK: Names (iTunes, Apple Music)

    @Test(arguments: [
        ("Live at Red Rocks", [SecondaryType.live]),
        ("Live from the Fillmore", [.live]),
        ("Live in Paris 1975", [.live]),
        ("Unplugged (Live)", [.live]),
        ("Purple Rain [Live at the Forum, 1985]", [.live]),
        ("Hello - Live", [.live]),
        ("Mordechai Remixes", [.remix]),
        ("Clocks (Remixes) - EP", [.remix]),
        ("Blue Monday (Paul Woolford Remix)", [.remix]),
        ("Remixed & Revisited", [.remix]),
        ("Tron: Legacy (Original Motion Picture Soundtrack)", [.soundtrack]),
        ("Arcane League of Legends (Soundtrack from the Animated Series)", [.soundtrack]),
        ("Persona 5 OST", [.soundtrack]),
        ("Nevermind (Demos)", [.demo]),
        ("Demo Tapes [Demo]", [.demo]),
        ("Live at Leeds (Deluxe Remixes)", [.live, .remix])
    ])
    func namesMarkTheirTypes(title: String, types: [SecondaryType]) {
        #expect(ReleaseNaming.secondaryTypes(title: title) == types)
    }

    /// Words that only look like the marks stay plain albums.
    @Test(arguments: ["Live Forever", "Alive", "Deliver", "Demon Days", "Live Through This", "Hostel", "Demolition", "Ghost"])
    func lookalikesStayPlain(title: String) {
        #expect(ReleaseNaming.secondaryTypes(title: title) == [])
    }

    @Test func aSoundtrackGenreMarksASoundtrack() {
        #expect(ReleaseNaming.secondaryTypes(title: "Interstellar", genres: ["Soundtrack"]) == [.soundtrack])
        #expect(ReleaseNaming.secondaryTypes(title: "Interstellar", genres: ["Alternative", "Music"]) == [])
    }

    // MARK: iTunes

    @Test func iTunesLookupRowsCarryTypesFromNameAndGenre() throws {
        let body = Data(
            """


            {"resultCount": 4, "results": [
             {"wrapperType": "artist", "artistType": "Artist", "artistName": "Hans Zimmer", "artistId": 4715, "primaryGenreName": "Soundtrack"},
             {"wrapperType": "collection", "collectionType": "Album", "artistId": 4715, "collectionId": 11, "artistName": "Hans Zimmer",
              "collectionName": "Interstellar", "collectionExplicitness": "notExplicit", "releaseDate": "2014-11-17T08:00:00Z",
              "primaryGenreName": "Soundtrack"},
             {"wrapperType": "collection", "collectionType": "Album", "artistId": 4715, "collectionId": 12, "artistName": "Hans Zimmer",
              "collectionName": "Live in Prague", "collectionExplicitness": "notExplicit", "releaseDate": "2017-11-03T07:00:00Z",
              "primaryGenreName": "Soundtrack"},
             {"wrapperType": "collection", "collectionType": "Compilation", "artistId": 36270, "collectionId": 13,
              "artistName": "Various Artists", "collectionName": "Cinema Classics", "collectionExplicitness": "notExplicit",
              "releaseDate": "2019-01-01T08:00:00Z", "primaryGenreName": "Soundtrack"}
            ]}
            """.utf8)
        let releases = try ITunesBody.decode(body).releases(listedUnder: CatalogArtist(id: "4715", name: "Hans Zimmer"))
        #expect(releases.map(\.secondaryTypes) == [[.soundtrack], [.live, .soundtrack], [.soundtrack, .appearance]])
        #expect(releases.map(\.type) == [.album, .album, .compilation])
    }

    @Test func theSamplesPlainAlbumsStayPlain() throws {
        let releases = try ITunesBody.decode(sample("itunes_lookup_amgArtistId3015593_entity-album_limit5_polyphia_extracted.json"))
            .releases(listedUnder: CatalogArtist(id: "640294344", name: "Polyphia"))
        #expect(releases.count == 5)
        #expect(releases.allSatisfy { $0.secondaryTypes.isEmpty })
    }

    // MARK: MusicBrainz

    /// A browse page with `inc=artist-credits`, in WS/2's shape.
    static let browse = Data(
        #"""
        {"release-group-count": 7, "release-group-offset": 0, "release-groups": [
         {"id": "a1", "title": "Live at Rome", "primary-type": "Album", "primary-type-id": "f529b476", "secondary-types": ["Live"],
          "secondary-type-ids": ["6fd474e2"], "first-release-date": "2024-05", "disambiguation": "",
          "artist-credit": [{"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin", "sort-name": "Khruangbin"}}]},
         {"id": "a2", "title": "Mordechai Remixes", "primary-type": "Album", "secondary-types": ["Remix"], "first-release-date": "2021",
          "artist-credit": [{"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin"}}]},
         {"id": "a3", "title": "Late Night Tales", "primary-type": "Album", "secondary-types": ["Compilation", "DJ-mix"],
          "first-release-date": "2022-03-04",
          "artist-credit": [{"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin"}}]},
         {"id": "a4", "title": "Early Sessions", "primary-type": "EP", "secondary-types": ["Mixtape/Street"], "first-release-date": "2010",
          "artist-credit": [{"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin"}}]},
         {"id": "a5", "title": "Texas Sun", "primary-type": "EP", "secondary-types": [], "first-release-date": "2020-02-07",
          "artist-credit": [{"name": "Khruangbin", "joinphrase": " & ", "artist": {"id": "mb-k", "name": "Khruangbin"}},
                            {"name": "Leon Bridges", "joinphrase": "", "artist": {"id": "mb-l", "name": "Leon Bridges"}}]},
         {"id": "a6", "title": "Ain't It Funny", "primary-type": "Single", "secondary-types": [], "first-release-date": "2023",
          "artist-credit": [{"name": "Vieux Farka Touré", "joinphrase": " feat. ", "artist": {"id": "mb-v", "name": "Vieux Farka Touré"}},
                            {"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin"}}]},
         {"id": "a7", "title": "Ali", "primary-type": "Album", "secondary-types": ["Soundtrack", "Spokenword"], "first-release-date": "2022-09-30",
          "artist-credit": [{"name": "Vieux Farka Touré", "joinphrase": " & ", "artist": {"id": "mb-v", "name": "Vieux Farka Touré"}},
                            {"name": "Khruangbin", "joinphrase": "", "artist": {"id": "mb-k", "name": "Khruangbin"}}]}
        ]}
        """#.utf8)

    @Test func musicBrainzSecondaryTypesAndCreditsDecode() throws {
        let page = try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: Self.browse)
        let releases = page.releases(creditedTo: "Khruangbin", artistID: "mb-k")
        #expect(
            releases.map(\.secondaryTypes) == [[.live], [.remix], [.remix], [.demo], [], [.appearance], [.soundtrack]])
        #expect(releases.map(\.type) == [.album, .album, .compilation, .ep, .ep, .single, .album])
        // A co-billed record is the artist's own, credited as the browse always credited it; a
        // featured spot is an appearance, credited as MusicBrainz credits it.
        #expect(
            releases.map(\.artist) == [
                "Khruangbin", "Khruangbin", "Khruangbin", "Khruangbin", "Khruangbin", "Vieux Farka Touré feat. Khruangbin", "Khruangbin"
            ])
    }

    /// A browse without credits (the samples, an older request) reads every group as the artist's own.
    @Test func groupsWithoutCreditsAreTheArtistsOwn() throws {
        let page = try JSONBody.decode(
            MusicBrainzReleaseGroupPage.self, from: sample("musicbrainz_release-group_browse_britney_avatar29A.json"))
        let releases = page.releases(creditedTo: "Britney Spears", artistID: "45a663b5-b1cb-4a91-bff6-2bef7bbfdd76")
        #expect(releases.count == 10)
        #expect(releases.allSatisfy { $0.secondaryTypes.isEmpty && $0.artist == "Britney Spears" })
    }

    // MARK: Apple Music

    @Test func appleMusicGenresAndNamesMarkTypes() throws {
        let plain = try JSONBody.decode(
            AppleMusicAlbumPage.self,
            from: sample("applemusic_catalog_artists_1147783278_albums_DOC-EXAMPLE_transcribed-abridged.json"))
        #expect(plain.releases(creditedTo: "Beach Bunny").allSatisfy { $0.secondaryTypes.isEmpty })
        let page = try JSONBody.decode(
            AppleMusicAlbumPage.self,
            from: Data(
                """
                {"data": [
                 {"id": "1", "type": "albums", "href": "/v1/catalog/us/albums/1",
                  "attributes": {"name": "Dune (Original Motion Picture Soundtrack)", "artistName": "Hans Zimmer",
                                 "genreNames": ["Soundtrack", "Music"], "releaseDate": "2021-09-03", "isCompilation": false}},
                 {"id": "2", "type": "albums", "href": "/v1/catalog/us/albums/2",
                  "attributes": {"name": "Interstellar", "artistName": "Hans Zimmer", "genreNames": ["Soundtrack", "Music"],
                                 "releaseDate": "2014-11-17", "isCompilation": false}},
                 {"id": "3", "type": "albums", "href": "/v1/catalog/us/albums/3",
                  "attributes": {"name": "Live in Prague", "artistName": "Hans Zimmer", "genreNames": ["Pop", "Music"],
                                 "releaseDate": "2017-11-03"}}
                ]}
                """.utf8))
        #expect(page.releases(creditedTo: "Hans Zimmer").map(\.secondaryTypes) == [[.soundtrack], [.soundtrack], [.live]])
    }

    @Test func appleMusicViewsMarkLiveAndAddAppearances() {
        let own = [
            Release(id: "1", title: "Night at the Fillmore", artist: "A", type: .album, releaseDate: nil),
            Release(id: "2", title: "Studio", artist: "A", type: .album, releaseDate: nil)
        ]
        let live = ArtistView.liveAlbums.merge([own[0]], into: own)
        #expect(live.map(\.secondaryTypes) == [[.live], []])
        let guest = Release(id: "9", title: "Hits", artist: "Various Artists", type: .compilation, releaseDate: nil)
        // The artist's own album listed again in the view stays its own.
        let appearances = ArtistView.appearsOnAlbums.merge([guest, own[1], guest], into: own)
        #expect(appearances.map(\.id) == ["1", "2", "9"])
        #expect(appearances.map(\.secondaryTypes) == [[], [], [.appearance]])
        #expect(ArtistView.needed(for: .standard) == [])
        #expect(ArtistView.needed(for: TypeSelection(secondary: [.appearance])) == [.appearsOnAlbums, .liveAlbums])
        #expect(ArtistView.needed(for: TypeSelection(secondary: [.live, .appearance])) == [.appearsOnAlbums])
    }
}
