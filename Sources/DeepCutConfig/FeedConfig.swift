import DeepCutCore

/// The config's `feed` object, defaults applied.
package struct FeedConfig: Sendable, Hashable {
    package var types: Set<RecordingType>
    package var windowDays: Int
    /// What makes a release new: its release date, its first appearance in the catalog, or either.
    package var newBy: NewBy

    package init(types: Set<RecordingType> = Set(RecordingType.allCases), windowDays: Int = 120, newBy: NewBy = .either) {
        self.types = types
        self.windowDays = windowDays
        self.newBy = newBy
    }
}
