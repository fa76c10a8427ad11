import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

// The shapes the seed articles navigate with.

/// A typed path of animals, with `navigationDestination(for: Animal.self)`.
enum Animal: String, Codable, Hashable, Sendable {
    case cat, dog, bird
}

/// The router's items: an enum with associated values.
enum Item: Codable, Hashable, Sendable {
    case sub1(id: Int)
    case sub2(id: Int)
}

/// A router object holding `items`, and an `isActive` flag next to a path.
struct RouterState: Codable, Equatable, Sendable {
    var isActive = false
    var items: RoutePath<Item> = []
}

@MainActor
@Suite struct SeedShapesTests {
    /// Saves a state through a connected model, then relaunches with a new store and model (the
    /// testing kit's simulator), as a new process does.
    func roundTrip<State: Codable & Equatable & Sendable>(
        _ empty: State, mutate: (inout State) -> Void, resolvers: RouteResolvers = RouteResolvers()
    ) async throws -> (saved: State, restored: SceneNavigationModel<State>, report: RestoreReport?, file: JSONValue) {
        let temporary = try TemporaryStore(appID: "com.example.seeds")
        let first = try AppSimulator(temporary) { SceneNavigationModel(empty) }
        let launch = try await first.launch()
        #expect(launch.outcome.report == nil)
        mutate(&launch.model.state)
        try await first.end(.closed)
        var saved = empty
        mutate(&saved)
        let app = try AppSimulator(temporary) { SceneNavigationModel(empty, resolvers: resolvers) }
        let relaunch = try await app.launch()
        try await app.end(.closed)
        let stored = try temporary.makeStore().storedDocument(for: SceneID("main")).values["navigation"]
        guard case .json(let json)? = stored else { throw NavigationError.cannotEncode(reason: "nothing stored") }
        return (saved, relaunch.model, relaunch.outcome.report, json)
    }

    @Test("a [String] path round-trips through a real store and survives a relaunch")
    func stringPath() async throws {
        let (saved, restored, report, file) = try await roundTrip(RoutePath<String>()) { path in
            path.append(contentsOf: ["list", "detail", "settings"])
        }
        #expect(restored.state == saved)
        #expect(report == RestoreReport(restoredCount: 3))
        #expect(file == .array([.string("list"), .string("detail"), .string("settings")]))
        // A newer version without a "detail" screen says so through its resolver.
        let screens: Set<String> = ["list", "settings"]
        let (_, relaunched, removed, _) = try await roundTrip(
            RoutePath<String>(), mutate: { $0 = ["list", "detail", "settings"] },
            resolvers: RouteResolvers().adding(String.self) { screens.contains($0) ? $0 : nil })
        #expect(relaunched.state == ["list", "settings"])
        #expect(removed?.dropped == [.init(position: 1, json: .string("detail"), reason: .unresolved)])
    }

    @Test("a typed [Animal] path round-trips, and a case a newer version removed is dropped precisely")
    func animalPath() async throws {
        let (saved, restored, report, _) = try await roundTrip(RoutePath<Animal>()) { path in
            path = [.cat, .dog, .bird]
        }
        #expect(restored.state == saved && report?.isComplete == true)
        // Saved by a version that still had `.hamster`.
        let (state, removed) = try StateCoding.decode(
            RoutePath<Animal>.self, from: try JSONValue(parsing: Array(#"["cat","hamster","dog"]"#.utf8)))
        #expect(state == [.cat, .dog])
        #expect(
            removed.dropped == [
                .init(
                    position: 1, json: .string("hamster"),
                    reason: .undecodable("Animal has no case 'hamster'"))
            ])
    }

    @Test("the router's enum items with associated values round-trip; a removed case is dropped with its place")
    func routerItems() async throws {
        let (saved, restored, report, file) = try await roundTrip(RouterState()) { state in
            state.items = [.sub1(id: 1), .sub2(id: 2), .sub1(id: 3)]
        }
        #expect(restored.state == saved && report?.isComplete == true)
        #expect(
            String(decoding: file.serialized(), as: UTF8.self)
                == #"{"isActive":false,"items":[{"sub1":{"id":1}},{"sub2":{"id":2}},{"sub1":{"id":3}}]}"#)
        let stored =
            #"{"isActive":true,"items":[{"sub1":{"id":1}},{"sub3":{"id":3}},{"sub2":{"id":"two"}},{"sub2":{"id":2}}]}"#
        let (state, removed) = try StateCoding.decode(
            RouterState.self, from: try JSONValue(parsing: Array(stored.utf8)))
        #expect(state == RouterState(isActive: true, items: [.sub1(id: 1), .sub2(id: 2)]))
        #expect(removed.restoredCount == 2)
        #expect(removed.dropped.map(\.location) == ["items", "items"])
        #expect(removed.dropped.map(\.position) == [1, 2])
        #expect(removed.dropped.map(\.reason.code) == ["undecodable", "undecodable"])
        #expect(String(decoding: removed.dropped[0].json.serialized(), as: UTF8.self) == #"{"sub3":{"id":3}}"#)
        #expect(
            removed.dropped.map(\.reason) == [
                .undecodable("Item has no case 'sub3'"),
                .undecodable("Expected to decode Int but found a string instead. (at sub2.id)"),
            ])
    }

    @Test("an isActive flag is stored next to the path in the same scene, in the state or under its own key")
    func isActiveFlag() async throws {
        let (saved, restored, _, file) = try await roundTrip(RouterState()) { state in
            state.isActive = true
            state.items.append(.sub2(id: 7))
        }
        #expect(restored.state == saved)
        #expect(file.objectValue?["isActive"] == .bool(true))
        // Or as its own @SceneStorage-like key of the same scene, beside the path.
        let temporary = try TemporaryStore(appID: "com.example.seeds")
        let store = temporary.store
        let scene = try SceneID("main")
        let model = SceneNavigationModel(RoutePath<String>(["home"]))
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, key: "path")
        try store.put(true, forKey: "isActive", in: scene)
        model.state.append("detail")
        try await persistence.close()
        #expect(try store.storedDocument(for: scene).values.keys.sorted() == ["isActive", "path"])
        #expect(try store.read(Bool.self, forKey: "isActive", in: scene) == true)
        let relaunched = SceneNavigationModel(RoutePath<String>())
        _ = try await SceneConnection.connect(relaunched, to: temporary.makeStore(), scene: scene, key: "path")
        #expect(relaunched.state == ["home", "detail"])
    }
}
