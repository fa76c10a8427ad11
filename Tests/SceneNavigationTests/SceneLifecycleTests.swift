import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// Scenes that go for good (a closed window, a discarded scene session): nothing of them is left,
/// and a new scene with the same ID starts clean.
@MainActor
@Suite struct SceneLifecycleTests {
    @Test("removing a scene takes its values, guard marker and lock files; a new scene of that ID starts clean")
    func removeLeavesNothing() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("window-1")
        try temporary.saveScene("window-1", json: #"["home"]"#)
        let model = SceneNavigationModel(RoutePath<String>())
        // A launch that never became healthy leaves a marker.
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        await persistence.cancel()
        #expect(try CrashLoopGuard.markedScenes(in: store) == [scene])
        #expect(try store.removeScene(scene))
        #expect(temporary.files().filter { $0.contains("window-1") }.isEmpty)
        // The next scene of that ID is not guarded.
        let next = SceneNavigationModel(RoutePath<String>())
        let again = try await SceneConnection.connect(next, to: store, scene: scene)
        #expect(again.intervention == nil && next.state.isEmpty)
        try await again.close()
    }

    @Test("removing every scene but the live ones removes stale scenes, marker-only ones too, and keeps the live")
    func removeAllButLive() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        for name in ["live", "gone", "values-removed"] {
            try store.put(1, forKey: "navigation", in: SceneID(name))
        }
        try store.deleteValue(forKey: "navigation", in: SceneID("values-removed"))
        // A scene whose marker outlived it (as a marker of 0.2.0, when StateStore's removal left
        // the markers in place, can still).
        let marked = try SceneID("marker-only")
        let model = SceneNavigationModel(RoutePath<String>())
        try temporary.saveScene("marker-only", json: #"["a"]"#)
        let persistence = try await SceneConnection.connect(model, to: store, scene: marked)
        await persistence.cancel()
        let markers = try store.sibling(folder: "restores")
        let marker = try markers.storedDocument(for: marked)
        try store.removeScene(marked)
        #expect(try CrashLoopGuard.markedScenes(in: store).isEmpty)
        try markers.updateValues(marked) { $0 = marker.values }
        let outcome = try store.removeAll(except: [SceneID("live")])
        #expect(outcome.removedScenes == [try SceneID("gone"), marked, try SceneID("values-removed")])
        #expect(outcome.failures.isEmpty)
        // A record of how a process ended is the process's, not a scene's: it stays.
        let files = temporary.files().filter { $0.hasPrefix("app/scenes/") || $0.hasPrefix("app/restores/") }
        #expect(
            files.filter { !$0.hasPrefix("app/restores/launch-") } == ["app/scenes/.live.lock", "app/scenes/live.json"])
    }
}

extension SceneLifecycleTests {
    @Test(
        "a scene's records go with it even when they cannot be read; an app's own folder beside its scenes is never touched"
    )
    func recordsGoWhateverTheyHold() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        for name in ["corrupt", "newer", "lock-only"] { try temporary.saveScene(name, json: #"["home"]"#) }
        // Records this version cannot read: a corrupt marker, one of a newer format, a lone lock file.
        try FileManager.default.createDirectory(
            atPath: temporary.path("app/restores"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: temporary.path("app/restores/corrupt.json")))
        try Data(#"{"format":99,"scene":"newer","savedAt":"2026-01-01T00:00:00Z","values":{}}"#.utf8).write(
            to: URL(fileURLWithPath: temporary.path("app/restores/newer.json")))
        try Data().write(to: URL(fileURLWithPath: temporary.path("app/restores/.lock-only.lock")))
        // An app's own documents beside its scenes, named as scenes are and shaped as their files.
        try FileManager.default.createDirectory(
            atPath: temporary.path("app/drafts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: temporary.path("app/scenes/corrupt.json"), toPath: temporary.path("app/drafts/corrupt.json"))
        try temporary.saveScene("stale", json: #"["home"]"#)
        try FileManager.default.moveItem(
            atPath: temporary.path("app/scenes/stale.json"), toPath: temporary.path("app/drafts/stale.json"))
        try? FileManager.default.removeItem(atPath: temporary.path("app/scenes/.stale.lock"))
        #expect(try store.removeScene(SceneID("corrupt")))
        #expect(try store.removeScene(SceneID("newer")))
        let outcome = try store.removeAll(except: [])
        #expect(outcome.removedScenes == [try SceneID("lock-only")])
        #expect(outcome.failures.isEmpty)
        #expect(
            temporary.files().filter { $0.hasPrefix("app/") && !$0.hasPrefix("app/restores/launch-") }
                == ["app/drafts", "app/drafts/corrupt.json", "app/drafts/stale.json", "app/restores", "app/scenes"])
    }
}

extension SceneLifecycleTests {
    @Test("removing a scene whose ID differs only in case from a stored one removes neither its file nor its marker")
    func removalRefusesAConflict() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try temporary.saveScene("main", json: #"["home"]"#)
        let model = SceneNavigationModel(RoutePath<String>())
        let persistence = try await SceneConnection.connect(model, to: store, scene: SceneID("main"))
        await persistence.cancel()
        // Second names for both files, as a file system that ignores case gives them.
        #expect(linkAsSecondName(temporary.path("app/scenes/main.json"), temporary.path("app/scenes/Main.json")))
        #expect(linkAsSecondName(temporary.path("app/restores/main.json"), temporary.path("app/restores/Main.json")))
        let before = temporary.files()
        #expect(throws: SceneStoreError.self) { try store.removeScene(SceneID("Main")) }
        #expect(temporary.files() == before)
        #expect(try CrashLoopGuard.markedScenes(in: store).contains(SceneID("main")))
    }
}
