import DeepCutCore

extension HealthReport {
    /// The LoadLibrary stage: what was read from where, and the row-level warnings.
    package struct LibraryStage: Sendable, Hashable, Codable {
        /// The report keeps the first this many warning messages; `warningCount` has them all.
        static let warningLimit = 50

        package var status: StageStatus
        package var albums: Int
        package var artists: Int
        package var sources: [SourceSummary]
        package var warnings: [String]
        package var warningCount: Int

        /// - Parameter warnings: every warning; the first `warningLimit` are kept.
        package init(status: StageStatus, albums: Int, artists: Int, sources: [SourceSummary], warnings: [String]) {
            self.status = status
            self.albums = albums
            self.artists = artists
            self.sources = sources
            self.warnings = Array(warnings.prefix(Self.warningLimit))
            self.warningCount = warnings.count
        }

        package static let notRun = LibraryStage(status: .notRun, albums: 0, artists: 0, sources: [], warnings: [])
    }

    /// One configured library source.
    package struct SourceSummary: Sendable, Hashable, Codable {
        /// The source's path as configured.
        package var source: String
        /// The config's `format` string.
        package var format: String
        package var albums: Int
        package var warnings: Int

        package init(source: String, format: String, albums: Int, warnings: Int) {
            self.source = source
            self.format = format
            self.albums = albums
            self.warnings = warnings
        }
    }
}

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
        /// Library artists the catalog found but lists no releases for (Apple Music answers 404 on
        /// the albums of an artist it knows), in library order: definite answers, not failures.
        /// Absent when there are none.
        package var emptyArtists: [String]?
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
        /// The catalog behaviours the sweep planned by, as answers showed them; absent for catalogs
        /// without such traits.
        package var catalogTraits: CatalogTraits?
        /// Why artists were left unasked (`artists.skipped`): `deadline`, `cancelled` or
        /// `catalogUnreachable`. Absent when every artist was asked.
        package var stoppedBy: SkipReason?
        /// Set when the circuit breaker stopped the sweep: the catalog's scheme, host and port, the
        /// connection failure's cause and message, and what to check. Absent otherwise.
        package var unreachable: CatalogUnreachable?

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

        package init(
            status: StageStatus, provider: String, artists: ArtistCounts, requests: Int,
            incompleteArtists: [String], failures: [ArtistFailure]
        ) {
            self.status = status
            self.provider = provider
            self.artists = artists
            self.requests = requests
            self.requestsPerArtist = artists.total == 0 ? 0 : (Double(requests) / Double(artists.total) * 100).rounded() / 100
            self.incompleteArtists = incompleteArtists
            self.failures = failures
        }

        package init(_ outcome: SweepOutcome) {
            let status: StageStatus =
                switch outcome.status {
                case .complete: .ok
                case .partial: .partial
                case .failed: .failed
                case .skipped: .skipped
                }
            let failures = outcome.results.compactMap { result -> ArtistFailure? in
                guard case .failed(let failure) = result.outcome else { return nil }
                return ArtistFailure(artist: result.artist, failure: failure)
            }
            self.init(
                status: status, provider: outcome.provider, artists: outcome.counts, requests: outcome.requests,
                incompleteArtists: outcome.incompleteArtists, failures: failures)
            asked = outcome.asked
            reused = outcome.reused
            let notFound = outcome.results.filter { $0.outcome == .notFound }.map(\.artist)
            notFoundArtists = notFound.isEmpty ? nil : notFound
            stoppedBy = outcome.stoppedBy
            unreachable = outcome.unreachable
            let empty = outcome.results.filter { $0.outcome == .fetched([]) }.map(\.artist)
            emptyArtists = empty.isEmpty ? nil : empty
        }

        package static let notRun = SweepStage(
            status: .notRun, provider: "", artists: ArtistCounts(total: 0), requests: 0,
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
            self.init(
                artist: artist, kind: failure.kind, httpStatus: failure.httpStatus, attempts: failure.attempts,
                message: failure.message)
        }
    }
}

