/// Decides whether a qualifier — "(Deluxe Edition)", "[2011 Remaster]", ": Tour Edition",
/// "(Taylor's Version)" — names the same release family or a different release.
///
/// The rules follow how catalogs name things (README, "Matching"): Apple Music's style guide puts
/// packaging and content extras in "(… Edition)" and marks different audio with its own words
/// ("Live", "Remix", "Acoustic", "Instrumental", "(Taylor's Version)"); MusicBrainz keeps a
/// release group's editions together and gives remixes, live recordings and re-recordings groups
/// of their own. "Edition" is mostly packaging and "Version" often different audio, but neither
/// alone is safe, so a word naming different audio wins over both. Whatever the rules cannot
/// place is `undecided`, which matches nothing unless track-list evidence says otherwise: hiding
/// a genuinely different release is the worse mistake.
enum EditionQualifier {
    enum Verdict: Equatable {
        /// An edition of the same release: stripped from the family.
        case sameRelease
        /// Names a different release (live, remix, re-recording…): kept in the family.
        case differentRelease
        /// The rules cannot place it: kept in the family, a candidate for track-list evidence.
        case undecided
    }

    /// Words that alone make a qualifier an edition of the same release.
    static let coreWords: Set<String> = [
        "deluxe", "expanded", "remastered", "remaster", "remasters", "anniversary", "bonus", "special",
        "collector's", "collectors", "collector", "explicit", "clean", "edited", "uncensored", "censored",
        "reissue", "re-issue", "reissued", "repackage", "standard", "remasterizado", "exclusive", "remastering",
        "mix/master", "remasterizada"
    ]
    /// Packaging and format words: "(Digipak)", "(Box Set)", "(Stereo & Mono)", "(Red Vinyl)".
    static let packagingWords: Set<String> = [
        "digipak", "digipack", "digibook", "box", "boxset", "set", "vinyl", "cd", "lp", "cassette", "mono",
        "stereo", "hi-res", "hd", "24-bit", "24bit", "sacd", "mfsl", "atmos", "spatial", "surround",
        "picture", "disc", "discs", "2cd", "3cd", "4cd", "2lp", "3lp", "limited", "package", "packaging"
    ]
    /// Words that may accompany a core or packaging word without changing its meaning.
    static let fillerWords: Set<String> = [
        "version", "super", "the", "track", "tracks", "ver.", "ed.", "and", "&", "+", "with", "audio",
        "dolby", "mix", "new", "original", "album", "edition", "ver", "ed", "edición", "edicion", "édition", "edição", "edizione",
        "especial", "spéciale", "speciale"
    ]
    /// Markets: "(UK Version)" and "(Japan Edition)" are track-list variants of one release.
    static let marketWords: Set<String> = [
        "uk", "us", "usa", "japan", "korea", "european", "europe", "international", "worldwide", "asia",
        "australian", "canadian", "american", "british", "domestic", "import"
    ]
    /// Colours, markets and seasons: they name an edition only beside an edition or packaging
    /// word ("(Blue Vinyl)", "(Japan Edition)"), never alone: "(Blue)" may be another album.
    static let namingWords: Set<String> = marketWords.union([
        "red", "blue", "green", "yellow", "white", "black", "clear", "gold", "silver", "pink", "purple", "orange",
        "transparent", "splatter", "coloured", "colored", "summer", "winter", "spring", "autumn",
        "fall", "holiday", "tour", "world"
    ])
    /// Languages: "(Korean Edition)" is the Korean market's package, "(Japanese Version)" is
    /// sung in Japanese — a language beside "Version" (or alone) is different audio.
    static let languageWords: Set<String> = [
        "english", "spanish", "japanese", "korean", "chinese", "mandarin", "cantonese", "french", "german",
        "italian", "portuguese", "español", "russian", "hindi", "tagalog", "thai"
    ]
    /// Words that name different audio or different content, whatever else the qualifier says.
    static let differentReleaseWords: Set<String> = [
        "live", "livestream", "concert", "unplugged", "acoustic", "remix", "remixes", "remixed", "rmx", "mixes",
        "dj", "mixed", "continuous", "instrumental", "instrumentals", "drumless", "karaoke", "a cappella",
        "acapella", "a-cappella", "cappella", "orchestral", "symphonic", "orchestra", "piano", "strings", "dub",
        "dubs", "session", "sessions", "demo", "demos", "commentary", "sped", "slowed", "reverb", "nightcore",
        "lullaby", "lullabies", "8-bit", "chiptune", "cover", "covers", "tribute", "re-recorded", "rerecorded",
        "re-record", "taylor's", "reimagined", "reworked", "rework", "reworks", "redux", "revisited", "reprise",
        "stripped", "extended", "edit", "edits", "radio", "club", "versions", "score", "soundtrack", "highlights",
        "selections", "excerpts", "ep", "sampler", "preview", "b-sides", "b-side", "rarities", "outtakes",
        "alternate", "alternates", "alternative", "rehearsal", "rehearsals", "broadcast", "bbc", "peel",
        "re-recording", "rerecording", "re-recordings", "deluxe-live", "part",
        // Genres, moods and instruments name a re-arranged record: "(Reggae Edition)", "(Lofi Edition)".
        "reggae", "jazz", "bluegrass", "lofi", "lo-fi", "chill", "chillout", "classical", "kids", "children's",
        "rock", "dance", "country", "gospel", "symphony", "electronic", "ambient", "techno", "house", "trap",
        "latin", "salsa", "metal", "punk", "swing", "sleep", "meditation", "relaxing", "spa", "yoga", "8d",
        "phonk", "quartet", "cello", "guitar", "ukulele", "marimba", "harp", "violin", "sax", "accordion",
        "bossa", "lounge", "unmixed", "duets", "duet", "stems", "memos", "featuring", "feat.", "ft.", "pt.", "feat", "ft", "pt", "inst",
        "vol", "volume", "chapter",
        "act",
        "ii", "iii", "iv", "side", "disk", "sequel", "companion", "encore", "unreleased", "early", "more"
    ]
    /// Words that may end a qualifier written without brackets: "… Deluxe Edition", "… Remastered".
    static let closingWords: Set<String> = ["edition", "remaster", "remastered", "remasters", "anniversary", "reissue"]
    /// Roman anniversary marks used as whole qualifiers: "Illmatic XX", "(XXV)".
    static let anniversaryMarks: Set<String> = ["xx", "xxv"]

