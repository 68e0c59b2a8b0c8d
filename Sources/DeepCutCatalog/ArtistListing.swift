import DeepCutCore

/// An artist's releases as one answer lists them, and how much of the listing that answer covers.
package struct ArtistListing: Sendable, Hashable {
    package var releases: [Release]
    package var coverage: ListingCoverage = .complete
}

extension Result where Success == ArtistListing, Failure == FetchFailure {
    /// The releases alone, for callers that need no coverage.
    package var releases: Result<[Release], FetchFailure> { map(\.releases) }
}
