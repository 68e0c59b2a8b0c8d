import Foundation

/// Decodes a catalog's JSON answer into its `Decodable` shape, with failures as one-line `BodyDecodingError`s.
package enum JSONBody {
    package static func decode<Body: Decodable>(_ type: Body.Type, from data: Data) throws(BodyDecodingError) -> Body {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw BodyDecodingError(error)
        } catch {
            throw BodyDecodingError("not JSON")
        }
    }
}
