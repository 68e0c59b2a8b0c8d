import DeepCutCore
import DeepCutNotify
import DeepCutState
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

/// The ledger's rules through the notifier, with a channel that records what it is handed (the
/// channels' own wire formats are proved against loopback servers in their own tests).
@Suite struct NotifierTests {
    /// Records messages; fails while `failing` is set.
    final class RecordingChannel: NotificationChannel {
        let name: String
        private let state = Mutex<(messages: [DigestMessage], failing: DeliveryError?)>(([], nil))

        init(_ name: String) { self.name = name }

        var messages: [DigestMessage] { state.withLock { $0.messages } }
        func fail(with error: DeliveryError?) { state.withLock { $0.failing = error } }

        func deliver(_ message: DigestMessage) async throws(DeliveryError) {
            let failing = state.withLock { state -> DeliveryError? in
                if state.failing == nil { state.messages.append(message) }
                return state.failing
            }
            if let failing { throw failing }
        }
    }

    let folder = ScratchFolder()
    /// The wall clock the ledger stamps: advanced by hand between runs.
    let wall = TestClock()
    static let start = Date(timeIntervalSince1970: 1_796_126_400)
    var date: Date { Self.start.addingTimeInterval(Double(wall.elapsed.components.seconds)) }

    func store() async throws -> StateStore { try await StateStore(url: folder.url.appendingPathComponent("state.db")) }

    func notifier(
        _ channels: [RecordingChannel], store: StateStore, admits: @escaping @Sendable (Digest.Item) -> Bool = { _ in true }
    )
        -> Notifier
    {
        Notifier(
            routes: channels.map { Notifier.Route(channel: $0, type: "webhook", admits: admits) }, store: store,
            pageURL: nil, now: { [wall] in Self.start.addingTimeInterval(Double(wall.elapsed.components.seconds)) })
    }

    static func item(_ id: String, _ event: Digest.Item.Event = .newRelease, artist: String = "Bonobo") -> Digest.Item {
        let entry = FeedEntry(
            id: id, key: AlbumKey(title: "Album \(id)", artist: artist), title: "Album \(id)", artist: artist, type: .album,
            releaseDate: ReleaseDate(year: 2026, month: 11, day: 20), artworkURL: nil, url: nil)
        let prefix = event == .announced ? "announce" : "release"
        return Digest.Item(event: event, dedupeKey: "\(prefix):itunes:\(id)", entry: entry)
    }

    func advance(hours: Int) { wall.advance(by: .seconds(hours * 3600)) }

    @Test func eachItemReachesEachChannelOnceAcrossRuns() async throws {
        let store = try await store()
        let phone = RecordingChannel("phone")
        let mail = RecordingChannel("mail")
        let notifier = notifier([phone, mail], store: store)
        let first = Digest(runID: "R1", items: [Self.item("1"), Self.item("2", .announced)])
        let standings = await notifier.deliver(first, shown: ["1", "2"])
        #expect(standings.map(\.outcome) == [.delivered, .delivered])
        #expect(standings.map(\.sent) == [2, 2])
        // The next run's change set still holds item 1 (a partial run keeps the baseline): not told again.
        advance(hours: 1)
        let second = Digest(runID: "R2", items: [Self.item("1"), Self.item("3")])
        let again = await notifier.deliver(second, shown: ["1", "2", "3"])
        #expect(again.map(\.sent) == [1, 1])
        #expect(phone.messages.map { $0.items.map(\.dedupeKey) } == [["release:itunes:1", "announce:itunes:2"], ["release:itunes:3"]])
        #expect(mail.messages.count == 2)
    }

