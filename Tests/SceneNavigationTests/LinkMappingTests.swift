import Foundation
import SceneNavigation
import SceneStore
import Testing

/// The mail app's routes, as the SwiftUI guide's app declares them, and more: labelled and
/// unlabelled values, optional query parameters, a nested value, every parameter type.
enum MailRoute: Codable, Hashable {
    case inbox
    case mailbox(name: String)
    case message(id: Int)
    case thread(UUID)
    case compose(to: String?, subject: String?)
    case search(query: String, unread: Bool?, score: Double?)
    case folder(Folder)
    case account

    struct Folder: Codable, Hashable {
        var owner: String
        var name: String
    }
}

extension LinkMapping where Route == MailRoute {
    /// The mail app's links.
    static let mail = LinkMapping(
        scheme: "mail",
        [
            LinkPattern("inbox", case: "inbox"),
            LinkPattern("mailbox/{name}", case: "mailbox"),
            LinkPattern("message/{id:int}", case: "message"),
            LinkPattern("thread/{_0:uuid}", case: "thread"),
            LinkPattern("compose?{to}&{subject}", case: "compose"),
            LinkPattern("search/{query}?{unread:bool}&{score:double}", case: "search"),
            LinkPattern("folder/{_0.owner}/{_0.name}", case: "folder"),
            LinkPattern("settings/account", case: "account"),
            // The name an earlier version printed: read, never printed.
            LinkPattern("msg/{id:int}", case: "message"),
        ])
}

@Suite struct LinkMappingTests {
    static let thread = UUID(uuidString: "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8")!

    /// Every route of the mail app, and the link each prints as.
    static let printed: [(MailRoute, String)] = [
        (.inbox, "inbox"),
        (.mailbox(name: "Inbox"), "mailbox/Inbox"),
        (.mailbox(name: "Crème / brûlée & co?"), "mailbox/Cr%C3%A8me%20%2F%20br%C3%BBl%C3%A9e%20%26%20co%3F"),
        (.message(id: 42), "message/42"),
        (.message(id: -7), "message/-7"),
        (.thread(thread), "thread/E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"),
        (.compose(to: nil, subject: nil), "compose"),
        (.compose(to: "ana@example.com", subject: "Hi there"), "compose?to=ana%40example.com&subject=Hi%20there"),
        (.search(query: "pie", unread: true, score: 0.5), "search/pie?unread=true&score=0.5"),
        (.search(query: "pie", unread: nil, score: nil), "search/pie"),
        (.folder(.init(owner: "ana", name: "Work")), "folder/ana/Work"),
        (.account, "settings/account"),
    ]

    @Test("every route prints as its pattern and reads back as itself", arguments: 0..<printed.count)
    func roundTrip(index: Int) throws {
        let (route, text) = Self.printed[index]
        let link = try LinkMapping.mail.link(for: [route])
        #expect(link == "mail://" + text)
        let (path, report) = try LinkMapping.mail.routes(fromLink: link)
        #expect(path.routes == [route])
        #expect(report == RestoreReport(restoredCount: 1))
    }

