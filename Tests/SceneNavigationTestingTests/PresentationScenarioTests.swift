import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

/// A mail app's whole navigation: a tab, a path per tab, the split view's columns and sidebar
/// selection, and what is presented over them.
enum MailScreen: Codable, Hashable {
    case inbox
    case message(id: Int)
    case compose
    case attachment(id: Int)
}

struct MailScreens: Codable, Equatable {
    var tab = "mail"
    var columns = ColumnVisibility.automatic
    var mailbox: String?
    var mail: RoutePath<MailScreen> = []
    var settings: RoutePath<MailScreen> = []
    var presented = PresentationChain<MailScreen>()
}

/// Every scenario, old and new, on a simulator whose windows present as SwiftUI presents.
@MainActor
@Suite struct PresentationScenarioTests {
    nonisolated static let identities: [SceneIdentity] = [.perScene, .adoptingMostRecent]

    static func simulator(_ identity: SceneIdentity) throws -> SceneLifeSimulator<MailScreens> {
        SceneLifeSimulator(
            try TemporaryStore(), identity: identity, makeModel: { SceneNavigationModel(MailScreens()) },
            navigate: { model in
                model.state.tab = "settings"
                model.state.columns = .detailOnly
                model.state.mailbox = "Archive"
                model.state.settings = [.inbox, .message(id: 7)]
            },
            link: { $0.state.mail = [.message(id: 42)] }, presentations: \.presented,
            present: { model in
                let level = model.state.presented.count
                model.state.presented.present(
                    level.isMultiple(of: 2) ? .message(id: 100 + level) : .attachment(id: level),
                    as: [.sheet, .fullScreenCover, .popover][level % 3])
            })
    }

    @Test(
        "each scenario ends as Apple's documentation says it must, presenting as SwiftUI does",
        arguments: SceneScenario.all, identities)
    func scenario(_ scenario: SceneScenario, identity: SceneIdentity) async throws {
        let simulator = try Self.simulator(identity)
        let failures = try await simulator.run(scenario)
        #expect(failures.isEmpty, "\(scenario.name), \(identity): \(failures)")
    }

    @Test("a chain restored in order: nothing at the first frame, then one level per update, the whole chain saved")
    func chainInOrder() async throws {
        let simulator = try Self.simulator(.perScene)
        #expect(try await simulator.run(.chainRestoredInOrder).isEmpty)
        let model = try #require(simulator.windows[0].model)
        #expect(model.state.presented.map(\.route) == [.message(id: 100), .attachment(id: 1)])
        #expect(try simulator.presentedCount() == 2)
    }

    @Test("a crash on a restored sheet: the sheet was on screen when the process crashed, and is not shown again")
    func crashOnRestoredSheet() async throws {
        let simulator = try Self.simulator(.perScene)
        let steps = SceneScenario.crashOnRestoredSheet.steps
        let crash = try #require(steps.firstIndex(of: .crash))
        try await simulator.perform(Array(steps[..<crash]))
        #expect(try simulator.presentedCount() == 1)
        try await simulator.perform(Array(steps[crash...]))
        #expect(try simulator.presentedCount() == 0)
        #expect(simulator.windows[0].model?.state.presented.isEmpty == true)
        #expect(
            simulator.windows[0].scene?.connection?.report?.dropped.map(\.description) == [
                "position 1 of settings: paths were withheld", "position 2 of settings: paths were withheld",
                "position 1 of presented: paths were withheld",
            ])
    }

    @Test("a sheet over a deleted item: the sheet dropped and reported, what it was over restored")
    func sheetOverDeletedItem() async throws {
        let simulator = try Self.simulator(.perScene)
        #expect(try await simulator.run(.sheetOverDeletedItem).isEmpty)
        let scene = try #require(simulator.windows[0].scene)
        #expect(scene.model.state.settings.routes == [.inbox, .message(id: 7)])
        #expect(scene.model.state.presented.isEmpty)
        #expect(
            scene.connection?.report?.dropped.map(\.description) == [
                "position 1 of presented: the app no longer has it"
            ])
    }

    @Test("a tab whose path no longer resolves: the tab, the columns and the sidebar restored, the path dropped")
    func tabPath() async throws {
        let simulator = try Self.simulator(.perScene)
        #expect(try await simulator.run(.tabPathNoLongerResolves).isEmpty)
        let scene = try #require(simulator.windows[0].scene)
        #expect(scene.model.state == MailScreens(tab: "settings", columns: .detailOnly, mailbox: "Archive"))
        #expect(
            scene.connection?.report?.dropped.map(\.description) == [
                "position 1 of settings: the app no longer has it", "position 2 of settings: the app no longer has it",
            ])
    }

    @Test("the user's dismissal of a level takes it and those above it out of what is saved")
    func dismissal() async throws {
        let simulator = try Self.simulator(.perScene)
        try await simulator.perform([
            .launch, .present(window: 0), .present(window: 0), .present(window: 0), .dismiss(window: 0, level: 1),
            .phase(.background), .saveSceneStorage, .kill, .launch,
        ])
        let model = try #require(simulator.windows[0].model)
        #expect(model.state.presented.map(\.route) == [.message(id: 100)])
        #expect(try simulator.presentedCount() == 1)
    }
}
