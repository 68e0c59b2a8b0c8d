/// The version catalogs see in the User-Agent (`deepcut/0.1.0`); MusicBrainz asks every client to name itself.
/// Keep in step with `deepcut --version`.
enum ClientVersion {
    static let current = "0.1.0"
}
