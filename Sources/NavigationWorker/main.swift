// A process that launches like an app: it restores a scene through `ScenePersistence` with the
// crash-loop guard (its launch is the process's own, whose end the guard records), prints what it
// restored as one JSON line, and then ends before the restore becomes healthy, in one of the ways
// an app's process ends, or closes the scene normally. For the crash-loop tests; not a product.
//
//   NavigationWorker trap    <state-root> <scene>   restore, print, fatalError (a crash on the restored screen)
//   NavigationWorker kill    <state-root> <scene>   restore, print, kill -9 itself (a watchdog, jetsam, Xcode's Stop)
//   NavigationWorker exit    <state-root> <scene>   restore, print, exit(0) without closing (a Mac app's Quit)
//   NavigationWorker healthy <state-root> <scene>   restore, print, close (the restore becomes healthy)

import Foundation
import SceneNavigation
import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's state: a tab beside a path.
struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<String> = []
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NavigationWorker: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["trap", "kill", "exit", "healthy"].contains(arguments[1]) else {
    fail("usage: NavigationWorker trap|kill|exit|healthy <state-root> <scene>")
}

@MainActor
func launch() async {
    do {
        let store = SceneStore(appID: try AppID("worker"), stateRoot: arguments[2])
        let scene = try SceneID(arguments[3])
        let model = SceneNavigationModel(AppState())
        let persistence = try await ScenePersistence.connect(
            model, to: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil))
        var line: [String: JSONValue] = [
            "tab": .number(JSONNumber(model.state.tab)),
            "path": .array(model.state.path.map { .string($0) }),
            "intervention": .null, "failures": .number(JSONNumber(0)), "restoredNothing": .bool(false),
            "dropped": .array((persistence.report?.dropped ?? []).map { .string($0.reason.code) }),
            "keptAside": persistence.keptAsidePath.map { .string(String($0.split(separator: "/").last ?? "")) }
                ?? .null,
        ]
        if let intervention = persistence.intervention {
            line["intervention"] = .string(intervention.code)
            if case .crashLoop(let failures, let nothing) = intervention {
                line["failures"] = .number(JSONNumber(failures))
                line["restoredNothing"] = .bool(nothing)
            }
        }
        // Written unbuffered: the process is killed right after.
        FileHandle.standardOutput.write(Data(JSONValue.object(line).serialized() + [0x0A]))
        switch arguments[1] {
        case "trap": fatalError("the restored screen crashes")
        case "kill": kill(getpid(), SIGKILL)
        case "exit": exit(0)
        default: break
        }
        try await persistence.close()
    } catch {
        fail("\(error)")
    }
}

await launch()
