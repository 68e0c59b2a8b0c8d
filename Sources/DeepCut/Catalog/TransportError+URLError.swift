import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportError {
    /// Classifies what URLSession reported. Messages come from the code, never from the error's
    /// description, which can embed the failing URL and its query.
    init(classifying error: any Error) {
        guard let urlError = error as? URLError else {
            let nsError = error as NSError
            self.init(.transport, "\(nsError.domain) error \(nsError.code)")
            return
        }
        let code = urlError.code.rawValue
        switch urlError.code {
        case .timedOut: self.init(.timeout, "idle timeout (URLError \(code))")
        case .cancelled: self.init(.cancelled, "request cancelled (URLError \(code))")
        case .unknown: self.init(.transport, "connection closed before the answer was complete (URLError \(code))")
        case .cannotConnectToHost: self.init(.transport, "connection refused (URLError \(code))")
        case .networkConnectionLost: self.init(.transport, "connection reset (URLError \(code))")
        case .cannotFindHost, .dnsLookupFailed: self.init(.transport, "host not found (URLError \(code))")
        case .notConnectedToInternet: self.init(.transport, "no network (URLError \(code))")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            self.init(.transport, "TLS failed (URLError \(code))")
        case .badServerResponse, .cannotParseResponse: self.init(.transport, "malformed HTTP answer (URLError \(code))")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            self.init(.transport, "bad redirect (URLError \(code))")
        default: self.init(.transport, "URLError \(code)")
        }
    }
}
