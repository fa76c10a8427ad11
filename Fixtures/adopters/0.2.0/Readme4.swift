// Block 4 of navstate 0.2.0's README (commit ff3f8d6), with the one line 0.3.0 cannot take as written (marked).
import Foundation
import SceneNavigation
import SceneStore

enum Screen: String, Codable, Hashable, Sendable {
    case inbox, message, settings
}

// Schema 1 of the app's state. Schema 0 stored a bare array of screens, one of them "preferences".
struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Screen> = []
}

typealias Model = SceneNavigationModel<AppState>

@MainActor func launch(
    _ store: SceneStore, _ scene: SceneID, deepLink: ((Model) -> Void)? = nil
) async throws -> (Model, ScenePersistence<AppState>) {  // 0.2.0: ScenePersistence<Model>
    var migrations = NavigationMigrations()
    migrations.addStep { old in .object(["tab": .number(JSONNumber(0)), "path": old]) }  // 0 to 1
    migrations.alias(.string("preferences"), to: .string("settings"))                    // a renamed screen
    let model = SceneNavigationModel(AppState(), migrations: migrations)
    let persistence = try await ScenePersistence.connect(
        model, to: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil), deepLink: deepLink)
    let how = persistence.intervention.map { "\($0)" } ?? "restored"
    print("\(how): tab \(model.state.tab), path \(model.state.path.map(\.rawValue))")
    return (model, persistence)
}

@MainActor func run() async throws {
    let store = try SceneStore(appID: AppID("com.example.mail"),
                               environment: ProcessInfo.processInfo.environment)
    let scene = try SceneID("main")
    // What the previous version left on disk: schema 0.
    try store.setSceneValue(.json(.array([.string("inbox"), .string("preferences")])),
                            forKey: "navigation", in: scene)

    let (model, first) = try await launch(store, scene)
    for migrated in first.report?.migrated ?? [] {
        let from = String(decoding: migrated.from.serialized(), as: UTF8.self)
        let to = String(decoding: migrated.to.serialized(), as: UTF8.self)
        print("migrated \(migrated.location)[\(migrated.position)]: \(from) to \(to)")
    }
    model.state.tab = 1
    try await first.close()                      // healthy: the guard's marker is removed

    // A launch that crashes on the restored screen before it becomes healthy (never closed)...
    _ = try await launch(store, scene)
    // ...so the next one withholds the path, keeps the tab and keeps a copy of the file.
    let (_, guarded) = try await launch(store, scene)
    print("kept aside: \(guarded.keptAsidePath.map { $0.contains(".crashloop-") } ?? false)")
    try await guarded.close()

    // A deep link wins over the saved path.
    let (_, linked) = try await launch(store, scene) { $0.state.path = [.message] }
    try await linked.close()
}
try await run()
