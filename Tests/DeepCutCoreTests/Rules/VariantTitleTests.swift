import Foundation
import Testing

@testable import DeepCutCore

/// `feed.hideVariants`' title rule against two lists (Tests/Corpus): the training part it is written
/// against, which must pass whole, and the held-out part (committed before the rule), which must
/// hide no original and find at least 90% of the variants. Both figures are printed.
@Suite struct VariantTitleTests {
    struct Row {
        var expected: Bool
        var title: String
        var kind: VariantKind?
        var why: String
    }

    static func rows(_ name: String) throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/\(name)")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(expected: fields[0] == "1", title: fields[1], kind: VariantKind(rawValue: fields[2]), why: fields[3])
        }
    }

    /// - Returns: originals hidden (false positives), variants missed, and the variant count.
    static func score(_ rows: [Row]) -> (falsePositives: [String], misses: [String], variants: Int) {
        var falsePositives: [String] = []
        var misses: [String] = []
        for row in rows {
            let found = VariantTitle.kind(of: row.title)
            if !row.expected, found != nil { falsePositives.append(row.title) }
            if row.expected, found != row.kind { misses.append("\(row.title) → \(found.map(\.rawValue) ?? "kept")") }
        }
        return (falsePositives, misses, rows.filter(\.expected).count)
    }

    @Test func theTrainingListPassesWhole() throws {
        let rows = try Self.rows("variant-titles.tsv")
        #expect(rows.count >= 30)
        let score = Self.score(rows)
        #expect(score.falsePositives.isEmpty, "\(score.falsePositives)")
        #expect(score.misses.isEmpty, "\(score.misses)")
    }

    @Test func theHeldOutListHidesNoOriginal() throws {
        let rows = try Self.rows("variant-titles-heldout.tsv")
        let score = Self.score(rows)
        let recall = Double(score.variants - score.misses.count) / Double(score.variants)
        print(
            "variant-titles-heldout: \(rows.count) rows, \(score.falsePositives.count) originals hidden, recall \(recall) (misses: \(score.misses))"
        )
        #expect(score.falsePositives.isEmpty, "\(score.falsePositives)")
        #expect(recall >= 0.9, "\(score.misses)")
    }

    @Test func onlyAQualifierAfterTheTitlesOwnNameCounts() {
        #expect(VariantTitle.kind(of: "Instrumental") == nil)
        #expect(VariantTitle.kind(of: "(Instrumental)") == nil)
        #expect(VariantTitle.kind(of: "Instrumental (Sped Up)") == .spedUp)
        #expect(VariantTitle.kind(of: "Sped Up - Single") == nil)
        #expect(VariantTitle.kind(of: "Song (feat. Capella Grey)") == nil)
        #expect(VariantTitle.kind(of: "Song (Sped Up) [feat. X]") == .spedUp)
        #expect(VariantTitle.kind(of: "Song （Instrumental）") == .instrumental)
        #expect(VariantTitle.kind(of: "Song – Slowed") == .slowed)
    }
}
