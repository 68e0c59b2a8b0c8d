/// Whether a release is classical, where the same work recorded again by the same conductor or
/// soloist is the common case: then only the whole performer credit names the release
/// (`ArtistCredit.ensemble`), never one name it shares (Karajan with the Berliner Philharmoniker
/// is not Karajan with the Wiener Philharmoniker).
///
/// Read from what the two sides carry: the catalog's genre ("Classical", "Opera"), the
/// `Composer: Work` title form (MusicBrainz Style/Classical/Release/Title, Apple Music Classical's
/// "Holst: The Planets"), a work's catalogue number or form word in the title ("BWV 988",
/// "Symphony No. 5", "Op. 27"), or an ensemble in the credit ("Berliner Philharmoniker",
/// "Trondheim Soloists", "Emerson String Quartet"; a jazz combo's "Trio" or "Quintet" is one too:
/// the same leader records the same tunes with other players).
enum ClassicalForm {
    /// Composers by surname, as the `Composer: Work` form writes them (folded: Pärt is "part",
    /// Dvořák "dvorak"). From the composers most recorded in MusicBrainz's classical style examples
    /// and Apple Music Classical's composer pages; a missing name only keeps the looser credit rule.
    static let composers: Set<String> = [
        "adams", "albeniz", "albinoni", "allegri", "arvo part", "bach", "j.s. bach", "js bach", "c.p.e. bach", "barber",
        "bartok", "beethoven", "bellini", "berg", "berlioz", "bernstein", "bizet", "borodin", "brahms", "britten", "bruch",
        "bruckner", "buxtehude", "byrd", "cage", "charpentier", "chopin", "copland", "corelli", "couperin", "debussy",
        "delibes", "delius", "donizetti", "dowland", "dvorak", "elgar", "faure", "franck", "gershwin", "glass", "glazunov",
        "glinka", "gluck", "gorecki", "gounod", "grieg", "handel", "haydn", "hildegard von bingen", "hindemith", "holst",
        "ives", "janacek", "josquin", "khachaturian", "korngold", "liszt", "lully", "mahler", "mendelssohn", "messiaen",
        "monteverdi", "mozart", "mussorgsky", "nielsen", "offenbach", "orff", "paganini", "palestrina", "part", "pergolesi",
        "poulenc", "prokofiev", "puccini", "purcell", "rachmaninoff", "rachmaninov", "rameau", "ravel", "reich", "respighi",
        "rimsky-korsakov", "rossini", "saint-saens", "satie", "scarlatti", "schoenberg", "schubert", "schumann", "scriabin",
        "shostakovich", "sibelius", "smetana", "stravinsky", "strauss", "r. strauss", "j. strauss ii", "sullivan", "tallis",
        "tchaikovsky", "telemann", "tippett", "vaughan williams", "verdi", "villa-lobos", "vivaldi", "wagner", "walton",
        "weber", "webern"
    ]

    /// Words naming a work's form or catalogue, as whole words of a folded title.
    static let workWords: Set<String> = [
        "bwv", "hwv", "rv", "op", "op.", "opus", "k.", "kv", "hob", "hob.", "d.", "symphony", "symphonies", "symphonie",
        "sinfonie", "sinfonia", "concerto", "concertos", "concerti", "konzert", "sonata", "sonatas", "requiem", "cantata",
        "cantatas", "oratorio", "nocturnes", "etudes", "études", "preludes", "partitas", "mazurkas", "symphonic"
    ]

    /// Words naming an ensemble in a credit.
    static let ensembleWords: Set<String> = [
        "philharmoniker", "philharmonic", "philharmonia", "philharmonie", "orchestra", "orchester", "orchestre", "orquesta",
        "orchestra's", "symphony", "symphoniker", "sinfonietta", "staatskapelle", "gewandhausorchester", "soloists",
        "solisti", "ensemble", "consort", "chamber", "kammerorchester", "choir", "chor", "chorus", "quartet", "quartett",
        "quatuor", "trio", "quintet", "sextet", "octet", "concertgebouw", "akademie", "academy", "baroque", "camerata", "virtuosi", "musici"
    ]

    /// The `Composer: Work` form or a work word in a folded title.
    ///
    /// Asked of every release whose family meets an owned one (250,000 in the scale benchmark), so it
    /// scans the UTF-8 once and builds a `String` only for a word short enough to be one of the set's.
    static func isClassical(title folded: String) -> Bool {
        if let colon = composerEnd(folded) {
            let head = folded[..<colon]
            if composers.contains(String(head)) { return true }
            // "J.S. Bach: …", "Ludwig van Beethoven: …": a composer's full name ends in the surname.
            if head.utf8.count <= 40, let last = head.split(separator: " ").last, composers.contains(String(last)) { return true }
        }
        return containsWord(of: workWords, longest: longestWorkWord, in: folded)
    }

    /// An ensemble in a folded main credit.
    static func isEnsemble(credit folded: String) -> Bool {
        containsWord(of: ensembleWords, longest: longestEnsembleWord, in: folded)
    }

    private static let longestWorkWord = workWords.map(\.utf8.count).max() ?? 0
    private static let longestEnsembleWord = ensembleWords.map(\.utf8.count).max() ?? 0

    /// Where a `Composer: ` head ends: the first ": " of the title.
    private static func composerEnd(_ text: String) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let next = utf8.index(after: colon)
            if next < utf8.endIndex, utf8[next] == UInt8(ascii: " ") { return colon }
            index = next
        }
        return nil
    }

    /// True when a space-separated word of `text`, trimmed of `,;:()[]`, is one of `words`.
    private static func containsWord(of words: Set<String>, longest: Int, in text: String) -> Bool {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == UInt8(ascii: " ") {
                // Trimmed by bytes: the punctuation is ASCII, so no grapheme is split.
                var (first, end) = (start, index)
                while first < end, punctuation.contains(utf8[first]) { first = utf8.index(after: first) }
                while first < end, punctuation.contains(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
                if first < end, utf8.distance(from: first, to: end) <= longest, words.contains(String(text[first..<end])) {
                    return true
                }
                if atEnd { return false }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
    }

    private static let punctuation: Set<UInt8> = Set(",;:()[]".utf8)

    /// A catalog genre that is classical music: Apple's "Classical", "Opera", "Classical Crossover"
    /// is not (a pop record of classical tunes keeps the looser rule).
    package static func isClassical(genre: String?) -> Bool {
        guard let genre = genre?.lowercased() else { return false }
        return genre == "classical" || genre == "opera" || genre.hasPrefix("classical:") || genre == "chamber music"
            || genre == "orchestral"
    }
}
