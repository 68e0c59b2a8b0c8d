/// The version catalogs see in the User-Agent (`deepcut/0.1.0`); MusicBrainz asks every client to name itself.
enum ClientVersion {
    /// One version for the User-Agent and `deepcut --version`.
    static var current: String { DeepCutCLI.version }
}
