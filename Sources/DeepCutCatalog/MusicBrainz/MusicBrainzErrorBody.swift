import DeepCutHTTP
import Foundation

/// MusicBrainz's error answer: `{"error": "Invalid mbid.", "help": "…"}`.
struct MusicBrainzErrorBody: Decodable, Sendable {
    var error: String

    /// The error line, bounded; nil when the body is not an error object.
    static func summary(_ body: Data) -> String? {
        do {
            let error = try JSONBody.decode(MusicBrainzErrorBody.self, from: body).error
            return error.isEmpty ? nil : String(error.prefix(200))
        } catch {
            return nil // Not an error object (an empty 503, a proxy's page): the status alone explains it.
        }
    }
}
