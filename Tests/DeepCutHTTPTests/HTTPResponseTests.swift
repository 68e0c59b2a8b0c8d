import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutFixtures
@testable import DeepCutHTTP

@Suite struct HTTPResponseTests {
    @Test func headerLookupIgnoresCase() {
        let response = HTTPResponse(status: 429, headers: ["retry-after": "7", "Content-Type": "text/javascript"])
        #expect(response.header("Retry-After") == "7")
        #expect(response.header("content-type") == "text/javascript")
        #expect(response.header("ETag") == nil)
    }

    @Test func requestTimeoutIsAtLeastOneWholeSecond() {
        #expect(HTTPRequest(url: URL(string: "http://localhost")!, timeoutSeconds: 0).timeoutSeconds == 1)
    }
}
