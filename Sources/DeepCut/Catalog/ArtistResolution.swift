import DeepCutCore

/// The answer to "which catalog artist is this library name?". A failure is never "not found":
/// only `.notFound` is a definite answer that no such artist exists.
enum ArtistResolution: Sendable, Hashable {
    /// The catalog's id and its spelling of the name. Ids are strings so every catalog's fit.
    case found(id: String, name: String)
    case notFound
    case failed(FetchFailure)
}
