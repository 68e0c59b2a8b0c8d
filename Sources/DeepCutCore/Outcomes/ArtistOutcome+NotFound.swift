extension ArtistOutcome {
    public var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
