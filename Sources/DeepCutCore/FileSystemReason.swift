import Foundation

extension Error {
    /// The operating system's reason ("No such file or directory", "Permission denied") rather than
    /// Foundation's generic "The operation could not be completed", so a one-line error says what to fix.
    package var fileSystemReason: String {
        let error = self as NSError
        // On Linux the underlying error is a Swift `POSIXError`, which does not cast to `NSError` directly.
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error
        for candidate in [error, underlying.map { $0 as NSError }].compactMap({ $0 }) where candidate.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(candidate.code)))
        }
        return error.localizedDescription
    }
}
