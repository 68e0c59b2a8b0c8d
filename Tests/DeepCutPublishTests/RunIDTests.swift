import Foundation
import Testing

@testable import DeepCutPublish

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

    // MARK: Two runs in one second

    @Test func acceptsASuffixFromTwoOnly() {
        for good in ["20261129T120000Z-2", "20261129T120000Z-10"] {
            #expect(RunID(rawValue: good)?.rawValue == good)
        }
        for bad in [
            "20261129T120000Z-", "20261129T120000Z-1", "20261129T120000Z-0", "20261129T120000Z-02", "20261129T120000Z-+3",
            "20261129T120000Z-2a", "20261129T120000Z_2", "20261129T120000Z-1234567890"
        ] {
            #expect(RunID(rawValue: bad) == nil, "\(bad)")
        }
    }

    @Test func ordersBySecondThenBySuffix() {
        let ids = ["20261129T120001Z", "20261129T120000Z-10", "20261129T120000Z", "20261129T120000Z-2"].compactMap(RunID.init(rawValue:))
        #expect(ids.sorted().map(\.rawValue) == ["20261129T120000Z", "20261129T120000Z-2", "20261129T120000Z-10", "20261129T120001Z"])
    }

    @Test func uniqueTakesThePlainTimeElseTheSmallestFreeSuffix() {
        let plain = RunID(PublishFixtures.runDate)
        #expect(RunID.unique(at: PublishFixtures.runDate) { _ in false } == plain)
        let taken: Set = ["20261129T120000Z", "20261129T120000Z-2"]
        #expect(RunID.unique(at: PublishFixtures.runDate) { taken.contains($0.rawValue) }.rawValue == "20261129T120000Z-3")
    }

    @Test func codesAsItsString() throws {
        let data = try JSONEncoder().encode([RunID(PublishFixtures.runDate)])
        #expect(String(decoding: data, as: UTF8.self) == #"["20261129T120000Z"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RunID].self, from: Data(#"["yesterday"]"#.utf8)) }
    }
}
