extension FixtureRoute {
    /// A `limit`-style parameter as Apple Music and MusicBrainz read it: absent → `fallback`; not a number
    /// in `1...maximum` → nil (the route answers 400), never silently clamped.
    static func count(_ text: String?, fallback: Int, maximum: Int) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), (1...maximum).contains(value) else { return nil }
        return value
    }
}
