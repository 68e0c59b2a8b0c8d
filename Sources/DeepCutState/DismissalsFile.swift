import DeepCutCore
import Foundation

/// The SPEC's dismissals exchange format (`deepcut dismissals import` / `export`).
///
/// An array of objects with `releaseID`, `albumKey` (legacy key), `dismissedAt` (ISO 8601) and
/// optional display fields; legacy rows carry only the first three. Export then import is exact.
///
/// Muted artists travel in the same array as additive rows: `"kind": "mutedArtist"`, the artist in
/// `artistName`, `dismissedAt` the time it was muted, `albumKey` an empty title joined to the
/// artist's key (`"\u001fbonobo"`) and `releaseID` empty, plus optional `catalogName`, `catalogID`
/// and `artworkURL`. Every required field is there, so a reader that predates mutes imports such a
/// row as a dismissal of an album with no title — which matches no release — and loses nothing.
///
/// Artists rejected from listening history (`deepcut artists reject`) travel the same way:
/// `"kind": "rejectedArtist"`, the artist in `artistName`, `dismissedAt` the time it was rejected.
package enum DismissalsFile {
    /// What one exchange file holds.
    package struct Contents: Sendable, Hashable {
        package var dismissals: [Dismissal]
        package var mutes: [MutedArtist]
        /// Artists rejected from listening history or followed lists.
        package var rejectedArtists: [ListenedArtist] = []

        package init(dismissals: [Dismissal] = [], mutes: [MutedArtist] = []) {
            self.dismissals = dismissals
            self.mutes = mutes
        }

        package var count: Int { dismissals.count + mutes.count + rejectedArtists.count }
    }

    /// Reads and validates a whole file; nothing is returned unless every item is valid.
    /// - Throws: `DismissalsFileError` (exit 65) naming the file, the 1-based item and the field.
    package static func read(from url: URL) throws -> Contents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DismissalsFileError(path: url.path, detail: "cannot read (\(error.fileSystemReason))")
        }
        return try decode(data, path: url.path)
    }

    /// Pretty JSON with sorted keys, items in the given order (dismissals, then mutes): the same
    /// rows give the same bytes.
    package static func encode(_ dismissals: [Dismissal], mutes: [MutedArtist] = [], rejectedArtists: [ListenedArtist] = []) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a string or absent, so encoding has no failure case.
        return try! encoder.encode(dismissals.map(Item.init) + mutes.map(Item.init) + rejectedArtists.map(Item.init(rejected:)))
    }

    static func decode(_ data: Data, path: String) throws -> Contents {
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: data)
        } catch let error as DecodingError {
            throw DismissalsFileError(path: path, detail: describe(error))
        }
        var contents = Contents()
        for (offset, item) in items.enumerated() {
            do throws(ItemProblem) {
                switch try item.row() {
                case .dismissal(let dismissal): contents.dismissals.append(dismissal)
                case .mute(let artist): contents.mutes.append(artist)
                case .rejectedArtist(let artist): contents.rejectedArtists.append(artist)
                }
            } catch {
                throw DismissalsFileError(path: path, detail: "item \(offset + 1): \(error.detail)")
            }
        }
        return contents
    }

    // MARK: Times

    /// Accepts whole and fractional seconds and any UTC offset; keeps milliseconds, as the store does.
    static func parseTime(_ text: String) -> Double? {
        let styles = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]
        // Each style is a guess at the format; nil (none fits) becomes the caller's "item N: bad dismissedAt".
        guard let date = styles.lazy.compactMap({ try? $0.parse(text) }).first else { return nil }
        return Dismissal.roundedTime(date.timeIntervalSince1970)
    }

    /// `2026-11-29T12:00:41Z`, with `.123` milliseconds only when there are any.
    ///
    /// The fraction is written by hand: Foundation's formatter truncates (.123 prints as .122).
    static func formatTime(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let (whole, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, millisecondsPart) = fraction < 0 ? (whole - 1, fraction + 1000) : (whole, fraction)
        let text = Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(Date.ISO8601FormatStyle())
        guard millisecondsPart != 0 else { return text }
        return text.dropLast() + "." + String(String(millisecondsPart + 1000).dropFirst()) + "Z"
    }

    // MARK: Errors

    /// One line for a JSON shape problem, located by item number and field.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return location(context.codingPath) + "missing \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath
            switch path.count {
            case 0: return "expected a JSON array of dismissals"
            case 1: return location(path) + "expected an object"
            default: return location(path) + "\(path[path.count - 1].stringValue) must be a string"
            }
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : location(context.codingPath) + context.debugDescription
        @unknown default:
            return "not a dismissals file"
        }
    }

    private static func location(_ path: [any CodingKey]) -> String {
        guard let index = path.first?.intValue else { return "" }
        return "item \(index + 1): "
    }
}

extension DismissalsFile {
    /// One element of the exchange format, exactly as it appears in the JSON.
    struct Item: Codable {
        var releaseID: String
        var albumKey: String
        var dismissedAt: String
        var title: String?
        var artistName: String?
        var artworkURL: String?
        var recordingType: String?
        var releaseDate: String?
        /// Absent on dismissals; `mutedArtist` on a muted artist's row.
        var kind: String?
        var catalogName: String?
        var catalogID: String?

