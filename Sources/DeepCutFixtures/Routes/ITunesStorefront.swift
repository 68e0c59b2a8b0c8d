/// The `country` parameter's storefront: the code in URLs, and the country and currency a collection reports.
struct ITunesStorefront: Sendable, Hashable {
    let code: String
    let countryName: String
    let currency: String

    static let unitedStates = ITunesStorefront(code: "us", countryName: "USA", currency: "USD")

    /// The storefronts the fixture knows; iTunes rejects unknown country codes with 400, and so does the fixture.
    static func named(_ code: String) -> ITunesStorefront? {
        let code = code.lowercased()
        let known: [String: (String, String)] = [
            "us": ("USA", "USD"), "gb": ("GBR", "GBP"), "ca": ("CAN", "CAD"), "au": ("AUS", "AUD"),
            "nz": ("NZL", "NZD"), "ie": ("IRL", "EUR"), "de": ("DEU", "EUR"), "fr": ("FRA", "EUR"),
            "nl": ("NLD", "EUR"), "es": ("ESP", "EUR"), "it": ("ITA", "EUR"), "se": ("SWE", "SEK"),
            "jp": ("JPN", "JPY"), "br": ("BRA", "BRL"), "mx": ("MEX", "MXN"),
        ]
        return known[code].map { ITunesStorefront(code: code, countryName: $0.0, currency: $0.1) }
    }
}
