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
