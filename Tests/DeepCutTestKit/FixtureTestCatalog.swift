import DeepCutCore
import DeepCutFixtures

/// A small hand-made catalog covering the shapes the iTunes route must render.
package enum FixtureTestCatalog {
    package static let polyphiaID = "640294344"
    package static let beyonceID = "1419227"
    package static let beyonceTributeID = "1419228"
    package static let faultyID = "7000001"

    package static let catalog = FixtureCatalog(artists: [
        FixtureArtist(
            id: polyphiaID, name: "Polyphia", genre: "Rock",
            releases: [
                FixtureRelease(id: "1078457179", title: "Renaissance", type: .album, releaseDate: date(2016, 3, 11)),
                FixtureRelease(id: "1416234351", title: "G.O.A.T.", type: .single, releaseDate: date(2018, 10, 12), explicit: true),
                FixtureRelease(id: "1416234352", title: "G.O.A.T.", type: .single, releaseDate: date(2018, 10, 12), explicit: false),
                FixtureRelease(id: "1200000001", title: "Muse", type: .ep, releaseDate: date(2014, 10, 1)),
                FixtureRelease(
                    id: "1200000002", title: "Ego Death", type: .single, releaseDate: date(2022, 8, 5),
                    artistName: "Polyphia & Steve Vai", artistID: "1200009999")
            ]),
        FixtureArtist(
            id: beyonceID, name: "Beyoncé",
            releases: [
                FixtureRelease(id: "1300000001", title: "Renaissance", type: .album, releaseDate: date(2022, 7, 29)),
                FixtureRelease(id: "1300000002", title: "Greatest Hits", type: .compilation, releaseDate: date(2020, 1, 1)),
                FixtureRelease(id: "1300000003", title: "Run the World - Single", type: .single, releaseDate: date(2011, 4, 21))
            ]),
        FixtureArtist(
            id: beyonceTributeID, name: "The Beyonce Tribute Band",
            releases: [
                FixtureRelease(id: "1400000001", title: "Halo Covers", type: .album, releaseDate: date(2019, 5, 1))
            ]),
        FixtureArtist(
            id: faultyID, name: "Faulty Towers",
            releases: [
                FixtureRelease(id: "1500000001", title: "Basil", type: .album, releaseDate: date(2021, 2, 2))
            ])
    ])

    package static func date(_ year: Int, _ month: Int, _ day: Int) -> ReleaseDate {
        ReleaseDate(year: year, month: month, day: day)
    }
}
