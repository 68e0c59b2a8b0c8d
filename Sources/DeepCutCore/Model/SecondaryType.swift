/// What else a release is, besides its primary `RecordingType`: a live album is still an album in
/// the snapshot's `type` (a contract for downstream tools), and says `live` here. A release can be
/// several (a live remix album). Raw values are the `feed.types` names and the snapshot's
/// `secondaryTypes` strings.
package enum SecondaryType: String, Codable, Sendable, CaseIterable, Hashable, Comparable {
    case live
    case remix
    case soundtrack
    case demo
    /// A record credited to another artist that the swept artist appears on (a guest spot, a
    /// various-artists compilation): listed by the catalog under the artist, but not the artist's own.
    case appearance

    /// In declaration order, so a release's list reads the same in every run.
    package static func < (a: SecondaryType, b: SecondaryType) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Sorted and without repeats: the one spelling of a release's secondary types.
    package static func normalized(_ types: some Sequence<SecondaryType>) -> [SecondaryType] {
        Set(types).sorted()
    }
}
