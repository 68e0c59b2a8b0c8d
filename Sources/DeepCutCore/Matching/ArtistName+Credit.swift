extension ArtistName {
    /// True when a release credit names `artist`, by the matching rules of `ArtistCredit`: the whole
    /// main credit or any artist joined in it ("Black Mesa & Glassjaw" credits Glassjaw); featured
    /// artists do not count.
    package static func credit(_ credit: String, includes artist: String) -> Bool {
        ArtistCredit.all(credit).contains(ArtistCredit.main(artist))
    }
}
