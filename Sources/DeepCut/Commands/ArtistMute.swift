import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

/// `mute` and `unmute`: the state change and what it did to the published feeds.
///
/// A mute hides the artist's entries at once (`StateChange` republishes the feeds with the mute
/// applied) and every later diff leaves the artist's releases out (`DropReason.muted`) while the
/// sweep goes on asking the catalog for them. `current.json` keeps what the sweep found, so an
/// unmute right away brings them straight back; after a sweep that ran while the artist was
/// muted, they come back with the next sweep, which `sweep --if-stale` runs instead of skipping.
struct ArtistMute {
    let config: Config

    /// What `mute` did: the mute kept (the first one when the artist was muted already) and how
    /// many entries of the current feed and upcoming list it hides.
    struct Muted {
        var artist: MutedArtist
        var wasMuted: Bool
        var hidden: Int
    }

    struct NotMuted: DeepCutError {
        var name: String
        var exitCode: ExitCode { .dataError }
        var message: String { "unmute: \(name) is not muted (`deepcut muted` lists who is)" }
    }

    /// Mutes `name`, with the display data the state database holds for it. An artist the library
    /// does not hold may be muted too: a mute never reads the library (which may need the network),
    /// and it then keeps out the joint releases crediting that artist.
    func mute(_ name: String, at date: Date) async throws -> StateChange.Done<Muted> {
        try await StateChange(config: config, command: "mute", now: { date }).perform { store, snapshot in
            if let muted = try store.mutes.find(name: name) {
                return Muted(artist: muted, wasMuted: true, hidden: 0)
            }
            let artist = try store.mutes.displayData(for: name, provider: config.catalog.provider.rawValue, mutedAt: date)
            try store.mutes.mute(artist)
            let matcher = MutedArtists([artist.artistKey])
            let shown = (snapshot?.entries ?? []) + (snapshot?.upcoming ?? [])
            return Muted(artist: artist, wasMuted: false, hidden: shown.filter { matcher.mutes(credit: $0.artist) }.count)
        }
    }

    /// Lifts the mute of `name`. - Throws: `NotMuted` (exit 65) when it was not muted; nothing changes.
    func unmute(_ name: String, at date: Date) async throws -> StateChange.Done<MutedArtist> {
        try await StateChange(config: config, command: "unmute", now: { date }).perform { store, _ in
            guard let lifted = try store.mutes.unmute(name: name, at: date) else { throw NotMuted(name: name) }
            return lifted
        }
    }
}

extension MutedArtist {
    /// "Bonobo", or "bonobo (catalog: Bonobo, id 102)" when the catalog spells it otherwise or it is known there.
    var label: String {
        guard let catalogName else { return name }
        let id = catalogID.map { ", id \($0)" } ?? ""
        return catalogName == name && id.isEmpty ? name : "\(name) (catalog: \(catalogName)\(id))"
    }

    /// The day it was muted, `2026-12-01`.
    var mutedDay: String {
        Date(timeIntervalSince1970: mutedAt).formatted(.iso8601.year().month().day())
    }
}