    @Test("a path of every route prints as one link, query items after their position, and reads back")
    func wholePath() throws {
        let routes = Self.printed.map(\.0)
        let link = try LinkMapping.mail.link(for: routes)
        #expect(
            link
                == "mail://inbox/mailbox/Inbox/mailbox/Cr%C3%A8me%20%2F%20br%C3%BBl%C3%A9e%20%26%20co%3F/message/42/message/-7/thread/E35A5C9C-F1EA-4B3D-9980-E2240B363AC8/compose/compose/search/pie/search/pie/folder/ana/Work/settings/account?8.to=ana%40example.com&8.subject=Hi%20there&9.unread=true&9.score=0.5"
        )
        let (path, report) = try LinkMapping.mail.routes(fromLink: link)
        #expect(path.routes == routes)
        #expect(report == RestoreReport(restoredCount: routes.count))
        #expect(URL(string: link)?.absoluteString == link)
    }

    /// A hand-written link, and what it opens: the routes and the report's entries in words.
    struct Case: CustomTestStringConvertible, Sendable {
        let link: String
        let routes: [MailRoute]
        let dropped: [String]
        var policy = RestorePolicy()
        var testDescription: String { link }
    }

    static let corpus: [Case] = [
        Case(link: "mail://", routes: [], dropped: []),
        Case(link: "mail://inbox/", routes: [.inbox], dropped: []),
        Case(link: "MAIL://inbox", routes: [.inbox], dropped: []),
        Case(link: "mail:inbox/message/1", routes: [.inbox, .message(id: 1)], dropped: []),
        Case(link: "mail://inbox#top", routes: [.inbox], dropped: []),
        Case(link: "mail://msg/12", routes: [.message(id: 12)], dropped: []),
        Case(link: "mail://mailbox/a%2Fb", routes: [.mailbox(name: "a/b")], dropped: []),
        Case(link: "mail://thread/e35a5c9c-f1ea-4b3d-9980-e2240b363ac8", routes: [.thread(thread)], dropped: []),
        Case(
            link: "mail://compose?to=ana&utm_source=web&to=bob", routes: [.compose(to: "ana", subject: nil)],
            dropped: [
                "member ?utm_source: it no longer decodes: the route at position 1 (compose?{to}&{subject}) takes no 'utm_source'",
                "member ?to: it no longer decodes: the link gives it twice; the first is read",
            ]),
        // An earlier route's items carry its position; after an element that could not be read,
        // positions are not the printed ones, and such items are not given to a route.
        Case(
            link: "mail://compose/search/pie?1.to=ana&unread=true",
            routes: [.compose(to: "ana", subject: nil), .search(query: "pie", unread: true, score: nil)], dropped: []),
        Case(
            link: "mail://label/a/label/b/compose/search/pie?2.to=ana&9.to=x&unread=true",
            routes: [.compose(to: nil, subject: nil), .search(query: "pie", unread: true, score: nil)],
            dropped: [
                "position 1 of the path: it no longer decodes: no route matches 'label/a/label/b'",
                "member ?2.to: it no longer decodes: its position comes after an element that could not be read, so its route is not known",
                "member ?9.to: it no longer decodes: the link has no position 9",
            ]),
        Case(
            link: "mail://message/x/compose/compose?2.to=ana",
            routes: [.compose(to: nil, subject: nil), .compose(to: nil, subject: nil)],
            dropped: [
                "position 1 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})",
                "member ?2.to: it no longer decodes: its position comes after an element that could not be read, so its route is not known",
            ]),
        // One item does not fit: the route is dropped, and its other items reported with it.
        Case(
            link: "mail://inbox/search/pie?unread=maybe&score=2", routes: [.inbox],
            dropped: [
                "position 2 of the path: it no longer decodes: 'unread' is not true or false: 'maybe' (search/{query}?{unread:bool}&{score:double})",
                "member ?score: it no longer decodes: its route, position 2, was not read",
            ]),
        Case(
            link: "mail://message/x?to=ana", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})",
                "member ?to: it no longer decodes: its route, position 1, was not read",
            ]),
        Case(
            link: "mail://inbox/trash/old/message/3", routes: [.inbox, .message(id: 3)],
            dropped: ["position 2 of the path: it no longer decodes: no route matches 'trash/old'"]),
        Case(
            link: "mail://inbox/message/x/message/3", routes: [.inbox, .message(id: 3)],
            dropped: ["position 2 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})"]),
        Case(
            link: "mail://inbox/message", routes: [.inbox],
            dropped: ["position 2 of the path: it no longer decodes: 'id' is missing (message/{id:int})"]),
        Case(
            link: "mail://inbox/message/x/message/3", routes: [.inbox],
            dropped: [
                "position 2 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})",
                "position 3 of the path: after a dropped element",
            ], policy: RestorePolicy(onDrop: .truncate)),
        Case(
            link: "mail://inbox/inbox/inbox", routes: [.inbox, .inbox],
            dropped: ["position 3 of the path: beyond the maximum depth"], policy: RestorePolicy(maximumDepth: 2)),
        Case(
            link: "mail://inbox/inbox", routes: [.inbox],
            dropped: ["position 2 of the path: already on the path"], policy: RestorePolicy(dropsDuplicates: true)),
        Case(
            link: "mail://mailbox/a%zz/inbox", routes: [.inbox],
            dropped: [
                "position 1 of the path: it no longer decodes: 'name' has invalid percent-encoding: 'a%zz' (mailbox/{name})"
            ]
        ),
        Case(
            link: "mail://mailbox/%FF%FE", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: 'name' has invalid percent-encoding: '%FF%FE' (mailbox/{name})"
            ]
        ),
        Case(
            link: "mail://%zz/inbox", routes: [.inbox],
            dropped: ["position 1 of the path: it no longer decodes: invalid percent-encoding in '%zz'"]),
        Case(
            link: "mail://mailbox/a%00b", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: 'name' holds a control character (U+0000) (mailbox/{name})"
            ]
        ),
        Case(
            link: "mail://search/pie?unread=maybe", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: 'unread' is not true or false: 'maybe' (search/{query}?{unread:bool}&{score:double})"
            ]
        ),
        Case(
            link: "mail://search/pie?score=1e999999999999", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: Number 1e999999999999 does not fit in Double. (at search.score)"
            ]
        ),
        Case(
            link: "mail://thread/not-a-uuid", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: '_0' is not a UUID: 'not-a-uuid' (thread/{_0:uuid})"
            ]),
        Case(
            link: "mail://message/99999999999999999999", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: 'id' is not an int: '99999999999999999999' (message/{id:int})"
            ]
        ),
        Case(
            link: "mail://folder/ana", routes: [],
            dropped: [
                "position 1 of the path: it no longer decodes: '_0.name' is missing (folder/{_0.owner}/{_0.name})"
            ]),
        Case(
            link: "mail://unknown", routes: [],
            dropped: ["position 1 of the path: it no longer decodes: no route matches 'unknown'"]),
    ]

    @Test("a hand-written link opens what it can and reports the rest exactly", arguments: corpus)
    func handWritten(_ example: Case) throws {
        let (path, report) = try LinkMapping.mail.routes(fromLink: example.link, policy: example.policy)
        #expect(path.routes == example.routes)
        #expect(report.dropped.map(\.description) == example.dropped)
        #expect(report.restoredCount == example.routes.count)
        // What opened prints as a link that opens the same routes, whole.
        let printed = try LinkMapping.mail.link(for: path)
        let again = try LinkMapping.mail.routes(fromLink: printed)
        #expect(again.routes == path)
        #expect(again.report.isComplete)
    }
}