        static let mutedArtistKind = "mutedArtist"
        static let rejectedArtistKind = "rejectedArtist"

        init(_ dismissal: Dismissal) {
            releaseID = dismissal.releaseID
            albumKey = dismissal.albumKey.rawValue
            dismissedAt = DismissalsFile.formatTime(dismissal.dismissedAt)
            title = dismissal.title
            artistName = dismissal.artistName
            artworkURL = dismissal.artworkURL
            recordingType = dismissal.recordingType?.rawValue
            releaseDate = dismissal.releaseDate?.description
        }

        init(_ artist: MutedArtist) {
            kind = Self.mutedArtistKind
            releaseID = ""
            albumKey = String(AlbumKey.separator) + artist.artistKey
            dismissedAt = DismissalsFile.formatTime(artist.mutedAt)
            artistName = artist.name
            catalogName = artist.catalogName
            catalogID = artist.catalogID
            artworkURL = artist.artworkURL
        }

        init(rejected artist: ListenedArtist) {
            kind = Self.rejectedArtistKind
            releaseID = ""
            albumKey = String(AlbumKey.separator) + artist.artistKey
            dismissedAt = DismissalsFile.formatTime(artist.decidedAt ?? artist.firstSeenAt)
            artistName = artist.name
        }

        enum Row {
            case dismissal(Dismissal)
            case mute(MutedArtist)
            case rejectedArtist(ListenedArtist)
        }

        /// The dismissal or mute this item describes.
        /// - Throws: the problem as text naming the field, for the caller to place in the file.
        func row() throws(ItemProblem) -> Row {
            switch kind {
            case nil: return .dismissal(try dismissal())
            case Self.mutedArtistKind?: return .mute(try mute())
            case Self.rejectedArtistKind?: return .rejectedArtist(try rejection())
            case let other?:
                throw ItemProblem(
                    "kind: unknown kind \"\(other.prefix(40))\" (absent for a dismissal, \(Self.mutedArtistKind) or \(Self.rejectedArtistKind))"
                )
            }
        }

        private func rejection() throws(ItemProblem) -> ListenedArtist {
            guard let name = artistName, !ArtistName.normalize(name).isEmpty else {
                throw ItemProblem("artistName: a rejectedArtist row names its artist")
            }
            guard let time = DismissalsFile.parseTime(dismissedAt) else {
                throw ItemProblem("dismissedAt: not an ISO 8601 time \"\(dismissedAt.prefix(40))\"")
            }
            return ListenedArtist(name: name, status: .rejected, firstSeenAt: time, decidedAt: time, decidedBy: "import")
        }

        private func mute() throws(ItemProblem) -> MutedArtist {
            guard let name = artistName, !ArtistName.normalize(name).isEmpty else {
                throw ItemProblem("artistName: a mutedArtist row names its artist")
            }
            guard let time = DismissalsFile.parseTime(dismissedAt) else {
                throw ItemProblem("dismissedAt: not an ISO 8601 time \"\(dismissedAt.prefix(40))\"")
            }
            return MutedArtist(name: name, mutedAt: time, catalogName: catalogName, catalogID: catalogID, artworkURL: artworkURL)
        }

        private func dismissal() throws(ItemProblem) -> Dismissal {
            guard albumKey.contains(AlbumKey.separator) else {
                throw ItemProblem("albumKey has no title/artist separator (U+001F)")
            }
            guard let time = DismissalsFile.parseTime(dismissedAt) else {
                throw ItemProblem("dismissedAt: not an ISO 8601 time \"\(dismissedAt.prefix(40))\"")
            }
            let type = try recordingType.map { text throws(ItemProblem) in
                guard let type = RecordingType(rawValue: text) else {
                    let known = RecordingType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ItemProblem("recordingType: unknown type \"\(text.prefix(40))\" (\(known))")
                }
                return type
            }
            let date = try releaseDate.map { text throws(ItemProblem) in
                guard let date = ReleaseDate(iso: text) else {
                    throw ItemProblem("releaseDate: not a date \"\(text.prefix(40))\" (YYYY, YYYY-MM or YYYY-MM-DD)")
                }
                return date
            }
            return Dismissal(
                releaseID: releaseID, albumKey: AlbumKey(rawValue: albumKey), dismissedAt: time,
                title: title, artistName: artistName, artworkURL: artworkURL,
                recordingType: type, releaseDate: date)
        }
    }

    struct ItemProblem: Error {
        let detail: String

        init(_ detail: String) {
            self.detail = detail
        }
    }
}

/// A dismissals JSON file that cannot be read or does not follow the SPEC's format: exit 65.
package struct DismissalsFileError: DeepCutError {
    package let path: String
    /// What is wrong, with the 1-based item number and field where it applies.
    package let detail: String

    package var exitCode: ExitCode { .dataError }
    package var message: String { "\(path): \(detail)" }
}
