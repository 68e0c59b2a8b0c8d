/// The version catalogs see in the User-Agent (`deepcut/0.1.0`) and `deepcut --version` prints;
/// MusicBrainz asks every client to name itself. `scripts/package` reads it from here.
package enum ClientVersion {
    package static let current = "0.1.0"
}