    @Test func aFailedDeliveryIsRetriedNextRunAndOnlyThatChannelFails() async throws {
        let store = try await store()
        let phone = RecordingChannel("phone")
        let mail = RecordingChannel("mail")
        let notifier = notifier([phone, mail], store: store)
        phone.fail(with: DeliveryError(.rejected, status: 500, "ntfy.example.org answered 500"))
        let standings = await notifier.deliver(Digest(runID: "R1", items: [Self.item("1")]), shown: ["1"])
        #expect(standings[0].outcome == .failed)
        #expect(standings[0].pending == 1)
        #expect(standings[0].lastError == "ntfy.example.org answered 500")
        #expect(standings[0].lastErrorKind == "rejected")
        #expect(standings[0].consecutiveFailures == 1)
        #expect(standings[1].outcome == .delivered)
        // The next run has no news, but the owed item goes out once the channel is back.
        phone.fail(with: nil)
        advance(hours: 1)
        let retried = await notifier.deliver(Digest(runID: "R2", items: []), shown: ["1"])
        #expect(retried.map(\.outcome) == [.delivered, .nothingToSend])
        #expect(retried[0].lastError == nil)
        #expect(retried[0].consecutiveFailures == 0)
        #expect(retried[0].pending == 0)
        #expect(phone.messages.map { $0.items.map(\.dedupeKey) } == [["release:itunes:1"]])
        #expect(mail.messages.count == 1)
    }

    /// The run is stopped (SIGTERM cancels its task) while the message is out.
    final class StoppedWhileSending: NotificationChannel {
        let name = "phone"
        func deliver(_ message: DigestMessage) async throws(DeliveryError) {
            withUnsafeCurrentTask { $0?.cancel() }
            throw DeliveryError(.transport, "ntfy.example.org: request cancelled")
        }
    }

    @Test func aRunStoppedWhileAMessageIsOutRecordsItUnconfirmedUntilResend() async throws {
        let store = try await store()
        let stopped = Notifier(
            routes: [Notifier.Route(channel: StoppedWhileSending(), type: "ntfy") { _ in true }], store: store,
            pageURL: nil, now: { Self.start })
        let standing = await stopped.deliver(Digest(runID: "R1", items: [Self.item("1"), Self.item("2")]), shown: ["1", "2"])
        #expect(standing[0].unconfirmed == 2)
        #expect(standing[0].pending == 0)
        // The next run sends nothing on its own.
        let phone = RecordingChannel("phone")
        advance(hours: 1)
        let next = await notifier([phone], store: store).deliver(Digest(runID: "R2", items: []), shown: ["1", "2"])
        #expect(next[0].outcome == .nothingToSend)
        #expect(phone.messages.isEmpty)
        // `notify --resend`: owed again, sent by the run after.
        #expect(try await store.perform { try $0.deliveries.requeueUnconfirmed(channel: "phone", at: date) } == ["phone": 2])
        advance(hours: 1)
        let resent = await notifier([phone], store: store).deliver(Digest(runID: "R3", items: []), shown: ["1", "2"])
        #expect(resent[0].sent == 2)
        #expect(resent[0].unconfirmed == 0)
    }

    /// A channel that refuses any message of more than one item (413): halves until each passes.
    @Test func aMessageRefusedForItsSizeIsSplitAndAnItemRefusedAloneIsGivenUp() async throws {
        final class SmallOnly: NotificationChannel {
            let name = "phone"
            let received = Mutex<[[String]]>([])
            func deliver(_ message: DigestMessage) async throws(DeliveryError) {
                let keys = message.items.map(\.dedupeKey)
                if message.items.count > 1 || keys == ["release:itunes:3"] {
                    throw DeliveryError(.rejected, status: 413, "ntfy.example.org answered HTTP 413")
                }
                received.withLock { $0.append(keys) }
            }
        }
        let store = try await store()
        let channel = SmallOnly()
        let notifier = Notifier(
            routes: [Notifier.Route(channel: channel, type: "ntfy") { _ in true }], store: store, pageURL: nil,
            now: { Self.start })
        let items = (1...4).map { Self.item(String($0)) }
        let standing = await notifier.deliver(Digest(runID: "R1", items: items), shown: ["1", "2", "3", "4"])
        #expect(channel.received.withLock { $0 } == [["release:itunes:1"], ["release:itunes:2"], ["release:itunes:4"]])
        #expect(standing[0].sent == 3)
        #expect(standing[0].refused == 1)
        #expect(standing[0].pending == 0)
        #expect(standing[0].outcome == .delivered)
    }

