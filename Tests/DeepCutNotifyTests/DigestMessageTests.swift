import DeepCutCore
import DeepCutNotify
import Testing

@Suite struct DigestMessageTests {
    @Test func deliveryErrorPrintsItsMessageOnly() {
        let error = DeliveryError(.rejected, status: 500, "ntfy.example.org answered 500")
        #expect("\(error)" == "ntfy.example.org answered 500")
        #expect(error.status == 500)
    }
}
