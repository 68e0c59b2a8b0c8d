import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutSweep

@Suite struct ArtistResolverTests {
    /// Search answers `hits` for every term; lookups answer from `albums` by artist id.
    func resolver(
        hits: [(String, Int)], albums: [Int: [String]] = [:], failing: Set<Int> = [],
        owned: [AlbumKey] = []
    ) -> (ArtistResolver, ScriptedHTTPClient) {
        let client = ScriptedHTTPClient { request throws(TransportError) in
            if request.url.path.hasSuffix("/search") {
                return ITunesJSON.ok(hits.map { ITunesJSON.artist($0.0, id: $0.1) })
            }
            let id = Int(request.query("id") ?? "") ?? 0
            if failing.contains(id) { return HTTPResponse(status: 404) }
            let name = hits.first { $0.1 == id }?.0 ?? "?"
            var rows = [ITunesJSON.artist(name, id: id)]
            for (offset, title) in (albums[id] ?? []).enumerated() {
                var row = ITunesJSON.collection(title, id: id * 100 + offset, artist: name)
                row["artistId"] = id
                rows.append(row)
            }
            return ITunesJSON.ok(rows)
        }
        // As a sweep builds it: the owned albums' keys are built when namesakes first need them.
        return (ArtistResolver(provider: FakeITunes.provider(client), owned: OwnedMatchKeys(albums: Set(owned))), client)
    }

    func expectFound(
        _ resolved: ResolvedArtist, id: String, _ method: ResolutionMethod,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .found(let artist, let how, _) = resolved else {
            Issue.record("expected \(id) found by \(method), got \(resolved)", sourceLocation: sourceLocation)
            return
        }
        #expect(artist.id == id, sourceLocation: sourceLocation)
        #expect(how == method, sourceLocation: sourceLocation)
    }

    // MARK: One candidate

    @Test func exactNormalisedNameWinsOverTheFirstHit() async {
        let (resolver, client) = resolver(hits: [("Air Supply", 1), ("AIR", 2), ("Airiel", 3)])
        expectFound(await resolver.resolve("  air "), id: "2", .exact)
        #expect(client.requests.count == 1)
    }

    @Test func withoutNamesakesTheOwnedAlbumsKeysAreNeverBuilt() async {
        let owned = OwnedMatchKeys(albums: [AlbumKey(title: "Nevermind", artist: "Nirvana")])
        let client = ScriptedHTTPClient { _ throws(TransportError) in ITunesJSON.ok([ITunesJSON.artist("Nirvana", id: 1)]) }
        let resolver = ArtistResolver(provider: FakeITunes.provider(client), owned: owned)
        expectFound(await resolver.resolve("Nirvana"), id: "1", .exact)
        #expect(await !owned.isBuilt)
        #expect(await owned.keys == MatchKey.owned(AlbumKey(title: "Nevermind", artist: "Nirvana")))
        #expect(await owned.isBuilt)
    }

    @Test func withoutAnExactMatchTheFirstHitIsTaken() async {
        let (resolver, _) = resolver(hits: [("Bonobo & Friends", 1), ("Bonobos", 2)])
        expectFound(await resolver.resolve("Bonobo"), id: "1", .first)
    }

    @Test func noHitsIsNotFound() async {
        let (resolver, _) = resolver(hits: [])
        guard case .notFound = await resolver.resolve("Nobody") else {
            Issue.record("no hits must be notFound")
            return
        }
    }

    // MARK: Namesakes

    @Test func namesakeListingAnOwnedAlbumWins() async throws {
        let (resolver, client) = resolver(
            hits: [("Nirvana", 1), ("Nirvana", 2), ("Nirvana Tribute", 3)],
            albums: [1: ["The Story of Simon Simopath"], 2: ["Nevermind", "Bleach"]],
            owned: [AlbumKey(title: "NEVERMIND", artist: "nirvana")])
        let resolved = await resolver.resolve("Nirvana")
        expectFound(resolved, id: "2", .owned)
        guard case .found(_, _, let releases?) = resolved else {
            Issue.record("the chosen namesake's releases were fetched and must be kept")
            return
        }
        #expect(try releases.get().releases.map(\.title) == ["Nevermind", "Bleach"])
        // One search, one lookup per namesake; the tribute band is not a namesake.
        #expect(client.requests.count == 3, "\(client.requests.map(\.url))")
    }

    @Test func withoutAnOwnedAlbumTheFirstNamesakeIsAmbiguous() async {
        let (resolver, _) = resolver(
            hits: [("Nirvana", 1), ("Nirvana", 2)],
            albums: [1: ["Simopath"], 2: ["Nevermind"]],
            owned: [AlbumKey(title: "In Utero", artist: "Nirvana")])
        expectFound(await resolver.resolve("Nirvana"), id: "1", .ambiguous)
    }

    @Test func anOwnedAlbumByAnotherArtistDoesNotDecide() async {
        let (resolver, _) = resolver(
            hits: [("Nirvana", 1), ("Nirvana", 2)],
            albums: [1: ["Simopath"], 2: ["Nevermind"]],
            owned: [AlbumKey(title: "Nevermind", artist: "Someone Else")])
        expectFound(await resolver.resolve("Nirvana"), id: "1", .ambiguous)
    }

    @Test func namesakeThatCannotBeFetchedFailsRatherThanGuesses() async {
        let (resolver, _) = resolver(
            hits: [("Nirvana", 1), ("Nirvana", 2)], albums: [1: ["Simopath"]], failing: [2],
            owned: [AlbumKey(title: "Nevermind", artist: "Nirvana")])
        guard case .failed(let failure) = await resolver.resolve("Nirvana") else {
            Issue.record("an unfetchable namesake must fail the resolution")
            return
        }
        #expect(failure.httpStatus == 404)
    }

    @Test func searchFailureIsPassedOn() async {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 404))])
        let resolver = ArtistResolver(provider: FakeITunes.provider(client), ownedKeys: [])
        guard case .failed(let failure) = await resolver.resolve("Bonobo") else {
            Issue.record("a failed search must fail")
            return
        }
        #expect(failure.kind == .http)
    }
}
