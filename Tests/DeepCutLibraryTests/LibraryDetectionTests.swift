import DeepCutConfig
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutLibrary

/// `deepcut init` tells a library export's format from its bytes, and finds one in the usual places.
@Suite struct LibraryDetectionTests {
    let scratch = ScratchFolder()

    @Test func theBundledLibraryXMLIsAnITunesExport() throws {
        let sample = try #require(SharedSamples.url("itunes_Library_xml_libpytunes_Test_Library.xml"))
        #expect(try LibraryFormat.detect(at: sample) == .itunesXML)
    }

    @Test func aBeetsDatabaseByItsSQLiteHeader() throws {
        let schema = try #require(try BeetsTestDatabase.currentSchema())
        let file = scratch.url.appendingPathComponent("whatever-name")
        try BeetsTestDatabase.create(at: file, schema: schema, albums: [.init(album: "Fragments", albumartist: "Bonobo")])
        #expect(try LibraryFormat.detect(at: file) == .beets)
    }

    @Test func csvByItsHeaderRowJSONByItsArray() throws {
        #expect(try LibraryFormat.detect(at: scratch.write("a.txt", "\u{FEFF}Artist,\"Title\",Year\nBonobo,Fragments,2022\n")) == .csv)
        #expect(try LibraryFormat.detect(at: scratch.write("b", "  [{\"title\": \"Fragments\", \"artist\": \"Bonobo\"}]")) == .json)
        #expect(try LibraryFormat.detect(at: scratch.write("c.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<plist/>")) == .itunesXML)
    }

    @Test(arguments: [
        ("notes.txt", "just some words\n", "not a library export deepcut reads"),
        ("empty.csv", "", "the file is empty"),
        ("page.xml", "<?xml version=\"1.0\"?>\n<html><body/></html>", "not a Music or iTunes library"),
        ("album.csv", "name,year\nFragments,2022\n", "not a library export deepcut reads")
    ])
    func anythingElseIsExit65NamingTheFile(name: String, contents: String, reason: String) throws {
        let file = try scratch.write(name, contents)
        let error = try #require(throws: LibraryError.self) { try LibraryFormat.detect(at: file) }
        #expect(error.exitCode == .dataError)
        #expect(error.message.hasPrefix(file.path + ": "))
        #expect(error.message.contains(reason))
        #expect(!error.message.contains("\n"))
    }

    @Test func aMissingFileOrAFolderIsExit65NamingIt() throws {
        let missing = scratch.url.appendingPathComponent("Library.xml")
        let error = try #require(throws: LibraryError.self) { try LibraryFormat.detect(at: missing) }
        #expect(error.message == "\(missing.path): cannot read library: No such file or directory")
        let folder = try #require(throws: LibraryError.self) { try LibraryFormat.detect(at: scratch.url) }
        #expect(folder.message.contains("it is a directory"))
    }

    @Test func theSearchFindsExportsAndBeetsWhereTheyLive() throws {
        let home = scratch.url.appendingPathComponent("home")
        let xml = try scratch.write("home/Music/iTunes/iTunes Music Library.xml", "<plist/>")
        let beets = try scratch.write("home/.config/beets/library.db", "")
        #expect(LibrarySearch(home: home, environment: [:]).found() == [xml, beets])

        let elsewhere = try scratch.write("beetsdir/library.db", "")
        #expect(
            LibrarySearch(home: home, environment: ["BEETSDIR": elsewhere.deletingLastPathComponent().path]).found() == [xml, elsewhere])
        let xdg = try scratch.write("xdg/beets/library.db", "")
        #expect(
            LibrarySearch(home: home, environment: ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("xdg").path]).found() == [
                xml, xdg
            ])
    }

    @Test func oneFileReachedTwiceIsFoundOnce() throws {
        let home = scratch.url.appendingPathComponent("home")
        let xml = try scratch.write("home/Music/Library.xml", "<plist/>")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Downloads"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("Downloads/Library.xml"), withDestinationURL: xml)
        #expect(LibrarySearch(home: home, environment: [:]).found() == [xml])
        #expect(LibrarySearch(home: scratch.url.appendingPathComponent("nobody"), environment: [:]).found().isEmpty)
    }

    @Test func theSystemCopyIsReadableByTheServiceAndNamedByFormat() throws {
        let source = try scratch.write("home/Music/iTunes Music Library.xml", "<plist/>")
        let folder = scratch.url.appendingPathComponent("var/lib/deepcut")
        let (copy, owner) = try LibraryExportCopy.copy(source, format: .itunesXML, into: folder, owner: "no-such-user-here")
        #expect(copy == folder.appendingPathComponent("Library.xml"))
        #expect(owner == nil)
        #expect(try Data(contentsOf: copy) == Data("<plist/>".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        // A second init refreshes the copy in place, leaving no temporary file behind.
        try Data("<plist>newer</plist>".utf8).write(to: source)
        _ = try LibraryExportCopy.copy(source, format: .itunesXML, into: folder, owner: "no-such-user-here")
        #expect(try String(contentsOf: copy, encoding: .utf8) == "<plist>newer</plist>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Library.xml"])
    }
}
