extension ArtistOutcome {
    package var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
