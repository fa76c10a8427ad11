import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// 0.2.0's declarations that 0.3.0 removed or changed come back deprecated, and each does what it
/// did: a forwarder, not a stub (UpgradeTests builds an app that calls them); those an app does
/// not need, deprecated in 0.3.0, answer as the package's own declarations they forward to.
@MainActor
@Suite struct DeprecatedForwardersTests {
    let temporary: TemporaryStore
    var store: StateStore { temporary.store }
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
    @available(*, deprecated, message: "calls 0.2.0's StateStore methods")
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

    // MARK: - 0.2.0's declarations that an app does not need, deprecated in 0.3.0: each answers as
    // the package's own declaration it forwards to.

    @Test("StoredNavigationPath and StoredRoutePath read and rename as the tools' own reading does")
    @available(*, deprecated, message: "uses 0.2.0's StoredNavigationPath and StoredRoutePath")
    func storedPaths() throws {
        let path = JSONValue.array([.string("MyApp.User"), .string(#"{"id":1}"#), .string("Swift.Int"), .string("2")])
        let value = JSONValue.object(["path": path, "tabs": .array([.string("a")])])
        let stored = try StoredNavigationPath(path, location: "path")
        let record = try NavigationPathRecord(path, location: "path")
        #expect(stored.elements.map(\.typeName) == ["Swift.Int", "MyApp.User"])
        #expect(stored.elements.map(\.typeName) == record.elements.map(\.typeName))
        #expect(stored.json == record.json)
        #expect(StoredNavigationPath.isNavigationPath(path) && !StoredNavigationPath.isNavigationPath(.array([])))
        #expect(StoredNavigationPath.paths(in: value).map(\.location) == ["path"])
        let renamed = try StoredNavigationPath.retagged(value, from: "MyApp.User", to: "Kit.Person")
        let expected = try NavigationPathRecord.retagged(value, from: "MyApp.User", to: "Kit.Person")
        #expect(renamed.value == expected.value)
        #expect(renamed.changes == [.init(location: "path", position: 1, from: "MyApp.User", to: "Kit.Person")])
        #expect(StoredRoutePath.paths(in: value).map(\.json) == RoutePathRecord.paths(in: value).map(\.json))
        #expect(StoredRoutePath.paths(in: value).map(\.location) == ["tabs"])
    }

    @Test("the guard's marker: its folder, its state while a restore is unhealthy, and its reset")
    @available(*, deprecated, message: "uses 0.2.0's CrashLoopGuard.folder, state(of:key:in:) and reset(_:key:in:)")
    func guardMarker() async throws {
        #expect(CrashLoopGuard.folder == "restores")
        try temporary.saveScene("main", value: TabState(tab: 1, path: ["a"]))
        let model = SceneNavigationModel(TabState())
        let persistence = try await ScenePersistence.connect(
            model, to: store, scene: scene, guard: CrashLoopGuard(healthyAfterFirstWrite: false, healthyAfter: nil))
        guard case .restoring(_, let failures) = try CrashLoopGuard.state(of: scene, key: "navigation", in: store)
        else {
            Issue.record("no marker while the restore is not healthy")
            return
        }
        #expect(failures == 0)
        #expect(try CrashLoopGuard.reset(scene, key: "navigation", in: store))
        #expect(try CrashLoopGuard.state(of: scene, key: "navigation", in: store) == .clean)
        #expect(try !CrashLoopGuard.reset(scene, key: "navigation", in: store))
        await persistence.cancel()
    }

    @Test("the schema's key and the version stored beside a value")
    @available(
        *, deprecated, message: "uses 0.2.0's NavigationMigrations.schemaKey(for:) and storedVersion(forKey:in:)"
    )
    func schemaCompanion() throws {
        #expect(NavigationMigrations.schemaKey(for: "navigation") == "navigation.schema")
        #expect(try NavigationMigrations.storedVersion(forKey: "navigation", in: [:]) == 0)
        #expect(
            try NavigationMigrations.storedVersion(
                forKey: "navigation", in: ["navigation.schema": .json(.number(JSONNumber(3)))]) == 3)
    }

    @Test("a scene's file, bytes and document read as before; the sibling store, the companion and the writer's wait")
    @available(*, deprecated, message: "uses 0.2.0's StateStore and SceneWriter internals")
    func storeInternals() async throws {
        try store.setSceneValue(.json(.string("a")), forKey: "navigation", in: scene)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))))
        #expect(try store.storedBytes(of: scene) == bytes)
        #expect(try store.file(of: scene).bytes == bytes)
        #expect(try store.file(of: scene).document.encoded() == bytes)
        #expect(try await store.loadDocument(for: scene) == store.document(for: scene))
        #expect(try await store.loadDocument(for: SceneID("none")) == nil)
        #expect(SceneDocument.currentFormat == 1)
        #expect(JSONValue.object([:]).kindName == "object")
        #expect(try store.summary(of: scene)?.health.name == "ok")
        #expect(
            StateDirectory.scenesDirectory(for: temporary.appID, root: temporary.stateRoot)
                == temporary.stateRoot + "/" + temporary.appID.rawValue + "/scenes")
        let notes = try store.siblingStore(folder: "notes")
        try notes.setSceneValue(.json(.bool(true)), forKey: "seen", in: scene)
        #expect(
            FileManager.default.fileExists(
                atPath: temporary.stateRoot + "/" + temporary.appID.rawValue + "/notes/main.json"))
        let writer = try store.writer(forKey: "navigation", in: scene)
        try writer.setCompanionValue(.json(.number(JSONNumber(2))), forKey: "navigation.schema")
        writer.submit(SceneValue.json(.string("b")))
        await writer.waitUntilReady()
        try await writer.flush()
        #expect(try store.sceneValue(forKey: "navigation.schema", in: scene) == .json(.number(JSONNumber(2))))
        #expect(
            throws: SceneStoreError.invalidKey("corrupt", reason: "corrupt files are moved aside by writes, not copied")
        ) {
            try store.keepCopy(of: scene, reason: .corrupt)
        }
    }

    @Test("the model's statics of 0.2.0: a snapshot's revision, its value as stored, and whether a value restores")
    @available(*, deprecated, message: "uses 0.2.0's SceneNavigationModel statics")
    func modelStatics() throws {
        let model = SceneNavigationModel(TabState(tab: 2, path: ["a"]))
        model.state.tab = 3
        let snapshot = model.currentSnapshot
        #expect(SceneNavigationModel<TabState>.revision(of: snapshot) == model.revision)
        #expect(
            try SceneNavigationModel<TabState>.sceneValue(of: snapshot)
                == .json(NavigationCoding.encode(TabState(tab: 3, path: ["a"]))))
        #expect(
            SceneNavigationModel<TabState>.canRestore(
                from: .json(.object(["tab": .number(JSONNumber(1)), "path": .array([])]))))
        #expect(!SceneNavigationModel<TabState>.canRestore(from: .json(.number(JSONNumber(42)))))
    }

    @Test("0.3.0's opening(_:) is opening(at:)'s change: the same link opens the same, another app's URL is nil")
    @available(*, deprecated, message: "calls 0.3.0's LinkMapping.opening(_:policy:then:onFailure:)")
    func openingAsFunction() throws {
        var failures: [NavigationError] = []
        let open = LinkMapping.mail.opening(\MailState.mail, then: { $0.tab = 0 }, onFailure: { failures.append($0) })
        #expect(open(URL(string: "https://example.com/inbox")!) == nil)
        #expect(open(URL(string: "mail://message/x")!) == nil)
        #expect(failures.map(\.linkCode) == ["no-route"])
        let change = try #require(open(URL(string: "mail://inbox/message/7")!))
        let model = SceneNavigationModel(MailState(tab: 1))
        change(model)
        #expect(model.state == MailState(tab: 0, mail: [.inbox, .message(id: 7)]))
    }

    @Test(
        "0.3.0's NavigationScenes removes, prunes and recovers as the store does, and the old name of the store is the store"
    )
    @available(
        *, deprecated, message: "calls 0.3.0's NavigationScenes.remove, removeAll, prune, recover and SceneStore"
    )
    func navigationScenesForwarders() throws {
        let old: SceneStore = store
        for name in ["a", "b", "c", "main"] { try temporary.saveScene(name, value: TabState(tab: 1)) }
        try old.keepAside(scene, reason: .crashLoop)
        #expect(try NavigationScenes.remove(SceneID("a"), from: old) == true)
        #expect(try old.sceneIDs() == [SceneID("b"), SceneID("c"), scene])
        #expect(
            try NavigationScenes.removeAll(except: [SceneID("b"), scene], from: old).removedScenes == [SceneID("c")])
        let pruned = try NavigationScenes.prune(before: .distantFuture, in: old)
        #expect(try pruned.removedScenes == [SceneID("b"), scene])
        #expect(pruned.removedKeptAside.count == 1)
        #expect(try old.sceneIDs().isEmpty)
        // Nothing kept aside is left to recover: the forwarder throws what the store's recover throws.
        #expect(throws: NavigationError.self) { try NavigationScenes.recover(scene, in: old) }
        try temporary.saveScene("main", value: TabState(tab: 4))
        try old.keepAside(scene, reason: .crashLoop)
        try temporary.saveScene("main", value: TabState(tab: 9))
        let recovery = try NavigationScenes.recover(scene, in: old)
        #expect(recovery.written)
        #expect(recovery.file.reason == .crashLoop)
        let stored = try #require(try old.sceneValue(forKey: "navigation", in: scene))
        #expect(recovery.value == stored)
        #expect(try NavigationCoding.decode(TabState.self, from: stored).state.tab == 4)
    }
}

extension DeprecatedForwardersTests {
    @Test(
        "0.3.0's callbacks: onConnect gets the connection and its report; persistence is one object"
    )
    @available(*, deprecated, message: "calls 0.3.0's PersistentScene.init(…onConnect:onError:) and ScenePersistence")
    func callbacksOfPersistentScene() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.saveScene("main", json: #"["a", "b"]"#)
        var reports: [RestoreReport?] = []
        var errors: [NavigationError] = []
        let scene = PersistentScene(
            SceneNavigationModel(RoutePath<String>()), store: temporary.store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .supplied(try SceneID("main")), onConnect: { reports.append($0.report) },
            onError: { errors.append($0) })
        scene.handle(.phase(.active))
        scene.handle(.appeared)
        #expect(reports == [scene.persistence?.report] && reports.first??.restoredCount == 2 && errors.isEmpty)
        #expect(scene.persistence === scene.persistence)
        let persistence = try #require(scene.persistence)
        scene.model.state.append("c")
        try await persistence.flush()
        #expect(
            try temporary.store.readSceneValue(forKey: "navigation", in: SceneID("main"))
                == .json(.array([.string("a"), .string("b"), .string("c")])))
        try await scene.close()
        #expect(scene.persistence == nil)
    }
}
