// An app written against navstate 0.3.0: the calls of 0.3.0 that 0.4.0 deprecates, each as an app
// made them.
import Foundation
import SceneNavigation
import SceneStore

struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<String> = []
}

func housekeeping(_ store: SceneStore, live: Set<SceneID>) throws {
    // A window closed for good, the scenes the system no longer has, and a month unseen.
    try NavigationScenes.remove(SceneID("closed"), from: store)
    try NavigationScenes.removeAll(except: live, from: store)
    _ = try NavigationScenes.prune(before: Date().addingTimeInterval(-30 * 24 * 3600), in: store)
    // What a crash-loop guard withheld, looked at.
    if let recovery = try? NavigationScenes.recover(SceneID("main"), in: store, dryRun: true) {
        let recovered: NavigationScenes.Recovery = recovery
        print("could recover \(recovered.file.fileName)")
    }
}

func values(_ store: SceneStore, _ scene: SceneID) async throws {
    // Values of its own beside the navigation, as 0.3.0's store offered.
    try store.set(true, forKey: "showsIngredients", in: scene)
    let shows = try store.value(Bool.self, forKey: "showsIngredients", in: scene)
    try store.setSceneValue(.json(.string("dessert")), forKey: "tab", in: scene)
    _ = try store.sceneValue(forKey: "tab", in: scene)
    _ = try store.document(for: scene)
    _ = try store.budget(of: scene)
    _ = try store.sceneIDs()
    try store.keepAside(scene, reason: .crashLoop)
    try store.update(scene) { values in values["tab"] = nil }
    try store.removeValue(forKey: "showsIngredients", in: scene)
    let writer = try store.writer(forKey: "flag", in: scene)
    writer.submit(shows ?? false)
    try await writer.flush()
    let (flags, continuation) = AsyncStream.makeStream(of: Bool.self)
    continuation.yield(true)
    continuation.finish()
    try await store.writeThrough(flags, forKey: "flag", in: scene)
}

@MainActor func restoresApart(_ store: SceneStore, _ scene: SceneID) async throws {
    // Restores apart from a scene's connection, as 0.3.0 offered them.
    let model = SceneNavigationModel(AppState())
    let stored = try NavigationCoding.encode(AppState(tab: 1))
    _ = try NavigationCoding.decode(AppState.self, from: stored)
    try model.restore(from: .json(stored))
    try model.restore(importing: .json(stored))
    _ = try await model.restore(from: store, scene: scene)
    var migrations = NavigationMigrations()
    migrations.alias(.string("old"), to: .string("new"))
    _ = (migrations.aliases, migrations.alias(of: .string("old")), migrations.version)
    _ = try migrations.migrate(stored, from: 0, key: "navigation") as JSONValue
    var resolvers = RouteResolvers()
    resolvers.add(String.self) { $0 }
    _ = RouteResolvers.userInfoKey
    _ = try MixedPath.decode(from: .array([]), types: NavigationTypeRegistry())
    _ = MixedPath.typeName(of: Int.self)
    _ = NavigationTypeRegistry().knows("Swift.Int")
    try CrashLoopGuard.removeMarkers(of: scene, in: store)
}

func storeDetails() throws {
    // Where the state lives and how long an identifier may be, as 0.3.0 told them.
    let root = try StateDirectory.resolveRoot(environment: ["HOME": "/home/u"], location: .cache)
    let convention: StateDirectory.Convention = .current
    _ = (root, convention, SceneID.maximumLength, AppID.maximumLength)
    _ = KeptAsideFile.Reason("archived", description: "archived by the app")
    // Records 0.3.0 let an app make, as a test of its own listing code would.
    let main = try SceneID("main")
    let kept = KeptAsideFile(scene: main, path: "/tmp/main.json", reason: .corrupt, keptAt: Date(), size: 2)
    let summary = SceneSummary(scene: main, path: kept.path, keys: [], size: 2, lastSaved: Date(), health: .ok)
    let failure = PruneOutcome.Failure(path: kept.path, error: .sceneNotFound(main, path: kept.path))
    _ = (summary, PruneOutcome(removedScenes: [main], failures: [failure]))
    _ = JSONParseError(reason: "unexpected end", line: 1, column: 2, offset: 1)
}

@MainActor func run() async throws {
    let root = NSTemporaryDirectory() + "navstate-adopter-" + UUID().uuidString
    let store = SceneStore(appID: try AppID("com.example.adopter"), stateRoot: root)
    let scene = try SceneID("main")
    try await values(store, scene)
    try housekeeping(store, live: [scene])
    print(try store.scenes().map(\.scene))
    // A scene of a UIKit scene delegate, made as 0.3.0 made one: with a trailing closure for its
    // errors, and with a callback for its connections.
    let model = SceneNavigationModel(AppState())
    let window = PersistentScene(model, store: store, identity: .supplied(scene)) { error in print("navstate: \(error)") }
    let other = PersistentScene(
        model, store: store, identity: .supplied(scene), onConnect: { print($0.report?.dropped.count ?? 0) },
        onError: { (failure: NavigationError) in print("navstate: \(failure)") })
    _ = (window.sceneID, other.persistence?.scene)
    // A Mac app's quit, where its scenes are made durable.
    NavigationScenes.terminating()
}

try await run()
