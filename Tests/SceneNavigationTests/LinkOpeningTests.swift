import Foundation
import SceneNavigation
import SceneStore
import Testing

/// The mail app's state, as the SwiftUI guide's app keeps it: a tab and a path per tab.
struct MailState: Codable, Equatable {
    var tab = 0
    var mail: RoutePath<MailRoute> = []
    var settings: RoutePath<MailRoute> = []
}

/// Links for the route types of the other fixtures: each round-trips every value it has.
@MainActor
@Suite struct LinkOpeningTests {
    @Test(
        "the route types of our fixtures round-trip through their links: enums with values, raw values, identified routes"
    )
    func fixtureRoutes() throws {
        let screens = LinkMapping<Screen>(
            scheme: "cook", host: "example.com",
            [
                LinkPattern("home", case: "home"), LinkPattern("recipe/{id:int}/{title}", case: "recipe"),
                LinkPattern("search?{query}", case: "search"),
            ])
        let path: [Screen] = [
            .home, .recipe(id: 7, title: "Crème / brûlée"), .search(query: nil), .search(query: "pie"),
        ]
        let screenLink = try screens.link(for: path)
        #expect(
            screenLink == "cook://example.com/home/recipe/7/Cr%C3%A8me%20%2F%20br%C3%BBl%C3%A9e/search/search?query=pie"
        )
        #expect(try screens.routes(fromLink: screenLink).routes.routes == path)