    /// The verdict on a whole qualifier: a bracket's inside, or the text after a dash or colon.
    static func verdict(_ text: String) -> Verdict {
        if let japanese = japaneseEditionVerdict(text) { return japanese }
        let words = words(of: text)
        guard !words.isEmpty else { return .undecided }
        if words.contains(where: differentReleaseWords.contains) { return .differentRelease }
        // "(2018 Bob Ludwig Remastering)", "(Rudy Van Gelder Remaster)", "(2012 Mix/Master)": a
        // remaster named by its engineer or year (Discogs credits them so).
        if let last = words.last, words.count <= 6,
            ["remaster", "remastered", "remastering"].contains(last) || (last == "master" && words.dropLast().last == "mix")
        {
            return .sameRelease
        }
        // "- Mini Album", "- The 7th Mini Album", "- The 5th Album Repackage" (Korean store names).
        if words.allSatisfy({ koreanStoreWords.contains($0) || isOrdinal($0) }),
            words.contains(where: { $0 == "mini" || $0 == "repackage" || isOrdinal($0) }),
            words.contains(where: { $0 == "album" || $0 == "repackage" })
        {
            return .sameRelease
        }
        // "(Target Exclusive)": a retailer's bonus tracks.
        if words.last == "exclusive", words.count <= 3 { return .sameRelease }
        // "(Korean Edition)" is usually the Korean market's package, but a "Japanese Edition" of a
        // K-pop album is often sung in Japanese: beside "Edition" a language is left to the tracks.
        if words.contains(where: languageWords.contains) {
            return words.last == "edition" && words.count <= 5 ? .undecided : .differentRelease
        }
        // "(UK Version)", "(International Version)": a market's track list.
        if words.last == "version", words.count >= 2,
            words.dropLast().allSatisfy({ marketWords.contains($0) || coreWords.contains($0) || packagingWords.contains($0) })
        {
            return .sameRelease
        }
        if words.count == 1, anniversaryMarks.contains(words[0]) || words[0] == "+" { return .sameRelease }
        if isVocabularyPhrase(words) { return .sameRelease }
        // "(Summer Edition)", "(Wembley Edition)", "(Legacy Edition)": an edition named by anything
        // that does not name different audio. A bounded phrase: a sentence is not a qualifier.
        if words.count <= 5, let last = words.last, ["edition", "ed.", "édition"].contains(last) { return .sameRelease }
        if words.count <= 5, let first = words.first, ["edición", "edicion", "edição", "edizione", "édition"].contains(first) {
            return .sameRelease
        }
        // "(2019 Mix)", "(Stereo Mix)": a new mix of the same album; a DJ mix was caught above.
        if words.last == "mix", words.count >= 2,
            words.dropLast().allSatisfy({ isYear($0) || packagingWords.contains($0) || $0 == "new" || $0 == "dolby" })
        {
            return .sameRelease
        }
        return .undecided
    }

    static let koreanStoreWords: Set<String> = ["the", "mini", "album", "repackage", "special", "full", "studio", "full-length", "regular"]

