import DeepCutCore

extension FixtureCatalog {
    /// A large deterministic catalog for tests and benchmarks.
    ///
    /// Artists are named "Artist 0001", "Artist 0002", …; each has `releasesPerArtist` releases, newest first,
    /// dated within the two years before `today`. Every fourth release (counting across the whole catalog)
    /// falls in the last 120 days, so a feed window always has something to show.
    /// - Parameters:
    ///   - artists: how many artists.
    ///   - releasesPerArtist: releases listed under each artist.
    ///   - seed: same seed, same catalog.
    ///   - today: the day dates count back from.
    package static func generated(artists: Int, releasesPerArtist: Int, seed: UInt64, today: ReleaseDate) -> FixtureCatalog {
        var random = SplitMix64(seed: seed)
        let nameWidth = max(4, String(artists).count)
        let releaseWidth = max(2, String(releasesPerArtist).count)
        let todayDay = today.epochDay
        var serial = 0
        let generatedArtists = (0..<max(artists, 0)).map { index in
            let number = index + 1
            let artistName = "Artist " + padded(number, width: nameWidth)
            var releases: [FixtureRelease] = []
            for releaseNumber in 1..<(max(releasesPerArtist, 0) + 1) {
                let daysAgo = serial % 4 == 0 ? Int.random(in: 0..<120, using: &random) : Int.random(in: 120..<730, using: &random)
                serial += 1
                let type = generatedType(using: &random)
                releases.append(
                    FixtureRelease(
                        id: String(1_000_000_000 + number * 1_000 + releaseNumber),
                        title: generatedTitle(using: &random) + " " + padded(releaseNumber, width: releaseWidth),
                        type: type,
                        releaseDate: ReleaseDate(epochDay: todayDay - daysAgo),
                        explicit: Int.random(in: 0..<5, using: &random) == 0 ? true : nil
                    ))
            }
            releases.sort { $0.releaseDate > $1.releaseDate }
            return FixtureArtist(id: String(900_000_000 + number), name: artistName, releases: releases)
        }
        return FixtureCatalog(artists: generatedArtists)
    }

    private static let titleWords = [
        "Velvet", "Harbor", "Static", "Bloom", "Northern", "Echo", "Paper", "Lanterns", "Quiet", "Engine",
        "Golden", "Hour", "Midnight", "Garden", "Salt", "River", "Glass", "Houses", "Silver", "Tides"
    ]

    private static func generatedTitle(using random: inout SplitMix64) -> String {
        let first = titleWords.randomElement(using: &random) ?? "Untitled"
        let second = titleWords.randomElement(using: &random) ?? "Record"
        return first + " " + second
    }

    /// Roughly the mix an artist page shows: mostly albums and singles, some EPs, few compilations.
    private static func generatedType(using random: inout SplitMix64) -> RecordingType {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<9: .album
        case 9..<14: .single
        case 14..<19: .ep
        default: .compilation
        }
    }

    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A tiny seeded generator, so generated catalogs and sampled latencies repeat exactly for a given seed.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
