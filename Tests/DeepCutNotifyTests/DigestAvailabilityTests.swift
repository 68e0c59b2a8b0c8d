import DeepCutCore
import Foundation
import Testing

@testable import DeepCutNotify

/// The digests of a several-catalogs run say where each release can be heard and flag it; a
/// one-catalog digest reads as before (`DigestTextTests`).
@Suite struct DigestAvailabilityTests {
    static let us = CatalogSource(key: "itunes", provider: "itunes", storefront: "us")
    static let gb = CatalogSource(key: "apple-music:gb", provider: "apple-music", storefront: "gb")
    static let musicBrainz = CatalogSource(key: "musicbrainz", provider: "musicbrainz", storefront: nil)

    static func message() -> DigestMessage {
        var item = SampleDigest.item("Bonobo", "Fragments", id: "1")
        item.entry.availability = [SourceListing(source: us, id: "1", url: "https://music.apple.com/us/album/1", releaseDate: nil)]
        var message = SampleDigest.message([item, SampleDigest.items[1]])
        message.answers = SourceAnswers(sources: [us, gb, musicBrainz])
        return message
    }

    static let harmony = "https://harmony.pulsewidth.org.uk/release?url=https%3A%2F%2Fmusic.apple.com%2Fus%2Falbum%2F1&region=US"

    @Test func everyFormTellsWhereAndTheFlags() {
        let text = DigestText(Self.message())
        #expect(
            text.plain.contains(
                "New: Bonobo — Fragments (album, 2026-11-27)\n  https://music.example.org/album/1\n"
                    + "  Listed in iTunes US · region-locked (not in GB) · not in MusicBrainz yet\n  Add it to MusicBrainz: \(Self.harmony)\n"
                    + "Announced for"))
        #expect(
            text.markdown.contains(
                "(album, 2026-11-27) · Listed in iTunes US · region-locked \\(not in GB\\) · not in MusicBrainz yet ([add it via Harmony](\(Self.harmony)))\n"
            ))
        #expect(
            text.html.contains(
                "(album, 2026-11-27)<br><small>Listed in iTunes US · region-locked (not in GB) · not in MusicBrainz yet"
                    + " (<a href=\"\(MarkupText.escape(Self.harmony))\">add it via Harmony</a>)</small></li>"))
        // The item without listings reads as in a one-catalog digest.
        #expect(
            text.plain.contains(
                "Announced for 2026-12-11: Khruangbin — A LA SALA (single, 2026-12-11)\n  https://music.example.org/album/2\n"))
    }

    /// Without the run's answers (a one-catalog run) nothing is flagged: listings alone are no lock.
    @Test func withoutAnswersOnlyTheListingsShow() {
        var message = Self.message()
        message.answers = .none
        let plain = DigestText(message).plain
        #expect(plain.contains("  Listed in iTunes US\n"))
        #expect(!plain.contains("region-locked") && !plain.contains("Harmony"))
        #expect(!DigestText(SampleDigest.message()).plain.contains("Listed in"))
    }
}
