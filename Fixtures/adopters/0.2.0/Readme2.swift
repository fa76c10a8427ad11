// Block 2 of navstate 0.2.0's README (commit ff3f8d6), as written.
import Foundation
import SceneNavigation
import SceneStore

enum Route: Codable, Hashable, Sendable {
    case list
    case item(id: Int)
}

// The scene's navigation state: a selected tab beside the path.
struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Route> = []
}

@MainActor func run() async throws {
    let store = try SceneStore(appID: AppID("com.example.routes"),
                               environment: ProcessInfo.processInfo.environment)
    let scene = try SceneID("main")

    // First launch: connect (restores nothing yet), navigate, close.
    let model = SceneNavigationModel(AppState())
    let persistence = try await ScenePersistence.connect(model, to: store, scene: scene)
    model.state.tab = 1                                   // returns at once; saved in the background
    model.state.path.append(.list)
    model.state.path.append(.item(id: 42))
    model.state.path.append(.item(id: 7))
    try await persistence.close()                         // the last change is durable

    // Relaunch: a new model restores from disk. Item 42 was deleted meanwhile: the resolver says so.
    let resolvers = RouteResolvers().adding(Route.self) { route in
        route == .item(id: 42) ? nil : route
    }
    let relaunched = SceneNavigationModel(AppState(), resolvers: resolvers)
    let restored = try await ScenePersistence.connect(relaunched, to: store, scene: scene)
    print("tab \(relaunched.state.tab), path: \(relaunched.state.path.map { "\($0)" }.joined(separator: " > "))")
    for dropped in restored.report?.dropped ?? [] {
        print("dropped \(dropped.location)[\(dropped.position)]: \(dropped.reason)")
    }
    try await restored.close()
}
try await run()
