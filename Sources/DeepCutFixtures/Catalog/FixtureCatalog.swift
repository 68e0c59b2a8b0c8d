import Foundation

/// The artists and releases a `FixtureServer` serves: the whole "remote catalog" of a test, demo or benchmark.
///
/// Tests build it in code; the `deepcut-fixture-server` executable reads it from a JSON file of the same shape.
package struct FixtureCatalog: Sendable, Hashable, Codable {
    package var artists: [FixtureArtist]

    package init(artists: [FixtureArtist]) {
        self.artists = artists
    }

    /// Reads and validates a catalog JSON file.
    package static func load(from url: URL) throws(FixtureCatalogError) -> FixtureCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureCatalogError(file: url.path, problem: "cannot read the file", isUnreadable: true)
        }
        let catalog: FixtureCatalog
        do {
            catalog = try JSONDecoder().decode(FixtureCatalog.self, from: data)
        } catch let error as DecodingError {
            throw FixtureCatalogError(file: url.path, problem: error.oneLineSummary, isUnreadable: false)
        } catch {
            throw FixtureCatalogError(file: url.path, problem: "not a fixture catalog", isUnreadable: false)
        }
        if let problem = catalog.firstProblem {
            throw FixtureCatalogError(file: url.path, problem: problem, isUnreadable: false)
        }
        return catalog
    }

    /// iTunes ids are numbers on the wire, so a non-numeric id would make the server emit invalid JSON;
    /// a storefront the fixture does not know could never be asked for.
    var firstProblem: String? {
        for artist in artists {
            if !artist.id.isNumericID { return "artist \"\(artist.name)\": id \"\(artist.id)\" is not numeric" }
            if let unknown = Self.unknownStorefront(in: artist.storefronts ?? []) {
                return "artist \"\(artist.name)\": storefront \"\(unknown)\" is not one the fixture serves"
            }
            for release in artist.releases {
                if !release.id.isNumericID { return "release \"\(release.title)\": id \"\(release.id)\" is not numeric" }
                if let credited = release.artistID, !credited.isNumericID {
                    return "release \"\(release.title)\": artistID \"\(credited)\" is not numeric"
                }
                let named = (release.storefronts ?? []) + (release.storefrontDates.map { Array($0.keys) } ?? [])
                if let unknown = Self.unknownStorefront(in: named) {
                    return "release \"\(release.title)\": storefront \"\(unknown)\" is not one the fixture serves"
                }
            }
        }
        return nil
    }

    /// The first code that is not a lower-case storefront the fixture serves.
    private static func unknownStorefront(in codes: [String]) -> String? {
        codes.first { ITunesStorefront.named($0)?.code != $0 }
    }
}

extension String {
    /// True for a non-empty run of ASCII digits: the only id form iTunes uses.
    var isNumericID: Bool {
        !isEmpty && utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// A catalog file the fixture server cannot serve: unreadable, not JSON of the catalog's shape, or with bad ids.
package struct FixtureCatalogError: Error, Sendable, CustomStringConvertible {
    package let file: String
    package let problem: String
    /// Distinguishes "cannot read" from "read but wrong", which map to different exit codes.
    package let isUnreadable: Bool

    package var description: String { "\(file): \(problem)" }
}

extension DecodingError {
    /// "artists[2].releases[0].type: Cannot initialize RecordingType from invalid String value lp": where and what,
    /// in one line, for the fixture server's single stderr line.
    var oneLineSummary: String {
        let (path, detail): ([any CodingKey], String) =
            switch self {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                (context.codingPath, context.debugDescription)
            case .keyNotFound(let key, let context):
                (context.codingPath + [key], "missing")
            @unknown default:
                ([], "not a fixture catalog")
            }
        let location = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingPrefix(".")
        return location.isEmpty ? detail : "\(location): \(detail)"
    }
}
