import DeepCutCore

/// What a provider's search resolves a library name to, as the sweep's resolver decides it:
/// lets provider tests check search decoding and the exact-name rule in one assertion.
package enum ArtistResolution: Equatable {
    case found(id: String, name: String)
    case notFound
    case failed(FetchFailure)
}
