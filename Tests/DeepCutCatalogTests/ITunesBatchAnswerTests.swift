import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Reading a batched lookup answer: what is attributed, and what must be asked again alone.
@Suite struct ITunesBatchAnswerTests {
    static let requested = [CatalogArtist(id: "1", name: "One"), CatalogArtist(id: "2", name: "Two")]

    func answer(_ rows: [[String: Any]], limit: Int = 200) throws -> ITunesBatchAnswer {
        try ITunesBatchAnswer(ITunesBody.decode(ITunesJSON.body(rows)), requested: Self.requested, limit: limit)
    }

    static func collection(_ id: Int, by artistID: Int, _ name: String) -> [String: Any] {
        var row = ITunesJSON.collection("Record \(id)", id: id, artist: name)
        row["artistId"] = artistID
        return row
    }

    @Test func collectionsBelongToTheWrapperTheyFollow() throws {
        let answer = try answer([
            ITunesJSON.artist("One", id: 1), Self.collection(10, by: 1, "One"), Self.collection(11, by: 9, "One & Nine"),
            ITunesJSON.artist("Two", id: 2), Self.collection(20, by: 2, "Two")
        ])
        #expect(answer.releases["1"]?.map(\.id) == ["10", "11"])
        #expect(answer.releases["2"]?.map(\.id) == ["20"])
        #expect(answer.unsure.isEmpty)
    }

    /// Read per answer, the listing being written at the cap covers only its newest rows and every
    /// listing after it is unknown; earlier ones were closed by the next wrapper.
    @Test func cutAnswerCoversOnlyTheNewestOfTheListingItEndsInAndNothingAfterIt() throws {
        let requested = Self.requested + [CatalogArtist(id: "3", name: "Three")]
        let answer = try ITunesBatchAnswer(
            ITunesBody.decode(
                ITunesJSON.body([
                    ITunesJSON.artist("One", id: 1), Self.dated(10, by: 1, "2024-05-01"),
                    ITunesJSON.artist("Two", id: 2), Self.dated(20, by: 2, "2025-02-01"), Self.dated(21, by: 2, "2023-01-01"),
                    ITunesJSON.artist("Three", id: 3)
                ])), requested: requested, limit: 3)
        #expect(answer.releases["1"]?.map(\.id) == ["10"])
        #expect(answer.listings["1"]?.coverage == .complete)
        #expect(answer.releases["2"]?.map(\.id) == ["20", "21"])
        #expect(answer.listings["2"]?.coverage == .newest(count: 2, since: ReleaseDate(year: 2023, month: 1, day: 1)))
        #expect(answer.unsure == [requested[2]])
        #expect(!answer.provesLimitPerArtist)
    }

    /// More collections than `limit` can only mean `limit` counts per artist: then each listing at
    /// the cap is cut, the others whole, wherever they stand in the answer.
    @Test func answerBeyondTheLimitProvesPerArtistCountingAndCutsOnlyListingsAtTheCap() throws {
        let answer = try answer(
            [
                ITunesJSON.artist("One", id: 1), Self.dated(10, by: 1, "2025-01-01"), Self.dated(11, by: 1, "2022-01-01"),
                ITunesJSON.artist("Two", id: 2), Self.dated(20, by: 2, "2025-02-01")
            ], limit: 2)
        #expect(answer.provesLimitPerArtist)
        #expect(answer.listings["1"]?.coverage == .newest(count: 2, since: ReleaseDate(year: 2022, month: 1, day: 1)))
        #expect(answer.listings["2"]?.coverage == .complete)
        #expect(answer.unsure.isEmpty)
    }

    static func dated(_ id: Int, by artistID: Int, _ date: String) -> [String: Any] {
        var row = collection(id, by: artistID, artistID == 1 ? "One" : artistID == 2 ? "Two" : "Three")
        row["releaseDate"] = date + "T07:00:00Z"
        return row
    }

    static func unattributable(_ shape: String) -> [[String: Any]] {
        switch shape {
        case "collection before any wrapper":
            [collection(10, by: 1, "One"), ITunesJSON.artist("One", id: 1), ITunesJSON.artist("Two", id: 2)]
        case "wrapper nobody asked for":
            [
                ITunesJSON.artist("One", id: 1), ITunesJSON.artist("Nine", id: 9), collection(90, by: 9, "Nine"),
                ITunesJSON.artist("Two", id: 2)
            ]
        default:  // "artist listed twice"
            [ITunesJSON.artist("One", id: 1), ITunesJSON.artist("Two", id: 2), ITunesJSON.artist("One", id: 1)]
        }
    }

    @Test(arguments: ["collection before any wrapper", "wrapper nobody asked for", "artist listed twice"])
    func unattributableAnswerLeavesEveryArtistUnsure(shape: String) throws {
        let answer = try answer(Self.unattributable(shape))
        #expect(answer.releases.isEmpty)
        #expect(answer.unsure == Self.requested)
    }

    @Test func malformedCollectionFailsTheWholeAnswer() {
        #expect(throws: BodyDecodingError.self) {
            try answer([ITunesJSON.artist("One", id: 1), ["wrapperType": "collection", "collectionName": "No Id"]])
        }
    }
}

extension ITunesBatchAnswer {
    /// The releases alone, by artist id.
    var releases: [String: [Release]] { listings.mapValues(\.releases) }
}
