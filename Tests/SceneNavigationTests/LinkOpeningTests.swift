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
        #expect(model.lastLinkReport == report)
        #expect(try model.link(with: .mail, at: \.mail) == "mail://mailbox/Inbox/message/42")

        // Nothing of it opens: the path stays.
        try model.open("mail://nowhere", with: .mail, at: \.mail)
        #expect(model.state.mail.routes == [.mailbox(name: "Inbox"), .message(id: 42)])
        #expect(model.lastLinkReport?.dropped.count == 1)
        // The root: an empty path.
        try model.open(URL(string: "mail://")!, with: .mail, at: \.mail)
        #expect(model.state.mail.routes == [])

        #expect(throws: LinkError(.invalidLink, "the link has a space at byte 16", offset: 16)) {
            try model.open("mail://mailbox/a b", with: .mail, at: \.mail)
        }
        #expect(model.lastLinkError?.code == .invalidLink)
        #expect(model.state.mail.routes == [])
    }

    @Test("opening(_:) makes the app's links into changes and leaves other URLs alone")
    func openingInOneLine() throws {
        let open = LinkMapping.mail.opening(\MailState.mail, then: { $0.tab = 0 })
        #expect(open(URL(string: "https://example.com/inbox")!) == nil)
        let change = try #require(open(URL(string: "mail://inbox/message/7")!))
        let model = SceneNavigationModel(MailState(tab: 1))
        change(model)
        #expect(model.state == MailState(tab: 0, mail: [.inbox, .message(id: 7)]))
        // The app's scheme but no link it reads: a change that changes nothing, and says why.
        let bad = try #require(open(URL(string: "mail://message/x")!))
        let untouched = SceneNavigationModel(MailState(tab: 1, mail: [.inbox]))
        bad(untouched)
        #expect(untouched.state == MailState(tab: 1, mail: [.inbox]))
        #expect(
            untouched.lastLinkReport?.dropped.map(\.description) == [
                "position 1 of the path: it no longer decodes: 'id' is not an int: 'x' (message/{id:int})"
            ])
        // Foundation's URL percent-encodes what is invalid in a link's text before the app sees it.
        #expect(URL(string: "mail://mailbox/%zz")?.absoluteString == "mail://mailbox/%25zz")
    }
}