extension HealthReport {
    /// The Diff stage: releases considered, entries kept, and why the rest were dropped.
    package struct DiffStage: Sendable, Hashable, Codable {
        package var status: StageStatus
        package var considered: Int
        package var entries: Int
        /// Keyed by `DropReason` raw value; every reason is present, zero or not, so the shape never varies.
        package var dropped: [String: Int]
        /// The editions the title rules left undecided, settled by track lists; nil when the
        /// diff did not run on a sweep's answers.
        package var trackEvidence: TrackEvidenceCounts?

        /// What `TrackEvidenceStage` spent and decided in this run.
        package struct TrackEvidenceCounts: Sendable, Hashable, Codable {
            /// Releases the rules could not place against an owned album whose tracks are known.
            package var undecided: Int
            /// Track lists fetched from the catalog (the others came from the state database).
            package var requests: Int
            package var sameRelease: Int
            package var differentRelease: Int
            package var insufficient: Int
            /// Track lists that could not be fetched: those releases stay visible.
            package var failures: Int

            package init(undecided: Int, requests: Int, sameRelease: Int, differentRelease: Int, insufficient: Int, failures: Int) {
                self.undecided = undecided
                self.requests = requests
                self.sameRelease = sameRelease
                self.differentRelease = differentRelease
                self.insufficient = insufficient
                self.failures = failures
            }
        }

        package init(status: StageStatus, considered: Int, entries: Int, dropped: [String: Int]) {
            self.status = status
            self.considered = considered
            self.entries = entries
            self.dropped = dropped
        }

        package init(_ diff: FeedDiff) {
            var dropped: [String: Int] = [:]
            for reason in DropReason.allCases {
                dropped[reason.rawValue] = diff.dropped[reason, default: 0]
            }
            self.init(status: .ok, considered: diff.considered, entries: diff.entries.count, dropped: dropped)
        }

        package static let notRun = DiffStage(status: .notRun, considered: 0, entries: 0, dropped: [:])
    }
}

extension HealthReport {
    /// The Publish stage: what was written, whether the snapshot became the baseline, and how old
    /// the baseline is.
    package struct PublishStage: Sendable, Hashable, Codable {
        package var status: StageStatus
        package var promoted: Bool
        /// Files written, relative to the output folder (health files excluded: they describe this list).
        package var wrote: [String]
        /// The run id of the snapshot published, if any.
        package var snapshot: RunID?
        package var baselineRunID: RunID?
        package var baselineAgeSeconds: Int?
        /// The snapshot file a failed publish wrote and then removed (nothing named it yet).
        package var removedSnapshot: String?
        /// Something the operator should know, such as an unreadable `latest.json`.
        package var message: String?

        package init(
            status: StageStatus, promoted: Bool, wrote: [String], snapshot: RunID?, baselineRunID: RunID?,
            baselineAgeSeconds: Int?, message: String?
        ) {
            self.status = status
            self.promoted = promoted
            self.wrote = wrote
            self.snapshot = snapshot
            self.baselineRunID = baselineRunID
            self.baselineAgeSeconds = baselineAgeSeconds
            self.message = message
        }

        /// `ok` when a snapshot was published, `skipped` when the sweep gave nothing to publish.
        package init(_ outcome: PublishOutcome) {
            self.init(
                status: outcome.snapshot == nil ? .skipped : .ok, promoted: outcome.promoted, wrote: outcome.wrote,
                snapshot: outcome.snapshot, baselineRunID: outcome.baseline?.runID,
                baselineAgeSeconds: outcome.baselineAgeSeconds, message: outcome.message)
            removedSnapshot = outcome.removedSnapshot
        }

        /// A publish that stopped at a file it could not write: `failed`, with what it did before.
        package init(_ failure: PublishFailure) {
            self.init(failure.outcome)
            status = .failed
        }

        package static let notRun = PublishStage(
            status: .notRun, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil,
            baselineAgeSeconds: nil, message: nil)
    }
}
