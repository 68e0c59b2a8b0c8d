/// Which releases the feed wants (`feed.types`): the one rule the Diff, `more-from` and the
/// notification filters share.
///
/// A release is wanted when its primary type is wanted and each of its secondary types is wanted,
/// so a live EP needs both `ep` and `live`. Secondary types are chosen apart from primary ones: a
/// list naming none of them (every config written before they existed, the SPEC's example too)
/// wants all but `appearance`, so an upgrade never hides the live albums and soundtracks such a
/// config always showed.
package struct TypeSelection: Sendable, Hashable {
    package var primary: Set<RecordingType>
    package var secondary: Set<SecondaryType>

    package init(primary: Set<RecordingType> = Set(RecordingType.allCases), secondary: Set<SecondaryType> = Self.defaultSecondary) {
        self.primary = primary
        self.secondary = secondary
    }

    /// Every secondary type but `appearance`: appearances are other artists' records, and noisy.
    package static let defaultSecondary = Set(SecondaryType.allCases).subtracting([.appearance])

    /// The default when `feed.types` is absent: every primary type, every secondary type but `appearance`.
    package static let standard = TypeSelection()

    /// The selection a `feed.types` list names; nil when it names no primary type (nothing would be wanted).
    package init?(_ choices: [Choice]) {
        var primary: Set<RecordingType> = []
        var secondary: Set<SecondaryType> = []
        for choice in choices {
            switch choice {
            case .primary(let type): primary.insert(type)
            case .secondary(let type): secondary.insert(type)
            }
        }
        guard !primary.isEmpty else { return nil }
        self.init(primary: primary, secondary: secondary.isEmpty ? Self.defaultSecondary : secondary)
    }

    package func wants(_ release: Release) -> Bool {
        wants(type: release.type, secondaryTypes: release.secondaryTypes)
    }

    package func wants(_ entry: FeedEntry) -> Bool {
        wants(type: entry.type, secondaryTypes: entry.secondaryTypes)
    }

    package func wants(type: RecordingType, secondaryTypes: [SecondaryType]) -> Bool {
        primary.contains(type) && secondaryTypes.allSatisfy(secondary.contains)
    }

    /// The names this selection is written as, primary types first, in declaration order.
    package var names: [String] {
        RecordingType.allCases.filter(primary.contains).map(\.rawValue) + SecondaryType.allCases.filter(secondary.contains).map(\.rawValue)
    }
}

extension TypeSelection {
    /// One name of a `feed.types` list.
    package enum Choice: Sendable, Hashable {
        case primary(RecordingType)
        case secondary(SecondaryType)

        package init?(name: String) {
            if let type = RecordingType(rawValue: name) {
                self = .primary(type)
            } else if let type = SecondaryType(rawValue: name) {
                self = .secondary(type)
            } else {
                return nil
            }
        }

        /// Every name `feed.types` accepts, for error messages and the README.
        package static let names = RecordingType.allCases.map(\.rawValue) + SecondaryType.allCases.map(\.rawValue)
    }
}
