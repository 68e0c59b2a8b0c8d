import DeepCutTestKit
import Foundation
import Testing

@Suite struct SharedSamplesTests {
    static var upstreamPresent: Bool { FileManager.default.fileExists(atPath: SharedSamples.upstream.path) }

    /// The vendored copies are the shared samples, byte for byte. Without `../shared/samples`
    /// beside the checkout this is skipped, and the skip names the folder it looked for.
    @Test(.enabled(if: upstreamPresent, "../shared/samples is absent next to this checkout: vendored copies not compared"))
    func vendoredSamplesMatchTheSharedFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedSamples.upstream.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let upstream = try Data(contentsOf: SharedSamples.upstream.appendingPathComponent(name))
            let vendored = try? Data(contentsOf: SharedSamples.folder.appendingPathComponent(name))
            #expect(vendored == upstream, "Tests/Samples/\(name) differs from ../shared/samples/\(name)")
        }
    }

    @Test func vendoredSamplesArePresent() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedSamples.folder.path)
        #expect(names.contains("README.md"))
        #expect(names.filter { $0.hasSuffix(".json") }.count >= 10)
        #expect(names.contains("itunes_Library_xml_libpytunes_Test_Library.xml"))
    }
}
