extension PublishConfig {
    /// Reads the `publish` object; absent keys keep `init`'s defaults.
    init(_ field: ConfigField) throws {
        var object = try field.object()
        self.init()
        if let baseURL = object.optional("baseURL") {
            let url = try baseURL.httpURL()
            // Feed links are built by appending file names, which a query or fragment would swallow.
            guard url.query == nil, url.fragment == nil else { throw baseURL.failure("must not have a query or fragment") }
            self.baseURL = url
        }
        try object.rejectUnknownKeys()
    }
}
