import Foundation
import Testing
@testable import DeepCut

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
            ITunesJSON.artist("Two", id: 2), Self.collection(20, by: 2, "Two"),
        ])
        #expect(answer.releases["1"]?.map(\.id) == ["10", "11"])
        #expect(answer.releases["2"]?.map(\.id) == ["20"])
        #expect(answer.unsure.isEmpty)
    }

    @Test func cutAnswerDistrustsTheListingItEndsInAndAllAfterIt() throws {
        let answer = try answer([
            ITunesJSON.artist("One", id: 1), Self.collection(10, by: 1, "One"),
            ITunesJSON.artist("Two", id: 2), Self.collection(20, by: 2, "Two"),
        ], limit: 2)
        #expect(answer.releases["1"]?.map(\.id) == ["10"])
        #expect(answer.unsure == [Self.requested[1]])
    }

    static func unattributable(_ shape: String) -> [[String: Any]] {
        switch shape {
        case "collection before any wrapper":
            [collection(10, by: 1, "One"), ITunesJSON.artist("One", id: 1), ITunesJSON.artist("Two", id: 2)]
        case "wrapper nobody asked for":
            [ITunesJSON.artist("One", id: 1), ITunesJSON.artist("Nine", id: 9), collection(90, by: 9, "Nine"),
             ITunesJSON.artist("Two", id: 2)]
        default: // "artist listed twice"
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
