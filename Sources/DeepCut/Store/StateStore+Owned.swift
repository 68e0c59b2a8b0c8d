import DeepCutCore

extension StateStore {
    /// Albums recorded as owned with `deepcut library add`, beyond the library files.
    func ownedKeys() throws -> Set<AlbumKey> {
        []
    }
}
