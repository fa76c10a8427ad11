// Saves a scene (mode "save"), or restores it (mode "restore"), through a PersistentScene as an
// app connects one, so that a coverage run of each mode shows the files it enters (the save's
// connection restores first, and finds nothing).
import SceneNavigation
import SceneStore

enum Route: String, Codable, Hashable { case inbox, message, account }

struct MailState: Codable, Equatable {
    var tab = 0
    var mail: RoutePath<Route> = []
}

@MainActor
func run() async throws {
    let arguments = CommandLine.arguments
    let store = StateStore(appID: try AppID("probe"), stateRoot: arguments[2])
    let scene = try SceneID("main")
    let model = SceneNavigationModel(MailState())
    if arguments[1] == "save" {
        let saving = PersistentScene(model, store: store, identity: .supplied(scene), onEvent: { _ in })
        try await saving.connect()
        model.state.mail = [.inbox, .message]
        try await saving.close()
    } else {
        let restoring = PersistentScene(model, store: store, identity: .supplied(scene), onEvent: { _ in })
        let outcome = try await restoring.connect()
        precondition(model.state.mail.count == 2 && outcome.report != nil)
    }
}

try await run()
