import DeepCutHTTP
import Foundation

/// Apple Music's error answer: `{"errors": [{"id", "title", "detail", "status", "code"}]}`.
struct AppleMusicErrorBody: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var title: String?
        var detail: String?
        var status: String?
        var code: String?
    }

    var errors: [Entry]

    /// The first error as one line, `Unauthenticated (40100): Invalid authentication`; nil when the body
    /// is not an error object or says nothing.
    static func summary(_ body: Data) -> String? {
        let errors: [Entry]
        do {
            errors = try JSONBody.decode(AppleMusicErrorBody.self, from: body).errors
        } catch {
            return nil // Not an error object (an empty 401, an HTML page): the status alone explains it.
        }
        guard let entry = errors.first else { return nil }
        var text = [entry.title, entry.code.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        if let detail = entry.detail, detail != entry.title {
            text += text.isEmpty ? detail : ": " + detail
        }
        return text.isEmpty ? nil : text
    }
}
