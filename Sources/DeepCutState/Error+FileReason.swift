import Foundation

extension Error {
    /// The operating system's short reason behind a Foundation file error ("No such file or
    /// directory"): one-line messages want it without "The operation could not be completed."
    var fileReason: String {
        let error = self as NSError
        let cause = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? error
        guard cause.domain == NSPOSIXErrorDomain else { return cause.localizedDescription }
        return String(cString: strerror(Int32(cause.code)))
    }
}