        let animals = LinkMapping<Animal>(scheme: "zoo", [LinkPattern("animal/{name}", value: "name")])
        let zoo: [Animal] = [.cat, .dog, .bird]
        #expect(try animals.link(for: zoo) == "zoo://animal/cat/animal/dog/animal/bird")
        #expect(try animals.routes(fromLink: "zoo://animal/cat/animal/dog/animal/bird").routes.routes == zoo)
        let (someAnimals, report) = try animals.routes(fromLink: "zoo://animal/cat/animal/lion")
        #expect(someAnimals.routes == [.cat])
        #expect(
            report.dropped.map(\.description) == [
                "position 2 of the path: it no longer decodes: Animal has no case 'lion'"
            ])

        let items = LinkMapping<Item>(
            scheme: "router", [LinkPattern("sub1/{id:int}", case: "sub1"), LinkPattern("sub2/{id:int}", case: "sub2")])
        #expect(try items.link(for: [.sub1(id: 1), .sub2(id: 2)]) == "router://sub1/1/sub2/2")
        #expect(try items.routes(fromLink: "router://sub1/1/sub2/2").routes.routes == [.sub1(id: 1), .sub2(id: 2)])

        // A route stored as its ID is looked up: one the app no longer has is dropped as unresolved.
        let notes = LinkMapping<Note>(scheme: "notes", [LinkPattern("note/{id:int}", value: "id")])
        let library = [1: Note(id: 1, title: "one"), 2: Note(id: 2, title: "two")]
        let resolvers = RouteResolvers().adding(Note.self, lookUp: { library[$0] })
        #expect(try notes.link(for: [library[1]!, library[2]!]) == "notes://note/1/note/2")
        let (found, lookups) = try notes.routes(fromLink: "notes://note/1/note/3/note/2", resolvers: resolvers)
        #expect(found.routes == [library[1]!, library[2]!])
        #expect(lookups.dropped.map(\.description) == ["position 2 of the path: the app no longer has it"])
        #expect(lookups.dropped.map(\.json) == [.number(JSONNumber(3))])
    }

    @Test("a link an earlier version printed opens through the migrations' renames and aliases, reported as migrated")
    func migratedLinks() throws {
        // Version 1 called the case `box`; its links read `box/...`.
        var migrations = NavigationMigrations()
        migrations.renameCase("box", to: "mailbox", in: MailRoute.self)
        migrations.alias(.object(["archive": .object([:])]), to: .object(["inbox": .object([:])]))
        let mapping = LinkMapping<MailRoute>(
            scheme: "mail",
            LinkMapping.mail.patterns + [
                LinkPattern("box/{name}", case: "box"), LinkPattern("archive", case: "archive"),
            ])
        let (path, report) = try mapping.routes(fromLink: "mail://box/Work/archive/message/3", migrations: migrations)
        #expect(path.routes == [.mailbox(name: "Work"), .inbox, .message(id: 3)])
        #expect(report.isComplete)
        #expect(
            report.migrated.map(\.description) == [
                #"position 1 of the path: {"box":{"name":"Work"}} -> {"mailbox":{"name":"Work"}}"#,
                #"position 2 of the path: {"archive":{}} -> {"inbox":{}}"#,
            ])
    }

    @Test("a model opens a link at its path, keeps the report, and is left as it was by one that opens nothing")
    func modelOpensLinks() throws {
        let model = SceneNavigationModel(MailState(tab: 1, settings: [.account]))
        let report = try model.open("mail://mailbox/Inbox/nowhere/message/42", with: .mail, at: \.mail)
        #expect(
            model.state == MailState(tab: 1, mail: [.mailbox(name: "Inbox"), .message(id: 42)], settings: [.account]))
        #expect(
            report.dropped.map(\.description) == [
                "position 2 of the path: it no longer decodes: no route matches 'nowhere'"
            ])
        #expect(model.linkReport == report)
        #expect(try LinkMapping.mail.link(for: model.state.mail) == "mail://mailbox/Inbox/message/42")

        // Nothing of it opens: the path stays.
        try model.open("mail://nowhere", with: .mail, at: \.mail)
        #expect(model.state.mail.routes == [.mailbox(name: "Inbox"), .message(id: 42)])
        #expect(model.linkReport?.dropped.count == 1)
        // The root: an empty path.
        try model.open(URL(string: "mail://")!, with: .mail, at: \.mail)
        #expect(model.state.mail.routes == [])

        #expect(
            throws: NavigationError.link(code: "invalid-link", message: "the link has a space at byte 16", offset: 16)
        ) {
            try model.open("mail://mailbox/a b", with: .mail, at: \.mail)
        }
        #expect(model.linkError?.linkCode == "invalid-link")
        #expect(model.state.mail.routes == [])
    }

    @Test("opening(at:) makes the app's links into changes and leaves other URLs alone")
    func openingInOneLine() throws {
        let open = LinkMapping.mail.opening(at: \MailState.mail, then: { $0.tab = 0 }).open
        #expect(open(URL(string: "https://example.com/inbox")!) == nil)
        let change = try #require(open(URL(string: "mail://inbox/message/7")!))
        let model = SceneNavigationModel(MailState(tab: 1))
        change(model)
        #expect(model.state == MailState(tab: 0, mail: [.inbox, .message(id: 7)]))
        // The app's scheme, but nothing in it opens: no change (at launch the saved paths stay), and why.
        var failures: [NavigationError] = []
        let told = LinkMapping.mail.opening(at: \MailState.mail, onFailure: { failures.append($0) }).open
        #expect(told(URL(string: "mail://message/x")!) == nil)
        #expect(told(URL(string: "https://example.com/message/x")!) == nil)
        #expect(
            failures == [
                NavigationError.link(
                    code: "no-route",
                    message:
                        "nothing in the link 'mail://message/x' is a route: position 1, 'message/x': 'id' is not an int: 'x' (message/{id:int})"
                )
            ])
        // Something opens, something does not: the change replaces the path, with the report.
        let partial = try #require(open(URL(string: "mail://inbox/message/x")!))
        let model2 = SceneNavigationModel(MailState(tab: 1, mail: [.account]))
        partial(model2)
        #expect(model2.state == MailState(tab: 0, mail: [.inbox]))
        #expect(
            model2.linkReport?.dropped.map(\.description) == [
                "position 2 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})"
            ])
        // Foundation's URL percent-encodes what is invalid in a link's text before the app sees it.
        #expect(URL(string: "mail://mailbox/%zz")?.absoluteString == "mail://mailbox/%25zz")
    }
}

// MARK: - Structures, ambiguous patterns, segments a URL would normalize

