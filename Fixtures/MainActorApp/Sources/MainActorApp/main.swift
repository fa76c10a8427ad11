import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore

// Types as SwiftUI takes them: Codable and Hashable, nothing more.
enum Route: Codable, Hashable {
    case inbox
    case message(id: Int)
}

// A wallet's price screen, as a NavigationPath holds it: a class inside, so it is not Sendable
// where types are nonisolated either.
final class PriceHistory: Codable, Hashable {
    let closes: [Double]

    init(closes: [Double]) { self.closes = closes }

    static func == (lhs: PriceHistory, rhs: PriceHistory) -> Bool { lhs.closes == rhs.closes }
    func hash(into hasher: inout Hasher) { hasher.combine(closes) }
}

struct PriceScreen: Codable, Hashable {
    var symbol: String
    var history: PriceHistory
}

// Schema 1. Schema 0 stored the mail path alone, as a bare array.
struct AppState: Codable, Equatable {
    var tab = 0
    var mail: RoutePath<Route> = []
    var wallet = MixedPath()
}

// The app's data, as an app keeps it: a class (isolated to the main actor in an Xcode 26 target).
final class Mailbox {
    var messages: Set<Int>

    init(messages: Set<Int>) { self.messages = messages }

    func message(_ id: Int) -> Route? { messages.contains(id) ? .message(id: id) : nil }
}

typealias Model = SceneNavigationModel<AppState>

// Functions that touch the model are on the main actor, as the model is (the attribute is what a
// nonisolated target needs; a main-actor one has it by default).
@MainActor func makeModel(deleted: Set<Int> = []) -> Model {
    let mailbox = Mailbox(messages: Set(1...50).subtracting(deleted))
    var types = NavigationTypeRegistry()
    types.register(PriceScreen.self)
    var migrations = NavigationMigrations()
    migrations.addStep { old in .object(["tab": .number(JSONNumber(0)), "path": old, "wallet": .array([])]) }
    migrations.renameKey("path", to: "mail", in: AppState.self)
    // A resolver asks the app's data, where it lives, and compares routes with their own `==`.
    let resolvers = RouteResolvers().adding(Route.self) { route in
        if case .message(let id) = route { return mailbox.message(id) }
        return route == .inbox ? route : nil
    }
    return SceneNavigationModel(AppState(), resolvers: resolvers, types: types, migrations: migrations)
}

@MainActor func describe(_ model: Model) -> String {
    let wallet = model.state.wallet.elements.map { element in
        (element.base as? PriceScreen).map { "\($0.symbol) \($0.history.closes)" } ?? "\(element)"
    }
    return "tab \(model.state.tab), mail \(model.state.mail.map { "\($0)" }), wallet \(wallet)"
}

@MainActor func report(_ outcome: RestoreOutcome) {
    for dropped in outcome.report?.dropped ?? [] { print("dropped \(dropped.place): \(dropped.reason)") }
    if let migrated = outcome.report?.migrated, !migrated.isEmpty { print("migrated: \(migrated.count)") }
    if let intervention = outcome.intervention { print("intervention: \(intervention)") }
}

/// One launch of the app: connect (restoring, with the report printed), navigate, close, and print
/// the state it ends with.
@MainActor func launch(
    _ name: String, store: StateStore, scene: SceneID, deleted: Set<Int> = [],
    deepLink: PersistentScene<AppState>.Link? = nil,
    navigating: (Model) -> Void = { _ in }
) async throws {
    let model = makeModel(deleted: deleted)
    let connection = PersistentScene(model, store: store, identity: .supplied(scene), onEvent: { _ in })
    // A link opened before the scene connects is its deep link: it wins over the saved paths.
    if let deepLink { connection.open(deepLink) }
    report(try await connection.connect())
    navigating(model)
    try await connection.close()
    print("\(name): \(describe(model))")
}

let store = try StateStore(appID: AppID("com.example.wallet"), environment: ProcessInfo.processInfo.environment)
let scene = try SceneID("main")

switch CommandLine.arguments.dropFirst().first {
case "old":
    // What the previous version left on disk, saved as it saved it: schema 0, a bare array.
    let previous = SceneNavigationModel(RoutePath<Route>())
    let saving = PersistentScene(previous, store: store, identity: .supplied(scene), onEvent: { _ in })
    try await saving.connect()
    previous.state = [.inbox, .message(id: 99)]
    try await saving.close()
    try await launch("migrated launch", store: store, scene: scene)
case "save":
    try await launch(
        "saved", store: store, scene: scene,
        navigating: { model in
            model.state.tab = 1
            model.state.mail = [.inbox, .message(id: 7), .message(id: 9)]
            model.state.wallet.append(PriceScreen(symbol: "BTC", history: PriceHistory(closes: [1.5, 2])))
        })
case "relaunch":
    // Message 7 was deleted since.
    try await launch("relaunched", store: store, scene: scene, deleted: [7])
case "link":
    try await launch("linked", store: store, scene: scene, deepLink: { model in model.state.mail = [.message(id: 42)] })
case "kit":
    // The testing kit: a relaunch after a kill, then a crash loop that the guard stops.
    let app = try AppSimulator(TemporaryStore()) { makeModel() }
    let first = try await app.launch()
    first.model.state.mail = [.inbox, .message(id: 1)]
    first.model.state.wallet.append(PriceScreen(symbol: "ETH", history: PriceHistory(closes: [3])))
    let second = try await app.relaunch(after: .flushedThenKilled)
    print("kit relaunch: \(describe(second.model)), complete \(second.outcome.report?.isComplete == true)")
    try await app.crashDuringRestore(times: 1)
    let guarded = try await app.relaunch(after: .closed)
    print("kit after a crash: \(guarded.outcome.intervention.map { "\($0)" } ?? "none"), \(describe(guarded.model))")
default:
    print("usage: MainActorApp old|save|relaunch|link|kit")
}
