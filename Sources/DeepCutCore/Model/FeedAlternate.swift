/// Another edition of a feed entry's release family (the clean twin, the standard edition),
/// listed so a person sees every version but the feed shows one.
package struct FeedAlternate: Sendable, Hashable, Codable {
    package var id: String
    package var title: String
    package var url: String?
    /// What tells this edition apart when its title does not: "Explicit" or "Clean" for twins of one
    /// title, else "N tracks"; nil when the title already differs (`Rumours (Super Deluxe)`).
    package var edition: String?

    package init(id: String, title: String, url: String?, edition: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.edition = edition
    }
}
