import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

/// The cookbook's model kept in a scene by SceneNavigation's `SceneConnection`, as the sample's
/// `.task` kept it in `@SceneStorage`.
@MainActor
@Suite struct CookbookPersistenceTests {
    /// The cookbook's state stored in a scene, read back against the built-in data.
    func stored(in store: StateStore, _ scene: SceneID) throws -> CookbookState? {
        guard let value = try store.readSceneValue(forKey: "navigation", in: scene) else { return nil }
        let model = NavigationModel()
        try model.restoreValue(value)
        return model.state
    }

    /// A temporary store holding a copy of a fixture scene, under the fixture's name.
    func temporaryStore(with fixture: String) throws -> TemporaryStore {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.writeSceneFile(fixture, bytes: Fixtures.bytes("scenes/\(fixture).json"))
        return temporary
    }

    @Test(
        "connecting restores each accepted scene shape as its golden report says",
        arguments: [
            "ours", "sample-three-key", "talk-two-key", "stale-ids", "duplicate-ids", "malformed-id",
            "unknown-category", "extra-members", "binary-json", "previous-release",
        ])
    func connectRestoresFixtures(_ name: String) async throws {
        let temporary = try temporaryStore(with: name)
        let store = temporary.store
        let model = NavigationModel()
        let persistence = try await SceneConnection.connect(model, to: store, scene: try SceneID(name))
        let report = try #require(persistence.report)
        // The report the payload replay of the same value recorded as golden.
        let golden = name == "binary-json" ? "sample-three-key" : name
        let outcome = try JSONValue(parsing: Fixtures.bytes("golden/restore/\(golden).skip.json"))
        #expect(report.json == outcome.objectValue?["report"])
        #expect(try StateCoding.encode(model.state) == outcome.objectValue?["state"])
        try await persistence.close()
    }

    @Test(
        "a scene that cannot be read throws, leaves the model alone and the file untouched",
        arguments: [
            (
                "corrupt",
                "corrupt scene file '<dir>/corrupt.json': unterminated array at line 8, column 1"
            ),
            (
                "newer-format",
                "'<dir>/newer-format.json' has format 2, newer than the supported format 1; it is left untouched"
            ),
            (
                "not-navigation",
                "cannot restore 'navigation': Expected to decode Dictionary<String, Any> but found an array instead."
            ),
        ])
    func unreadableScene(_ name: String, _ message: String) async throws {
        let temporary = try temporaryStore(with: name)
        let store = temporary.store
        let model = NavigationModel(selectedCategory: .salad)
        let before = try Fixtures.bytes("scenes/\(name).json")
        let scene = try SceneID(name)
        do {
            _ = try await SceneConnection.connect(model, to: store, scene: scene)
            Issue.record("connected to \(name)")
        } catch {
            #expect(error.description == message.replacingOccurrences(of: "<dir>", with: store.scenesFolder))
        }
        #expect(model.selectedCategory == .salad && model.path.isEmpty)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: store.scenesFolder + "/\(name).json"))) == before)
    }

    @Test("changes made after connecting are written; a restore alone changes no value, only confirms the save time")
    func writesChangesOnly() async throws {
        let temporary = try temporaryStore(with: "ours")
        let store = temporary.store
        let scene = try SceneID("ours")
        let before = try Fixtures.bytes("scenes/ours.json")
        let model = NavigationModel()
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        try await persistence.flush()
        #expect(persistence.writerStatistics.written == 0)
        let confirmed = try store.storedDocument(for: scene)
        #expect(confirmed.values == (try StoredDocument(decoding: before, scene: scene, path: "ours")).values)
        #expect(confirmed.savedAt == temporary.clock?.now)
        model.path.removeLast()
        try await persistence.flush()
        #expect(try self.stored(in: store, scene)?.path.count == 2)
        try await persistence.close()
    }

