import Testing

@testable import DeepCutCore

@Suite struct MatchKeyCacheTests {
    @Test func cachedCreditsEqualFreshCredits() {
        var generator = UnicodeTextGenerator(seed: 0xCAC4E)
        let artists = (0..<40).map { _ in generator.next() } + ["Khruangbin & Leon Bridges", "Lil Nas X feat. Jack Harlow"]
        var cache = MatchKeyCache()
        for round in 0..<400 {
            let artist = artists[round % artists.count]
            let credits = cache.credits(of: artist)
            #expect(credits.main == ArtistCredit.main(artist))
            #expect(credits.all == ArtistCredit.all(artist))
        }
    }

    @Test func keysOfALibraryAreTheUnionOfEachAlbumsKeys() {
        var generator = UnicodeTextGenerator(seed: 0x11B)
        let artists = (0..<8).map { _ in generator.next() } + ["Khruangbin & Leon Bridges"]
        let keys = (0..<300).map { AlbumKey(title: generator.next(), artist: artists[$0 % artists.count]) }
        #expect(MatchKey.owned(ofEach: keys) == Set(keys.flatMap(MatchKey.owned)))
        #expect(MatchKey.owned(ofEach: []).isEmpty)
    }
}
