extension StateStore {
    /// The artist resolution cache (schema version 3).
    package var artistResolutions: ArtistResolutionRepository {
        ArtistResolutionRepository(database: database)
    }
}
