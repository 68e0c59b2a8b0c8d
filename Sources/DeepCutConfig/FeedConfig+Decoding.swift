import DeepCutCore

extension FeedConfig {
    /// Reads the `feed` object; absent keys keep `init`'s defaults.
    init(_ field: ConfigField) throws {
        var object = try field.object()
        self.init()
        types = try object.optional("types").map { try Set($0.nonEmptyArray().map { try $0.oneOf(RecordingType.self) }) } ?? types
        windowDays = try object.optional("windowDays")?.integer(in: 1...36_500) ?? windowDays
        newBy = try object.optional("newBy")?.oneOf(NewBy.self) ?? newBy
        try object.rejectUnknownKeys()
    }
}
