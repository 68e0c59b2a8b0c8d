/// A 2xx body that is not the shape the API promises. Becomes a `decoding` failure, never "no releases".
package struct BodyDecodingError: Error, Sendable, Hashable {
    /// One line naming what was wrong (e.g. "results is missing"); never a body excerpt with secrets.
    var message: String

    package init(_ message: String) {
        self.message = message
    }
}
