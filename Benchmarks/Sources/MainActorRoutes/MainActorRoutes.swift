// Routes as an Xcode 26 app target declares them: this target has main-actor default isolation and
// "approachable concurrency" (InferIsolatedConformances, NonisolatedNonsendingByDefault), so the
// route's Codable and Hashable conformances are isolated to the main actor. The benchmark measures
// them beside the same routes declared in a nonisolated target (BenchRoute), with the same helpers.
import SceneNavigation
import SceneStore

/// The benchmark's route, with the cases of `BenchRoute`, declared plain `Codable, Hashable`.
public enum MainActorRoute: Codable, Hashable {
    case home
    case item(id: Int, title: String)
    case search(query: String, page: Int)
}

/// `count` routes of every case, in turn, as `makeRoutes` makes them.
func makeMainActorRoutes(_ count: Int) -> [MainActorRoute] {
    routes(count, home: .home, item: MainActorRoute.item, search: MainActorRoute.search)
}

/// `count` routes of every case of a route type with the benchmark's three cases, in turn. A pure
/// function, so nonisolated: the benchmark makes its nonisolated routes with it off the main actor.
@inlinable
nonisolated public func routes<Route>(
    _ count: Int, home: Route, item: (_ id: Int, _ title: String) -> Route, search: (_ query: String, _ page: Int) -> Route
) -> [Route] {
    (0..<count).map { index in
        switch index % 3 {
        case 0: item(index, "Item \(index)")
        case 1: search("query \(index)", index % 7)
        default: home
        }
    }
}

/// A burst of `mutations` route mutations from no file, written through: the producer's cost per
/// mutation (ns), the physical writes, and the time from the last mutation until durable (ns).
public func mainActorRouteBurst(store: StateStore, scene: SceneID, mutations: Int) async -> (Int, Int, Int) {
    await burst(of: SceneNavigationModel(RoutePath<MainActorRoute>()), store: store, scene: scene, mutations: mutations,
        routes: makeMainActorRoutes(8))
}

/// `count` saves of one change each (a push or a pop, then `flush()`), from no file: the time per
/// save (ns), the change made durable before the next.
public func mainActorRouteSaves(store: StateStore, scene: SceneID, count: Int) async -> Int {
    await saves(of: SceneNavigationModel(RoutePath<MainActorRoute>()), store: store, scene: scene, count: count,
        routes: makeMainActorRoutes(8))
}

// The helpers below serve every route type alike, and are inlinable so that the benchmark's own
// module specializes them for its routes, as this module does for its own.

/// A burst through a model of no file, without the guard: what `measureBurst` returns.
@inlinable
public func burst<Route: Codable & Hashable>(
    of model: SceneNavigationModel<RoutePath<Route>>, store: StateStore, scene: SceneID, mutations: Int, routes: [Route]
) async -> (Int, Int, Int) {
    // From no file, so that the last state is never the one stored by the run before.
    _ = try! store.removeScene(scene)
    let persistence = try! await ScenePersistence.connect(model, to: store, scene: scene, restoring: false, guard: nil)
    return await measureBurst(model, persistence, mutations: mutations, routes: routes)
}

/// Saves through a model of no file, without the guard: what `measureSaves` returns.
@inlinable
public func saves<Route: Codable & Hashable>(
    of model: SceneNavigationModel<RoutePath<Route>>, store: StateStore, scene: SceneID, count: Int, routes: [Route]
) async -> Int {
    _ = try! store.removeScene(scene)
    let persistence = try! await ScenePersistence.connect(model, to: store, scene: scene, restoring: false, guard: nil)
    let perSave = await measureSaves(model, persistence, count: count, routes: routes)
    try! await persistence.close()
    return perSave
}

/// A burst's producer cost per mutation, physical writes and last mutation to durable, in ns.
@inlinable
public func measureBurst<Route: Codable & Hashable>(
    _ model: SceneNavigationModel<RoutePath<Route>>, _ persistence: ScenePersistence<RoutePath<Route>>,
    mutations: Int, routes: [Route]
) async -> (Int, Int, Int) {
    let clock = ContinuousClock()
    let start = clock.now
    navigate(model, mutations: mutations, routes: routes)
    let last = clock.now
    try! await persistence.close()
    let durable = clock.now
    return (nanoseconds((last - start) / mutations), persistence.statistics.written, nanoseconds(durable - last))
}

/// The time of one save (a change, then `flush()`), in ns, over `count` saves.
@inlinable
public func measureSaves<Route: Codable & Hashable>(
    _ model: SceneNavigationModel<RoutePath<Route>>, _ persistence: ScenePersistence<RoutePath<Route>>,
    count: Int, routes: [Route]
) async -> Int {
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<count {
        navigate(model, mutations: 1, routes: [routes[index & 7]])
        try! await persistence.flush()
    }
    return nanoseconds((clock.now - start) / count)
}

/// Pushes and pops routes, as a user navigates: the path stays a few routes deep.
@inlinable
public func navigate<Route: Codable & Hashable>(
    _ model: SceneNavigationModel<RoutePath<Route>>, mutations: Int, routes: [Route]
) {
    for index in 0..<mutations {
        if model.state.count >= 4 {
            model.state.removeLast()
        } else {
            model.state.append(routes[index % routes.count])
        }
    }
}

/// A duration in nanoseconds.
@inlinable
public func nanoseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
}
