import DeepCutCore
import DeepCutFixtures

/// A catalog whose storefronts and MusicBrainz differ (issue 32): what several sources in one sweep
/// must merge. Dates count back from `today`, so every release falls inside a feed window.
///
/// - Hikari is known everywhere: `Dawn` everywhere with one barcode and a MusicBrainz link to
///   music.apple.com/us; `Tokyo Nights` region-locked to jp (MusicBrainz links itunes.apple.com/jp);
///   `Overseas` only in us and not in MusicBrainz yet; `Early Bird` out in jp 5 days before us;
///   `Smudge` with a malformed barcode on both; `Bootleg Live` a MusicBrainz bootleg only.
/// - Kaze is known only to the jp store; Ghost Notes only to MusicBrainz.
package enum StorefrontTestCatalog {
    package static let hikariID = "2100000001"
    package static let kazeID = "2200000001"
    package static let ghostNotesID = "2300000001"

    package static let dawnID = "2100000011"
    package static let tokyoNightsID = "2100000012"
    package static let overseasID = "2100000013"
    package static let earlyBirdID = "2100000014"
    package static let smudgeID = "2100000015"
    package static let bootlegID = "2100000016"
    package static let kazeAlbumID = "2200000011"
    package static let ghostAlbumID = "2300000011"

    package static let dawnBarcode = "0602445123452"
    package static let tokyoNightsBarcode = "4988031512340"
    package static let overseasBarcode = "0196871234566"

    /// The `"catalogs"` member of a config asking iTunes us, iTunes jp and MusicBrainz, all at `baseURL`
    /// (the fixture server), fast and without retries.
    package static func catalogsMember(baseURL: String) -> String {
        let common = #""baseURL": "\#(baseURL)", "concurrency": 2, "timeoutSeconds": 10, "maxAttempts": 1, "requestsPerMinute": 6000"#
        return #""catalogs": [{"provider": "itunes", "country": "us", \#(common)}, {"provider": "itunes", "country": "jp", \#(common)}, "#
            + #"{"provider": "musicbrainz", "contact": "tests@example.org", \#(common)}]"#
    }

    package static func catalog(today: ReleaseDate) -> FixtureCatalog {
        func daysAgo(_ days: Int) -> ReleaseDate { ReleaseDate(epochDay: today.epochDay - days) }
        var dawn = FixtureRelease(id: dawnID, title: "Dawn", type: .album, releaseDate: daysAgo(30))
        dawn.barcode = dawnBarcode
        dawn.musicBrainzAppleLink = .music
        var tokyo = FixtureRelease(id: tokyoNightsID, title: "Tokyo Nights", type: .album, releaseDate: daysAgo(20))
        tokyo.storefronts = ["jp"]
        tokyo.barcode = tokyoNightsBarcode
        tokyo.musicBrainzAppleLink = .itunes
        var overseas = FixtureRelease(id: overseasID, title: "Overseas", type: .ep, releaseDate: daysAgo(10))
        overseas.storefronts = ["us"]
        overseas.barcode = overseasBarcode
        overseas.inMusicBrainz = false
        var early = FixtureRelease(id: earlyBirdID, title: "Early Bird", type: .single, releaseDate: daysAgo(5))
        early.storefrontDates = ["jp": daysAgo(10)]
        var smudge = FixtureRelease(id: smudgeID, title: "Smudge", type: .single, releaseDate: daysAgo(40))
        smudge.barcode = "12-34"
        var bootleg = FixtureRelease(id: bootlegID, title: "Bootleg Live", type: .album, releaseDate: daysAgo(15))
        bootleg.storefronts = []
        bootleg.musicBrainzStatus = .bootleg
        let hikari = FixtureArtist(id: hikariID, name: "Hikari", releases: [early, overseas, tokyo, bootleg, dawn, smudge])
        let kaze = FixtureArtist(
            id: kazeID, name: "Kaze",
            releases: [FixtureRelease(id: kazeAlbumID, title: "Kaze no Uta", type: .album, releaseDate: daysAgo(25))],
            storefronts: ["jp"], inMusicBrainz: false)
        let ghost = FixtureArtist(
            id: ghostNotesID, name: "Ghost Notes",
            releases: [FixtureRelease(id: ghostAlbumID, title: "Unheard", type: .album, releaseDate: daysAgo(35))],
            storefronts: [])
        return FixtureCatalog(artists: [hikari, kaze, ghost])
    }
}
