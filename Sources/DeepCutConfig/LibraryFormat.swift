/// The library export formats. Raw values are the config's `format` strings.
package enum LibraryFormat: String, Sendable, Hashable, CaseIterable {
    case csv
    case json
    case itunesXML = "itunes-xml"
    case beets
    case appleMusicLibrary = "apple-music-library"
}
