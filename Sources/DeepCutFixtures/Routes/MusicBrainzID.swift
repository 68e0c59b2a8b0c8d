/// The fixture catalog's numeric ids (up to 32 digits) as MusicBrainz-shaped UUIDs: the digits, zero-padded to 32,
/// grouped 8-4-4-4-12 (`900000001` → `00000000-0000-0000-0000-000900000001`). Deterministic, so one catalog
/// serves every API, and the numeric id stays readable in the MBID.
enum MusicBrainzID {
    static func mbid(for numericID: String) -> String {
        let digits = String(repeating: "0", count: max(0, 32 - numericID.count)) + numericID
        var groups: [Substring] = []
        var rest = Substring(digits)
        for length in [8, 4, 4, 4, 12] {
            groups.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return groups.joined(separator: "-")
    }

    /// True for `8-4-4-4-12` hex groups, the only form MusicBrainz accepts (it answers 400 otherwise).
    static func isUUIDShaped(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
