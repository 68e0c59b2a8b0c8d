import Foundation
import Testing

@testable import DeepCutHTTP

@Suite struct URLCatalogQueryTests {
    @Test func valuesAreStrictlyPercentEncoded() {
        let url = URL(string: "https://itunes.apple.com")!
            .appending(path: "search", query: ["term": "Florence + the Machine & AC/DC?=", "limit": "10"])
        #expect(url.absoluteString == "https://itunes.apple.com/search?term=Florence%20%2B%20the%20Machine%20%26%20AC%2FDC%3F%3D&limit=10")
    }

    @Test func nonASCIINamesAreUTF8Encoded() {
        let url = URL(string: "http://127.0.0.1:8080")!.appending(path: "search", query: ["term": "Sigur Rós"])
        #expect(url.absoluteString == "http://127.0.0.1:8080/search?term=Sigur%20R%C3%B3s")
    }

    @Test func aBasePathIsKept() {
        let url = URL(string: "http://127.0.0.1:8080/itunes/")!.appending(path: "lookup", query: ["id": "42"])
        #expect(url.absoluteString == "http://127.0.0.1:8080/itunes/lookup?id=42")
    }
}
