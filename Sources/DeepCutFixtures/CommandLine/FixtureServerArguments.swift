/// The `deepcut-fixture-server` command line, parsed here rather than in the executable so it can be tested.
package struct FixtureServerArguments: Sendable, Hashable {
    package static let usage = """
        usage: deepcut-fixture-server --catalog FILE [--port N] \
        [--latency-ms N | --lognormal-median-ms N --lognormal-p99-ms N [--seed N]] \
        [--lookup-limit per-answer|per-artist] [--lookup-sort honoured|oldest-first|shuffled] [--accept-per-minute N]
        """

    package var catalogPath: String
    package var options: FixtureServerOptions

    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: nil when `--help` was asked for.
    package static func parse(_ arguments: [String]) throws(FixtureServerArgumentsError) -> FixtureServerArguments? {
        var values: [String: String] = [:]
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            if flag == "--help" || flag == "-h" { return nil }
            guard Self.flags.contains(flag) else { throw FixtureServerArgumentsError("unknown argument \(flag)") }
            guard let value = remaining.popFirst() else { throw FixtureServerArgumentsError("\(flag) needs a value") }
            guard values.updateValue(value, forKey: flag) == nil else { throw FixtureServerArgumentsError("\(flag) given twice") }
        }
        guard let catalogPath = values["--catalog"] else { throw FixtureServerArgumentsError("--catalog FILE is required") }
        let port = try integer(values, "--port", in: 0...65_535) ?? 0
        var options = FixtureServerOptions(port: port, latency: try latency(values))
        switch values["--lookup-limit"] {
        case nil, "per-answer": options.lookupLimit = .perAnswer
        case "per-artist": options.lookupLimit = .perArtist
        case let other?: throw FixtureServerArgumentsError("--lookup-limit must be per-answer or per-artist, not \(other)")
        }
        switch values["--lookup-sort"] {
        case nil, "honoured": options.lookupSort = .honoured
        case "oldest-first": options.lookupSort = .oldestFirst
        case "shuffled": options.lookupSort = .shuffled
        case let other?: throw FixtureServerArgumentsError("--lookup-sort must be honoured, oldest-first or shuffled, not \(other)")
        }
        if let pace = try number(values, "--accept-per-minute") {
            guard pace > 0 else { throw FixtureServerArgumentsError("--accept-per-minute must be positive") }
            options.acceptedRequestsPerMinute = pace
        }
        return FixtureServerArguments(catalogPath: catalogPath, options: options)
    }

    private static let flags: Set<String> = [
        "--catalog", "--port", "--latency-ms", "--lognormal-median-ms", "--lognormal-p99-ms", "--seed",
        "--lookup-limit", "--lookup-sort", "--accept-per-minute"
    ]

    private static func latency(_ values: [String: String]) throws(FixtureServerArgumentsError) -> FixtureLatency {
        let fixed = try number(values, "--latency-ms")
        let median = try number(values, "--lognormal-median-ms")
        let p99 = try number(values, "--lognormal-p99-ms")
        guard let seedText = values["--seed"] else {
            return try latency(fixed: fixed, median: median, p99: p99, seed: 0)
        }
        guard let seed = UInt64(seedText) else { throw FixtureServerArgumentsError("--seed must be a non-negative integer") }
        guard median != nil else { throw FixtureServerArgumentsError("--seed only applies to lognormal latency") }
        return try latency(fixed: fixed, median: median, p99: p99, seed: seed)
    }

    private static func latency(
        fixed: Double?, median: Double?, p99: Double?, seed: UInt64
    ) throws(FixtureServerArgumentsError) -> FixtureLatency {
        switch (fixed, median, p99) {
        case (nil, nil, nil):
            return .none
        case (let fixed?, nil, nil):
            return .fixed(milliseconds: fixed)
        case (nil, let median?, let p99?):
            guard median > 0, p99 >= median else {
                throw FixtureServerArgumentsError("lognormal latency needs 0 < median <= p99")
            }
            return .lognormal(medianMilliseconds: median, p99Milliseconds: p99, seed: seed)
        case (nil, _, _):
            throw FixtureServerArgumentsError("--lognormal-median-ms and --lognormal-p99-ms go together")
        default:
            throw FixtureServerArgumentsError("--latency-ms and lognormal latency are exclusive")
        }
    }

    private static func number(_ values: [String: String], _ flag: String) throws(FixtureServerArgumentsError) -> Double? {
        guard let text = values[flag] else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw FixtureServerArgumentsError("\(flag) must be a non-negative number, not \(text)")
        }
        return value
    }

    private static func integer(
        _ values: [String: String], _ flag: String, in range: ClosedRange<Int>
    ) throws(FixtureServerArgumentsError) -> Int? {
        guard let text = values[flag] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw FixtureServerArgumentsError("\(flag) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(text)")
        }
        return value
    }
}

/// A bad `deepcut-fixture-server` command line; the executable prints it and exits 64.
package struct FixtureServerArgumentsError: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
