import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

/// Links opened in simulated scenes through an app's mapping: at launch, as the restore's deep
/// link, and while the scene runs.
@MainActor
@Suite struct LinkSimulationTests {
    /// The kit's test app's links: each screen is a segment.
    static let links = LinkMapping<Screen>(scheme: "app", [LinkPattern("{screen}", value: "screen")])

    static func simulator() throws -> SceneLifeSimulator<AppState> {
        SceneLifeSimulator(
            try TemporaryStore(), makeModel: { SceneNavigationModel(AppState()) },
            navigate: { $0.state = AppState(tab: 1, path: [.inbox, .message]) },
            // The scenarios' link is a real one, made into a change as the scene's `onOpenURL` makes it.
            link: { model in Self.links.opening(at: \AppState.path).open(URL(string: "app://settings")!)!(model) })
    }

    @Test("every documented scene life holds with links read by the app's mapping", arguments: SceneScenario.all)
    func scenarios(_ scenario: SceneScenario) async throws {
        let failures = try await Self.simulator().run(scenario)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("a link opened in a running window is applied through the mapping, with its report")
    func openInRunningWindow() async throws {
        let simulator = try Self.simulator()
        let coldLaunch = try #require(SceneScenario.all.first { $0.name == "cold launch" })
        #expect(try await simulator.run(coldLaunch).isEmpty)
        let report = try await simulator.open("app://inbox/nowhere/message", with: Self.links, at: \.path)
        #expect(
            report?.dropped.map(\.description) == [
                "position 2 of the path: it no longer decodes: Screen has no case 'nowhere'"
            ])
        #expect(report?.restoredCount == 2)
        await #expect(
            throws: NavigationError.link(code: "other-app", message: "the link's scheme is 'web', not 'app'", offset: 0)
        ) {
            try await simulator.open("web://inbox", with: Self.links, at: \.path)
        }
        // It reads but does not decode: applied, and the path replaced by what opened (nothing
        // here, so the path stays), with the report.
        let none = try await simulator.open("app://nowhere", with: Self.links, at: \.path)
        #expect(
            none?.dropped.map(\.description) == [
                "position 1 of the path: it no longer decodes: Screen has no case 'nowhere'"
            ])
        #expect(simulator.windows[0].model?.state.path.routes == [.inbox, .message])
        await #expect(throws: SimulatorError.self) {
            try await simulator.open("app://inbox", with: Self.links, at: \.path, window: 3)
        }
    }

    @Test("the kit checks that every route of an app's mapping prints and opens again, and names what does not")
    func roundTrips() {
        #expect(Self.links.roundTripFailures(of: [.inbox, .message, .settings]) == [])
        let typo = LinkMapping<Screen>(scheme: "app", [LinkPattern("{screen:int}", value: "screen")])
        #expect(
            typo.roundTripFailures(of: [.inbox])
                == [
                    #"inbox: position 1 of the path, "inbox", has no place in a link: no pattern is for it"#
                ])
    }
}
