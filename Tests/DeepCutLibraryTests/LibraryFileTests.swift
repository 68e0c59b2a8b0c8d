import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCutConfig
@testable import DeepCutCore
@testable import DeepCutHTTP
@testable import DeepCutLibrary

/// Library files are regular files, read whole, stable and within bounds; a read stops when the run
/// is cancelled.
@Suite struct LibraryFileTests {
    private let scratch = ScratchFolder()

    private func message(_ format: LibraryFormat, _ path: URL) async -> String? {
        do {
            _ = try await LoadLibrary(registry: .files).run([LibrarySource(format: format, path: path)])
            return nil
        } catch let error as any DeepCutError {
            #expect(error.exitCode == .dataError)
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    // MARK: Only regular files

    @Test(.timeLimit(.minutes(1)), arguments: LibraryFormat.allCases.filter { $0 != .appleMusicLibrary })
    func fifoIsRefusedBeforeOpenWouldBlock(format: LibraryFormat) async throws {
        let fifo = scratch.url.appendingPathComponent("library.\(format.rawValue)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(
            await message(format, fifo) == "\(fifo.path): not a library file: it is a FIFO (named pipe); a library must be a regular file")
    }

    @Test(.timeLimit(.minutes(1)), arguments: LibraryFormat.allCases.filter { $0 != .appleMusicLibrary })
    func deviceIsRefusedNotReadForever(format: LibraryFormat) async {
        #expect(
            await message(format, URL(fileURLWithPath: "/dev/zero"))
                == "/dev/zero: not a library file: it is a character device; a library must be a regular file")
        #expect(
            await message(format, URL(fileURLWithPath: "/dev/null"))
                == "/dev/null: not a library file: it is a character device; a library must be a regular file")
    }

    @Test func symlinkToARegularFileIsRead() async throws {
        let target = try scratch.write("real.csv", "title,artist\nA,B\n")
        let link = scratch.url.appendingPathComponent("library.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(try await LoadLibrary(registry: .files).run([LibrarySource(format: .csv, path: link)]).artists == ["B"])
    }

    // MARK: Bounds

    @Test func overlongRowStopsTheReadWithItsLine() async throws {
        var text = "title,artist\nA,B\n"
        text += String(repeating: "x", count: CSVParser.maximumRecordLength + 10) + ",C\n"
        let file = try scratch.write("library.csv", text)
        #expect(await message(.csv, file) == "library.csv:3: a row longer than 1 MiB; not a library export")
    }

    @Test func rowJustUnderTheCapIsRead() async throws {
        let title = String(repeating: "x", count: CSVParser.maximumRecordLength - 10)
        let file = try scratch.write("library.csv", "title,artist\n\(title),C\n")
        #expect(try await LoadLibrary(registry: .files).run([LibrarySource(format: .csv, path: file)]).albums.map(\.title) == [title])
    }

    @Test func fileOverTheSizeCapIsRefusedBeforeReading() async throws {
        let file = try scratch.write("library.json", "[]")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(LibraryFile.wholeSizeLimit) + 1)  // sparse: no disk used
        try handle.close()
        #expect(await message(.json, file) == "\(file.path): larger than 256 MiB, the most a library file of this format may be")
    }

    // MARK: Stable reads

    /// Reads with the real CSV reader, then changes the file `changes` times before the read ends.
    private final class ChangingReader: LibraryReader {
        let changes: Int
        let reads = Mutex(0)

        init(changes: Int) {
            self.changes = changes
        }

