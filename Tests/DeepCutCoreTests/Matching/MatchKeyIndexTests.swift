import Testing

@testable import DeepCutCore

@Suite struct MatchKeyIndexTests {
    /// The index answers exactly what intersecting `MatchKey.all` sets answers.
    @Test func agreesWithMatchKeySetIntersection() {
        var generator = UnicodeTextGenerator(seed: 0x1DE7)
        let artists = (0..<12).map { _ in generator.next() } + ["Khruangbin & Leon Bridges", "Khruangbin"]
        let titles = (0..<30).map { _ in generator.next() } + ["Texas Sun", "Texas Sun (Deluxe Edition)", "Mordechai - Single"]
        var pick = UnicodeTextGenerator(seed: 0x9A1)
        func random<T>(_ values: [T]) -> T { values[Int(pick.nextRandom() % UInt64(values.count))] }
        let keys = Set((0..<60).map { _ in AlbumKey(title: random(titles), artist: random(artists)) })
        var cache = MatchKeyCache()
        let index = MatchKeyIndex(keys, cache: &cache)
        let matchKeys = keys.reduce(into: Set<MatchKey>()) { $0.formUnion(MatchKey.owned($1)) }
        var hits = 0
        for title in titles {
            for artist in artists {
                let expected = !MatchKey.all(title: title, artist: artist).isDisjoint(with: matchKeys)
                #expect(
                    index.contains(TitleFamily.read(title), type: nil, credits: cache.credits(of: artist)) == expected,
                    "\(title) / \(artist)")
                if expected { hits += 1 }
            }
        }
        #expect(hits > 60)
    }

    /// Families many artists share (held by credit, `MatchKeyIndex.Bucket`): every pair of single,
    /// joined, featured and ensemble credits, classical titles too, answers what the key sets answer.
    @Test func sharedFamiliesAgreeWithMatchKeySetIntersection() {
        let artists = [
            "Khruangbin", "Leon Bridges", "Khruangbin & Leon Bridges", "Leon Bridges & Khruangbin", "Björk",
            "Bjork feat. Khruangbin", "Berliner Philharmoniker", "Berliner Philharmoniker & Herbert von Karajan",
            "Herbert von Karajan", "Various Artists", "Artist 0001", "Artist 0002"
        ]
        let titles = ["Greatest Hits", "Symphony No. 5", "Greatest Hits (Deluxe Edition)", "Greatest Hits - EP", "Live"]
        var pick = UnicodeTextGenerator(seed: 0x5A4E)
        func random<T>(_ values: [T]) -> T { values[Int(pick.nextRandom() % UInt64(values.count))] }
        for _ in 0..<8 {
            let keys = Set((0..<14).map { _ in AlbumKey(title: random(titles), artist: random(artists)) })
            var cache = MatchKeyCache()
            let index = MatchKeyIndex(keys, cache: &cache)
            let matchKeys = keys.reduce(into: Set<MatchKey>()) { $0.formUnion(MatchKey.owned($1)) }
            for title in titles {
                for artist in artists {
                    let expected = !MatchKey.all(title: title, artist: artist).isDisjoint(with: matchKeys)
                    #expect(
                        index.contains(TitleFamily.read(title), type: nil, credits: cache.credits(of: artist)) == expected,
                        "\(title) / \(artist) in \(keys)")
                }
            }
        }
    }

    @Test func aJoinedCreditMatchesEachArtist() {
        var cache = MatchKeyCache()
        let index = MatchKeyIndex([AlbumKey(title: "Texas Sun", artist: "Khruangbin")], cache: &cache)
        #expect(index.contains(family: "texas sun", credits: cache.credits(of: "Khruangbin & Leon Bridges")))
        #expect(!index.contains(family: "texas sun", credits: cache.credits(of: "Leon Bridges")))
        #expect(!index.contains(family: "texas moon", credits: cache.credits(of: "Khruangbin")))
    }
}
