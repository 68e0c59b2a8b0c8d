import DeepCutCore
import DeepCutFixtures

/// How the whole catalog fails during an outage.
enum OutageKind: String, Sendable, Hashable, CaseIterable {
    /// Every connection refused: the catalog's port is closed.
    case refused
    /// 503 for every request.
    case serverError
    /// Every request hangs until the client's timeout (1 s each: kept rare and short).
    case hang
    /// 200 with `{"resultCount":0,"results":[]}` for every search and lookup.
    case emptyAnswers
}

/// One thing that happens to the user's world before an hourly run. Choices ("which release") are picks taken
/// modulo what exists when the event is applied, so dropping another event while shrinking never makes one invalid.
enum SimulationEvent: Sendable, Hashable, CustomStringConvertible {
    /// The whole catalog fails for `hours` runs, starting with this one.
    case outage(OutageKind, hours: Int)
    /// Every request about one artist answers 500 in this run.
    case artistFailure(artist: Int)
    case newRelease(artist: Int, type: RecordingType, daysAgo: Int)
    /// A release dated in the future: upcoming now, in the feed once its day comes.
    case announcement(artist: Int, inDays: Int)
    case withdrawal(artist: Int, pick: Int)
    /// The catalog drops the artist's id and files the same artist and releases under a new one.
    case refile(artist: Int)
    /// The user buys one of the artist's catalog releases (artists outside the library join it this way).
    case addAlbum(artist: Int, pick: Int)
    case removeAlbum(pick: Int)
    /// This run reads an export in progress: only the rows of the first `keepArtists` artists.
    case truncatedExport(keepArtists: Int)
    /// `deepcut dismiss` one item of the published feed.
    case dismiss(pick: Int)
    /// `deepcut restore` one dismissed release.
    case restore(pick: Int)
    /// The listening-history source (ListenBrainz) answers 429 for `hours` runs, starting with this one.
    case artistSourceOutage(hours: Int)

    var description: String {
        switch self {
        case .outage(let kind, let hours): "outage(\(kind.rawValue), \(hours)h)"
        case .artistFailure(let artist): "artistFailure(\(artist))"
        case .newRelease(let artist, let type, let daysAgo): "newRelease(\(artist), \(type.rawValue), \(daysAgo)d ago)"
        case .announcement(let artist, let inDays): "announcement(\(artist), in \(inDays)d)"
        case .withdrawal(let artist, let pick): "withdrawal(\(artist), #\(pick))"
        case .refile(let artist): "refile(\(artist))"
        case .addAlbum(let artist, let pick): "addAlbum(\(artist), #\(pick))"
        case .removeAlbum(let pick): "removeAlbum(#\(pick))"
        case .truncatedExport(let keep): "truncatedExport(keep \(keep) artists)"
        case .dismiss(let pick): "dismiss(#\(pick))"
        case .restore(let pick): "restore(#\(pick))"
        case .artistSourceOutage(let hours): "artistSourceOutage(\(hours)h)"
        }
    }
}

/// A seeded schedule of hourly runs: `events[h]` happen just before run `h`. Run 0 is a quiet cold start.
struct SimulationSchedule: Sendable, Hashable, CustomStringConvertible {
    var seed: UInt64
    var events: [[SimulationEvent]]

    var hours: Int { events.count }

    init(seed: UInt64, events: [[SimulationEvent]]) {
        self.seed = seed
        self.events = events
    }

    /// The same seed always gives the same schedule.
    init(seed: UInt64, hours: Int) {
        var random = SplitMix64(seed: seed)
        var events: [[SimulationEvent]] = [[]]
        var outageEnds = 0
        // A stream of its own, so the catalog's events of every seed stay what they were before sources existed.
        var sourceRandom = SplitMix64(seed: seed &+ 0x33)
        var sourceOutageEnds = 0
        for hour in 1..<max(1, hours) {
            var now: [SimulationEvent] = []
            func chance(_ percent: Double) -> Bool { Double.random(in: 0..<100, using: &random) < percent }
            func artist() -> Int { Int.random(in: 0..<SimulationTruth.catalogArtistCount, using: &random) }
            func pick() -> Int { Int.random(in: 0..<1000, using: &random) }
            if hour >= outageEnds, chance(7) {
                let roll = Int.random(in: 0..<100, using: &random)
                let kind: OutageKind = roll < 35 ? .refused : roll < 70 ? .serverError : roll < 93 ? .emptyAnswers : .hang
                let length = kind == .hang ? 1 : Int.random(in: 1...5, using: &random)
                now.append(.outage(kind, hours: length))
                outageEnds = hour + length
            }
            if chance(7) { now.append(.artistFailure(artist: artist())) }
            if chance(9) {
                let type: RecordingType = [.album, .ep, .single].randomElement(using: &random)!
                now.append(.newRelease(artist: artist(), type: type, daysAgo: Int.random(in: 0...3, using: &random)))
            }
            if chance(4) { now.append(.announcement(artist: artist(), inDays: Int.random(in: 1...4, using: &random))) }
            if chance(4) { now.append(.withdrawal(artist: artist(), pick: pick())) }
            if chance(1.5) { now.append(.refile(artist: artist())) }
            if chance(5) { now.append(.addAlbum(artist: artist(), pick: pick())) }
            if chance(4) { now.append(.removeAlbum(pick: pick())) }
            if chance(2.5) { now.append(.truncatedExport(keepArtists: Int.random(in: 0...2, using: &random))) }
            if chance(5) { now.append(.dismiss(pick: pick())) }
            if chance(3) { now.append(.restore(pick: pick())) }
            if hour >= sourceOutageEnds, Double.random(in: 0..<100, using: &sourceRandom) < 8 {
                let length = Int.random(in: 1...4, using: &sourceRandom)
                now.append(.artistSourceOutage(hours: length))
                sourceOutageEnds = hour + length
            }
            events.append(now)
        }
        self.init(seed: seed, events: events)
    }

    /// Every event with the hour it happens in, in order: what shrinking removes one at a time.
    var timeline: [(hour: Int, index: Int, event: SimulationEvent)] {
        events.enumerated().flatMap { hour, list in list.enumerated().map { (hour, $0, $1) } }
    }

    func removing(hour: Int, index: Int) -> SimulationSchedule {
        var copy = self
        copy.events[hour].remove(at: index)
        return copy
    }

    func prefix(hours: Int) -> SimulationSchedule {
        SimulationSchedule(seed: seed, events: Array(events.prefix(hours)))
    }

    var description: String {
        let lines = timeline.map { "  hour \($0.hour): \($0.event)" }
        return "seed \(seed), \(hours) hourly runs" + (lines.isEmpty ? ", no events" : ":\n" + lines.joined(separator: "\n"))
    }
}
