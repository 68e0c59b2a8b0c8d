import DeepCutCore
import DeepCutHTTP
import Foundation

/// One page of `GET /v1/me/library/albums`: the albums and the path of the next page, if any.
/// Only what the library needs is decoded; other attributes are ignored.
struct AppleMusicLibraryPage: Sendable, Hashable, Decodable {
    struct Resource: Sendable, Hashable, Decodable {
        var attributes: Attributes?
        /// With `include=catalog`: the catalog album this library album is.
        var relationships: Relationships?

        /// The catalog album's id and its first catalog artist's id, when the answer names them.
        var catalogAlbum: (id: String, artistID: String?)? {
            guard let album = relationships?.catalog?.data.first else { return nil }
            return (album.id, album.relationships?.artists?.data.first?.id)
        }

        /// With `include=tracks`: the library tracks' names and lengths, for `TrackEvidence`.
        var tracks: [TrackListing]? {
            guard let members = relationships?.tracks?.data, !members.isEmpty else { return nil }
            return members.compactMap { member in
                guard let name = member.attributes?.name, !name.isEmpty else { return nil }
                return TrackListing(title: name, seconds: member.attributes?.durationInMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
            }
        }
    }

    struct Relationships: Sendable, Hashable, Decodable {
        var catalog: Related?
        var artists: Related?
        var tracks: Related?
    }

    /// A relationship's resources: ids, and their own relationships where the answer includes them.
    struct Related: Sendable, Hashable, Decodable {
        struct Member: Sendable, Hashable, Decodable {
            var id: String
            var relationships: Relationships?
            /// Only tracks' are read: a song's name and length.
            var attributes: MemberAttributes?
        }

        struct MemberAttributes: Sendable, Hashable, Decodable {
            var name: String?
            var durationInMillis: Int?
        }

        var data: [Member]
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
