import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

/// Apple's documented scene lives, run through the kit's simulator against a real store: every
/// scenario of `SceneScenario.all`, for every scene identity it speaks of.
@MainActor
@Suite struct SceneScenarioTests {
    nonisolated static let identities: [SceneIdentity] = [.perScene, .adoptingMostRecent]

    static func simulator(_ identity: SceneIdentity) throws -> SceneLifeSimulator<AppState> {
        SceneLifeSimulator(
            try TemporaryStore(), identity: identity, makeModel: { SceneNavigationModel(AppState()) },
            navigate: { $0.state = AppState(tab: 1, path: [.inbox, .message]) },
            link: { $0.state.path = [.settings] })
    }

    @Test("there are at least twelve scenarios, each named once and citing its source")
    func catalogue() {
        #expect(SceneScenario.all.count >= 12)
        #expect(Set(SceneScenario.all.map(\.name)).count == SceneScenario.all.count)
        #expect(SceneScenario.all.allSatisfy { !$0.source.isEmpty && !$0.expectations.isEmpty })
    }

    @Test("each scenario ends as Apple's documentation says it must", arguments: SceneScenario.all, identities)
    func scenario(_ scenario: SceneScenario, identity: SceneIdentity) async throws {
        let simulator = try Self.simulator(identity)
        let failures = try await simulator.run(scenario)
        #expect(failures.isEmpty, "\(scenario.name), \(identity): \(failures)")
    }

    @Test("the force quit orphans a per-scene state and adopting brings it back: the two identities differ")
    func identitiesDiffer() async throws {
        let perScene = try Self.simulator(.perScene)
        _ = try await perScene.run(.forceQuitAdopting)
        #expect(perScene.windows[0].model?.state == AppState())
        let adopting = try Self.simulator(.adoptingMostRecent)
        _ = try await adopting.run(.forceQuitAdopting)
        #expect(adopting.windows[0].model?.state == AppState(tab: 1, path: [.inbox, .message]))
    }

    @Test("an ID the app supplies is the scene's, whatever its storage holds")
    func suppliedID() async throws {
        let scene = try SceneID("document-7")
        let simulator = try Self.simulator(.supplied(scene))
        try await simulator.perform([.launch, .navigate(window: 0), .phase(.background), .kill, .launch])
        #expect(simulator.windows[0].scene?.sceneID == scene)
        #expect(simulator.windows[0].model?.state == AppState(tab: 1, path: [.inbox, .message]))
    }
}

extension SceneScenarioTests {
    @Test("the testing article lists every scenario by its name")
    func listedInTheDocs() throws {
        let article = try String(
            contentsOfFile: #filePath.replacingOccurrences(
                of: "Tests/SceneNavigationTestingTests/SceneScenarioTests.swift",
                with: "Sources/SceneNavigationTesting/SceneNavigationTesting.docc/TestingYourAppsRestoration.md"),
            encoding: .utf8)
        for scenario in SceneScenario.all {
            #expect(article.contains("| \(scenario.name) |"), "\(scenario.name)")
        }
    }
}
