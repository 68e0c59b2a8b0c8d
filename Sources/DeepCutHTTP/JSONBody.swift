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

/// A 2xx body that is not the shape the API promises. Becomes a `decoding` failure, never "no releases".
package struct BodyDecodingError: Error, Sendable, Hashable {
    /// One line naming what was wrong (e.g. "results is missing"); never a body excerpt with secrets.
    var message: String

    package init(_ message: String) {
        self.message = message
    }
}

extension BodyDecodingError {
    /// A short, one-line reason naming the path (`results[3].collectionId has the wrong type`);
    /// `DecodingError`'s own description is multi-line and quotes internals.
    package init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init("\(Self.path(context.codingPath + [key])) is missing")
        case .valueNotFound(_, let context):
            self.init("\(Self.path(context.codingPath)) is null")
        case .typeMismatch(_, let context):
            self.init("\(Self.path(context.codingPath)) has the wrong type")
        case .dataCorrupted(let context):
            self.init(context.codingPath.isEmpty ? "not JSON" : "\(Self.path(context.codingPath)) is malformed")
        @unknown default:
            self.init("not the expected JSON")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "body" }
        var path = ""
        for key in keys {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
