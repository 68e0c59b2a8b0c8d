import Foundation

/// One page of `GET /v1/me/library/albums`: the albums and the path of the next page, if any.
/// Only what the library needs is decoded; other attributes are ignored.
struct AppleMusicLibraryPage: Sendable, Hashable, Decodable {
    struct Resource: Sendable, Hashable, Decodable {
        var attributes: Attributes?
    }

    struct Attributes: Sendable, Hashable, Decodable {
        var name: String?
        var artistName: String?
    }

    /// A path such as `/v1/me/library/albums?offset=100`, relative to the API's host.
    var next: String?
    var data: [Resource]

    static func decode(_ body: Data) throws(BodyDecodingError) -> AppleMusicLibraryPage {
        do {
            return try JSONDecoder().decode(AppleMusicLibraryPage.self, from: body)
        } catch let error as DecodingError {
            throw BodyDecodingError(error)
        } catch {
            throw BodyDecodingError("not JSON")
        }
    }
}
