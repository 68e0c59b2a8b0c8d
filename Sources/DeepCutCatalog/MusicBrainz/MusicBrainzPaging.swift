import DeepCutCore

/// The paging rule every MusicBrainz list keeps, a browse and a search alike: ask the next page
/// at the offset the pages so far reach, until it reaches the answer's own count. An empty page
/// before that count means the rest of the list is missing, not gone: a failure, so nothing reads
/// as withdrawn; so is a list longer than `maximumPages`.
struct MusicBrainzPaging {
    let endpoint: String
    /// What the pages list ("release groups"), and what a page is called ("page", "search page").
    let noun: String
    let page: String
    let maximumPages: Int
    private(set) var offset = 0

    enum Turn {
        case more
        case complete
        case failed(FetchFailure)
    }

    /// After a page listing `listed` of the answer's `count` items.
    mutating func turn(listed: Int, of count: Int) -> Turn {
        offset += listed
        if offset >= count { return .complete }
        guard listed > 0 else {
            return .failed(
                FetchFailure(
                    kind: .decoding, httpStatus: 200, attempts: 1,
                    message: "\(endpoint): an empty \(page) at offset \(offset) of \(count) \(noun)"))
        }
        return .more
    }

    /// The failure of a list that did not end within `maximumPages`.
    var tooLong: FetchFailure {
        FetchFailure(
            kind: .decoding, httpStatus: 200, attempts: maximumPages, message: "\(endpoint): more than \(maximumPages) \(page)s of \(noun)")
    }
}
