import Foundation

extension Error {
    /// The operating system's reason ("No such file or directory", "Permission denied") rather than
    /// Foundation's generic "The operation could not be completed", so a one-line error says what to fix.
    var fileSystemReason: String {
        let error = self as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return error.localizedDescription
    }
}
