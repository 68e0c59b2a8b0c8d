import Testing

@testable import DeepCut
@testable import DeepCutCore

@Suite struct ExitCodeTests {
    @Test func sysexitsValues() {
        #expect(ExitCode.config.rawValue == 78)
        #expect(ExitCode.tempFail.rawValue == 75)
    }
}
