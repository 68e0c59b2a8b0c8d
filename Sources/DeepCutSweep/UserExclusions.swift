import DeepCutCore
import DeepCutState

/// What the user took out of every feed by hand: dismissed albums and muted artists. A run over
/// several sources diffs each source against the same ones, so it reads them once.
package struct UserExclusions: Sendable {
    package var dismissed: Set<AlbumKey>
    package var muted: MutedArtists

    /// Both, from the state.
    /// - Throws: `DatabaseError`.
    package static func read(from store: StateStore) async throws -> UserExclusions {
        try await store.perform { store in UserExclusions(dismissed: try store.dismissals.keys(), muted: try store.mutes.matcher()) }
    }
}
