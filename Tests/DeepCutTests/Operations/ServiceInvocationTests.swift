import Testing

@testable import DeepCut

@Suite struct ServiceInvocationTests {
    @Test func invocationIDIsTheSystemdOneOrNothing() {
        let id = "0123456789abcdef0123456789abcdef"
        #expect(ServiceInvocation.id(environment: ["INVOCATION_ID": id]) == id)
        #expect(ServiceInvocation.id(environment: [:]) == nil)
        #expect(ServiceInvocation.id(environment: ["INVOCATION_ID": "not-an-id"]) == nil)
        #expect(ServiceInvocation.id(environment: ["INVOCATION_ID": String(id.dropLast()) + "g"]) == nil)
    }
}
