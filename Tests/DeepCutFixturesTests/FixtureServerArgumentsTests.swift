import Testing

@testable import DeepCutFixtures

@Suite struct FixtureServerArgumentsTests {
    @Test func parsesCatalogPortAndLatency() throws {
        let plain = try #require(try FixtureServerArguments.parse(["--catalog", "c.json"]))
        #expect(plain.catalogPath == "c.json")
        #expect(plain.options == FixtureServerOptions(port: 0, latency: .none))

        let fixed = try #require(try FixtureServerArguments.parse(["--port", "8089", "--catalog", "c.json", "--latency-ms", "15"]))
        #expect(fixed.options == FixtureServerOptions(port: 8089, latency: .fixed(milliseconds: 15)))

        let lognormal = try #require(
            try FixtureServerArguments.parse([
                "--catalog", "c.json", "--lognormal-median-ms", "20", "--lognormal-p99-ms", "300", "--seed", "7"
            ]))
        #expect(lognormal.options.latency == .lognormal(medianMilliseconds: 20, p99Milliseconds: 300, seed: 7))
    }

    @Test func helpIsNotAnError() throws {
        #expect(try FixtureServerArguments.parse(["--help"]) == nil)
    }

    @Test(arguments: [
        [String](),
        ["--catalog"],
        ["--catalog", "c.json", "--verbose"],
        ["--catalog", "a.json", "--catalog", "b.json"],
        ["--catalog", "c.json", "--port", "70000"],
        ["--catalog", "c.json", "--latency-ms", "-1"],
        ["--catalog", "c.json", "--latency-ms", "5", "--lognormal-median-ms", "5", "--lognormal-p99-ms", "9"],
        ["--catalog", "c.json", "--lognormal-median-ms", "5"],
        ["--catalog", "c.json", "--lognormal-median-ms", "50", "--lognormal-p99-ms", "9"],
        ["--catalog", "c.json", "--seed", "3"],
        ["--catalog", "c.json", "--lognormal-median-ms", "5", "--lognormal-p99-ms", "9", "--seed", "x"]
    ])
    func badArgumentsAreRejected(arguments: [String]) {
        #expect(throws: FixtureServerArgumentsError.self) { try FixtureServerArguments.parse(arguments) }
    }
}
