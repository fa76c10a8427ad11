import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneNavigation
@testable import SceneStore

@MainActor
@Suite struct ScenePersistenceTests {
    @Test("a change reaches the disk through the change stream alone, with no flush or close")
    func writesThroughWithoutFlush() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        let model = SceneNavigationModel(RoutePath<Item>())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        model.state.append(.sub1(id: 1))
        model.state.append(.sub2(id: 2))
        // Waits until the write-through has written the newest revision: nothing here hands it over.
        let revision = model.changeCount
        await persistence.writer.waitUntil { $0.writtenSequence == revision }
        #expect(
            try store.readSceneValue(forKey: "navigation", in: scene) == .json(try StateCoding.encode(model.state))
        )
        try await persistence.close()
    }

    @Test("a burst of 10,000 mutations while the scene is locked: the last state on disk, every change accounted for")
    func burstCoalesces() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let model = SceneNavigationModel(RoutePath<Item>())
        let persistence = try await SceneConnection.connect(model, to: store, scene: try SceneID("main"))
        // Another writer holds the scene during the burst: the writer takes nothing until it lets go.
        try store.put(true, forKey: "other", in: try SceneID("main"))
        let lock = try HeldSceneLock(store.scenesFolder + "/.main.lock")
        for index in 0..<10_000 {
            if model.state.count > 20 { model.state.removeAll() }
            model.state.append(.sub1(id: index))
        }
        #expect(persistence.writerStatistics.written == 0)
        lock.release()
        try await persistence.close()
        let restored = SceneNavigationModel(RoutePath<Item>())
        _ = try await SceneConnection.connect(restored, to: store, scene: try SceneID("main"))
        #expect(restored.state == model.state)
        // Each value the change stream handed over was written or replaced by a newer one.
        let statistics = persistence.writerStatistics
        #expect(statistics.written + statistics.coalesced + statistics.unchanged == statistics.submitted)
        #expect(statistics.failed == 0)
    }

    @Test("a stored value the model cannot restore throws on connect and is kept aside when replaced")
    func unreadableValueIsKept() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put("not a path", forKey: "navigation", in: scene)
        let model = SceneNavigationModel(RoutePath<Item>([.sub1(id: 1)]))
        await #expect(throws: NavigationError.self) {
            _ = try await SceneConnection.connect(model, to: store, scene: scene)
        }
        #expect(model.state == [.sub1(id: 1)])
        #expect(try store.read(String.self, forKey: "navigation", in: scene) == "not a path")
        let replacing = try await SceneConnection.connect(model, to: store, scene: scene, restoring: false)
        let kept = try #require(replacing.keptAsidePath)
        #expect(kept.hasPrefix(store.scenesFolder + "/main.invalid-"))
        try await replacing.close()
        #expect(try store.keptAsideFiles().map(\.path) == [kept])
        #expect(
            try store.readSceneValue(forKey: "navigation", in: scene) == .json(try StateCoding.encode(model.state))
        )
    }

    @Test("run restores, hands the connection over, writes through until cancelled, then closes")
    func runUntilCancelled() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        try store.putSceneValue(
            .json(.array([.string("home"), .number(JSONNumber(3))])), forKey: "navigation", in: scene)
        let model = SceneNavigationModel(RoutePath<String>())
        let connections = AsyncStream<SceneConnection<RoutePath<String>>>.makeStream()
        let task = Task {
            try await SceneConnection.running(
                model, store: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil)
            ) {
                connections.continuation.yield($0)
            }
        }
        var iterator = connections.stream.makeAsyncIterator()
        let persistence = try #require(await iterator.next())
        #expect(persistence.report?.dropped.map(\.position) == [1])
        #expect(!persistence.isHealthy)
        model.state.append("detail")
        task.cancel()
        try await task.value
        #expect(persistence.isHealthy)
        #expect(
            try store.readSceneValue(forKey: "navigation", in: scene)
                == .json(.array([.string("home"), .string("detail")])))
    }

    @Test("run survives a value it cannot restore: kept aside, a fresh start, reported; connect still throws")
    func runStartsFresh() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        // An incompatible build stored an object where this one keeps a path.
        try temporary.saveScene("main", json: #"{"screen":"home"}"#)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))
        await #expect(throws: NavigationError.self) {
            try await SceneConnection.connect(SceneNavigationModel(RoutePath<String>()), to: store, scene: scene)
        }
        let model = SceneNavigationModel(RoutePath<String>(["start"]))
        let connections = AsyncStream<SceneConnection<RoutePath<String>>>.makeStream()
        let task = Task {
            try await SceneConnection.running(
                model, store: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil)
            ) {
                connections.continuation.yield($0)
            }
        }
        var iterator = connections.stream.makeAsyncIterator()
        let persistence = try #require(await iterator.next())
        guard case .unrestorable(let reason)? = persistence.intervention else {
            Issue.record("no unrestorable intervention: \(String(describing: persistence.intervention))")
            return
        }
        #expect(reason.hasPrefix("Expected to decode Array<Any> but found a dictionary instead."))
        let kept = try #require(persistence.keptAsidePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
        task.cancel()
        try await task.value
        #expect(try store.readSceneValue(forKey: "navigation", in: scene) == .json(.array([.string("start")])))
    }

    @Test("run survives a corrupt scene file: a fresh start, reported, the file moved aside by the first write")
    func runSurvivesACorruptFile() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try temporary.writeSceneFile("main", bytes: Array("{ not json".utf8))
        await #expect(throws: NavigationError.self) {
            try await SceneConnection.connect(SceneNavigationModel(RoutePath<String>()), to: store, scene: scene)
        }
        let model = SceneNavigationModel(RoutePath<String>(["start"]))
        let connections = AsyncStream<SceneConnection<RoutePath<String>>>.makeStream()
        let task = Task {
            try await SceneConnection.running(
                model, store: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil)
            ) {
                connections.continuation.yield($0)
            }
        }
        var iterator = connections.stream.makeAsyncIterator()
        let persistence = try #require(await iterator.next())
        #expect(
            persistence.intervention
                == .unrestorable(
                    reason:
                        "\(store.path(for: scene)) is corrupt: expected a string key in object, found 'n' at line 1, column 3"
                ))
        task.cancel()
        try await task.value
        #expect(try store.readSceneValue(forKey: "navigation", in: scene) == .json(.array([.string("start")])))
        let corrupt = try store.keptAsideFiles().filter { $0.scene == scene && $0.reason == .corrupt }
        #expect(corrupt.count == 1)
        #expect(
            try corrupt.first.map { try Data(contentsOf: URL(fileURLWithPath: $0.path)) } == Data("{ not json".utf8))
    }

    @Test("ValueWriter and writeThrough take any Encodable value")
    func writerTakesEncodable() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        let writer = try store.makeWriter(forKey: "router", in: scene)
        writer.submit(encoding: RouterState(isActive: true, items: [.sub2(id: 4)]))
        try await writer.flush()
        #expect(
            try store.readDecoded(RouterState.self, forKey: "router", in: scene)
                == RouterState(isActive: true, items: [.sub2(id: 4)]))
        let (stream, continuation) = AsyncStream<[Animal]>.makeStream()
        continuation.yield([.cat])
        continuation.yield([.cat, .dog])
        continuation.finish()
        let statistics = try await store.writingThrough(encoding: stream, forKey: "animals", in: scene)
        #expect(statistics.submitted == 2 && statistics.failed == 0)
        #expect(try store.readDecoded([Animal].self, forKey: "animals", in: scene) == [.cat, .dog])
    }
}
