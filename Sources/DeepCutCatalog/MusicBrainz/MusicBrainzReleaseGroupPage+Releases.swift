import DeepCutCore

extension MusicBrainzReleaseGroupPage {
    /// The page's release groups as releases; groups of no feed type (Broadcast, Other, untyped) are left out.
    /// - Parameter artistName: browse answers carry no artist credit, so the resolved artist is credited.
    func releases(creditedTo artistName: String) -> [Release] {
        releaseGroups.compactMap { group in
            guard let type = Self.type(primary: group.primaryType, secondary: group.secondaryTypes ?? []) else { return nil }
            return Release(id: group.id, title: group.title, artist: artistName, type: type,
                           releaseDate: group.firstReleaseDate.flatMap { ReleaseDate(iso: $0) },
                           url: "https://musicbrainz.org/release-group/\(group.id)")
        }
    }

    /// A `Compilation` secondary type makes a compilation whatever the primary type; otherwise the primary
    /// type decides. Other secondary types (Live, Remix, Soundtrack, …) keep the primary type: a live album
    /// is still an album to the feed, and its title says the rest.
    static func type(primary: String?, secondary: [String]) -> RecordingType? {
        if secondary.contains("Compilation") { return .compilation }
        switch primary {
        case "Album": return .album
        case "EP": return .ep
        case "Single": return .single
        default: return nil
        }
    }
}