extension LinkOpeningTests {
    @Test("routes that are structures round-trip through patterns of their members")
    func structureRoutes() throws {
        let users = LinkMapping<User>(scheme: "app", [LinkPattern("user/{id:int}/{name}")])
        let people = [User(id: 1, name: "Ana"), User(id: 2, name: "Bo / Co")]
        #expect(try users.link(for: people) == "app://user/1/Ana/user/2/Bo%20%2F%20Co")
        #expect(try users.routes(fromLink: "app://user/1/Ana/user/2/Bo%20%2F%20Co").routes.routes == people)
        let emoji = LinkMapping<EmojiVisualisation>(scheme: "app", [LinkPattern("emoji/{emoji}?{count:int}")])
        let balloons = [EmojiVisualisation(emoji: "🎈", count: 99)]
        #expect(try emoji.link(for: balloons) == "app://emoji/%F0%9F%8E%88?count=99")
        #expect(try emoji.routes(fromLink: "app://emoji/%F0%9F%8E%88?count=99").routes.routes == balloons)
        let links = LinkMapping<Link>(scheme: "app", [LinkPattern("link/{title}?{url}")])
        let link = Link(url: "https://example.com/a?b=c&d", title: "Example")
        #expect(try links.link(for: [link]) == "app://link/Example?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%26d")
        #expect(try links.routes(fromLink: try links.link(for: [link])).routes.routes == [link])
        // A member the pattern does not hold is no link.
        let names = LinkMapping<User>(scheme: "app", [LinkPattern("user/{name}")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    #"position 1 of the path, {"id":1,"name":"Ana"}, has no place in a link: its member 'id' has no place in the pattern (user/{name})"#
            )
        ) { try names.link(for: [people[0]]) }
    }

    @Test("a route that would read back as another is an error, not a link that opens something else")
    func ambiguousPatterns() throws {
        // A pattern that starts with a parameter, listed first, takes every segment.
        let greedy = LinkMapping<MailRoute>(
            scheme: "mail", [LinkPattern("{name}", case: "mailbox"), LinkPattern("message/{id:int}", case: "message")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    #"position 1 of the path, {"message":{"id":42}}, would not open as itself: printed with 'message/{id:int}', its link 'mail://message/42' reads there as the pattern '{name}' (list the more specific pattern first)"#
            )
        ) { try greedy.link(for: [.message(id: 42)]) }
        // A shorter pattern listed before a longer one with the same start.
        let shortFirst = LinkMapping<MailRoute>(
            scheme: "mail",
            [
                LinkPattern("message/{id:int}", case: "message"),
                LinkPattern("message/{id:int}/account", case: "account"),
            ])
        #expect(throws: NavigationError.self) {
            try shortFirst.link(for: [MailRoute.account])
        }
        // Listed the other way, both print and read back.
        let specificFirst = LinkMapping<MailRoute>(
            scheme: "mail", [LinkPattern("message/{id:int}", case: "message"), LinkPattern("{name}", case: "mailbox")])
        let path: [MailRoute] = [.message(id: 42), .mailbox(name: "Work")]
        #expect(try specificFirst.link(for: path) == "mail://message/42/Work")
        #expect(try specificFirst.routes(fromLink: "mail://message/42/Work").routes.routes == path)
    }

    @Test("a parameter that is . or .. is percent-encoded, as a URL's normalization would remove it")
    func dotSegments() throws {
        let path: [MailRoute] = [.mailbox(name: "."), .mailbox(name: ".."), .mailbox(name: "...")]
        let link = try LinkMapping.mail.link(for: path)
        #expect(link == "mail://mailbox/%2E/mailbox/%2E%2E/mailbox/...")
        #expect(try LinkMapping.mail.routes(fromLink: link).routes.routes == path)
    }

    @Test("with a host, only links on that host are the app's")
    func hostLinks() {
        let web = LinkMapping<MailRoute>(
            scheme: "https", host: "mail.example.com", [LinkPattern("inbox", case: "inbox")])
        #expect(web.isLink("https://MAIL.example.com/inbox"))
        #expect(web.isLink("HTTPS://mail.example.com"))
        #expect(!web.isLink("https://example.com/inbox"))
        #expect(!web.isLink("https:inbox"))
        #expect(!web.isLink("mail://mail.example.com/inbox"))
    }
}

