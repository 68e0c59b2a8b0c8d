import Foundation

/// Barcode comparison: UPC-12, EAN-13 and GTIN-14 spellings of one code differ only in leading
/// zeros (Harmony's `isEqualGTIN` compares them so), and stores pad them differently.
enum Barcode {
    /// The digits without leading zeros; nil for an empty or non-numeric code, which proves nothing.
    static func normalized(_ code: String?) -> String? {
        guard let code else { return nil }
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let digits = String(trimmed.drop { $0 == "0" })
        return digits.isEmpty ? nil : digits
    }
}
