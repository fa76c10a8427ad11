import Foundation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

@testable import SceneNavigation

/// A scene's persistence through its life, as `PersistentNavigation` drives it: each test is one of
/// the defects a real app would meet, shown on the type SwiftUI's events are forwarded to.
@MainActor
@Suite struct PersistentSceneTests {
    let temporary: TemporaryStore
    let clock = TestClock()
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore(clock: clock)
        scene = try SceneID("main")
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["a", "b"]))
    }

    func persistentScene(
        _ model: SceneNavigationModel<TabState> = SceneNavigationModel(TabState()), errors: Errors = Errors()
    ) -> PersistentScene<TabState> {
        PersistentScene(
            model, store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil), identity: .supplied(scene),
            onEvent: { if case .failed(let error) = $0 { errors.all.append(error) } })
    }

    @MainActor final class Errors {
        var all: [NavigationError] = []
    }

    @Test("the first appearance has restored when it returns, before the first frame; a change made at once is kept")
    func restoresBeforeTheFirstFrame() async throws {
        let persistent = persistentScene()
        persistent.handle(.phase(.active))
        persistent.handle(.appeared)
        // No suspension point since: what the first body draws.
        #expect(persistent.model.state == TabState(tab: 2, path: ["a", "b"]))
        persistent.model.state.path.append("c")
        persistent.handle(.disappeared)
        await persistent.settle()
        #expect(
            try temporary.store.storedDocument(for: scene).values["navigation"]
                == .json(try StateCoding.encode(TabState(tab: 2, path: ["a", "b", "c"]))))
    }

    @Test("a link that comes after the restore at launch is its deep link: the paths withheld, and kept aside")
    func lateLinkIsTheDeepLink() async throws {
        let persistent = persistentScene()
        persistent.handle(.phase(.active))
        persistent.handle(.appeared)
        persistent.open { $0.state.path = ["linked"] }
        let persistence = try #require(persistent.connection)
        #expect(persistent.model.state == TabState(tab: 2, path: ["linked"]))
        #expect(persistence.intervention == .deepLink)
        #expect(persistence.report?.dropped.map(\.reason) == [.withheld, .withheld])
        // Nothing is written over the saved paths until the user navigates; then a copy is kept.
        try await persistence.flush()
        #expect(try temporary.store.keptAsideFiles().isEmpty)
        persistent.model.state.path.append("next")
        try await persistence.flush()
        let copies = try temporary.store.keptAsideFiles()
        #expect(copies.map(\.reason) == [.unrestored])
        #expect(
            try temporary.store.storedDocument(ofKeptAside: copies[0]).values["navigation"]
                == .json(try StateCoding.encode(TabState(tab: 2, path: ["a", "b"]))))
        persistent.handle(.disappeared)
        await persistent.settle()
    }

    @Test("a link once the user has navigated is a change, with no copy")
    func linkAfterAChange() async throws {
        let persistent = persistentScene()
        persistent.handle(.appeared)
        persistent.model.state.tab = 3
        persistent.open { $0.state.path = ["linked"] }
        #expect(persistent.connection?.intervention == nil)
        #expect(persistent.model.state == TabState(tab: 3, path: ["linked"]))
        persistent.handle(.disappeared)
        await persistent.settle()
        #expect(try temporary.store.keptAsideFiles().isEmpty)
    }

    @Test("a scene in the background before it connects is marked healthy as it connects")
    func backgroundBeforeTheConnection() async throws {
        let persistent = persistentScene()
        persistent.handle(.phase(.background))
        persistent.handle(.appeared)
        await persistent.settle()
        #expect(persistent.connection?.isHealthy == true)
        #expect(try CrashLoopGuard.markerState(of: scene, key: "navigation", in: temporary.store) == .clean)
        persistent.handle(.disappeared)
        await persistent.settle()
    }

    @Test("a window whose scene another window holds starts with a copy under a new ID and saves there")
    func twoOfOneKey() async throws {
        let errors = Errors()
        let first = persistentScene()
        first.handle(.appeared)
        let second = persistentScene(errors: errors)
        second.handle(.appeared)
        let copy = try #require(second.sceneID)
        #expect(copy != scene)
        #expect(second.connection?.scene == copy)
        #expect(errors.all.isEmpty)
        #expect(second.model.state == TabState(tab: 2, path: ["a", "b"]))
        first.model.state.tab = 5
        second.model.state.tab = 7
        first.handle(.disappeared)
        second.handle(.disappeared)
        await first.settle()
        await second.settle()
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: scene)?.tab == 5)
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: copy)?.tab == 7)
    }

    @Test("a scene made again while its last close is on its way restores its own scene, with the last change")
    func madeAgainWhileClosing() async throws {
        // iPadOS reconnects a scene: SwiftUI makes its views, and so a new PersistentScene, again,
        // with the same stored ID, possibly before the old connection's last write is done.
        let first = persistentScene()
        first.handle(.appeared)
        first.model.state.tab = 9
        first.handle(.disappeared)
        let errors = Errors()
        let second = persistentScene(errors: errors)
        second.handle(.appeared)
        #expect(second.sceneID == scene)
        #expect(second.model.state == TabState(tab: 9, path: ["a", "b"]))
        #expect(errors.all.isEmpty)
        await first.settle()
        // The first connection's close removed only its own marker: the second restore is guarded.
        #expect(try CrashLoopGuard.markerState(of: scene, key: "navigation", in: temporary.store) != .clean)
        second.model.state.tab = 10
        second.handle(.disappeared)
        await second.settle()
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: scene)?.tab == 10)
    }

    @Test("a window whose scene another took while it was hidden goes on in a new scene with its model")
    func sceneTakenWhileHidden() async throws {
        let errors = Errors()
        let first = persistentScene(errors: errors)
        first.handle(.appeared)
        first.model.state.tab = 4
        first.handle(.disappeared)
        await first.settle()
        // Another window of the same ID appears meanwhile, and takes the scene.
        let second = persistentScene()
        second.handle(.appeared)
        #expect(second.sceneID == scene)
        first.handle(.appeared)
        await first.settle()
        let moved = try #require(first.sceneID)
        #expect(moved != scene)
        #expect(first.connection?.scene == moved)
        #expect(errors.all.isEmpty)
        first.model.state.tab = 6
        first.handle(.disappeared)
        second.handle(.disappeared)
        await first.settle()
        await second.settle()
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: moved)?.tab == 6)
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: scene)?.tab == 4)
    }

    @Test("pruning never removes a scene that is restored and connected, however old its save")
    func pruneKeepsLiveScenes() async throws {
        let persistent = persistentScene()
        clock.advance(by: .seconds(90 * 86_400))
        persistent.handle(.appeared)
        let pruned = try temporary.store.prune(before: clock.now)
        #expect(pruned.removedScenes.isEmpty)
        #expect(persistent.model.state == TabState(tab: 2, path: ["a", "b"]))
        #expect(try temporary.store.storedSceneIDs() == [scene])
        persistent.handle(.disappeared)
        await persistent.settle()
        // Closed, and saved or confirmed just now: still not old.
        clock.advance(by: .seconds(1))
        #expect(
            try temporary.store.prune(before: clock.now.addingTimeInterval(-60)).removedScenes
                .isEmpty)
        #expect(try temporary.store.prune(before: clock.now).removedScenes == [scene])
    }

    @Test("resolving: a window without an ID adopts a copy of the newest scene no window holds or has copied")
    func adoptsTheMostRecent() throws {
        let (a, b, c) = (try SceneID("a"), try SceneID("b"), try SceneID("c"))
        // Newest first, as the store lists them by modification time.
        let candidates = [b, c, a]
        let new = try SceneID("new")
        typealias Resolution = SceneIdentity.Resolution
        let identity = SceneIdentity.adoptingMostRecent
        func resolve(_ identity: SceneIdentity, stored: SceneID?, live: Set<String> = [], adopted: Set<String> = [])
            -> Resolution
        {
            identity.resolve(stored: stored, candidates: candidates, live: live, adopted: adopted, new: new)
        }
        #expect(resolve(identity, stored: nil) == Resolution(scene: new, source: b, isAdopted: true))
        #expect(resolve(identity, stored: nil, live: ["b"]) == Resolution(scene: new, source: c, isAdopted: true))
        #expect(resolve(identity, stored: nil, adopted: ["b"]) == Resolution(scene: new, source: c, isAdopted: true))
        #expect(resolve(identity, stored: nil, live: ["a", "b"], adopted: ["c"]) == Resolution(scene: new))
        // A window that comes back with its ID has its own scene, whoever adopted a copy of it.
        #expect(resolve(identity, stored: a, adopted: ["a"]) == Resolution(scene: a))
        // A window whose scene another window holds starts with a copy, under a new ID.
        #expect(resolve(identity, stored: a, live: ["a"]) == Resolution(scene: new, source: a))
        #expect(resolve(.perScene, stored: nil) == Resolution(scene: new))
        #expect(resolve(.perScene, stored: b, live: ["b"]) == Resolution(scene: new, source: b))
        #expect(resolve(.supplied(c), stored: a) == Resolution(scene: c))
        #expect(resolve(.supplied(c), stored: a, live: ["c"]) == Resolution(scene: new, source: c))
    }

    @Test("PersistentNavigation hosts its modifiers on a ZStack, never on the content, whose identity may change")
    func hostedOnAStableView() throws {
        let source = try Fixtures.text("../Sources/SceneNavigationUI/PersistentNavigation.swift")
        let body = try #require(source.range(of: "public var body: some View {")).upperBound
        let code = source[body...]
        #expect(code.contains("ZStack { content }"))
        for modifier in [".task", ".onAppear", ".onDisappear", ".onChange", ".onOpenURL"] {
            #expect(!code.contains("content\n                \(modifier)") && !code.contains("content\(modifier)"))
        }
    }
}

