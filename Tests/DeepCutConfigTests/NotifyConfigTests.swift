import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

@Suite struct NotifyConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ notify: String) throws -> Config {
        try ConfigLoader.load(
            from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}], "notify": \#(notify)}"#))
    }

    private func failure(_ notify: String) -> String? {
        do {
            _ = try load(notify)
            return nil
        } catch {
            return (error as? ConfigError)?.message ?? "unexpected \(error)"
        }
    }

    @Test func noNotifyMeansNoChannels() throws {
        let config = try ConfigLoader.load(from: scratch.write("config.json", #"{"library": [{"format": "csv", "path": "l.csv"}]}"#))
        #expect(config.notify.isEmpty)
        #expect(try load("[]").notify.isEmpty)
    }

    @Test func readsEveryChannelType() throws {
        let channels = try load(
            #"""
            [
              {"name": "hook", "type": "webhook", "url": "https://hooks.example.org/in", "secretFile": "secrets/hook"},
              {"name": "phone", "type": "ntfy", "url": "https://ntfy.sh/my-topic", "tags": ["cd"], "priority": 4, "timeoutSeconds": 5},
              {"name": "apprise", "type": "apprise", "url": "http://apprise:8000", "key": "deepcut"},
              {"name": "mail", "type": "email", "server": "smtps://mail.example.org:465", "from": "deepcut@example.org",
               "to": ["me@example.org"], "username": "me", "passwordFile": "/etc/deepcut/smtp", "caFile": "ca.pem"},
              {"name": "chat-1", "type": "discord"},
              {"name": "team", "type": "slack", "urlFile": "slack.url",
               "filter": {"types": ["album", "ep"], "artists": ["  Bonobo "], "newBy": "release", "events": ["announced", "outToday"]}}
            ]
            """#
        ).notify
        let folder = scratch.url.standardizedFileURL
        #expect(channels.map(\.name) == ["hook", "phone", "apprise", "mail", "chat-1", "team"])
        #expect(channels.map(\.configKey) == (0..<6).map { "notify[\($0)]" })
        #expect(
            channels[0].settings
                == .webhook(url: URL(string: "https://hooks.example.org/in")!, secretFile: folder.appendingPathComponent("secrets/hook")))
        #expect(channels[1].settings == .ntfy(url: URL(string: "https://ntfy.sh/my-topic")!, tokenFile: nil, tags: ["cd"], priority: 4))
        #expect(channels[1].timeoutSeconds == 5 && channels[0].timeoutSeconds == 10)
        #expect(channels[2].settings == .apprise(url: URL(string: "http://apprise:8000")!, key: "deepcut", urlsFile: nil))
        guard case .email(let email) = channels[3].settings else { throw CocoaError(.coderInvalidValue) }
        #expect(email.server == URL(string: "smtps://mail.example.org:465"))
        #expect(email.to == ["me@example.org"] && email.username == "me")
        #expect(email.passwordFile == URL(fileURLWithPath: "/etc/deepcut/smtp") && email.caFile == folder.appendingPathComponent("ca.pem"))
        #expect(channels[4].settings == .discord(urlFile: nil))
        #expect(channels[4].filter == ChannelFilter())
        #expect(channels[5].filter.types == TypeSelection(primary: [.album, .ep]))
        #expect(channels[5].filter.artists == ["bonobo"])
        #expect(channels[5].filter.newBy == .release)
        #expect(channels[5].filter.events == [.announced, .outToday])
        #expect(channels[1].credentialName("token") == "notify-phone-token")
    }

    @Test func aFilterAdmitsOnlyWhatItNames() {
        let filter = ChannelFilter(types: TypeSelection(primary: [.album]), artists: ["bonobo"], events: [.newRelease])
        func item(_ artist: String, _ type: RecordingType, _ event: Digest.Item.Event) -> Digest.Item {
            let entry = FeedEntry(
                id: "x", key: AlbumKey(title: "t", artist: artist), title: "t", artist: artist, type: type,
                releaseDate: ReleaseDate(year: 2026), artworkURL: nil, url: nil)
            return Digest.Item(event: event, dedupeKey: "release:x", entry: entry)
        }
        #expect(filter.admits(item("BONOBO", .album, .newRelease)))
        #expect(!filter.admits(item("Bonobo", .single, .newRelease)))
        #expect(!filter.admits(item("Low", .album, .newRelease)))
        #expect(!filter.admits(item("Bonobo", .album, .announced)))
        #expect(ChannelFilter().admits(item("Low", .ep, .outToday)))
    }

    @Test(arguments: [
        (
            #"[{"name": "a", "type": "webhook", "url": "https://x.org/"}, {"name": "b", "type": "ntfy", "url": "https://ntfy.sh/t", "tag": ["x"]}]"#,
            "config.json: unknown key 'notify[1].tag' (did you mean 'notify[1].tags'?)"
        ),
        (#"[{"name": "a", "type": "webhook", "url": "https://x.org/", "tags": ["x"]}]"#, "config.json: unknown key 'notify[0].tags'"),
        (#"[{"type": "webhook", "url": "https://x.org/"}]"#, "config.json: missing key 'notify[0].name'"),
        (
            #"[{"name": "My Phone", "type": "ntfy", "url": "https://ntfy.sh/t"}]"#,
            "config.json: notify[0].name: must be lowercase letters, digits and '-', got 'My Phone'"
        ),
        (
            #"[{"name": "a", "type": "webhook", "url": "https://x.org/"}, {"name": "a", "type": "webhook", "url": "https://y.org/"}]"#,
            "config.json: notify[1]: the channel name 'a' is used twice"
        ),
        (
            #"[{"name": "a", "type": "pager"}]"#,
            "config.json: notify[0].type: must be one of webhook, ntfy, apprise, email, discord, slack, got 'pager'"
        ),
        (
            #"[{"name": "a", "type": "ntfy", "url": "https://ntfy.sh/t", "token": "tk_abc"}]"#,
            "config.json: notify[0].token: secrets are not read from the config file: put it in the file 'tokenFile' names, "
                + "or in the systemd credential 'notify-a-token'"
        ),
        (
            #"[{"name": "chat", "type": "discord", "url": "https://discord.com/api/webhooks/1/s3cr3t"}]"#,
            "config.json: notify[0].url: secrets are not read from the config file: put it in the file 'urlFile' names, "
                + "or in the systemd credential 'notify-chat-url'"
        ),
        (
            #"[{"name": "a", "type": "email", "server": "smtp://u:p@mail.example.org", "from": "a@b.org", "to": ["c@d.org"]}]"#,
            "config.json: notify[0].server: expected smtp://host:587 or smtps://host:465 (no credentials: 'username' and 'passwordFile'), got 'smtp://…@mail.example.org'"
        ),
        (
            #"[{"name": "a", "type": "email", "server": "smtp://mail.example.org", "from": "a@b.org", "to": ["c@d.org"], "passwordFile": "p"}]"#,
            "config.json: notify[0].passwordFile: needs 'username' (the login the password is for)"
        ),
        (
            #"[{"name": "a", "type": "email", "server": "smtp://mail.example.org", "from": "a@b.org", "to": ["Me <c@d.org"]}]"#,
            "config.json: notify[0].to[0]: expected an address like me@example.org or \"Name\" <me@example.org>, got 'Me <c@d.org'"
        ),
        (
            #"[{"name": "a", "type": "apprise", "url": "http://apprise:8000", "key": "k", "urlsFile": "u"}]"#,
            "config.json: notify[0].key: give either 'key' or 'urlsFile', not both"
        ),
        (
            #"[{"name": "a", "type": "webhook", "url": "https://x.org/", "filter": {"types": ["bootleg"]}}]"#,
            "config.json: notify[0].filter.types[0]: must be one of album, ep, single, compilation, live, remix, soundtrack, demo, appearance, got 'bootleg'"
        ),
        (
            #"[{"name": "a", "type": "webhook", "url": "https://x.org/", "filter": {"events": ["removed"]}}]"#,
            "config.json: notify[0].filter.events[0]: must be one of newRelease, announced, outToday, got 'removed'"
        ),
        (
            #"[{"name": "a", "type": "webhook", "url": "https://x.org/", "filter": {"newby": "release"}}]"#,
            "config.json: unknown key 'notify[0].filter.newby' (did you mean 'notify[0].filter.newBy'?)"
        ),
        (
            #"[{"name": "a", "type": "apprise", "url": "http://apprise:8000", "key": "../admin"}]"#,
            "config.json: notify[0].key: must be letters, digits, '-' and '_', got '../admin'"
        ),
        (#"{"name": "a"}"#, "config.json: notify: expected array, got object")
    ])
    func aMistakeNamesItsKey(notify: String, message: String) {
        #expect(failure(notify) == message)
    }

    /// A config error exits 78, as every config error does.
    @Test func aBadChannelIsAConfigError() {
        do {
            _ = try load(#"[{"name": "a", "type": "webhook"}]"#)
            Issue.record("accepted a webhook without url")
        } catch {
            #expect((error as? ConfigError)?.exitCode == .config)
        }
    }
}
