import DeepCutHTTP
import Foundation

/// The envelope every iTunes Search API answer shares: `{"resultCount": n, "results": [...]}`.
///
/// Rows are heterogeneous (artist, collection and track wrappers), so every field but
/// `wrapperType` is optional here and checked where a row is used. Types are strict: a field of
/// the wrong type fails the body rather than being skipped.
struct ITunesBody: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var wrapperType: String
        var artistId: Int?
        var artistName: String?
        var collectionId: Int?
        var collectionName: String?
        var collectionType: String?
        var collectionExplicitness: String?
        var releaseDate: String?
        var artworkUrl100: String?
        var collectionViewUrl: String?
    }

    var results: [Row]

    /// Decodes an answer body. iTunes sends `text/javascript` with leading blank lines, which is
    /// still JSON (leading whitespace is allowed), so nothing is stripped or sniffed.
    static func decode(_ body: Data) throws(BodyDecodingError) -> ITunesBody {
        do {
            return try JSONDecoder().decode(ITunesBody.self, from: body)
        } catch let error as DecodingError {
            throw BodyDecodingError(error)
        } catch {
            throw BodyDecodingError("not JSON")
        }
    }
}
