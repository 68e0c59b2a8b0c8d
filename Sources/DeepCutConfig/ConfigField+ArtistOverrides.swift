import DeepCutCore
import Foundation

extension ConfigField {
    /// `{"Library Artist Name": "catalogID", …}`: every name and id a non-empty string, and no two
    /// names the same artist once normalised (which one would win would be a guess).
    func artistOverrides() throws -> [String: String] {
        guard case .object(let members) = value else { throw failure("expected object, got \(value.kindName)") }
        var overrides: [String: String] = [:]
        var namesByKey: [String: String] = [:]
        for (name, idValue) in members {
            let field = ConfigField(value: idValue, path: path.appending(name), fileName: fileName)
            let id = try field.nonEmptyString().trimmingCharacters(in: .whitespaces)
            let key = ArtistName.normalize(name)
            guard !key.isEmpty else { throw field.failure("the artist name must not be empty") }
            if let earlier = namesByKey[key] {
                throw field.failure("names the same artist as '\(earlier)'")
            }
            namesByKey[key] = name
            overrides[name] = id
        }
        return overrides
    }
}
