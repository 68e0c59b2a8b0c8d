extension StateStore {
    /// The artist resolution cache (schema version 3).
    var artistResolutions: ArtistResolutionRepository {
        ArtistResolutionRepository(database: database)
    }
}
