import DeepCutCore

/// The config's `feed` object, defaults applied.
public struct FeedConfig: Sendable, Hashable {
    public var types: Set<RecordingType>
    public var windowDays: Int

    public init(types: Set<RecordingType> = Set(RecordingType.allCases), windowDays: Int = 120) {
        self.types = types
        self.windowDays = windowDays
    }
}
