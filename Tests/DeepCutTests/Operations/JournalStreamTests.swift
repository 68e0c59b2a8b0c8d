import DeepCutTestKit
import Foundation
import Glibc
import Testing

@testable import DeepCut

@Suite struct JournalStreamTests {
    private static func announcement(of descriptor: Int32) throws -> String {
        let stream = try #require(JournalStream.of(descriptor: descriptor))
        return "\(stream.device):\(stream.inode)"
    }

    @Test func aPipeNamedByJournalStreamIsTheJournal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let environment = ["JOURNAL_STREAM": try Self.announcement(of: ends[1])]
        #expect(JournalStream.isConnected(ends[1], environment: environment))
    }

    @Test func aFileIsNotTheJournalEvenWhenAStreamIsAnnounced() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let scratch = ScratchFolder()
        let path = scratch.url.appendingPathComponent("stderr.log").path
        let file = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        try #require(file >= 0)
        defer { close(file) }
        // systemd handed us the pipe, but stderr was redirected to a file since.
        let environment = ["JOURNAL_STREAM": try Self.announcement(of: ends[1])]
        #expect(!JournalStream.isConnected(file, environment: environment))
        #expect(JournalStream.isConnected(file, environment: ["JOURNAL_STREAM": try Self.announcement(of: file)]))
    }

    @Test func withoutAValidAnnouncementNothingIsTheJournal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let real = try Self.announcement(of: ends[1])
        #expect(!JournalStream.isConnected(ends[1], environment: [:]))
        for malformed in ["", "12", "a:b", real + ":1", " " + real, "-1:5"] {
            #expect(!JournalStream.isConnected(ends[1], environment: ["JOURNAL_STREAM": malformed]), "\(malformed)")
        }
    }

    @Test func aClosedDescriptorIsNotTheJournal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let announced = try Self.announcement(of: ends[1])
        close(ends[0])
        close(ends[1])
        #expect(!JournalStream.isConnected(ends[1], environment: ["JOURNAL_STREAM": announced]))
    }
}
