import DeepCutCore
import Foundation
import Testing

@testable import DeepCut

/// Issue 33's rules through the real command line against the fixture catalog: `artistRules`,
/// `feed.hideVariants`, their drop reasons in health, and `more-from` naming what they hide.
@Suite struct ReleaseRulesEndToEndTests {
    static let artists = SweepHarness.artists.map { artist in
        var artist = artist
        if artist.name == "Khruangbin" {
            artist.releases += [
                SweepHarness.release("1003", "A La Sala (Sped Up)", type: .single, daysAgo: 9),
                SweepHarness.release("1004", "May Ninth", type: .single, daysAgo: 8)
            ]
        }
        if artist.name == "Polyphia" { artist.releases.append(SweepHarness.release("1022", "Acapella", type: .single, daysAgo: 5)) }
        return artist
    }

    @Test func rulesHideWhatTheySayAndHealthAndMoreFromSayWhy() async throws {
        let harness = try SweepHarness(
            artists: Self.artists, feed: #"{"windowDays": 120, "hideVariants": true}"#,
            config: ["artistRules": #"{"khruangbin": {"types": ["album"]}, "Four Tet": {"newBy": "release"}}"#])
        let check = await harness.run("check-config")
        #expect(check.exitCode == .success)
        #expect(check.console.out.contains("config.json: artistRules: WARNING: no library artist named 'Four Tet'"), "\(check.console.out)")
        #expect(!check.console.out.contains("'khruangbin'"))

        #expect(await harness.run("sweep").exitCode == .success)
        let feed = try JSONSerialization.jsonObject(with: Data(contentsOf: harness.folder.url.appendingPathComponent("feed/current.json")))
        let ids = Set(((feed as? [String: Any])?["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? [])
        // Khruangbin: albums only (May Ninth out by its rule), its sped-up single out as a variant;
        // Polyphia's single "Acapella" is the original and stays, as do Bonobo's EP and Polyphia's single.
        #expect(ids == ["1001", "1011", "1021", "1022"], "\(ids)")
        let health = try JSONSerialization.jsonObject(with: Data(contentsOf: harness.folder.url.appendingPathComponent("feed/health.json")))
        let dropped = ((health as? [String: Any])?["diff"] as? [String: Any])?["dropped"] as? [String: Int]
        #expect(dropped?["artistRule"] == 2, "\(String(describing: dropped))")  // May Ninth and the sped-up single
        #expect(dropped?["variant"] == 0)
        #expect(dropped?["excludedGenre"] == 0 && dropped?["excludedLabel"] == 0)
        let text = try String(contentsOf: harness.folder.url.appendingPathComponent("feed/health.txt"), encoding: .utf8)
        #expect(text.contains("2 artistRule"), "\(text)")

        let moreFrom = await harness.run("more-from", "Khruangbin")
        #expect(moreFrom.exitCode == .success)
        #expect(
            moreFrom.console.out.contains("artistRules[khruangbin]: types album, live, remix, soundtrack, demo"), "\(moreFrom.console.out)")
        #expect(moreFrom.console.out.contains("hidden by artistRules (2): May Ninth, A La Sala (Sped Up)"), "\(moreFrom.console.out)")
        let json = await harness.run("more-from", "Khruangbin", "--json")
        #expect(!json.console.out.contains("hidden by"))
    }

    @Test func hideVariantsAloneCountsVariants() async throws {
        let harness = try SweepHarness(artists: Self.artists, feed: #"{"windowDays": 120, "hideVariants": true}"#)
        #expect(await harness.run("sweep").exitCode == .success)
        let health = try JSONSerialization.jsonObject(with: Data(contentsOf: harness.folder.url.appendingPathComponent("feed/health.json")))
        let dropped = ((health as? [String: Any])?["diff"] as? [String: Any])?["dropped"] as? [String: Int]
        #expect(dropped?["variant"] == 1)
        let moreFrom = await harness.run("more-from", "Khruangbin")
        #expect(moreFrom.console.out.contains("hidden by feed.hideVariants (1): A La Sala (Sped Up)"), "\(moreFrom.console.out)")
    }
}