// MARK: - Hostile links and invalid mappings

extension LinkMappingTests {
    static let hostile: [(String, NavigationError)] = [
        (
            "https://mail.example.com/inbox",
            NavigationError.link(code: "other-app", message: "the link's scheme is 'https', not 'mail'", offset: 0)
        ),
        (
            "inbox/message/1",
            NavigationError.link(
                code: "invalid-link", message: "'inbox/message/1' is not a link: it has no scheme", offset: 0)
        ),
        ("", NavigationError.link(code: "invalid-link", message: "'' is not a link: it has no scheme", offset: 0)),
        (
            "1mail://inbox",
            NavigationError.link(
                code: "invalid-link", message: "'1mail://inbox' is not a link: it has no scheme", offset: 0)
        ),
        (
            "mail://inbox\n",
            NavigationError.link(
                code: "invalid-link", message: "the link has a control character (U+000A) at byte 12", offset: 12)
        ),
        (
            "mail://in\u{0}box",
            NavigationError.link(
                code: "invalid-link", message: "the link has a control character (U+0000) at byte 9", offset: 9)
        ),
        (
            "mail://mailbox/a b",
            NavigationError.link(code: "invalid-link", message: "the link has a space at byte 16", offset: 16)
        ),
        (
            "mail://é\u{85}",
            NavigationError.link(
                code: "invalid-link", message: "the link has a control character (U+0085) at byte 9", offset: 9)
        ),
        (
            "mail://" + String(repeating: "inbox/", count: 3_000),
            NavigationError.link(
                code: "invalid-link", message: "the link is 18007 bytes long, over the maximum of 16384")
        ),
    ]

