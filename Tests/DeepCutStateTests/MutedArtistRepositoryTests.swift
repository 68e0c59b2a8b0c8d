import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

/// Issue 20: muted artists in the state database and in the dismissals exchange format.
@Suite struct MutedArtistRepositoryTests {
    static let bonobo = MutedArtist(
        name: "Bonobo", mutedAt: 1_795_953_641.5, catalogName: "Bonobo", catalogID: "102",
        artworkURL: "https://is1-ssl.mzstatic.com/image/100x100bb.jpg")

    // MARK: Repository

    @Test func muteIsOnePerArtistWhateverTheSpellingAndKeepsTheFirst() async throws {
        try await withStore { store throws in
            #expect(try store.mutes.mute(Self.bonobo))
            #expect(try !store.mutes.mute(MutedArtist(name: "  BONOBO ", mutedAt: 1_795_999_999)))
            #expect(try store.mutes.all() == [Self.bonobo])
            #expect(try store.mutes.find(name: "bonobo") == Self.bonobo)
            #expect(try store.mutes.matcher().mutes(credit: "Bonobo feat. Totally Enormous Extinct Dinosaurs"))
            #expect(try !store.mutes.matcher().mutes(credit: "Polyphia"))
        }
    }

    @Test func unmuteKeepsARowThatTellsTheNextRunToSweep() async throws {
        try await withStore { store throws in
            try store.mutes.mute(Self.bonobo)
            let before = Date(timeIntervalSince1970: 1_796_000_000)
            #expect(try !store.mutes.unmutedSince(before))
            #expect(try store.mutes.unmute(name: "bonobo", at: before.addingTimeInterval(10)) == Self.bonobo)
            #expect(try store.mutes.all().isEmpty)
            #expect(try store.mutes.find(name: "Bonobo") == nil)
            #expect(try store.mutes.unmutedSince(before))
            #expect(try !store.mutes.unmutedSince(before.addingTimeInterval(20)))
            #expect(try store.mutes.unmute(name: "Bonobo") == nil, "not muted any more")
            // Muted again: a fresh mute.
            #expect(try store.mutes.mute(MutedArtist(name: "Bonobo", mutedAt: 1_796_100_000)))
            #expect(try store.mutes.all().map(\.mutedAt) == [1_796_100_000])
        }
    }

    @Test func displayDataComesFromTheResolutionCacheAndTheCatalogMemory() async throws {
        try await withStore { store throws in
            try store.artistResolutions.save(
                [
                    ArtistResolutionRecord(
                        artistKey: "bonobo", artist: CatalogArtist(id: "102", name: "Bonobo"), method: .exact, resolvedAt: Date())
                ],
                provider: "itunes")
            let known = try store.mutes.displayData(for: "bonobo", provider: "itunes", mutedAt: Date(timeIntervalSince1970: 5))
            #expect((known.name, known.catalogName, known.catalogID, known.mutedAt) == ("bonobo", "Bonobo", "102", 5))
            let unknown = try store.mutes.displayData(for: "Nobody Known", provider: "itunes", mutedAt: Date())
            #expect(unknown.catalogName == nil && unknown.catalogID == nil && unknown.artworkURL == nil)
        }
    }

    // MARK: Exchange format

    @Test func mutesRoundTripThroughTheExchangeFileBesideDismissals() async throws {
        let dismissal = Dismissal(releaseID: "9", albumKey: AlbumKey(title: "Fragments", artist: "Bonobo"), dismissedAt: 1_795_953_641)
        let data = DismissalsFile.encode([dismissal], mutes: [Self.bonobo, MutedArtist(name: "Polyphia", mutedAt: 1_795_953_000)])
        let read = try DismissalsFile.decode(data, path: "x.json")
        #expect(read.dismissals == [dismissal])
        #expect(read.mutes == [Self.bonobo, MutedArtist(name: "Polyphia", mutedAt: 1_795_953_000)])
        try await withStore { store throws in
            #expect(try store.dismissals.importRows(read.dismissals, mutes: read.mutes) == DismissalImportCounts(inserted: 3))
            #expect(try store.dismissals.importRows(read.dismissals, mutes: read.mutes) == DismissalImportCounts(unchanged: 3))
            let again = DismissalsFile.encode(try store.dismissals.all(), mutes: try store.mutes.all().sorted { $0.name < $1.name })
            #expect(again == data)
        }
    }

    /// An older reader knows only the SPEC's fields: a mute row carries all of them, valid, so it
    /// reads as a dismissal of an album with no title, which matches no release.
    @Test func aReaderThatPredatesMutesSurvivesTheirRows() throws {
        let data = DismissalsFile.encode([], mutes: [Self.bonobo])
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let row = try #require(rows.first)
        #expect(row["kind"] as? String == "mutedArtist")
        #expect(row["releaseID"] as? String == "")
        #expect(row["albumKey"] as? String == "\u{1F}bonobo")
        #expect(row["dismissedAt"] as? String == "2026-11-29T12:00:41.500Z")
        // What an older reader does: decode the same item without `kind`.
        var old = row
        old.removeValue(forKey: "kind")
        let legacy = try DismissalsFile.decode(try JSONSerialization.data(withJSONObject: [old]), path: "old.json")
        #expect(legacy.mutes.isEmpty)
        let asDismissal = try #require(legacy.dismissals.first)
        #expect(asDismissal.albumKey.title == "")
        let diff = Diff(wantedTypes: [.album], windowDays: 120)(
            releases: [Release(id: "1", title: "Otomo", artist: "Bonobo", type: .album, releaseDate: ReleaseDate(epochDay: 20_000))],
            owned: [], dismissed: [asDismissal.albumKey], today: 20_010)
        #expect(diff.entries.map(\.id) == ["1"])
    }

    @Test func badMuteRowsAreRefusedNamingTheItemAndField() throws {
        let unknownKind = #"[{"releaseID": "", "albumKey": "\u001fx", "dismissedAt": "2026-11-29T12:00:41Z", "kind": "mutedLabel"}]"#
        let error = #expect(throws: DismissalsFileError.self) { try DismissalsFile.decode(Data(unknownKind.utf8), path: "m.json") }
        #expect(
            error?.message == #"m.json: item 1: kind: unknown kind "mutedLabel" (absent for a dismissal, mutedArtist or rejectedArtist)"#)
        let nameless = #"[{"releaseID": "", "albumKey": "\u001f", "dismissedAt": "2026-11-29T12:00:41Z", "kind": "mutedArtist"}]"#
        let missing = #expect(throws: DismissalsFileError.self) { try DismissalsFile.decode(Data(nameless.utf8), path: "m.json") }
        #expect(missing?.message == "m.json: item 1: artistName: a mutedArtist row names its artist")
    }

}
