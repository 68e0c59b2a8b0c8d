/// Another edition of a feed entry's release family (the clean twin, the standard edition),
/// listed so a person sees every version but the feed shows one.
public struct FeedAlternate: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var url: String?

    public init(id: String, title: String, url: String?) {
        self.id = id
        self.title = title
        self.url = url
    }
}