// MARK: - What a printed link must keep

/// A post and its replies: two cases whose patterns share a start.
enum Post: Codable, Hashable {
    case post(id: Int)
    case replies(id: Int)
}

/// A search with a nested optional member in the query.
enum Finder: Codable, Hashable {
    struct Filter: Codable, Hashable {
        var tag: String?
    }
    case search(filter: Filter)
    case note(id: String)
}

extension LinkOpeningTests {
    @Test("a shorter pattern listed before a longer one with the same start: the longer route has no link")
    func shorterFirst() throws {
        let posts = LinkMapping<Post>(
            scheme: "app",
            [LinkPattern("post/{id:int}", case: "post"), LinkPattern("post/{id:int}/replies", case: "replies")])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    #"position 1 of the path, {"replies":{"id":1}}, would not open as itself: printed with 'post/{id:int}/replies', its link 'app://post/1/replies' reads there as the pattern 'post/{id:int}' (list the more specific pattern first)"#
            )
        ) { try posts.link(for: [Post.replies(id: 1)]) }
        let reordered = LinkMapping<Post>(scheme: "app", posts.patterns.reversed())
        #expect(try reordered.link(for: [Post.replies(id: 1), .post(id: 2)]) == "app://post/1/replies/post/2")
        #expect(
            try reordered.routes(fromLink: "app://post/1/replies/post/2").routes.routes == [
                .replies(id: 1), .post(id: 2),
            ])
    }

    @Test("a nested member that a link cannot tell from its absent parent is refused, not printed")
    func nestedOptional() throws {
        let finder = LinkMapping<Finder>(scheme: "app", [LinkPattern("search?{filter.tag}", case: "search")])
        #expect(try finder.link(for: [Finder.search(filter: .init(tag: "red"))]) == "app://search?filter.tag=red")
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message:
                    #"position 1 of the path, {"search":{"filter":{}}}, would not open as itself: its link 'app://search' reads there as {"search":{}}"#
            )
        ) { try finder.link(for: [Finder.search(filter: .init(tag: nil))]) }
    }

    @Test("a UUID held in a String keeps its case; a link over the maximum length is not printed")
    func textKeptAndLength() throws {
        let notes = LinkMapping<Finder>(scheme: "app", [LinkPattern("note/{id:uuid}", case: "note")])
        let lower = Finder.note(id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        let link = try notes.link(for: [lower])
        #expect(link == "app://note/3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(try notes.routes(fromLink: link).routes.routes == [lower])
        #expect(
            throws: NavigationError.link(
                code: "cannot-print",
                message: "the link is 18006 bytes long, over the mapping's maximum of 16384: it would not be read")
        ) { try LinkMapping.mail.link(for: Array(repeating: MailRoute.inbox, count: 3_000)) }
    }

    @Test("opening() leaves the root link and a link whose routes all fail to the app, and says why")
    func openingTellsFailures() throws {
        var failures: [NavigationError] = []
        let open = LinkMapping.mail.opening(at: \MailState.mail, onFailure: { failures.append($0) }).open
        #expect(open(URL(string: "mail://?utm_source=web")!) == nil)
        // Reads, but its case is gone from the app: applied (at launch, in place of the saved
        // paths), the path left as it was, and told.
        let gone = LinkMapping<MailRoute>(scheme: "mail", [LinkPattern("old/{id:int}", case: "old")])
        let change = try #require(
            gone.opening(at: \MailState.mail, onFailure: { failures.append($0) }).open(URL(string: "mail://old/1")!))
        let model = SceneNavigationModel(MailState(tab: 1, mail: [.inbox]))
        change(model)
        #expect(model.state == MailState(tab: 1, mail: [.inbox]))
        #expect(
            failures == [
                NavigationError.link(
                    code: "no-route",
                    message: "the link 'mail://?utm_source=web' has no route: it opens the app as it is"),
                NavigationError.link(
                    code: "no-route",
                    message:
                        "nothing in the link 'mail://old/1' opened: position 1 of the path: it no longer decodes: MailRoute has no case 'old'"
                ),
            ])
    }
}