    @Test("a link that is not this app's, or not a link, is refused as a whole with what was wrong and where")
    func refusedLinks() {
        for (link, error) in Self.hostile {
            #expect(throws: error) { try LinkMapping.mail.routes(fromLink: link) }
            #expect(LinkMapping.mail.isLink(link) == link.hasPrefix("mail:"))
        }
    }

    @Test("a deep link within the maximum length opens up to the policy's depth, and reports every element past it")
    func deepLink() throws {
        let link = "mail://" + Array(repeating: "inbox", count: 2_000).joined(separator: "/")
        let (path, report) = try LinkMapping.mail.routes(fromLink: link, policy: RestorePolicy(maximumDepth: 50))
        #expect(path.count == 50)
        #expect(report.dropped.count == 1_950)
        #expect(report.dropped.allSatisfy { $0.reason == .beyondMaximumDepth })
        // Nested percent-encoding decodes once.
        let (nested, _) = try LinkMapping.mail.routes(fromLink: "mail://mailbox/%2525252F")
        #expect(nested.routes == [.mailbox(name: "%25252F")])
    }

    @Test("a dropped element's JSON in the report is its text in the link")
    func droppedJSON() throws {
        let (_, report) = try LinkMapping.mail.routes(fromLink: "mail://inbox/message/x?to=1")
        #expect(
            report.json
                == .object([
                    "restored": .number(JSONNumber(1)), "migrated": .array([]),
                    "dropped": .array([
                        .object([
                            "location": .string(""), "position": .number(JSONNumber(1)), "json": .string("message/x"),
                            "reason": .string("undecodable"),
                            "error": .string("'id' is not an int: 'x' (message/{id:int})"),
                        ]),
                        .object([
                            "location": .string("?to"), "position": .null, "json": .string("1"),
                            "reason": .string("undecodable"), "error": .string("its route, position 2, was not read"),
                        ]),
                    ]),
                ]))
    }

    static let invalidPatterns: [(LinkPattern, String)] = [
        (LinkPattern("", case: "inbox"), "the link pattern '' has no segment"),
        (
            LinkPattern("a//b", case: "inbox"),
            "the link pattern 'a//b' has the segment '' (a literal is letters, digits, -, ., _ and ~)"
        ),
        (
            LinkPattern("in box", case: "inbox"),
            "the link pattern 'in box' has the segment 'in box' (a literal is letters, digits, -, ., _ and ~)"
        ),
        (
            LinkPattern("m/{id:long}", case: "m"),
            "the link pattern 'm/{id:long}' gives 'id' the type 'long' (expected string, int, double, bool, uuid)"
        ),
        (LinkPattern("m/{id}/{id}", case: "m"), "the link pattern 'm/{id}/{id}' names the parameter 'id' twice"),
        (
            LinkPattern("m/{1d}", case: "m"),
            "the link pattern 'm/{1d}' has the parameter name '1d' (letters, digits and _, not first a digit, dots between)"
        ),
        (
            LinkPattern("m/{a..b}", case: "m"),
            "the link pattern 'm/{a..b}' has the parameter name 'a..b' (letters, digits and _, not first a digit, dots between)"
        ),
        (
            LinkPattern("m/{}", case: "m"),
            "the link pattern 'm/{}' has '{}', which is neither a literal nor a {parameter}"
        ),
        (LinkPattern("m", case: ""), "the link pattern 'm' names no case"),
        (
            LinkPattern("r/{id}?{q}", value: "id"),
            "the link pattern 'r/{id}?{q}' is a value's pattern: its one parameter, in a segment, is 'id'"
        ),
        (
            LinkPattern("r/{id}", value: "other"),
            "the link pattern 'r/{id}' is a value's pattern: its one parameter, in a segment, is 'other'"
        ),
    ]

    @Test("a pattern that cannot be read is an error naming it, when the mapping is used or read from JSON")
    func invalidPatterns() throws {
        for (pattern, message) in Self.invalidPatterns {
            let error = NavigationError.link(code: "invalid-pattern", message: message)
            let mapping = LinkMapping<MailRoute>(scheme: "mail", [LinkPattern("inbox", case: "inbox"), pattern])
            #expect(throws: error) { try mapping.validate() }
            #expect(throws: error) { try mapping.routes(fromLink: "mail://inbox") }
            #expect(throws: error) { try mapping.link(for: [.inbox]) }
            let json = try JSONEncoder().encode(mapping)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(LinkMapping<MailRoute>.self, from: json) }
        }
        let both = Data(#"{"scheme":"mail","patterns":[{"pattern":"inbox","case":"inbox","value":"x"}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LinkMapping<MailRoute>.self, from: both) }
    }

    @Test("a mapping round-trips through JSON, as a mapping file holds it")
    func mappingFile() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(
            LinkMapping<MailRoute>(
                scheme: "mail", host: "open", [LinkPattern("inbox", case: "inbox"), LinkPattern("r/{id}", value: "id")])
        )
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"host":"open","maximumLength":16384,"patterns":[{"case":"inbox","pattern":"inbox"},{"pattern":"r\/{id}","value":"id"}],"scheme":"mail"}"#
        )
        let read = try JSONDecoder().decode(LinkMapping<MailRoute>.self, from: json)
        #expect(try read.link(for: [.inbox]) == "mail://open/inbox")
        #expect(try read.routes(fromLink: "MAIL://Open/inbox").routes.routes == [.inbox])
        #expect(throws: NavigationError.link(code: "other-app", message: "the link's host is 'other', not 'open'")) {
            try read.routes(fromLink: "mail://other/inbox")
        }
    }

    static let unprintable: [(MailRoute, String)] = [
        (
            .mailbox(name: ""),
            "position 1 of the path, {\"mailbox\":{\"name\":\"\"}}, has no place in a link: its member 'name' is empty, which a path segment cannot hold (mailbox/{name})"
        ),
        (
            .mailbox(name: "a\nb"),
            "position 1 of the path, {\"mailbox\":{\"name\":\"a\\nb\"}}, has no place in a link: its member 'name' holds a control character (U+000A), which a link cannot carry (mailbox/{name})"
        ),
    ]

    @Test("a route that has no place in a link is an error naming its position, its JSON and why")
    func unprintable() throws {
        for (route, message) in Self.unprintable {
            #expect(throws: NavigationError.link(code: "cannot-print", message: message)) {
                try LinkMapping.mail.link(for: [route])
            }
        }
        let partial = LinkMapping<MailRoute>(
            scheme: "mail", [LinkPattern("inbox", case: "inbox"), LinkPattern("m/{id:int}", case: "mailbox")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    "position 2 of the path, {\"message\":{\"id\":1}}, has no place in a link: no pattern is for it")
        ) {
            try partial.link(for: [.inbox, .message(id: 1)])
        }
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    "position 1 of the path, {\"mailbox\":{\"name\":\"x\"}}, has no place in a link: its member 'id' is missing (m/{id:int})"
            )
        ) {
            try partial.link(for: [.mailbox(name: "x")])
        }
        let bare = LinkMapping<MailRoute>(scheme: "mail", [LinkPattern("mailbox", case: "mailbox")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    "position 1 of the path, {\"mailbox\":{\"name\":\"x\"}}, has no place in a link: its member 'name' has no place in the pattern (mailbox)"
            )
        ) {
            try bare.link(for: [.mailbox(name: "x")])
        }
        let nested = LinkMapping<MailRoute>(scheme: "mail", [LinkPattern("folder/{_0.name}", case: "folder")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    "position 1 of the path, {\"folder\":{\"_0\":{\"name\":\"Work\",\"owner\":\"ana\"}}}, has no place in a link: its member '_0' has no place in the pattern (folder/{_0.name})"
            )
        ) {
            try nested.link(for: [.folder(.init(owner: "ana", name: "Work"))])
        }
    }
}
