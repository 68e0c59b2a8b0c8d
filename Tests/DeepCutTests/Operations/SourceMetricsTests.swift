import DeepCutCore
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// The metrics of a several-catalogs run: one series per source, under a `source` label.
@Suite struct SourceMetricsTests {
    @Test func eachSourceHasItsStatusRequestsAndListings() {
        let started = Date(timeIntervalSince1970: 1_795_953_600)
        var report = HealthReport(runID: RunID(started), startedAt: started, finishedAt: started, status: .partial, exitCode: .partial)
        report.sources = [
            SourceStatus(
                source: CatalogSource(key: "itunes", provider: "itunes", storefront: "us"), status: .complete,
                artists: ArtistCounts(total: 3, fetched: 3), requests: 4, listed: 2),
            SourceStatus(
                source: CatalogSource(key: "itunes:jp", provider: "itunes", storefront: "jp"), status: .unreachable,
                artists: ArtistCounts(total: 3, failed: 3), requests: 3, listed: 1)
        ]
        let text = PrometheusTextfile.render(report, provider: "itunes", previousSuccess: nil)
        for line in [
            #"deepcut_source_status{source="itunes",status="complete"} 1"#,
            #"deepcut_source_status{source="itunes:jp",status="complete"} 0"#,
            #"deepcut_source_status{source="itunes:jp",status="unreachable"} 1"#,
            #"deepcut_source_requests{source="itunes:jp"} 3"#,
            #"deepcut_source_listed{source="itunes"} 2"#
        ] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
        let one = HealthReport(runID: RunID(started), startedAt: started, finishedAt: started, status: .complete, exitCode: .success)
        #expect(!PrometheusTextfile.render(one, provider: "itunes", previousSuccess: nil).contains("deepcut_source_"))
    }
}
