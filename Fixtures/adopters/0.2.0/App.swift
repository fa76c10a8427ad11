// An app written against navstate 0.2.0: the calls its README, its articles and its types offered.
import Foundation
import RecipeData
import SceneNavigation
import SceneStore

enum Route: Codable, Hashable, Sendable {
    case list
    case item(id: Int)
}

struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Route> = []
}

@MainActor func scenes(_ store: SceneStore, _ scene: SceneID) async throws {
    // The whole of a scene's .task in one call, as 0.2.0's guide wrote it.
    let model = SceneNavigationModel(AppState())
    try await ScenePersistence.run(model, store: store, scene: scene)
    try await ScenePersistence.run(model, store: store, scene: scene, key: "navigation") { report in
        print(report?.isComplete ?? true)
    }
    let cookbook = NavigationModel()
    try await NavigationPersistence.run(cookbook, store: store, scene: scene)
    let persistence = try await NavigationPersistence.connect(cookbook, to: store, scene: scene)
    if let report = persistence.report {
        // 0.2.0 also read the cookbook report's restoredIDs and selectedCategory (gone: read the model).
        print(report.isComplete, report.dropped.count)
        for dropped in report.dropped { print(dropped.id, dropped.reason) }
        for migrated in report.migrated { print(migrated.from, migrated.to) }
    }
    cookbook.selectedCategory = .dessert
    cookbook.path = []
    _ = cookbook.jsonData
    print(cookbook.additionalMembers.count)
    _ = try cookbook.restore(from: Array(#"{"selectedCategory":0,"recipePathIds":[]}"#.utf8), policy: RestorePolicy(missingRecipes: .truncate))
    var policy = RestorePolicy()
    policy.missingRecipes = .skip
    try await persistence.close()
    let snapshot = model.currentSnapshot
    print(SceneNavigationModel<AppState>.revision(of: snapshot), SceneNavigationModel<AppState>.canRestore(from: .json(.null)))
    _ = try SceneNavigationModel<AppState>.sceneValue(of: snapshot)
}

func storage(_ store: SceneStore, _ scene: SceneID) throws {
    let summary: SceneSummary? = try store.summary(of: scene)
    print(summary?.health as Any)
    _ = try store.keepCopy(of: scene, reason: .corrupt)
    _ = try store.removeValueAndEmptyScene(forKey: "navigation", in: scene)
    _ = try store.siblingStore(folder: "restores")
    _ = try StateDirectory.resolveRoot(environment: [:])
    _ = try StateDirectory.resolveRoot(environment: [:], convention: .xdg)
    _ = SceneStore.Configuration(maximumFileSize: 1 << 20, maximumDepth: 64, now: { Date() })
    _ = CrashLoopGuard(restoresNothingAfter: 3, healthyAfterFirstWrite: false, healthyAfter: nil)
    _ = [Errno.interrupted, .wouldBlock, .deviceOrAddress]
}

func coding(_ value: SceneValue, _ json: JSONValue) throws {
    let (state, report) = try NavigationCoding.decode(AppState.self, from: value)
    let (again, _) = try NavigationCoding.decode(AppState.self, from: json, key: "navigation", schemaVersion: 0)
    let (third, _) = try NavigationCoding.decode(AppState.self, fromJSON: Array("{}".utf8))
    print(state == again, state == third, report.restoredCount, report.dropped.map(\.reason.code))
    var migrations = NavigationMigrations()
    migrations.alias(.string("old"), to: .string("new"))
    let (migrated, elements) = try migrations.migrate(json, from: 0)
    let first: NavigationMigrations.MigratedElement? = elements.first
    print(migrated, first?.location as Any, first?.position as Any)
    let report2: PathRestoreReport = report
    print(report2.json)
}

@MainActor func broadcast() async {
    let changes = ChangeBroadcaster<Int>()
    let stream = changes.subscribe()
    changes.publish(1)
    changes.finish()
    for await value in stream { print(value, changes.hasSubscribers) }
}
