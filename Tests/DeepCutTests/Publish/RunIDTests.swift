import Foundation
import Testing
@testable import DeepCut

@Suite struct RunIDTests {
    @Test func formatsUTCCompactly() {
        #expect(RunID(PublishFixtures.runDate).rawValue == "20261129T120000Z")
        #expect(RunID(PublishFixtures.runDate.addingTimeInterval(3_723.9)).rawValue == "20261129T130203Z")
        #expect(RunID(Date(timeIntervalSince1970: 0)).rawValue == "19700101T000000Z")
    }

    @Test func acceptsOnlyTheCanonicalForm() {
        #expect(RunID(rawValue: "20261129T120000Z")?.rawValue == "20261129T120000Z")
        for bad in ["notes", "", "2026-11-29T12:00:00Z", "20261329T120000Z", "20261129T120000", "20261129T250000Z", "20261129t120000z"] {
            #expect(RunID(rawValue: bad) == nil, "\(bad)")
        }
    }

    @Test func ordersByTime() {
        #expect(RunID(rawValue: "20261129T120000Z")! < RunID(rawValue: "20261130T000000Z")!)
    }

    @Test func codesAsItsString() throws {
        let data = try JSONEncoder().encode([RunID(PublishFixtures.runDate)])
        #expect(String(decoding: data, as: UTF8.self) == #"["20261129T120000Z"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RunID].self, from: Data(#"["yesterday"]"#.utf8)) }
    }
}
