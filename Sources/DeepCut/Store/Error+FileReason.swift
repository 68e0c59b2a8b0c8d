import Foundation

extension Error {
    /// The operating system's short reason behind a Foundation file error ("No such file or
    /// directory"), which one-line messages want instead of "The operation could not be completed."
    var fileReason: String {
        let error = self as NSError
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying ?? error).localizedDescription
    }
}
