import DeepCutCore

/// The views of an Apple Music artist (`artists/{id}/view/{name}`) that tell secondary types the
/// albums relationship does not: each costs at least one request per artist, so it is fetched only
/// when its answer can change the feed.
enum ArtistView: String, CaseIterable, Sendable {
    /// Albums by other artists that the artist appears on: they are in no other listing, so the
    /// view is read only when `appearance` is wanted.
    case appearsOnAlbums = "appears-on-albums"
    /// The artist's live albums: they are already among its albums, and the name marks most
    /// ("(Live)", "Live at …"). Read only when `live` is not wanted, to keep out the live albums
    /// whose name does not say so; when live is wanted it would change only a label.
    case liveAlbums = "live-albums"

    static func needed(for types: TypeSelection) -> [ArtistView] {
        allCases.filter { view in
            switch view {
            case .appearsOnAlbums: return types.secondary.contains(.appearance)
            case .liveAlbums: return !types.secondary.contains(.live)
            }
        }
    }

    /// `releases` with what this view listed.
    func merge(_ listed: [Release], into releases: [Release]) -> [Release] {
        switch self {
        case .liveAlbums:
            let live = Set(listed.map(\.id))
            return releases.map { release in
                guard live.contains(release.id) else { return release }
                var marked = release
                marked.secondaryTypes = SecondaryType.normalized(release.secondaryTypes + [.live])
                return marked
            }
        case .appearsOnAlbums:
            let own = Set(releases.map(\.id))
            let appearances = listed.filter { !own.contains($0.id) }.map { release in
                var appearance = release
                appearance.secondaryTypes = SecondaryType.normalized(release.secondaryTypes + [.appearance])
                return appearance
            }
            return releases + appearances.uniquedByID()
        }
    }
}
