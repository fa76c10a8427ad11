import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

/// A sidebar selection beside a `NavigationPath`-style path, as the second real app has it.
struct Panel: Codable, Hashable, Sendable {
    var id: Int
    var title: String
}

struct Sidebar: Codable, Equatable, Sendable {
    var selection: Int? = nil
    var detail = "none"
}

struct PanelState: Codable, Equatable {
    var sidebar = Sidebar()
    var panels = MixedPath()
}

/// A typed path per tab, with payload-carrying cases (``Screen``), as the first real app has it.
struct TabsState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Screen> = []
}

/// What adopting SceneNavigation for two real apps broke (issue 20): each behaviour as the apps
/// meet it, through a real store, relaunched as a new process would.
@MainActor
@Suite struct RealAppTests {
    let temporary: TemporaryStore
    let clock = TestClock()
    let store: StateStore
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore(clock: clock)
        store = temporary.store
        scene = try SceneID("main")
    }

    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    func fileBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))) }

    func panelTypes() -> NavigationTypeRegistry {
        var types = NavigationTypeRegistry()
        types.register(Panel.self)
        return types
    }

    @Test("item 1: a resolver reaches a member that is no path: a deleted selection falls back and is reported")
    func resolverOnMember() async throws {
        try temporary.saveScene("main", json: #"{"panels":[],"sidebar":{"detail":"inbox","selection":7}}"#)
        // The app no longer has item 7: its resolver for the selection's type says so.
        let resolvers = RouteResolvers().adding(Int.self) { $0 == 7 ? nil : $0 }
        let model = SceneNavigationModel(PanelState(), resolvers: resolvers, types: panelTypes())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        #expect(model.state.sidebar == Sidebar(selection: nil, detail: "inbox"))
        #expect(
            persistence.report?.dropped == [
                .init(location: "sidebar.selection", position: nil, json: .number(JSONNumber(7)), reason: .unresolved)
            ])
        try await persistence.close()
    }

    @Test("item 2: one stale member does not lose the scene: it falls back, is reported, and the path restores")
    func staleMember() async throws {
        // An older build stored the sidebar with a key since renamed; the path beside it is valid.
        try temporary.saveScene(
            "main",
            json: #"{"panels":["RealAppTests.Panel","{\"id\":1,\"title\":\"One\"}"],"sidebar":{"detailPanel":"x"}}"#)
        var types = NavigationTypeRegistry()
        types.register(Panel.self, aliases: ["RealAppTests.Panel"])
        let model = SceneNavigationModel(PanelState(), types: types)
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        #expect(model.state.panels.elements.map { $0.base as? Panel } == [Panel(id: 1, title: "One")])
        #expect(model.state.sidebar == Sidebar())
        #expect(
            persistence.report?.dropped == [
                .init(
                    location: "sidebar.detail", position: nil, json: .null,
                    reason: .undecodable("No value associated with key 'detail'.")),
                // The renamed key itself is reported too: the next write would drop it.
                .init(
                    location: "sidebar.detailPanel", position: nil, json: .string("x"),
                    reason: .undecodable("Sidebar has no member 'detailPanel'")),
            ])
        try await persistence.close()
        // A value that is not the state's shape at all fails whole, and nothing is written over it.
        try temporary.saveScene("main", json: "[1, 2]")
        let before = try fileBytes()
        let other = SceneNavigationModel(PanelState(), types: types)
        await #expect(throws: NavigationError.self) {
            try await SceneConnection.connect(other, to: store, scene: scene, guard: nil)
        }
        #expect(try fileBytes() == before && other.changeCount == 0)
    }

    @Test("item 5: elements dropped for an unknown type are kept in a copy before the first write, once")
    func unknownTypeKeptBeforeWrite() async throws {
        let stored = try json(
            #"{"panels":["Gone.Type","{}","RealAppTests.Panel","{\"id\":1,\"title\":\"One\"}"],"sidebar":{"detail":"none"}}"#
        )
        try temporary.saveScene("main", values: ["navigation": .json(stored)])
        let before = try fileBytes()
        var types = panelTypes()
        types.register(Panel.self, aliases: ["RealAppTests.Panel"])
        let model = SceneNavigationModel(PanelState(), types: types)
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        #expect(persistence.report?.dropped.map(\.reason) == [.unknownType("Gone.Type")])
        // Nothing is copied until something is written over the value.
        #expect(try persistence.keptAsidePath == nil && store.keptAsideFiles().isEmpty)
        clock.advance(by: .seconds(1))
        model.state.sidebar.detail = "changed"
        try await persistence.flush()
        let kept = try #require(persistence.keptAsidePath)
        #expect(kept == store.scenesFolder + "/main.unrestored-20270115T080001.000Z.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
        model.state.sidebar.detail = "again"
        try await persistence.close()
        #expect(try store.keptAsideFiles().map(\.reason) == [.unrestored])
        // The next launch restores what was written, drops nothing, and copies nothing.
        let next = SceneNavigationModel(PanelState(), types: types)
        let again = try await SceneConnection.connect(next, to: store, scene: scene, guard: nil)
        #expect(again.report?.isComplete == true)
        next.state.sidebar.detail = "third"
        try await again.close()
        #expect(try store.keptAsideFiles().count == 1)
    }

    @Test("item 8: two keys of a scene that dropped what could be undone make one copy, not one per key")
    func oneCopyForSeveralKeys() async throws {
        let stored = JSONValue.object(
            ["panels": .array([.string("Gone.Type"), .string("{}")]), "sidebar": .object(["detail": .string("a")])])
        try temporary.saveScene("main", values: ["left": .json(stored), "right": .json(stored)])
        let types = panelTypes()
        let left = SceneNavigationModel(PanelState(), types: types)
        let right = SceneNavigationModel(PanelState(), types: types)
        let leftPersistence = try await SceneConnection.connect(left, to: store, scene: scene, key: "left", guard: nil)
        let rightPersistence = try await SceneConnection.connect(
            right, to: store, scene: scene, key: "right", guard: nil)
        left.state.sidebar.detail = "b"
        try await leftPersistence.close()
        right.state.sidebar.detail = "c"
        try await rightPersistence.close()
        #expect(try store.keptAsideFiles().map(\.reason) == [.unrestored])
        // Both say where their value is kept: in the one copy.
        #expect(leftPersistence.keptAsidePath != nil && rightPersistence.keptAsidePath == leftPersistence.keptAsidePath)
    }

    @Test("item 6: a deep link closed without a change writes nothing; a change keeps the withheld path first")
    func deepLinkLeavesTheStoredPath() async throws {
        let saved = TabsState(tab: 1, path: [.home, .recipe(id: 1, title: "a"), .search(query: "pie")])
        try temporary.saveScene("main", value: saved)
        let before = try fileBytes()
        let model = SceneNavigationModel(TabsState())
        let linked = try await SceneConnection.connect(model, to: store, scene: scene) {
            $0.state.path = [.recipe(id: 9, title: "linked")]
        }
        #expect(linked.intervention == .deepLink)
        clock.advance(by: .seconds(60))
        try await linked.close()
        #expect(try fileBytes() == before)
        #expect(try linked.keptAsidePath == nil && store.keptAsideFiles().isEmpty)
        // Linked again, and this time the user moves on: the saved path is copied, then replaced.
        let next = SceneNavigationModel(TabsState())
        let relinked = try await SceneConnection.connect(next, to: store, scene: scene) {
            $0.state.path = [.recipe(id: 9, title: "linked")]
        }
        next.state.path.append(.home)
        try await relinked.close()
        let kept = try #require(relinked.keptAsidePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
        #expect(
            try store.storedDocument(for: scene).values["navigation"]
                == .json(
                    try StateCoding.encode(TabsState(tab: 1, path: [.recipe(id: 9, title: "linked"), .home]))))
    }

    @Test(
        "item 10: a renamed case, with and without a payload, and a renamed key restore as migrated, element by element"
    )
    func typedRenames() throws {
        let stored = try json(
            #"{"path":[{"start":{}},{"dish":{"id":1,"title":"a"}},{"search":{"query":"pie"}}],"tabIndex":2}"#)
        var migrations = NavigationMigrations()
        migrations.renameCase("start", to: "home", in: Screen.self)
        migrations.renameCase("dish", to: "recipe", in: Screen.self)
        migrations.renameKey("tabIndex", to: "tab", in: TabsState.self)
        let (state, report) = try StateCoding.decode(TabsState.self, from: stored, migrations: migrations)
        #expect(state == TabsState(tab: 2, path: [.home, .recipe(id: 1, title: "a"), .search(query: "pie")]))
        #expect(report.dropped.isEmpty)
        #expect(report.migrated.map(\.place) == ["path[0]", "path[1]", ""])
        let start = try json(#"{"start":{}}"#)
        let home = try json(#"{"home":{}}"#)
        let recipe = try json(#"{"recipe":{"id":1,"title":"a"}}"#)
        #expect(report.migrated.first?.from == start && report.migrated.first?.to == home)
        #expect(report.migrated.dropFirst().first?.to == recipe)
        // A String enum's raw value is renamed too.
        enum Kind: String, Codable, Sendable { case inbox, archive }
        var rawMigrations = NavigationMigrations()
        rawMigrations.renameCase("old-inbox", to: "inbox", in: Kind.self)
        let kinds = try StateCoding.decode(
            RoutePath<Kind>.self, from: try json(#"["old-inbox","archive"]"#), migrations: rawMigrations)
        #expect(kinds.state.routes == [.inbox, .archive] && kinds.report.migrated.map(\.position) == [0])
    }

    @Test("item 10: a removed case is named in the reason, strictly and in a restore")
    func removedCaseNamed() throws {
        let (path, report) = try StateCoding.decode(
            RoutePath<Screen>.self, from: try json(#"[{"home":{}},{"flavorManagement":{}}]"#))
        #expect(path.routes == [.home])
        #expect(report.dropped.map(\.reason) == [.undecodable("Screen has no case 'flavorManagement'")])
    }

    @Test("item 10: a type's step gets each element's parsed JSON, in typed and NavigationPath paths, and is reported")
    func typedStepsPerElement() throws {
        // Version 1 added a title to panels; version 0 stored the ID alone.
        var migrations = NavigationMigrations()
        migrations.addStep(for: Panel.self) { old in
            guard case .object(var members) = old, members["title"] == nil else { return old }
            members["title"] = .string("untitled")
            return .object(members)
        }
        #expect(migrations.stepCount == 1)
        let mixed = JSONValue.array(
            ["RealAppTests.Panel", #"{"id":2}"#, "RealAppTests.Panel", #"{"id":1,"title":"One"}"#].map(JSONValue.string)
        )
        var types = NavigationTypeRegistry()
        types.register(Panel.self, aliases: ["RealAppTests.Panel"])
        let (path, report) = try StateCoding.decode(
            MixedPath.self, from: mixed, types: types, migrations: migrations, schemaVersion: 0)
        #expect(
            path.elements.map { $0.base as? Panel } == [Panel(id: 1, title: "One"), Panel(id: 2, title: "untitled")])
        // Both elements changed name (registry alias); the second also went through the step.
        #expect(report.migrated.map(\.position) == [0, 1])
        #expect(
            report.migrated[1].to
                == .array([.string("SceneNavigationTests.Panel"), .string(#"{"id":2,"title":"untitled"}"#)]))
        // Stored at version 1 already, the step does not run again.
        let current = try StateCoding.decode(
            RoutePath<Panel>.self, from: try json(#"[{"id":3}]"#), migrations: migrations, schemaVersion: 1)
        #expect(current.state.routes.isEmpty && current.report.dropped.count == 1)
        // A step that throws drops that element alone, saying which step.
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        var failing = NavigationMigrations()
        failing.addStep(for: Panel.self) { old in
            if old.objectValue?["id"] == .number(JSONNumber(1)) { throw Refused() }
            return old
        }
        let partial = try StateCoding.decode(
            RoutePath<Panel>.self, from: try json(#"[{"id":1,"title":"a"},{"id":2,"title":"b"}]"#), migrations: failing)
        #expect(partial.state.routes == [Panel(id: 2, title: "b")])
        #expect(
            partial.report.dropped.map(\.reason) == [.undecodable("the migration from schema 0 to 1 failed: refused")])
    }

    @Test("item 12: a state whose file would pass the read limit is refused before anything is written")
    func tooLargeRefused() async throws {
        let configuration = StateStore.Configuration(
            maximumFileSize: 4096, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let small = temporary.makeStore(configuration: configuration)
        let model = SceneNavigationModel(RoutePath<String>(["home"]))
        let persistence = try await SceneConnection.connect(model, to: small, scene: scene, guard: nil)
        try await persistence.flush()
        let before = try fileBytes()
        model.state.append(String(repeating: "x", count: 5000))
        await #expect {
            try await persistence.flush()
        } throws: { error in
            guard case .store(.documentTooLarge(let path, let size, 4096)) = error as? NavigationError else {
                return false
            }
            return path == small.path(for: scene) && size > 5000
        }
        #expect(try fileBytes() == before)
        // Every read still accepts what is there.
        #expect(try small.storedDocument(for: scene).values["navigation"] == .json(.array([.string("home")])))
        await persistence.cancel()
    }

    @Test("item 13: a save that finds its state stored moves the save time forward, so age and prune go by it")
    func confirmedSave() async throws {
        let model = SceneNavigationModel(RoutePath<String>(["home"]))
        let first = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        try await first.close()
        let savedAt = try store.storedDocument(for: scene).savedAt
        // A week open without a change, then closed.
        clock.advance(by: .seconds(7 * 86_400))
        let again = SceneNavigationModel(RoutePath<String>())
        let second = try await SceneConnection.connect(again, to: store, scene: scene, guard: nil)
        #expect(again.state == ["home"])
        try await second.close()
        #expect(try store.storedDocument(for: scene).savedAt == savedAt.addingTimeInterval(7 * 86_400))
        #expect(second.writerStatistics.written == 0)
        // The age limit and prune go by it.
        let outcome = try store.prune(before: clock.now.addingTimeInterval(-86_400))
        #expect(outcome.removedScenes.isEmpty)
        let aged = SceneNavigationModel(RoutePath<String>())
        let restored = try await SceneConnection.connect(
            aged, to: store, scene: scene, policy: RestorePolicy(maximumAge: .seconds(3_600)), guard: nil)
        #expect(restored.intervention == nil && aged.state == ["home"])
        await restored.cancel()
        // After cancel(), a close writes and confirms nothing.
        let bytes = try fileBytes()
        clock.advance(by: .seconds(3_600))
        try await restored.close()
        #expect(try fileBytes() == bytes)
    }

    @Test("item 13: flushing often confirms the save time at most once a minute")
    func confirmationsAreThrottled() async throws {
        let model = SceneNavigationModel(RoutePath<String>(["home"]))
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        try await persistence.flush()
        let written = try store.storedDocument(for: scene).savedAt
        clock.advance(by: .seconds(30))
        try await persistence.flush()
        #expect(try store.storedDocument(for: scene).savedAt == written)
        clock.advance(by: .seconds(31))
        try await persistence.flush()
        #expect(try store.storedDocument(for: scene).savedAt == clock.now)
        try await persistence.close()
    }

    @Test("item 12: a state nested deeper than reads accept is refused; a copy asked for is not made either")
    func tooDeepRefused() throws {
        var deep = JSONValue.array([])
        for _ in 0..<300 { deep = .array([deep]) }
        try temporary.saveScene("main", json: #"["home"]"#)
        let before = try fileBytes()
        #expect {
            try store.update(scene, keepingAside: .invalid, if: { _ in true }, { $0["navigation"] = .json(deep) })
        } throws: { error in
            guard case .documentTooDeep(let path, let depth, 256) = error as? SceneStoreError else { return false }
            return path == store.path(for: scene) && depth == 304
        }
        #expect(try fileBytes() == before)
        #expect(try store.keptAsideFiles().isEmpty)
        #expect(deep.nestingDepth == 301)
    }
}
