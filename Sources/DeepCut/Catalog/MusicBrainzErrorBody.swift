import Foundation

/// MusicBrainz's error answer: `{"error": "Invalid mbid.", "help": "…"}`.
struct MusicBrainzErrorBody: Decodable, Sendable {
    var error: String

    /// The error line, bounded; nil when the body is not an error object.
    static func summary(_ body: Data) -> String? {
        guard let error = try? JSONBody.decode(MusicBrainzErrorBody.self, from: body).error, !error.isEmpty else { return nil }
        return String(error.prefix(200))
    }
}
