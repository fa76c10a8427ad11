import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// The promises of the Guarantees page and the articles that an audit found broken, each kept by a
/// library call an app can make (issue 31).
@MainActor
@Suite struct PromisesTests {
    let temporary: TemporaryStore
    let clock = TestClock()
    var store: StateStore { temporary.store }
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore(clock: clock)
        scene = try SceneID("main")
    }

    private func fileBytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))
    }

    @Test(
        "a write of schema N leaves exactly schema N: connecting without restoring over a newer schema keeps it aside as such"
    )
    func replacingANewerSchema() async throws {
        try temporary.saveScene(
            "main",
            values: [
                "navigation": .json(.object(["tab": .number(JSONNumber(3)), "panes": .array([])])),
                "navigation.schema": .json(.number(JSONNumber(2))),
            ])
        let before = try fileBytes()
        let model = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, restoring: false)
        model.state.tab = 1
        try await persistence.close()
        let kept = try #require(persistence.keptAsidePath)
        #expect(kept.hasSuffix("/main.newer-schema-20270115T080000.000Z.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
        let values = try store.storedDocument(for: scene).values
        // Schema 0: nothing beside the value, so the next restore is not stuck on a newer schema.
        #expect(values["navigation.schema"] == nil)
        let next = SceneNavigationModel(TabState())
        let restored = try await SceneConnection.connect(next, to: store, scene: scene, guard: nil)
        #expect(restored.intervention == nil && next.state.tab == 1)
        try await restored.close()

        // A model of schema 1 writes exactly 1 beside its value.
        var migrations = NavigationMigrations()
        migrations.addStep { $0 }
        let versioned = SceneNavigationModel(TabState(), migrations: migrations)
        let written = try await SceneConnection.connect(versioned, to: store, scene: scene, restoring: false)
        versioned.state.tab = 2
        try await written.close()
        #expect(try store.storedDocument(for: scene).values["navigation.schema"] == .json(.number(JSONNumber(1))))
    }

    @Test(
        "storing a value on request: a newer schema is refused untouched, or replaced and kept aside; exactly the schema given is left"
    )
    func storingOnRequest() throws {
        try temporary.saveScene(
            "main",
            values: [
                "navigation": .json(.array([.string("a")])), "navigation.schema": .json(.number(JSONNumber(2))),
                "sidebar": .json(.bool(true)),
            ])
        let before = try fileBytes()
        let given = SceneValue.json(.array([.string("b")]))
        #expect(throws: NavigationError.newerSchema(key: "navigation", stored: 2, supported: 1)) {
            try StoredNavigation.store(given, schema: 1, in: scene, of: store)
        }
        #expect(
            throws: NavigationError.newerSchema(key: "navigation", stored: 2, supported: 0),
            performing: { try StoredNavigation.refuseNewerSchema(of: scene, than: 0, in: store) })
        try StoredNavigation.refuseNewerSchema(of: scene, than: 2, in: store)
        #expect(try fileBytes() == before)
        #expect(try store.keptAsideFiles().isEmpty)

        clock.advance(by: .seconds(1))
        let replaced = try StoredNavigation.store(given, schema: 1, in: scene, of: store, replacingNewerSchema: true)
        #expect(replaced.keptAsideReason == .newerSchema)
        #expect(try Data(contentsOf: URL(fileURLWithPath: #require(replaced.keptAsidePath))) == before)
        var values = try store.storedDocument(for: scene).values
        #expect(values["navigation"] == given && values["navigation.schema"] == .json(.number(JSONNumber(1))))
        #expect(values["sidebar"] == .json(.bool(true)))

        // Another value of an older or equal schema: kept for the reason the caller gives.
        clock.advance(by: .seconds(1))
        let again = try StoredNavigation.store(.json(.array([])), schema: 1, in: scene, of: store)
        #expect(again.keptAsideReason == .replaced)
        #expect(try store.storedDocument(for: scene).values["navigation.schema"] == .json(.number(JSONNumber(1))))
        // Schema 0 over 1, when asked: nothing is left beside the value.
        let older = try StoredNavigation.store(
            .json(.array([])), in: scene, of: store, replacingNewerSchema: true, keepingAside: { _ in nil })
        #expect(older.keptAsideReason == .newerSchema)
        values = try store.storedDocument(for: scene).values
        #expect(values["navigation.schema"] == nil)
        // The same value again: nothing kept, and the save time moves all the same.
        clock.advance(by: .seconds(1))
        let same = try StoredNavigation.store(.json(.array([])), in: scene, of: store)
        #expect(same.keptAsidePath == nil && same.wroteFile)
        #expect(try store.storedDocument(for: scene).savedAt == clock.now)
        #expect(try store.keptAsideFiles().map(\.reason) == [.newerSchema, .replaced, .newerSchema])
        #expect(
            KeptAsideFile.Reason(rawValue: "crashloop")?.recognized.description
                == KeptAsideFile.Reason.crashLoop.description)
        #expect(KeptAsideFile.reason(ofKeptFile: try #require(again.keptAsidePath)) == .replaced)
    }

    @Test(
        "a scene removed by StateStore takes its markers: a later scene of that ID is not told its restore never became healthy"
    )
    func markerDoesNotOutliveItsScene() async throws {
        try temporary.saveScene("main", json: #"{"tab":1,"path":["a"]}"#)
        let first = SceneNavigationModel(TabState())
        let crashed = try await SceneConnection.connect(
            first, to: store, scene: scene, guard: CrashLoopGuard(process: .init(simulatedID: "one")))
        await crashed.cancel()
        #expect(try CrashLoopGuard.markedScenes(in: store) == [scene])
        #expect(try store.removeScene(scene))
        #expect(try CrashLoopGuard.markedScenes(in: store).isEmpty)
        // A value removed until none is left removes the file, and the markers with it.
        try temporary.saveScene("main", json: #"{"tab":1,"path":["a"]}"#)
        let second = try await SceneConnection.connect(
            SceneNavigationModel(TabState()), to: store, scene: scene,
            guard: CrashLoopGuard(process: .init(simulatedID: "two")))
        await second.cancel()
        // An app's own file of the scene's name beside the scenes folder is not a record of it.
        let own = temporary.path("app/config/main.json")
        try FileManager.default.createDirectory(atPath: temporary.path("app/config"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: own))
        try store.deleteValue(forKey: "navigation", in: scene)
        #expect(try CrashLoopGuard.markedScenes(in: store).isEmpty)
        #expect(FileManager.default.fileExists(atPath: own))

        try temporary.saveScene("main", json: #"{"tab":2,"path":["b"]}"#)
        let later = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(
            later, to: store, scene: scene, guard: CrashLoopGuard(process: .init(simulatedID: "three")))
        #expect(persistence.intervention == nil)
        #expect(later.state == TabState(tab: 2, path: ["b"]))
        try await persistence.close()
    }

    @Test("jsonData reads back what it wrote, at the model's own schema: no migration step runs again")
    func jsonDataAtTheModelsSchema() throws {
        var migrations = NavigationMigrations()
        // Version 0 stored a bare path; version 1 stores {"path": [...], "tab": 0}.
        migrations.addStep { old in .object(["path": old, "tab": .number(JSONNumber(0))]) }
        let model = SceneNavigationModel(TabState(), migrations: migrations)
        model.state = TabState(tab: 3, path: ["a", "b"])
        let other = SceneNavigationModel(TabState(), migrations: migrations)
        other.jsonData = model.jsonData
        #expect(other.lastRestoreError == nil)
        #expect(other.state == TabState(tab: 3, path: ["a", "b"]))
        #expect(other.lastRestoreReport == RestoreReport(restoredCount: 2))
    }

    @Test("a recover dates its write even when the scene holds the value already")
    func recoverDates() throws {
        try temporary.saveScene("main", json: #"{"tab":1,"path":["a"]}"#)
        try store.keepAsideCopy(scene, reason: .crashLoop)
        let savedAt = try store.storedDocument(for: scene).savedAt
        clock.advance(by: .seconds(60))
        let recovery = try store.recover(scene)
        #expect(recovery.written)
        #expect(try store.storedDocument(for: scene).savedAt == clock.now)
        #expect(try store.storedDocument(for: scene).savedAt != savedAt)
        // Over a newer version's value, the scene's file is kept aside first.
        try store.updateValues(scene) { values in values["navigation.schema"] = .json(.number(JSONNumber(3))) }
        let newer = try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))
        clock.advance(by: .seconds(1))
        _ = try store.recover(scene)
        let copy = try #require(try store.keptAsideFiles().last)
        #expect(copy.reason == .newerSchema)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)) == newer)
        #expect(try store.storedDocument(for: scene).values["navigation.schema"] == nil)
    }

    @Test("an entry of a report in words reads whole for every shape of state")
    func reportEntriesInWords() {
        let entries: [(RestoreReport.DroppedElement, String)] = [
            (
                .init(location: "path", position: 1, json: .string("b"), reason: .unresolved),
                "position 2 of path: the app no longer has it"
            ),
            (.init(position: 0, json: .string("a"), reason: .withheld), "position 1 of the path: paths were withheld"),
            (
                .init(
                    location: "sidebar.selection", position: nil, json: .number(JSONNumber(3)),
                    reason: .undecodable("x")),
                "member sidebar.selection: it no longer decodes: x"
            ),
            (
                .init(location: "tabs[1].path", position: 0, json: .string("a"), reason: .duplicate),
                "position 1 of tabs[1].path: already on the path"
            ),
        ]
        for (entry, words) in entries { #expect(entry.description == words) }
        let migrated = RestoreReport.MigratedElement(
            location: "", position: 2, from: .string("old"), to: .string("new"))
        #expect(migrated.description == #"position 3 of the path: "old" -> "new""#)
    }

    @Test(
        "input is restored strictly: a member or element that does not decode is an error naming it, and the model is untouched"
    )
    func importingIsStrict() throws {
        let model = SceneNavigationModel(TabState(tab: 5))
        let bad = JSONValue.object(["tab": .string("one"), "path": .array([.string("a")])])
        #expect(throws: NavigationError.self) { try model.importValue(.json(bad)) }
        do {
            try model.importValue(.json(bad))
        } catch .cannotDecode(let key, let reason, let location) {
            #expect(key == "navigation")
            #expect(reason.hasPrefix("member tab: it no longer decodes: "))
            #expect(location == [.key("tab")])
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(model.state == TabState(tab: 5))
        let report = try model.importValue(
            .json(.object(["tab": .number(JSONNumber(1)), "path": .array([.string("a")])])))
        #expect(report.isComplete && model.state == TabState(tab: 1, path: ["a"]))
    }

    @Test("a scene's health counts every drop a restore makes, members too, and says what needs attention")
    func healthCountsEveryDrop() throws {
        try temporary.saveScene("main", json: #"{"tab":"one","path":["a","b"]}"#)
        let summary = try #require(try store.scenes().first)
        let now = clock.now
        let health = SceneHealth(of: summary, in: store, now: now) { (document) throws(NavigationError) in
            try SceneNavigationModel(TabState()).restore(from: document, now: now)
        }
        #expect(health.drops == 1 && health.problem == nil && health.needsAttention)
        let report = NavigationPathRecord.dryRunReport(
            of: .array([.string("App.Note"), .string("{"), .string("App.User"), .string("{}")]),
            knownTypes: ["App.User"])
        #expect(report.restoredCount == 1)
        #expect(report.dropped.map(\.reason.code) == ["undecodable"])
        let unknown = NavigationPathRecord.dryRunReport(
            of: .array([.string("App.Note"), .string("{}")]), knownTypes: ["App.User"])
        #expect(unknown.dropped.map(\.reason) == [.unknownType("App.Note")])
    }

    @Test("a value as stored, with the age limit decided as a restore decides it")
    func storedValueAndAge() throws {
        try temporary.saveScene("main", json: #"["a"]"#)
        clock.advance(by: .seconds(7200))
        let fresh = try StoredNavigation.storedValue(of: scene, in: store)
        #expect(fresh.intervention == nil && fresh.value == .json(.array([.string("a")])) && fresh.schema == 0)
        let old = try StoredNavigation.storedValue(
            of: scene, policy: RestorePolicy(maximumAge: .seconds(3600)), in: store)
        #expect(old.intervention == .expired(savedAt: fresh.savedAt, maximumAge: .seconds(3600)))
        #expect(throws: NavigationError.store(.invalidKey("", reason: "it is empty"))) {
            try StoredNavigation.storedValue(of: scene, key: "", in: store)
        }
    }
}
