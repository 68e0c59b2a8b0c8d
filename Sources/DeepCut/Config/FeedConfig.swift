import DeepCutCore

/// The config's `feed` object, defaults applied.
public struct FeedConfig: Sendable, Hashable {
    public var types: Set<RecordingType>
    public var windowDays: Int
    /// What makes a release new: its release date, its first appearance in the catalog, or either.
    public var newBy: NewBy

    public init(types: Set<RecordingType> = Set(RecordingType.allCases), windowDays: Int = 120, newBy: NewBy = .either) {
        self.types = types
        self.windowDays = windowDays
        self.newBy = newBy
    }
}
