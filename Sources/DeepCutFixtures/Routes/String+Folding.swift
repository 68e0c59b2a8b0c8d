import Foundation

extension String {
    /// Case- and diacritic-insensitive form for name matching: "Beyoncé" and "BEYONCE" fold alike.
    var searchFolded: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The URL slug Apple puts in music.apple.com links: "Nightmare·Escape The ERA - EP" → "nightmare-escape-the-era-ep".
    var urlSlug: String {
        var slug = ""
        var pendingDash = false
        for scalar in folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "_" : slug
    }
}
