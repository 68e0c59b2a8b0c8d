import DeepCutCore
import Foundation
import Testing

@testable import DeepCutState

/// The standing of artists from listening history (migration 18): imports replace a source's rows,
/// never a decision; `autoAcceptPlays` accepts; a rejection outlives every import.
@Suite struct ListenedArtistRepositoryTests {
    static let day = Date(timeIntervalSince1970: 1_764_633_600)

    @Test func importsMakePendingAutoAcceptAndNeverUndoARejection() async throws {
        try await withStore { store in
            let repository = store.listened
            let changed = try repository.recordImport(
                source: "lastfm:rj",
                artists: [.init(name: "Mitski", plays: 40), .init(name: "Bonobo", plays: 900), .init(name: "Big Thief", plays: 150)],
                libraryKeys: ["bonobo"], autoAcceptPlays: 100, at: Self.day)
            #expect(changed.map(\.name) == ["Mitski", "Big Thief"], "a library artist is swept anyway")
            #expect(try repository.all(.pending).map(\.name) == ["Mitski"])
            #expect(try repository.acceptedNames() == ["Big Thief"])
            #expect(try repository.find(name: "big thief")?.decidedBy == "autoAcceptPlays")

            try repository.decide(name: "MITSKI", .rejected, at: Self.day)
            try repository.recordImport(
                source: "lastfm:rj", artists: [.init(name: "Mitski", plays: 4000)], libraryKeys: [], autoAcceptPlays: 100,
                at: Self.day.addingTimeInterval(3600))
            #expect(try repository.find(name: "Mitski")?.status == .rejected, "rejected stays rejected, whatever the plays")
            #expect(try repository.acceptedNames() == ["Big Thief"], "accepted stays accepted when it leaves the chart")
            #expect(try repository.lastImport(source: "lastfm:rj")?.artists == 1)
            #expect(try repository.lastImport(source: "listenbrainz:alice") == nil)
        }
    }

    @Test func pendingListsMostPlaysFirstWithEverySource() async throws {
        try await withStore { store in
            let repository = store.listened
            try repository.recordImport(
                source: "listenbrainz:a", artists: [.init(name: "Low", plays: 12), .init(name: "Mitski", plays: 30)], libraryKeys: [],
                autoAcceptPlays: nil, at: Self.day)
            try repository.recordImport(
                source: "followed:f.txt", artists: [.init(name: "Low"), .init(name: "Wilco")], libraryKeys: [], autoAcceptPlays: nil,
                at: Self.day)
            let pending = try repository.all(.pending)
            #expect(pending.map(\.name) == ["Mitski", "Low", "Wilco"])
            #expect(pending.map(\.plays) == [30, 12, nil])
            #expect(pending[1].sources == ["followed:f.txt", "listenbrainz:a"])
        }
    }

    @Test func rejectionsTravelThroughTheDismissalsFile() async throws {
        try await withStore { store in
            try store.listened.decide(name: "Big Thief", .rejected, at: Self.day)
            let data = DismissalsFile.encode([], rejectedArtists: try store.listened.all(.rejected))
            let contents = try DismissalsFile.decode(data, path: "d.json")
            #expect(contents.rejectedArtists.map(\.name) == ["Big Thief"] && contents.count == 1)
            #expect(contents.rejectedArtists.first?.decidedAt == Self.day.timeIntervalSince1970)
            try store.listened.decide(name: "big thief", .accepted, at: Self.day)
            #expect(try store.listened.importRejections(contents.rejectedArtists) == 1)
            #expect(try store.listened.importRejections(contents.rejectedArtists) == 0, "idempotent")
            #expect(try store.listened.find(name: "Big Thief")?.status == .rejected)
        }
        #expect(throws: DismissalsFileError.self) {
            try DismissalsFile.decode(
                Data(#"[{"kind": "rejectedArtist", "releaseID": "", "albumKey": "\u001f", "dismissedAt": "2026-01-01T00:00:00Z"}]"#.utf8),
                path: "d.json")
        }
    }
}
