import Testing

@testable import DeepCutCore

@Suite struct AlbumKeyTests {
    @Test func legacyFormIsTrimmedLowercasedAndSeparated() {
        #expect(AlbumKey(title: "  Fragments ", artist: "Bonobo").rawValue == "fragments\u{1F}bonobo")
    }

    @Test func storedNFCSoBytesMatch() {
        let decomposed = AlbumKey(title: "Cafe\u{301}", artist: "x")
        #expect(Array(decomposed.rawValue.utf8) == Array("caf\u{E9}\u{1F}x".utf8))
    }

    @Test func splitRoundTrips() {
        let key = AlbumKey(title: "Con Todo El Mundo", artist: "Khruangbin")
        #expect(AlbumKey(title: key.title, artist: key.artist) == key)
        #expect(AlbumKey(rawValue: key.rawValue) == key)
    }

    @Test func releaseDateParsesFullPartialAndTimestamps() {
        #expect(ReleaseDate(iso: "2018-05-10T07:00:00Z")?.description == "2018-05-10")
        #expect(ReleaseDate(iso: "2019-06")?.description == "2019-06")
        #expect(ReleaseDate(iso: "2019")! < ReleaseDate(iso: "2019-01-01")!)
        #expect(ReleaseDate(iso: "") == nil)
        #expect(ReleaseDate(iso: "2019-13-01") == nil)
        #expect(ReleaseDate(iso: "1970-01-02")?.epochDay == 1)
    }
}
