// Block 2 of navstate 0.3.0's README (commit 6e95474), as written (block 1 is Package.swift's
// dependency line).
import Foundation
import SceneNavigation
import SceneStore

enum Route: Codable, Hashable {
    case inbox
    case message(id: Int)
}

@MainActor func launch(deleted: Set<Int> = []) async throws -> SceneNavigationModel<RoutePath<Route>> {
    let store = try SceneStore(appID: AppID("com.example.mail"), environment: ProcessInfo.processInfo.environment)
    let resolvers = RouteResolvers().adding(Route.self) { route in
        if case .message(let id) = route, deleted.contains(id) { return nil }
        return route
    }
    let model = SceneNavigationModel(RoutePath<Route>(), resolvers: resolvers)
    let persistence = try await ScenePersistence.connect(model, to: store, scene: SceneID("main"))
    for dropped in persistence.report?.dropped ?? [] { print("dropped \(dropped)") }
    if model.state.isEmpty { model.state = [.inbox, .message(id: 7), .message(id: 9)] }
    try await persistence.close()
    return model
}

_ = try await launch()
let relaunched = try await launch(deleted: [7])
print(relaunched.state.map { "\($0)" }.joined(separator: " > "))
