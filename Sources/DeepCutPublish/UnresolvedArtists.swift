/// The library artists the sweep could not tie to one catalog artist for certain — not found, or a
/// guess among namesakes — named with the `artistOverrides` line that pins them. `health.txt`, the
/// page, the metrics and `deepcut health` all say it from here, so they never disagree.
package struct UnresolvedArtists: Sendable, Hashable {
    /// What the override line holds until the operator puts the catalog's artist id there.
    static let idPlaceholder = "CATALOG-ID"
    /// Names the override line of `health.txt` and the page carries before "… see health.json".
    static let namesPerLine = 10

    package let notFound: [String]
    package let ambiguous: [String]
    let total: Int
    let provider: String

    package init(_ stage: HealthReport.SweepStage) {
        notFound = stage.notFoundArtists ?? []
        ambiguous = stage.ambiguousArtists ?? []
        total = stage.artists.total
        provider = stage.provider
    }

    var isEmpty: Bool { notFound.isEmpty && ambiguous.isEmpty }

    /// More than half of the artists have no catalog artist: that is the catalog asked (a misspelled
    /// storefront, a wrong provider), not the library.
    package var mostlyNotFound: Bool { total > 0 && notFound.count * 2 > total }

    /// `8 of 10 artists not found in the catalog: check catalog.country (…) and catalog.provider (…)`.
    package var mostlyNotFoundHint: String {
        let storefront =
            switch provider {
            case "apple-music": "catalog.storefront (a misspelled storefront knows no artist)"
            case "itunes": "catalog.country (a misspelled storefront knows no artist)"
            default: "catalog.baseURL (the wrong server knows no artist)"
            }
        return "\(notFound.count) of \(total) artists not found in the catalog: check \(storefront) "
            + "and catalog.provider (a wrong provider knows none of them)"
    }

    /// `"artistOverrides": {"Björk": "CATALOG-ID", "Nirvana": "CATALOG-ID"}`: ready to paste into the
    /// config once each placeholder is the artist's catalog id. Names are JSON-escaped, so the line
    /// parses whatever they hold; past `limit` names the rest are left out (they are in health.json).
    static func overrideLine(_ names: [String], limit: Int = namesPerLine) -> String {
        let members = names.prefix(limit).map { "\(OutputJSON.stringLiteral($0)): \(OutputJSON.stringLiteral(idPlaceholder))" }
        return "\"artistOverrides\": {" + members.joined(separator: ", ") + "}"
    }

    /// `Björk, Sigur Rós and 3 more`.
    package static func names(_ names: [String], limit: Int = namesPerLine) -> String {
        let shown = names.prefix(limit).map { DisplayText.line($0, limit: HealthText.nameLimit) }.joined(separator: ", ")
        return names.count > limit ? "\(shown) and \(names.count - limit) more" : shown
    }
}
