import Testing

@testable import DeepCutFixtures

@Suite struct FixtureLatencyTests {
    @Test func lognormalSamplesHitTheRequestedMedianAndP99() {
        let latency = FixtureLatency.lognormal(medianMilliseconds: 20, p99Milliseconds: 200, seed: 9)
        var random = SplitMix64(seed: latency.seed)
        let samples = (0..<20_000).map { _ in latency.sampleSeconds(using: &random) * 1000 }.sorted()
        #expect(abs(samples[samples.count / 2] - 20) < 1.5)
        #expect(abs(samples[samples.count * 99 / 100] - 200) < 30)
        #expect(samples.allSatisfy { $0 > 0 })
    }

    @Test func samplesRepeatForASeed() {
        let latency = FixtureLatency.lognormal(medianMilliseconds: 5, p99Milliseconds: 50, seed: 1)
        var first = SplitMix64(seed: 1)
        var second = SplitMix64(seed: 1)
        let a = (0..<10).map { _ in latency.sampleSeconds(using: &first) }
        let b = (0..<10).map { _ in latency.sampleSeconds(using: &second) }
        #expect(a == b)
        #expect(Set(a).count == 10)
    }

    @Test func fixedAndNoneAreConstant() {
        var random = SplitMix64(seed: 0)
        #expect(FixtureLatency.fixed(milliseconds: 250).sampleSeconds(using: &random) == 0.25)
        #expect(FixtureLatency.none.sampleSeconds(using: &random) == 0)
    }
}
