import DeepCutCore
import DeepCutFixtures
import Foundation

@testable import DeepCut
@testable import DeepCutCatalog

/// The oracle's own model of the world: what the catalog truly lists, what the user truly owns, what they
/// dismissed. The fixture catalog and the library file are rendered from it; the pipeline never sees it.
struct SimulationTruth: Sendable {
    struct Artist: Sendable, Hashable {
        var name: String
        var id: String
        var releases: [FixtureRelease]
    }

    struct Album: Sendable, Hashable {
        var title: String
        var artist: String
    }

    static let catalogArtistCount = 10
    /// Artists `0..<libraryArtistCount` start in the library; the others join when the user buys an album.
    static let libraryArtistCount = 8
    /// A library artist the catalog does not know: almost every real library has one.
    static let unknownArtist = "Nobody Knows"
    static let windowDays = 120
    private static let names = [
        "Khruangbin", "Bonobo", "Polyphia", "Floating Points", "Caribou", "Jon Hopkins",
        "Four Tet", "Kiasmos", "Nils Frahm", "Tycho"
    ]
    // Plain words only: no edition qualifiers ("Live", "Deluxe", …) that title matching would fold.
    private static let firstWords = [
        "Amber", "Copper", "Velvet", "Silver", "Hollow", "Quiet", "Golden", "Distant", "Paper",
        "Crystal", "Winter", "Summer", "Northern", "Electric", "Broken", "Gentle", "Wild",
        "Lunar", "Hidden", "Scarlet"
    ]
    private static let secondWords = [
        "Harbor", "Rivers", "Lanterns", "Meadow", "Echoes", "Canyon", "Orchard", "Signals",
        "Horizon", "Gardens", "Mirrors", "Islands", "Forest", "Tides", "Embers", "Valley",
        "Station", "Letters", "Compass", "Windows"
    ]

    var artists: [Artist] = []
    var library: [Album] = []
    /// Release ids the user dismissed.
    var dismissed: Set<String> = []
    private var nextNumber = 0
    private var refiles = 0

    /// A seeded starting world around `today` (days since 1970).
    init(seed: UInt64, today: Int) {
        var random = SplitMix64(seed: seed ^ 0xD1CE)
        for (index, name) in Self.names.enumerated() {
            var artist = Artist(name: name, id: String(101 + index), releases: [])
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                let daysAgo = [5, 12, 30, 61, 100, 119, 200, 900].randomElement(using: &random)!
                let type: RecordingType = [.album, .album, .ep, .single].randomElement(using: &random)!
                artist.releases.append(makeRelease(type: type, day: today - daysAgo))
            }
            artists.append(artist)
            guard index < Self.libraryArtistCount else { continue }
            library.append(Album(title: artist.releases[0].title, artist: name))
            if Bool.random(using: &random) { library.append(Album(title: artist.releases.last!.title, artist: name)) }
            library.append(Album(title: freshTitle(), artist: name))  // an album the catalog does not list
        }
        library.append(Album(title: freshTitle(), artist: Self.unknownArtist))
    }

    // MARK: What is true

    var libraryArtists: Set<String> { Set(library.map(\.artist)) }

    /// Release id → artist name, for every release the catalog lists.
    var artistOfRelease: [String: String] {
        var map: [String: String] = [:]
        for artist in artists { for release in artist.releases { map[release.id] = artist.name } }
        return map
    }

    /// What a correct feed holds on `today`: release id → artist name, for every catalog release of a library
    /// artist, not owned, not dismissed, released within the window.
    func wanted(today: Int) -> [String: String] {
        let owned = Set(library)
        let inLibrary = libraryArtists
        var wanted: [String: String] = [:]
        for artist in artists where inLibrary.contains(artist.name) {
            for release in artist.releases {
                let day = release.releaseDate.epochDay
                guard day <= today, day >= today - Self.windowDays, !dismissed.contains(release.id),
                    !owned.contains(Album(title: release.title, artist: artist.name))
                else { continue }
                wanted[release.id] = artist.name
            }
        }
        return wanted
    }

    var fixtureCatalog: FixtureCatalog {
        FixtureCatalog(artists: artists.map { FixtureArtist(id: $0.id, name: $0.name, releases: $0.releases) })
    }

    /// The library export; a truncated one holds only the rows of the first `keepArtists` artists.
    func csv(keepArtists: Int? = nil) -> String {
        var rows = library
        if let keepArtists {
            var kept: [String] = []
            for album in library where !kept.contains(album.artist) && kept.count < keepArtists { kept.append(album.artist) }
            rows = library.filter { kept.contains($0.artist) }
        }
        return "title,artist\n" + rows.map { "\($0.title),\($0.artist)\n" }.joined()
    }

    // MARK: Changes

    mutating func apply(_ event: SimulationEvent, today: Int) {
        switch event {
        case .newRelease(let artist, let type, let daysAgo):
            artists[artist].releases.insert(makeRelease(type: type, day: today - daysAgo), at: 0)
        case .announcement(let artist, let inDays):
            artists[artist].releases.insert(makeRelease(type: .album, day: today + inDays), at: 0)
        case .withdrawal(let artist, let pick):
            // An artist keeps at least one release: a wholly emptied artist is the "suddenly empty" rule's case.
            guard artists[artist].releases.count > 1 else { return }
            artists[artist].releases.remove(at: pick % artists[artist].releases.count)
        case .refile(let artist):
            refiles += 1
            artists[artist].id = String(9000 + refiles * 100 + artist)
        case .addAlbum(let artist, let pick):
            let owned = Set(library)
            let candidates = artists[artist].releases.map { Album(title: $0.title, artist: artists[artist].name) }
                .filter { !owned.contains($0) }
            guard !candidates.isEmpty else { return }
            library.append(candidates[pick % candidates.count])
        case .removeAlbum(let pick):
            guard library.count > 4 else { return }
            library.remove(at: pick % library.count)
        case .outage, .artistFailure, .truncatedExport, .dismiss, .restore, .artistSourceOutage:
            return  // faults and commands: the world applies them
        }
    }

    private mutating func makeRelease(type: RecordingType, day: Int) -> FixtureRelease {
        let id = String(5000 + nextNumber)
        let title = freshTitle()
        let date = Date(timeIntervalSince1970: Double(day) * 86_400).formatted(.iso8601.year().month().day())
        return FixtureRelease(id: id, title: title, type: type, releaseDate: ReleaseDate(iso: date)!)
    }

    /// Titles are unique across the whole world, so matching by title never confuses two releases.
    private mutating func freshTitle() -> String {
        let number = nextNumber
        nextNumber += 1
        let base = Self.firstWords[number % 20] + " " + Self.secondWords[(number / 20) % 20]
        return number < 400 ? base : base + " " + Self.secondWords[(number / 400) % 20]
    }
}