    /// Japanese edition tags: 初回限定盤 (first press, limited), 通常盤 (regular), 初回生産限定盤,
    /// 完全生産限定盤, 期間生産限定盤, with their A/B/C variants: packages of one album. A tag naming
    /// different audio (ライブ, リミックス, インスト, a language version) is left to the rules.
    /// - Returns: nil when `text` carries no Japanese edition tag.
    static func japaneseEditionVerdict(_ text: String) -> Verdict? {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else { return nil }
        let editionMarks = ["初回", "通常", "限定", "生産", "特装", "期間"]
        guard editionMarks.contains(where: text.contains) else { return nil }
        let audioMarks = ["ライブ", "ライヴ", "リミックス", "インスト", "カラオケ", "アコースティック", "live", "remix", "inst", "ver", "version"]
        return audioMarks.contains(where: text.contains) ? .differentRelease : .sameRelease
    }

    /// True when `text` is an edition qualifier (`verdict == .sameRelease`).
    static func isEditionQualifier(_ text: String) -> Bool {
        verdict(text) == .sameRelease
    }

    /// A phrase made only of edition vocabulary with at least one core or packaging word:
    /// "(Super Deluxe)", "[2009 Remaster]", "(Anniversary Box)", "(Stereo & Mono)".
    static func isVocabularyPhrase(_ words: [String], allowingNamingWords: Bool = true) -> Bool {
        guard words.contains(where: { coreWords.contains($0) || packagingWords.contains($0) }) else { return false }
        return words.allSatisfy { word in
            coreWords.contains(word) || packagingWords.contains(word) || fillerWords.contains(word)
                || isYear(word) || isOrdinal(word) || isDiscCount(word)
                || (allowingNamingWords && namingWords.contains(word))
        }
    }

    /// The longest trailing run of `words` that is an edition qualifier written without brackets
    /// ("Rumours Super Deluxe Edition", "Thriller 25th Anniversary", "Illmatic XX"), as a count of
    /// words, or 0. Only strict vocabulary counts here, and the run must end in a word that closes
    /// a qualifier: "Love Deluxe" (Sade) and "Come Clean" are albums of their own.
    static func plainSuffixLength(_ words: [String]) -> Int {
        guard words.count >= 2, let last = words.last else { return 0 }
        if anniversaryMarks.contains(last) || last == "+" { return 1 }
        guard closingWords.contains(last) else { return 0 }
        var length = 0
        for word in words.reversed().dropLast() {
            let isVocabulary =
                coreWords.contains(word) || packagingWords.contains(word) || fillerWords.contains(word)
                || isYear(word) || isOrdinal(word)
            guard isVocabulary, !differentReleaseWords.contains(word) else { break }
            length += 1
        }
        guard length > 0 else { return 0 }
        let run = Array(words.suffix(length))
        // "… Edition" needs a core word before it ("Deluxe Edition"); "Anniversary" needs its number.
        if last == "edition", !run.dropLast().contains(where: coreWords.contains) { return 0 }
        if last == "anniversary", run.count < 2 || !isOrdinal(run[run.count - 2]) { return 0 }
        return isVocabularyPhrase(run, allowingNamingWords: false) ? length : 0
    }

    /// Any word the rules know, of whatever kind: such a qualifier is not a romanised title.
    static func isVocabulary(_ word: String) -> Bool {
        coreWords.contains(word) || packagingWords.contains(word) || fillerWords.contains(word) || namingWords.contains(word)
            || differentReleaseWords.contains(word) || languageWords.contains(word)
    }

    static func words(of text: String) -> [String] {
        text.split(separator: " ").map { $0.trimmingPunctuation() }.filter { !$0.isEmpty }
    }

    static func isYear(_ word: String) -> Bool {
        word.count == 4 && word.allSatisfy(\.isASCIIDigit) && (word.hasPrefix("19") || word.hasPrefix("20"))
    }

    static let ordinalWords: Set<String> = [
        "first", "fifth", "tenth", "fifteenth", "twentieth", "twenty-fifth", "thirtieth", "thirty-fifth",
        "fortieth", "forty-fifth", "fiftieth", "sixtieth"
    ]

    /// "40th", "25th", "1st", "Tenth"…: anniversary numbers.
    static func isOrdinal(_ word: String) -> Bool {
        if ordinalWords.contains(word) { return true }
        let digits = word.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty else { return false }
        return ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count)))
    }

    /// "2cd", "3-disc": how many discs a package holds.
    private static func isDiscCount(_ word: String) -> Bool {
        let digits = word.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits.count <= 2 else { return false }
        return ["cd", "lp", "-disc", "disc", "-cd", "-lp"].contains(String(word.dropFirst(digits.count)))
    }
}

extension Substring {
    /// Drops surrounding punctuation (commas, colons, stray brackets) but keeps inner apostrophes.
    func trimmingPunctuation() -> String {
        let punctuation: Set<Character> = [",", ":", ";", "(", ")", "[", "]", "\"", "!", "-", "/"]
        var text = self
        while let first = text.first, punctuation.contains(first) { text = text.dropFirst() }
        while let last = text.last, punctuation.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