    @Test("connecting without restoring keeps a copy of a stored value that is not navigation data")
    func replacingKeepsUnreadableValue() async throws {
        let temporary = try temporaryStore(with: "invalid-navigation")
        let store = temporary.store
        let model = NavigationModel()
        let persistence = try await SceneConnection.connect(
            model, to: store, scene: try SceneID("invalid-navigation"), restoring: false)
        let kept = try #require(persistence.keptAsidePath)
        #expect(kept.hasPrefix(store.scenesFolder + "/invalid-navigation.invalid-"))
        #expect(
            Array(try Data(contentsOf: URL(fileURLWithPath: kept)))
                == (try Fixtures.bytes("scenes/invalid-navigation.json")))
        model.selectedCategory = .dessert
        try await persistence.close()
        let stored = try self.stored(in: store, try SceneID("invalid-navigation"))
        #expect(stored?.selectedCategory == .dessert)
        // A readable value is replaced without a copy.
        let again = try await SceneConnection.connect(
            NavigationModel(), to: store, scene: try SceneID("invalid-navigation"), restoring: false)
        #expect(again.keptAsidePath == nil)
        try await again.close()
    }

    @Test("a scene saved by the previous release restores fully as migrated, and the next save writes the new IDs")
    func previousReleaseScene() async throws {
        let temporary = try temporaryStore(with: "previous-release")
        let store = temporary.store
        let scene = try SceneID("previous-release")
        let model = NavigationModel()
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        let report = try #require(persistence.report)
        #expect(report.isComplete)
        #expect(
            report.migrated.map(\.to) == [
                .string("E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"), .string("D0820C1A-1AFB-4472-97DA-39A475304048"),
            ])
        #expect(model.path.map(\.name) == ["Apple Pie", "Pie Crust"])
        // A restore alone writes nothing: the old file stays until the model changes.
        #expect(
            Array(try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))))
                == (try Fixtures.bytes("scenes/previous-release.json")))
        model.path.append(try #require(DataModel.cookbook.recipe(named: "Fruit Pie Filling")))
        try await persistence.close()
        let stored = try #require(try self.stored(in: store, scene))
        #expect(
            stored.path.map(\.id.description) == [
                "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8", "D0820C1A-1AFB-4472-97DA-39A475304048",
                "4792C8AE-9596-4502-A9CB-806E2DFEA408",
            ])
    }

    @Test(
        "the cookbook's launch is guarded: after a restore that never became healthy the path is withheld, the category kept"
    )
    func crashLoopGuard() async throws {
        let temporary = try temporaryStore(with: "ours")
        let store = temporary.store
        let scene = try SceneID("ours")
        let first = NavigationModel()
        // A launch (a simulated process) that never closes nor writes, and crashes on the restored
        // screen.
        let process = CrashLoopGuard.Process(simulatedID: "1-crashing")
        let crashed = try await SceneConnection.connect(
            first, to: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil, process: process))
        #expect(crashed.intervention == nil && !first.path.isEmpty)
        await crashed.cancel()
        try process.record(.crashed, in: store)
        let second = NavigationModel()
        let guarded = try await SceneConnection.connect(second, to: store, scene: scene)
        #expect(guarded.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(second.selectedCategory == first.selectedCategory)
        #expect(second.path.isEmpty)
        #expect(guarded.report?.dropped.map(\.reason) == Array(repeating: .withheld, count: first.path.count))
        #expect(guarded.keptAsidePath?.contains("/ours.crash-loop-") == true)
        try await guarded.close()
        #expect(guarded.isHealthy)
    }

    @Test("a deep link to a recipe wins over the saved path; the saved category is kept")
    func deepLink() async throws {
        let temporary = try temporaryStore(with: "ours")
        let store = temporary.store
        let pancakes = try #require(DataModel.cookbook.recipe(named: "Caprese"))
        let model = NavigationModel()
        let persistence = try await SceneConnection.connect(
            model, to: store, scene: try SceneID("ours"), guard: nil
        ) { $0.path = [pancakes] }
        #expect(persistence.intervention == .deepLink)
        #expect(model.path == [pancakes])
        #expect(model.selectedCategory != nil)
        try await persistence.close()
    }
}
