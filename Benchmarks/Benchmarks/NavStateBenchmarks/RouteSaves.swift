import Benchmark
import Foundation
import MainActorRoutes
import RecipeData
import SceneNavigation
import SceneStore

// MARK: - The cookbook's routes against any app's

/// An app's route identified by a `UUID`, as an app declares one.
struct UUIDNote: IdentifiedRoute {
    let id: UUID
}

/// An app's own identifier type, a `UUID` inside (as the cookbook's `Recipe.ID` is), stored as the
/// UUID's text, and `RawRepresentable` with the UUID as its raw value (as `Recipe.ID` is).
struct NoteID: JSONIdentifier, RawRepresentable {
    var uuid: UUID
    init(_ uuid: UUID) { self.uuid = uuid }
    var rawValue: UUID { uuid }
    init(rawValue: UUID) { uuid = rawValue }
    var jsonValue: JSONValue { .string(uuid.uuidString) }
    init?(jsonValue: JSONValue) {
        guard case .string(let text) = jsonValue, let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a UUID"))
        }
        self.uuid = uuid
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuid.uuidString)
    }
}

/// An app's route identified by its own identifier type.
struct OwnIDNote: IdentifiedRoute {
    let id: NoteID
}

/// A scene's state of a selection and a path, as an app's.
struct NotesState<Route: Codable & Hashable>: Codable, Equatable {
    var selected = 0
    var path: RoutePath<Route> = []
}

/// A scene connected through `PersistentScene`, the way any app connects one, whose each change a
/// benchmark makes durable with `flush()`: the first call connects.
final class SceneSave<State: Codable & Equatable>: @unchecked Sendable {
    private let store: StateStore
    private let scene: SceneID
    private let initial: State
    private let change: @MainActor (SceneNavigationModel<State>, Bool) -> Void
    @MainActor private var connected: PersistentScene<State>?

    init(
        store: StateStore, scene: String, initial: State,
        change: @escaping @MainActor (SceneNavigationModel<State>, Bool) -> Void
    ) {
        self.store = store
        self.scene = try! SceneID(scene)
        self.initial = initial
        self.change = change
    }

    @MainActor
    func save(_ flag: Bool) async {
        if connected == nil {
            let connection = PersistentScene(
                SceneNavigationModel(initial), store: store, guard: nil, identity: .supplied(scene), onEvent: { _ in })
            try! await connection.connect()
            connected = connection
        }
        guard let connected else { return }
        change(connected.model, flag)
        try! await connected.flush()
    }
}

/// Registers, per path length, one interleaved benchmark of three saves of the same length through
/// `PersistentScene`: the cookbook's recipes, an app's routes identified by `UUID`, and an app's
/// routes identified by its own `JSONIdentifier` type. Each iteration runs the three one after the
/// other, so the ratios compare like with like.
func registerRouteSaves(bigData: DataModel) {
    for size in pathSizes {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("routes"), stateRoot: directory)
        let recipes = makePath(length: size, from: bigData)
        let cookbook = SceneSave(
            store: store, scene: "cookbook", initial: CookbookState(selectedCategory: .dessert, path: RoutePath(recipes))
        ) { model, flag in model.state.selectedCategory = flag ? .dessert : .salad }
        let uuids = SceneSave(
            store: store, scene: "uuid",
            initial: NotesState(path: RoutePath(recipes.map { UUIDNote(id: $0.id.uuid) }))
        ) { model, flag in model.state.selected = flag ? 1 : 2 }
        let own = SceneSave(
            store: store, scene: "own-id",
            initial: NotesState(path: RoutePath(recipes.map { OwnIDNote(id: NoteID($0.id.uuid)) }))
        ) { model, flag in model.state.selected = flag ? 1 : 2 }
        let counter = Counter()
        Benchmark(
            "routes save/\(size) ids",
            configuration: .init(
                metrics: [.custom("cookbook ns"), .custom("uuid ns"), .custom("own id ns")], warmupIterations: 5,
                maxDuration: .seconds(4), maxIterations: 1_000)
        ) { benchmark in
            let flag = counter.next() & 1 == 0
            // On the main actor, as an app saves: no hop to it in the times.
            let (cookbookTime, uuidTime, ownTime) = await timeRouteSaves(cookbook, uuids, own, flag: flag)
            benchmark.measurement(.custom("cookbook ns"), cookbookTime)
            benchmark.measurement(.custom("uuid ns"), uuidTime)
            benchmark.measurement(.custom("own id ns"), ownTime)
        }
    }
}

/// The three saves of an iteration, timed one after the other on the main actor.
@MainActor
private func timeRouteSaves<A, B, C>(
    _ cookbook: SceneSave<A>, _ uuids: SceneSave<B>, _ own: SceneSave<C>, flag: Bool
) async -> (Int, Int, Int) {
    let clock = ContinuousClock()
    let start = clock.now
    await cookbook.save(flag)
    let afterCookbook = clock.now
    await uuids.save(flag)
    let afterUUIDs = clock.now
    await own.save(flag)
    let afterOwn = clock.now
    return (
        nanoseconds(afterCookbook - start), nanoseconds(afterUUIDs - afterCookbook), nanoseconds(afterOwn - afterUUIDs)
    )
}
