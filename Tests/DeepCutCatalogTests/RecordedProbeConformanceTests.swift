import DeepCutCore
import DeepCutHTTP
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog

/// Every folder `deepcut probe --record DIR` wrote under `Tests/Samples/probe/` (recorded against
/// the fixture server in each of its modes; a user's recording attached to a bug report goes here
/// too): each answer decodes with the decoder its URL names, and the iTunes listings show the sort
/// reading the probe reported when it recorded them.
@Suite struct RecordedProbeConformanceTests {
    static let folder = SharedSamples.folder.appendingPathComponent("probe")

    struct Recording: Sendable, CustomStringConvertible {
        var folder: URL
        var description: String { folder.lastPathComponent }
    }

    static var recordings: [Recording] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { Recording(folder: folder.appendingPathComponent($0)) }.filter(\.folder.hasDirectoryPath)
    }

    @Test func recordingsArePresent() {
        #expect(Self.recordings.count >= 6, "\(Self.folder.path)")
    }

    @Test(arguments: recordings)
    func everyRecordedAnswerDecodes(_ recording: Recording) throws {
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: recording.folder.appendingPathComponent("probe.json")))
                as? [String: Any])
        let exchanges = try #require(index["exchanges"] as? [[String: Any]])
        #expect(!exchanges.isEmpty)
        var orders: [ListingOrder] = []
        for exchange in exchanges where exchange["status"] as? Int == 200 {
            let file = try #require(exchange["file"] as? String)
            let url = try #require((exchange["url"] as? String).flatMap(URLComponents.init(string:)))
            let body = try Data(contentsOf: recording.folder.appendingPathComponent(file))
            #expect(!String(decoding: body, as: UTF8.self).contains("Bearer"), "\(file) holds a credential")
            let path = url.path
            switch true {
            case path.hasSuffix("/search") && !path.contains("/v1/"):
                #expect(try !ITunesBody.decode(body).artists().isEmpty, "\(file)")
            case path.hasSuffix("/lookup"):
                let decoded = try ITunesBody.decode(body)
                let ids = url.queryItems?.first { $0.name == "id" }?.value?.split(separator: ",").map(String.init) ?? []
                if ids.count == 1 {
                    let (_, order) = try decoded.listing(of: CatalogArtist(id: ids[0], name: "?"), limit: 200)
                    orders.append(order)
                } else {
                    let requested = ids.map { CatalogArtist(id: $0, name: "?") }
                    let limit = Int(url.queryItems?.first { $0.name == "limit" }?.value ?? "") ?? 200
                    #expect(try ITunesBatchAnswer(decoded, requested: requested, limit: limit).unsure.count < requested.count, "\(file)")
                }
            case path.contains("/v1/catalog/") && path.hasSuffix("/search"):
                _ = try JSONBody.decode(AppleMusicSearchBody.self, from: body)
            case path.contains("/v1/catalog/") && path.hasSuffix("/albums"):
                #expect(try !JSONBody.decode(AppleMusicAlbumPage.self, from: body).data.isEmpty, "\(file)")
            case path.contains("/v1/storefronts/"):
                #expect(try JSONBody.decode(AppleMusicStorefrontBody.self, from: body).data.count == 1, "\(file)")
            case path.hasSuffix("/ws/2/artist"):
                _ = try JSONBody.decode(MusicBrainzArtistSearchBody.self, from: body)
            case path.hasSuffix("/ws/2/release-group"):
                #expect(try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: body).releaseGroupCount > 0, "\(file)")
            default:
                Issue.record("\(file): no decoder for \(path)")
            }
        }
        // The listings show again what the probe concluded from them.
        let findings = (index["report"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []
        if let sort = findings.first(where: { $0["behaviour"] as? String == "sortRecent" })?["reading"] as? String, sort != "n/a" {
            let shown: String =
                orders.contains { $0.evidence == .disordered }
                ? "ignored" : orders.contains { $0.evidence == .newestFirst } ? "honoured" : "unknown"
            #expect(shown == sort, "\(recording): the recorded listings show \(shown), the report said \(sort)")
        }
    }
}
