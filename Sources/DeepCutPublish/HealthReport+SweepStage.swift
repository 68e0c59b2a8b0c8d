import DeepCutCore

extension HealthReport {
    /// The SweepCatalog stage: how many artists answered, at what cost, and every failure.
    package struct SweepStage: Sendable, Hashable, Codable {
        package var status: StageStatus
        package var provider: String
        package var artists: ArtistCounts
        package var requests: Int
        /// Requests per library artist, two decimals.
        package var requestsPerArtist: Double
        /// Artists that failed or were skipped, in library order.
        package var incompleteArtists: [String]
        /// Every failed artist (skipped ones are counted in `artists.skipped` and listed in `incompleteArtists`).
        package var failures: [ArtistFailure]
        /// A repair run's artists answered from the previous run's fresh results instead of the
        /// catalog (`repairWindowMinutes`); absent on ordinary runs.
        package var reusedArtists: [String]?
        /// Library artists whose name matched several catalog artists, none holding an album the
        /// user owns: the best candidate was used, and may be the wrong namesake (pin it with
        /// `artistOverrides`). Absent when there are none.
        package var ambiguousArtists: [String]?
        /// Library artists the catalog has no artist for (a cached "no such artist" included), in
        /// library order: what `artistOverrides` needs. Absent when there are none.
        package var notFoundArtists: [String]?
        /// Artists asked in this run (answered or not); the rest were answered from memory
        /// (`reused`) or a cached "no such artist". Absent in reports of older versions.
        package var asked: Int?
        /// Artists answered from the catalog memory by a repair run.
        package var reused: Int?
        /// Why the catalog's answers were not believed (too many known artists came back empty at
        /// once); the run is then partial and caches nothing. Absent when the catalog looked sound.
        package var catalogFault: String?
        /// Information: artists whose whole listing the catalog would not give back to the feed
        /// window's start (iTunes lists at most 200 collections, newest first), so their oldest
        /// releases in the window may be missing. Absent when there are none.
        package var cutListings: [String]?
        /// How fast the sweep was allowed to ask, and how often the catalog said "too fast". Absent in
        /// reports of older versions.
        package var pace: Pace?
        /// Artists whose catalog id the library itself held (beets' `mb_albumartistid`): no name
        /// search, no namesake guessed. Absent when there are none.
        package var identifiedByLibrary: Int?

        /// The adaptive rate limiter's account of a sweep, in requests per minute.
        package struct Pace: Sendable, Hashable, Codable {
            /// `catalog.requestsPerMinute`: the ceiling.
            package var configured: Double
            /// Where the sweep started (a pace an earlier run learned, or the ceiling).
            package var start: Double
            /// The effective pace at the end, which the next run starts from.
            package var effective: Double
            package var slowest: Double
            /// Answers that said "too fast" (429, iTunes' empty 403, MusicBrainz' 503).
            package var rateLimitedAnswers: Int

            package init(configured: Double, start: Double, effective: Double, slowest: Double, rateLimitedAnswers: Int) {
                self.configured = configured
                self.start = start
                self.effective = effective
                self.slowest = slowest
                self.rateLimitedAnswers = rateLimitedAnswers
            }
        }

        package init(status: StageStatus, provider: String, artists: ArtistCounts, requests: Int,
                    incompleteArtists: [String], failures: [ArtistFailure]) {
            self.status = status
            self.provider = provider
            self.artists = artists
            self.requests = requests
            self.requestsPerArtist = artists.total == 0 ? 0 : (Double(requests) / Double(artists.total) * 100).rounded() / 100
            self.incompleteArtists = incompleteArtists
            self.failures = failures
        }

        package init(_ outcome: SweepOutcome) {
            let status: StageStatus = switch outcome.status {
            case .complete: .ok
            case .partial: .partial
            case .failed: .failed
            case .skipped: .skipped
            }
            let failures = outcome.results.compactMap { result -> ArtistFailure? in
                guard case .failed(let failure) = result.outcome else { return nil }
                return ArtistFailure(artist: result.artist, failure: failure)
            }
            self.init(status: status, provider: outcome.provider, artists: outcome.counts, requests: outcome.requests,
                      incompleteArtists: outcome.incompleteArtists, failures: failures)
            asked = outcome.asked
            reused = outcome.reused
            let notFound = outcome.results.filter { $0.outcome == .notFound }.map(\.artist)
            notFoundArtists = notFound.isEmpty ? nil : notFound
        }

        package static let notRun = SweepStage(status: .notRun, provider: "", artists: ArtistCounts(total: 0), requests: 0,
                                              incompleteArtists: [], failures: [])
    }

    /// One artist the catalog did not answer for, after retries.
    package struct ArtistFailure: Sendable, Hashable, Codable {
        package var artist: String
        package var kind: FailureKind
        /// Omitted when the server never answered.
        package var httpStatus: Int?
        package var attempts: Int
        package var message: String

        package init(artist: String, kind: FailureKind, httpStatus: Int?, attempts: Int, message: String) {
            self.artist = artist
            self.kind = kind
            self.httpStatus = httpStatus
            self.attempts = attempts
            self.message = message
        }

        package init(artist: String, failure: FetchFailure) {
            self.init(artist: artist, kind: failure.kind, httpStatus: failure.httpStatus, attempts: failure.attempts,
                      message: failure.message)
        }
    }
}
