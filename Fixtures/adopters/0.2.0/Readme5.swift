// Block 5 of navstate 0.2.0's README (commit ff3f8d6), as written.
import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

enum Screen: String, Codable, Hashable, Sendable {
    case inbox, message, settings
}

struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Screen> = []
}

@MainActor
@Test func navigationSurvivesARelaunch() async throws {
    let app = try AppSimulator(TemporaryStore()) { SceneNavigationModel(AppState()) }
    let first = try await app.launch()
    first.model.state = AppState(tab: 1, path: [.inbox, .message])
    let second = try await app.relaunch(after: .closed)
    #expect(second.model.state == AppState(tab: 1, path: [.inbox, .message]))
    #expect(second.report?.isComplete == true)
}

@MainActor
@Test func aCrashOnTheRestoredScreenIsNotRepeated() async throws {
    let temporary = try TemporaryStore()
    try temporary.saveScene("main", value: AppState(tab: 2, path: [.inbox, .settings]))
    let app = try AppSimulator(temporary) { SceneNavigationModel(AppState()) }
    try await app.crashDuringRestore(times: 1)
    let guarded = try await app.launch()
    #expect(guarded.intervention == .crashLoop(failures: 1, restoredNothing: false))
    #expect(guarded.model.state == AppState(tab: 2, path: []))
}

@MainActor
@Test func lastYearsPayloadsStillRestore() async throws {
    // Usually a folder of your test target with its golden files committed; made here so that
    // the file is complete. "outbox" is a screen this version no longer has.
    let scratch = try TemporaryStore()
    try Data(#"{"path":["inbox","outbox"],"tab":1}"#.utf8)
        .write(to: URL(fileURLWithPath: scratch.stateRoot + "/v1.json"))
    var replay = PayloadReplay(folder: scratch.stateRoot)
    replay.isRecording = true  // as NAVSTATE_RECORD_GOLDEN=1 does: writes v1.report.json to review
    _ = try await replay.run(model: { SceneNavigationModel(AppState()) }, describe: \.json)
    replay.isRecording = false
    let outcome = try await replay.run(model: { SceneNavigationModel(AppState()) }, describe: \.json)
    #expect(outcome.mismatches.isEmpty, "\(outcome)")
}
