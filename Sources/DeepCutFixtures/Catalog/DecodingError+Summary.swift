extension DecodingError {
    /// "artists[2].releases[0].type: Cannot initialize RecordingType from invalid String value lp": where and what,
    /// in one line, for the fixture server's single stderr line.
    var oneLineSummary: String {
        let (path, detail): ([any CodingKey], String) = switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            (context.codingPath + [key], "missing")
        @unknown default:
            ([], "not a fixture catalog")
        }
        let location = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingPrefix(".")
        return location.isEmpty ? detail : "\(location): \(detail)"
    }
}
