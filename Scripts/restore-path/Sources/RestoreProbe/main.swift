// Saves a scene (mode "save"), or restores it (mode "restore") through ScenePersistence.connect,
// so that a coverage run of the second mode shows the files a restore enters.
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
        model.state.mail = [.inbox, .message]
        let persistence = try await ScenePersistence.connect(model, to: store, scene: scene, restoring: false)
        try await persistence.close()
    } else {
        let persistence = try await ScenePersistence.connect(model, to: store, scene: scene)
        precondition(model.state.mail.count == 2 && persistence.report != nil)
    }
}

try await run()
