/// Orders the editions of one release family so the feed shows the most complete one.
enum EditionRank {
    /// More tracks first (when both are known), then a named edition (deluxe, expanded…) over the
    /// plain one, then explicit over clean (the edition as the artist made it), then the earlier
    /// date, then the smaller id, so the choice is stable across runs.
    static func isMoreComplete(_ a: Release, _ b: Release) -> Bool {
        if let ta = a.trackCount, let tb = b.trackCount, ta != tb { return ta > tb }
        let namedA = isNamedEdition(a), namedB = isNamedEdition(b)
        if namedA != namedB { return namedA }
        if a.isExplicit != b.isExplicit { return a.isExplicit }
        if let da = a.releaseDate, let db = b.releaseDate, da != db { return da < db }
        return a.id < b.id
    }

    private static func isNamedEdition(_ release: Release) -> Bool {
        TitleFamily.read(release.title).isQualified
    }
}