    @Test func aRetriedMessageKeepsItsDedupeKey() async throws {
        let store = try await store()
        let phone = RecordingChannel("phone")
        let notifier = notifier([phone], store: store)
        phone.fail(with: DeliveryError(.timeout, "hooks.example.org did not answer within 10 s"))
        _ = await notifier.deliver(Digest(runID: "R1", items: [Self.item("1"), Self.item("2")]), shown: ["1", "2"])
        phone.fail(with: nil)
        _ = await notifier.deliver(Digest(runID: "R2", items: []), shown: ["1", "2"])
        let expected = try #require(phone.messages.first)
        // Same items, same channel: the receiver that saw the timed-out try can drop this one.
        #expect(expected.dedupeKey.hasPrefix("deepcut-"))
        #expect(expected.dedupeKey.count == "deepcut-".count + 16)
    }

    @Test func aRunThatStoppedWhileSendingNeverSendsThoseItemsAgain() async throws {
        let store = try await store()
        // A run recorded `sending` and then died before the answer was recorded.
        try await store.perform { try $0.deliveries.enqueue([Self.item("1")], channel: "phone", runID: "R1", at: date) }
        try await store.perform { try $0.deliveries.markSending(["release:itunes:1"], channel: "phone", at: date) }
        let phone = RecordingChannel("phone")
        advance(hours: 1)
        let standings = await notifier([phone], store: store).deliver(
            Digest(runID: "R2", items: [Self.item("1"), Self.item("2")]), shown: ["1", "2"])
        #expect(phone.messages.map { $0.items.map(\.dedupeKey) } == [["release:itunes:2"]])
        #expect(standings[0].unconfirmed == 1)
        #expect(try await store.perform { try $0.deliveries.states(channel: "phone")["release:itunes:1"] } == .unconfirmed)
    }

    @Test func ownedItemsThatLeftTheFeedOrAgedOutAreNotSent() async throws {
        let store = try await store()
        let phone = RecordingChannel("phone")
        let notifier = notifier([phone], store: store)
        phone.fail(with: DeliveryError(.unreachable, "ntfy.example.org: connection refused"))
        _ = await notifier.deliver(Digest(runID: "R1", items: [Self.item("1"), Self.item("2")]), shown: ["1", "2"])
        phone.fail(with: nil)
        // Item 2 was dismissed meanwhile: it is no longer shown, so it is dropped, not sent.
        advance(hours: 1)
        _ = await notifier.deliver(Digest(runID: "R2", items: []), shown: ["1"])
        #expect(phone.messages.map { $0.items.map(\.dedupeKey) } == [["release:itunes:1"]])
        #expect(try await store.perform { try $0.deliveries.states(channel: "phone")["release:itunes:2"] } == .dropped)
        // An item owed for longer than a week is no longer news.
        phone.fail(with: DeliveryError(.unreachable, "down"))
        _ = await notifier.deliver(Digest(runID: "R3", items: [Self.item("3")]), shown: ["3"])
        phone.fail(with: nil)
        advance(hours: 24 * 8)
        let late = await notifier.deliver(Digest(runID: "R4", items: []), shown: ["3"])
        #expect(late[0].outcome == .nothingToSend)
        #expect(try await store.perform { try $0.deliveries.states(channel: "phone")["release:itunes:3"] } == .expired)
    }

    @Test func theChannelFilterDecidesWhatIsQueued() async throws {
        let store = try await store()
        let phone = RecordingChannel("phone")
        let notifier = notifier([phone], store: store, admits: { $0.entry.artist == "Khruangbin" })
        let digest = Digest(runID: "R1", items: [Self.item("1"), Self.item("2", artist: "Khruangbin")])
        let standings = await notifier.deliver(digest, shown: ["1", "2"])
        #expect(standings[0].sent == 1)
        #expect(phone.messages.first?.items.map(\.entry.artist) == ["Khruangbin"])
    }
}
