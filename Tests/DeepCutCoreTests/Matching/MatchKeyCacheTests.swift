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

    /// Spellings that fold alike share one reading (the cache keys it by the folded text): each
    /// still gets exactly the credits read from it alone, in whatever order they are asked.
    @Test func creditsSharedByFoldedSpellingEqualFreshCredits() {
        var generator = UnicodeTextGenerator(seed: 0xF01D)
        var artists: [String] = []
        for _ in 0..<60 {
            let artist = generator.next()
            artists += [artist, artist.uppercased(), artist.lowercased(), " \(artist)  "]
        }
        artists += ["Björk", "BJORK", "bjork", "Beatles, The", "the beatles", "Khruangbin & Leon Bridges", "KHRUANGBIN and leon bridges"]
        var cache = MatchKeyCache()
        for artist in artists.shuffled() + artists {
            let cached = cache.credits(of: artist)
            let fresh = MatchKeyCache.read(artist)
            #expect(cached.main == fresh.main, "\(artist)")
            #expect(cached.all == fresh.all)
            #expect(cached.ensemble == fresh.ensemble)
            #expect(cached.isEnsemble == fresh.isEnsemble)
            #expect(cached.featured == fresh.featured)
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
