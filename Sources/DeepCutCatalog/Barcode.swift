import Foundation

/// A release barcode as merge evidence: a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) with a valid check digit.
///
/// Catalogs spell one barcode differently: Apple Music gives the 12-digit UPC-A (`858275058666`),
/// MusicBrainz often the same as EAN-13 (`0858275058666`). Both become the EAN-13 form, so equal
/// barcodes compare equal. Anything else (letters, dashes, a wrong length, a failed check digit: a
/// typo) is not a barcode and is ignored rather than trusted: a wrong barcode could merge two releases.
package enum Barcode {
    /// The GTIN-13 form of `text` (EAN-8 stays 8 digits), or nil when `text` is not a valid GTIN.
    package static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        guard [8, 12, 13, 14].contains(digits.utf8.count), hasValidCheckDigit(digits) else { return nil }
        switch digits.utf8.count {
        case 12: return "0" + digits
        case 14 where digits.hasPrefix("0"): return String(digits.dropFirst())
        default: return digits
        }
    }

    /// The GS1 check: from the right, the digits before the check digit weigh 3, 1, 3, …; the check digit
    /// makes the sum a multiple of 10.
    static func hasValidCheckDigit(_ digits: String) -> Bool {
        let values = digits.utf8.map { Int($0 - UInt8(ascii: "0")) }
        guard let check = values.last else { return false }
        let sum = values.dropLast().reversed().enumerated().reduce(0) { sum, element in
            sum + element.element * (element.offset.isMultiple(of: 2) ? 3 : 1)
        }
        return (10 - sum % 10) % 10 == check
    }
}

/// A barcode field as a catalog sends it, decoded without failing: a string is kept, anything else
/// (a number, an object, `null`) reads as none, so an odd barcode never fails the page around it.
struct BarcodeField: Decodable, Sendable, Hashable {
    /// The barcode normalised (`Barcode.normalized`); nil when absent or malformed.
    var value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Evidence, never data: a barcode that is not a string (a number, an object) is no barcode,
        // as a malformed one is, and must not fail the page of releases around it.
        value = Barcode.normalized((try? container.decode(String.self)) ?? nil)
    }
}
