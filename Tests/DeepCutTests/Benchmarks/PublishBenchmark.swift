import DeepCutCore
import Foundation
import Glibc
import Testing

@testable import DeepCutPublish

/// The publish stage alone on a snapshot shaped like measurement 4's (10,056 entries, one artist
/// in ten and one title in fifteen not ASCII, one title in ten a deluxe edition): time and peak
/// RSS for the feeds and the page as published (streamed, `publish.feedEntries` 500), streamed
/// with every entry, and built whole as a `String` then `Data` (how they were written before);
/// and the snapshot files alone (`snapshotFilesOnly`: encoded once, written three times).
///
/// Run: `DEEPCUT_BENCH=publish DEEPCUT_BENCH_INPUT=in.json DEEPCUT_BENCH_OUTPUT=out.json
/// swift test -c release --filter PublishBenchmark`, `in.json` being `{"scratch": "/tmp/x", "entries": 10056}`
/// (add `"variants": ["streamed500"]` to run one variant a process, for its own peak).
@Suite(.enabled(if: BenchmarkRequest.wants("publish")))
struct PublishBenchmark {
    struct Input: Decodable {
        var scratch: String
        var entries: Int
        /// The variants to run, in this process; one a process gives each its own peak.
        var variants: [String]?
    }

    struct Variant: Encodable {
        var seconds: Double
        /// Peak RSS during the variant above the RSS at its start (`clear_refs` 5, then `VmHWM`).
        var peakAboveStartMB: Double
        var bytes: Int
    }

    static func snapshot(entries count: Int) -> Snapshot {
        let entries = (0..<count).map { index in
            let artist = index % 10 == 0 ? "Sigur Rós \(index / 50)" : "Artist \(index / 50)"
            var title = index % 15 == 0 ? "Ágætis byrjun \(index)" : "Record \(index)"
            if index % 10 == 3 { title += " (Deluxe Edition)" }
            return FeedEntry(
                id: String(1_000_000 + index), key: AlbumKey(title: title, artist: artist), title: title, artist: artist,
                type: [RecordingType.album, .ep, .single][index % 3],
                releaseDate: ReleaseDate(year: 2026, month: 1 + index % 12, day: 1 + index % 28),
                artworkURL: "https://is1-ssl.mzstatic.com/image/thumb/Music/\(index).jpg/100x100bb.jpg",
                url: "https://music.apple.com/us/album/record/\(1_000_000 + index)?uo=4")
        }
        return Snapshot(
            runID: RunID(Date(timeIntervalSince1970: 1_795_953_600)), generatedAt: Date(timeIntervalSince1970: 1_795_953_641),
            complete: true, provider: "itunes", artists: ArtistCounts(total: 5_000, fetched: 5_000), incompleteArtists: [],
            entries: entries)
    }

    @Test func stage() async throws {
        let input = try BenchmarkRequest.input(Input.self)
        let snapshot = Self.snapshot(entries: input.entries)
        let scratch = URL(fileURLWithPath: input.scratch)
        try? FileManager.default.removeItem(at: scratch)
        let folder = OutputFolder(scratch)
        var results: [String: Variant] = [:]
        let all = [
            ("wholeEveryEntry", Int.max, true), ("streamedEveryEntry", .max, false), ("streamed500", 500, false),
            ("snapshotFilesOnly", 0, true)
        ]
        for (name, limit, whole) in all where input.variants?.contains(name) ?? true {
            let context = PublishContext(feedEntries: limit)
            let publish = Publish(outputDirectory: scratch, keepSnapshots: 30)
            resetPeak()
            let start = residentMB()
            let (seconds, _) = try await BenchmarkRequest.seconds {
                if whole {
                    // The earlier path: snapshot, then each document whole as a String and again as Data.
                    try AtomicFile.createDirectory(folder.snapshots)
                    let bytes = try snapshot.encoded()
                    for url in [folder.snapshot(snapshot.runID), folder.current, folder.latest] { try AtomicFile.write(bytes, to: url) }
                    guard limit > 0 else { return }
                    try AtomicFile.write(try JSONFeedRenderer.render(snapshot), to: folder.jsonFeed)
                    try AtomicFile.write(AtomRenderer.render(snapshot), to: folder.atomFeed)
                    try AtomicFile.write(HTMLRenderer.render(snapshot, context: context), to: folder.page)
                } else {
                    let outcome = try publish(snapshot, context: context)
                    try publish.writePage(snapshot, context: context, baseline: outcome.baseline)
                }
            }
            let files = limit == 0 ? [folder.latest] : [folder.jsonFeed, folder.atomFeed, folder.page]
            let bytes = try files.map { try Data(contentsOf: $0).count }.reduce(0, +)
            results[name] = Variant(seconds: seconds, peakAboveStartMB: peakMB() - start, bytes: bytes)
        }
        try BenchmarkRequest.write(results)
    }

    private func resetPeak() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = Glibc.write(descriptor, "5", 1)
        close(descriptor)
    }

    private func status(_ key: String) -> Double {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    private func residentMB() -> Double { status("VmRSS") }

    private func peakMB() -> Double { status("VmHWM") }
}
