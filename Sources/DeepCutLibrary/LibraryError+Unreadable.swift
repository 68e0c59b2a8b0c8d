import Foundation

extension LibraryError {
    /// A library file that could not be opened or read, with the operating system's reason.
    static func unreadable(_ url: URL, _ error: any Error) -> LibraryError {
        LibraryError(message: "\(url.path): cannot read library: \(error.fileSystemReason)")
    }
}
