import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// 0.2.0's declarations that 0.3.0 removed or changed come back deprecated, and each does what it
/// did: a forwarder, not a stub (UpgradeTests builds an app that calls them).
@MainActor
@Suite struct DeprecatedForwardersTests {
    let temporary: TemporaryStore
    var store: SceneStore { temporary.store }
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore()
        scene = try SceneID("main")
    }

    @Test("run without connected: restores, hands over the report, and saves the last change when cancelled")
    @available(*, deprecated, message: "calls 0.2.0's run(_:store:scene:key:policy:guard:restored:)")
    func runWithRestored() async throws {
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["inbox"]))
        let model = SceneNavigationModel(TabState())
        let (reports, continuation) = AsyncStream.makeStream(of: RestoreReport?.self)
        let running = Task {
            try await ScenePersistence.run(model, store: store, scene: scene) { continuation.yield($0) }
        }
        var iterator = reports.makeAsyncIterator()
        let report = await iterator.next()
        #expect(report??.isComplete == true)
        #expect(model.state == TabState(tab: 2, path: ["inbox"]))
        model.state.tab = 5
        running.cancel()
        try await running.value
        let stored = try #require(try store.sceneValue(forKey: "navigation", in: scene))
        #expect(try NavigationCoding.decode(TabState.self, from: stored).state.tab == 5)
    }

    @Test("migrate's tuple form runs the value steps, then replaces aliases and reports each")
    @available(*, deprecated, message: "calls 0.2.0's migrate(_:from:key:) and MigratedElement")
    func migrateWithAliases() throws {
        var migrations = NavigationMigrations()
        migrations.addStep { old in .object(["path": old]) }
        migrations.alias(.string("preferences"), to: .string("settings"))
        let (value, migrated): (JSONValue, [NavigationMigrations.MigratedElement]) = try migrations.migrate(
            .array([.string("inbox"), .string("preferences")]), from: 0)
        #expect(value == .object(["path": .array([.string("inbox"), .string("settings")])]))
        #expect(
            migrated == [.init(location: "path", position: 1, from: .string("preferences"), to: .string("settings"))])
    }

    @Test("decode(fromJSON:) parses the text and decodes it; text that is not JSON is cannotDecode")
    @available(*, deprecated, message: "calls 0.2.0's decode(_:fromJSON:)")
    func decodeFromJSONText() throws {
        let (state, report) = try NavigationCoding.decode(
            TabState.self, fromJSON: Array(#"{"tab":3,"path":["inbox"]}"#.utf8))
        #expect(state == TabState(tab: 3, path: ["inbox"]))
        #expect(report.isComplete)
        #expect(throws: NavigationError.self) { try NavigationCoding.decode(TabState.self, fromJSON: Array("{".utf8)) }
    }

    @Test("ChangeBroadcaster hands a published value to a subscriber and ends its stream when finished")
    @available(*, deprecated, message: "uses 0.2.0's ChangeBroadcaster")
    func broadcaster() async {
        let changes = ChangeBroadcaster<Int>()
        #expect(!changes.hasSubscribers)
        let stream = changes.subscribe()
        #expect(changes.hasSubscribers)
        changes.publish(1)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        changes.finish()
        #expect(await iterator.next() == nil)
    }

    @Test("summary(of:), keepCopy, keepAsideIfUnreadable and removeValueAndEmptyScene do what 0.2.0's did")
    @available(*, deprecated, message: "calls 0.2.0's SceneStore methods")
    func storeCalls() throws {
        #expect(try store.summary(of: scene) == nil)
        try store.setSceneValue(.json(.string("a")), forKey: "navigation", in: scene)
        #expect(try store.summary(of: scene)?.keys == ["navigation"])
        let copy = try #require(try store.keepCopy(of: scene, reason: .invalid))
        #expect(FileManager.default.fileExists(atPath: copy))
        #expect(try store.keepAsideIfUnreadable(forKey: "navigation", in: scene) { _ in true } == nil)
        #expect(try store.keepAsideIfUnreadable(forKey: "navigation", in: scene) { _ in false } != nil)
        #expect(try store.removeValueAndEmptyScene(forKey: "other", in: scene) == false)
        #expect(try store.removeValueAndEmptyScene(forKey: "navigation", in: scene) == true)
        #expect(!FileManager.default.fileExists(atPath: store.path(for: scene)))
        #expect(try store.removeValueAndEmptyScene(forKey: "navigation", in: scene) == false)
    }
}