        func read(_ source: LibrarySource) throws -> LibraryReadResult {
            let result = try CSVLibraryReader().read(source)
            let count = reads.withLock { reads in
                reads += 1
                return reads
            }
            if count <= changes {
                let handle = try FileHandle(forWritingTo: source.path)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("Appended \(count),Artist \(count)\n".utf8))
                try handle.close()
            }
            return result
        }
    }

    private func load(_ reader: ChangingReader, _ file: URL) async throws -> LibraryOutcome {
        try await LoadLibrary(registry: LibraryReaderRegistry(readers: [.csv: reader])).run([LibrarySource(format: .csv, path: file)])
    }

    @Test func fileChangedOnceIsReadAgainWhole() async throws {
        let file = try scratch.write("library.csv", "title,artist\nA,B\n")
        let reader = ChangingReader(changes: 1)
        let outcome = try await load(reader, file)
        #expect(reader.reads.withLock { $0 } == 2)
        #expect(outcome.artists == ["B", "Artist 1"])
    }

    @Test func fileChangedOnEveryReadIsExit65NamingIt() async throws {
        let file = try scratch.write("library.csv", "title,artist\nA,B\n")
        let reader = ChangingReader(changes: 2)
        await #expect(throws: LibraryError.changedWhileRead(file)) { try await load(reader, file) }
        #expect(reader.reads.withLock { $0 } == 2)
        #expect(LibraryError.changedWhileRead(file).message.hasPrefix("\(file.path): changed while being read"))
    }

    @Test func fileReplacedWhileReadCountsAsChanged() async throws {
        let file = try scratch.write("library.csv", "title,artist\nA,B\n")
        let replacement = try scratch.write("next.csv", "title,artist\nA,B\n")
        struct ReplacingReader: LibraryReader {
            let replacement: URL
            func read(_ source: LibrarySource) throws -> LibraryReadResult {
                let result = try CSVLibraryReader().read(source)
                // Same size, same content: only the file behind the path is another one.
                let copy = replacement.appendingPathExtension("copy")
                try? FileManager.default.removeItem(at: copy)  // absent on the first read
                try FileManager.default.copyItem(at: replacement, to: copy)
                #expect(rename(copy.path, source.path.path) == 0)
                return result
            }
        }
        let registry = LibraryReaderRegistry(readers: [.csv: ReplacingReader(replacement: replacement)])
        await #expect(throws: LibraryError.changedWhileRead(file)) {
            try await LoadLibrary(registry: registry).run([LibrarySource(format: .csv, path: file)])
        }
    }

    // MARK: Cancellation

    @Test(.timeLimit(.minutes(1)), arguments: [LibraryFormat.csv, .json, .itunesXML, .beets])
    func cancelledRunStopsReading(format: LibraryFormat) async throws {
        let file: URL
        switch format {
        case .itunesXML:
            let tracks = (1...2_000).map { ITunesTestLibrary.Track(id: $0, artist: "Artist", album: "Album \($0)") }
            file = try scratch.write("Library.xml", ITunesTestLibrary(tracks: tracks).xml)
        case .beets:
            file = scratch.url.appendingPathComponent("library.db")
            try BeetsTestDatabase.create(
                at: file, schema: BeetsTestDatabase.earlySchema,
                albums: (1...10).map { BeetsTestDatabase.Album(album: "Album \($0)", albumartist: "Artist") })
        case .json:
            file = try scratch.write(
                "library.json", "[" + Array(repeating: #"{"title": "A", "artist": "B"}"#, count: 20_000).joined(separator: ",") + "]")
        default:
            file = try scratch.write("library.csv", "title,artist\n" + String(repeating: "Album,Artist\n", count: 20_000))
        }
        let reader = try #require(try LibraryReaderRegistry.files.readers(for: [LibrarySource(format: format, path: file)]).first)
        let task = Task {
            // Waits for the cancellation, so the read deterministically starts cancelled.
            while !Task.isCancelled { await Task.yield() }
            return try await reader.read(LibrarySource(format: format, path: file))
        }
        task.cancel()
        await #expect(throws: LibraryReadCancelledError.self) { try await task.value }
        // Not cancelled, the same file reads whole.
        #expect(try await reader.read(LibrarySource(format: format, path: file)).albums.isEmpty == false)
    }

    @Test func cancelledReadIsExit75NamingTheFile() {
        let error = LibraryReadCancelledError(file: URL(fileURLWithPath: "/music/library.csv"))
        #expect(error.exitCode == .tempFail)
        #expect(error.message == "cancelled while reading the library /music/library.csv; nothing published, baseline kept")
    }
}
