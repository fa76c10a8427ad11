import Benchmark
import Foundation
import MainActorRoutes
import RecipeData
import SceneNavigation
import SceneStore

// MARK: - A burst as apps make changes: the main actor yielded between them

/// A burst of changes to a scene connected through `PersistentScene`, the main actor yielded after
/// each (as taps, animations and SwiftUI's updates come one by one), then the last one made
/// durable by `flush()`; beside it, in the same iteration, one floor write of the scene's file.
/// Reports the time from the last mutation to durable and the floor's.
func registerYieldingBurst() {
    let directory = makeTemporaryDirectory()
    let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
    let floorDirectory = directory + "/floor"
    try! FileManager.default.createDirectory(atPath: floorDirectory, withIntermediateDirectories: true)
    let recipes = Array(DataModel.cookbook.recipes.prefix(3))
    let counter = Counter()
    Benchmark(
        "burst/navstate yielding/1000 mutations",
        configuration: .init(
            metrics: [.wallClock, .custom("last mutation to durable ns"), .custom("floor ns")],
            warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 40)
    ) { benchmark in
        let (latency, floor) = await yieldingBurst(
            store: store, scene: try! SceneID("burst\(counter.next() % 2)"), recipes: recipes, mutations: 1_000,
            floorDirectory: floorDirectory)
        benchmark.measurement(.custom("last mutation to durable ns"), latency)
        benchmark.measurement(.custom("floor ns"), floor)
    }
}

@MainActor
private func yieldingBurst(
    store: StateStore, scene: SceneID, recipes: [Recipe], mutations: Int, floorDirectory: String
) async -> (Int, Int) {
    let model = NavigationModel()
    _ = try! store.removeScene(scene)
    let connection = PersistentScene(model, store: store, guard: nil, identity: .supplied(scene), onEvent: { _ in })
    try! await connection.connect()
    let clock = ContinuousClock()
    for index in 0..<mutations {
        if index & 1 == 0 {
            model.selectedCategory = Category(rawValue: (index >> 1) % 4)
        } else {
            model.path = Array(recipes.prefix(1 + index % 3))
        }
        await Task.yield()
    }
    let last = clock.now
    try! await connection.flush()
    let durable = clock.now
    try! await connection.close()
    // One floor write of the file the burst left, in the same iteration.
    let bytes = Array(try! Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))))
    let floorStart = clock.now
    floorDurableReplace(directory: floorDirectory, name: "main.json", bytes: bytes)
    let floorEnd = clock.now
    return (nanoseconds(durable - last), nanoseconds(floorEnd - floorStart))
}
