/// What kind of release a catalog entry is. Raw values are the SPEC's `type` strings.
package enum RecordingType: String, Codable, Sendable, CaseIterable, Hashable {
    case album
    case ep
    case single
    case compilation
}