/// One way to connect a scene, and one stream of what happened.
@MainActor
@Suite struct SceneEventTests {
    @MainActor final class Events {
        var all: [SceneEvent] = []
    }

    @Test("connect, flush and close drive a scene without SwiftUI; its events are a connection with its outcome")
    func connectFlushClose() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["a", "b"]))
        let events = Events()
        let model = SceneNavigationModel(TabState())
        let scene = PersistentScene(
            model, store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onEvent: { events.all.append($0) })
        #expect(scene.outcome == nil)
        let outcome = try await scene.connect()
        #expect(model.state == TabState(tab: 2, path: ["a", "b"]))
        #expect(outcome.report?.isComplete == true && outcome.intervention == nil)
        #expect(scene.outcome == outcome)
        #expect(events.all == [.connected(try SceneID("main"), outcome)])
        #expect(events.all.map(\.description) == ["connected main: restored 2"])
        model.state.path.append("c")
        try await scene.flush()
        #expect(
            try temporary.store.readSceneValue(forKey: "navigation", in: SceneID("main"))
                == .json(try StateCoding.encode(TabState(tab: 2, path: ["a", "b", "c"]))))
        try await scene.close()
        #expect(scene.outcome == nil)
        #expect(events.all.count == 1)
    }

    @Test("a restore that fails is told as one failure, which connect() throws; a later connect tries again")
    func failureIsToldAndThrown() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.writeSceneFile(
            "main", bytes: Array(#"{"format":2,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{}}"#.utf8))
        let events = Events()
        let scene = PersistentScene(
            SceneNavigationModel(TabState()), store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onEvent: { events.all.append($0) })
        let expected = NavigationError.store(
            .newerFormat(path: temporary.store.path(for: try SceneID("main")), format: 2, supported: 1))
        await #expect(throws: expected) { try await scene.connect() }
        #expect(events.all == [.failed(expected)])
        #expect(events.all.map(\.description) == ["failed: \(expected)"])
        // The file is put right: the next activation restores it.
        try temporary.saveScene("main", value: TabState(tab: 1))
        #expect(try await scene.connect().report?.isComplete == true)
        #expect(events.all.count == 2)
        try await scene.close()
    }

    @Test("a link the scene opens is told as it is taken: its report, or why it could not be read")
    func linkEvents() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let events = Events()
        let model = SceneNavigationModel(MailState())
        let scene = PersistentScene(
            model, store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onEvent: { events.all.append($0) })
        let opening = LinkMapping.mail.opening(at: \MailState.mail)
        try await scene.connect()
        scene.open(try #require(opening.open(URL(string: "mail://inbox/message/x")!)))
        scene.open(try #require(opening.open(URL(string: "mail://inbox/message/7")!)))
        #expect(model.state.mail.routes == [.inbox, .message(id: 7)])
        #expect(
            events.all.map(\.description).dropFirst() == [
                "link opened: restored 1, dropped 1", "link opened: restored 2",
            ])
        guard case .linkOpened(let report) = events.all[1] else {
            Issue.record("\(events.all)")
            return
        }
        #expect(report.dropped.map(\.reason) == [.undecodable("'id' is not an int: 'x' (message/{id:int})")])
        // A link that cannot be read changes nothing, and says why.
        scene.open { model in _ = try? model.open("mail://mailbox/a b", with: .mail, at: \.mail) }
        let refused = NavigationError.link(code: "invalid-link", message: "the link has a space at byte 16", offset: 16)
        #expect(events.all.last == .linkRefused(refused))
        #expect(events.all.last?.description == "link refused: \(refused)")
        #expect(model.state.mail.routes == [.inbox, .message(id: 7)])
        // A change that opens no link tells nothing.
        scene.open { model in model.state.tab = 1 }
        #expect(events.all.count == 4)
        try await scene.close()
    }

    @Test("a Handoff a scene continues is told as a link opened, with its report")
    func handoffEvents() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let events = Events()
        let sender = SceneNavigationModel(MailState())
        sender.state.mail = [.inbox, .message(id: 7)]
        let handoff = NavigationHandoff<MailState>(activityType: "com.example.mail.navigation", path: \.mail)
        let payload = try handoff.payload(for: sender)
        let model = SceneNavigationModel(MailState())
        let scene = PersistentScene(
            model, store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onEvent: { events.all.append($0) })
        try await scene.connect()
        scene.open(try #require(try handoff.continuing(payload.userInfo, in: model)))
        #expect(model.state.mail.routes == [.inbox, .message(id: 7)])
        #expect(events.all.map(\.description).dropFirst() == ["link opened: restored 2"])
        try await scene.close()
    }

    @Test("a scene is connected once: a second PersistentScene of it, under another key too, starts with a copy apart")
    func secondConnectionOfAScene() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["a"]))
        let first = PersistentScene(
            SceneNavigationModel(TabState()), store: temporary.store, guard: nil,
            identity: .supplied(try SceneID("main")), onEvent: { _ in })
        let second = PersistentScene(
            SceneNavigationModel(TabState()), store: temporary.store, key: "tabs", guard: nil,
            identity: .supplied(try SceneID("main")), onEvent: { _ in })
        try await first.connect()
        try await second.connect()
        #expect(first.sceneID == (try SceneID("main")))
        #expect(second.sceneID != first.sceneID)
        try await first.close()
        try await second.close()
    }

    @Test("an intervention is in the event's line, with what its report dropped")
    func interventionInTheLine() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["a", "b"]))
        let events = Events()
        let scene = PersistentScene(
            SceneNavigationModel(TabState()), store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onEvent: { events.all.append($0) })
        scene.open { $0.state.path = ["linked"] }
        let outcome = try await scene.connect()
        #expect(outcome.intervention == .deepLink)
        #expect(
            events.all.map(\.description) == [
                "connected main: restored 0, withheld 2 (a deep link was applied in place of the saved paths)"
            ])
        try await scene.close()
    }
}
