import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

@Suite struct SceneStoreValueTests {
    enum Tab: String { case recipes, favourites }
    enum Level: Int {
        case low = 1
        case high = 2
    }
    struct Settings: Codable, Equatable {
        var zoom: Double
        var names: [String]
    }

    @Test("round-trips every type SceneStorage supports")
    func roundTripsEveryType() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(true, forKey: "bool", in: scene)
        try store.put(42, forKey: "int", in: scene)
        try store.put(-0.25, forKey: "double", in: scene)
        try store.put("héllo \"quoted\"\n", forKey: "string", in: scene)
        try store.put(URL(string: "https://example.com/a?b=c"), forKey: "url", in: scene)
        try store.put(Data([0, 1, 2, 255]), forKey: "binary", in: scene)
        try store.put(Data(#"{"b":1,"a":[true]}"#.utf8), forKey: "jsonData", in: scene)
        try store.put(Tab.favourites, forKey: "tab", in: scene)
        try store.put(Level.high, forKey: "level", in: scene)
        try store.putEncoded(Settings(zoom: 1.5, names: ["a", "b"]), forKey: "settings", in: scene)

        #expect(try store.read(Bool.self, forKey: "bool", in: scene) == true)
        #expect(try store.read(Int.self, forKey: "int", in: scene) == 42)
        #expect(try store.read(Double.self, forKey: "double", in: scene) == -0.25)
        #expect(try store.read(String.self, forKey: "string", in: scene) == "héllo \"quoted\"\n")
        #expect(
            try store.read(URL.self, forKey: "url", in: scene) == URL(string: "https://example.com/a?b=c"))
        #expect(try store.read(Data.self, forKey: "binary", in: scene) == Data([0, 1, 2, 255]))
        #expect(
            try store.read(Data.self, forKey: "jsonData", in: scene) == Data(#"{"a":[true],"b":1}"#.utf8))
        #expect(try store.read(Tab.self, forKey: "tab", in: scene) == .favourites)
        #expect(try store.read(Level.self, forKey: "level", in: scene) == .high)
        #expect(
            try store.readDecoded(Settings.self, forKey: "settings", in: scene)
                == Settings(zoom: 1.5, names: ["a", "b"]))
        #expect(try store.read(Int.self, forKey: "absent", in: scene) == nil)
        #expect(try store.read(Int.self, forKey: "int", in: try SceneID("other")) == nil)
    }

    @Test("writes deterministic bytes (golden file)")
    func deterministicBytes() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        // Written in a different order than the golden file lists them: keys are sorted.
        try store.putEncoded(Settings(zoom: 1.5, names: ["a", "b"]), forKey: "settings", in: scene)
        try store.put(Tab.favourites, forKey: "tab", in: scene)
        try store.put(Data([0, 1, 2, 255]), forKey: "binary", in: scene)
        try store.put("héllo \"quoted\"\n", forKey: "string", in: scene)
        try store.put(URL(string: "https://example.com/a?b=c"), forKey: "url", in: scene)
        try store.put(-0.25, forKey: "double", in: scene)
        try store.put(42, forKey: "int", in: scene)
        try store.put(true, forKey: "bool", in: scene)
        let bytes = try fileBytes(store.path(for: scene))
        #expect(try Fixtures.matchesGolden(bytes, "golden/store-all-types.json"))
    }

    @Test("a nil value removes the key and keeps the others; the last one goes with the file")
    func nilRemovesKey() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        try store.put(2, forKey: "b", in: scene)
        try store.put(Int?.none, forKey: "a", in: scene)
        #expect(try store.storedDocument(for: scene).values == ["b": 2.storedValue])
        try store.deleteValue(forKey: "b", in: scene)
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.storedDocument(for: scene)
        }
    }

    @Test("reading a value of another type is a typed error")
    func typeMismatch() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put("text", forKey: "k", in: scene)
        #expect(
            throws: SceneStoreError.typeMismatch(
                key: "k", scene: scene, expected: "an integer", found: "a string")
        ) {
            try store.read(Int.self, forKey: "k", in: scene)
        }
        try store.put("unknown", forKey: "tab", in: scene)
        #expect(
            throws: SceneStoreError.typeMismatch(
                key: "tab", scene: scene, expected: "a value of Tab", found: "the raw value unknown")
        ) {
            try store.read(Tab.self, forKey: "tab", in: scene)
        }
    }

    @Test("an unchanged value is not written again")
    func unchangedValueNotRewritten() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        #expect(try store.put(1, forKey: "a", in: scene).wroteFile)
        #expect(try store.put(1, forKey: "a", in: scene).wroteFile == false)
        #expect(try store.put(2, forKey: "a", in: scene).wroteFile)
    }

    @Test("invalid keys are rejected", arguments: ["", "a\nb", String(repeating: "k", count: 257)])
    func invalidKeys(_ key: String) throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        #expect(throws: SceneStoreError.self) { try store.put(1, forKey: key, in: try SceneID("main")) }
        #expect(temporary.files() == [])
    }

    @Test("missing scene is its own error; reading creates nothing")
    func missingScene() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.storedDocument(for: scene)
        }
        #expect(try store.scenes() == [])
        #expect(temporary.files() == [])
    }

    @Test("folders are 0700 and files 0600 whatever the umask", arguments: ["022", "077", "277", "000"])
    func modesWhateverTheUmask(_ umask: String) throws {
        let temporary = try TemporaryDirectory()
        // A state root the worker creates, below a folder of the test's own.
        let scenes = temporary.appending("state/app/scenes")
        let result = try runProcess(Products.path("SceneStoreWorker"), ["umask", scenes, "main", umask])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try permissions(temporary.appending("state")) == 0o700)
        #expect(try permissions(temporary.appending("state/app")) == 0o700)
        #expect(try permissions(scenes) == 0o700)
        #expect(try permissions(scenes + "/main.json") == 0o600)
    }

    @Test("existing folders keep their mode")
    func existingFoldersKeepTheirMode() throws {
        let temporary = try TemporaryStore()
        // The state root exists (made by mkdtemp): its mode is left as it is.
        #expect(chmod(temporary.stateRoot, 0o755) == 0)
        try temporary.store.put(1, forKey: "a", in: try SceneID("main"))
        #expect(try permissions(temporary.stateRoot) == 0o755)
        #expect(try permissions(temporary.path("app")) == 0o700)
    }

    @Test("a rewritten file keeps the mode it was given")
    func rewriteKeepsMode() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        #expect(chmod(store.path(for: scene), 0o640) == 0)
        try store.put(2, forKey: "a", in: scene)
        #expect(try permissions(store.path(for: scene)) == 0o640)
    }

    @Test("removing a scene deletes its file and its lock file, and removing it again makes no lock file")
    func removeScene() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        #expect(temporary.files() == ["app", "app/scenes", "app/scenes/.main.lock", "app/scenes/main.json"])
        #expect(try store.removeScene(scene))
        #expect(try store.removeScene(scene) == false)
        #expect(temporary.files() == ["app", "app/scenes"])
    }

    @Test("lists scenes with keys, size, last save and health")
    func listsScenes() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try store.put(1, forKey: "b", in: try SceneID("second"))
        try store.put(1, forKey: "a", in: try SceneID("first"))
        try store.put(2, forKey: "c", in: try SceneID("first"))
        try writeFile(store.scenesFolder + "/broken.json", "{")
        try writeFile(store.scenesFolder + "/future.json", #"{"format": 9}"#)
        try writeFile(store.scenesFolder + "/first.corrupt-20270101T000000.000Z.json", "{")
        let summaries = try store.scenes()
        #expect(summaries.map(\.scene.rawValue) == ["broken", "first", "future", "second"])
        #expect(summaries.map(\.health.label) == ["corrupt", "ok", "newer-format", "ok"])
        #expect(summaries[0].health == .corrupt(reason: "unterminated object at line 1, column 2"))
        #expect(summaries[1].keys == ["a", "c"])
        #expect(summaries[1].size == Int64(try fileBytes(store.path(for: try SceneID("first"))).count))
        #expect(summaries[1].lastSaved == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("prune removes only scenes saved before the cut-off, never a newer format")
    func prune() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let temporary = try TemporaryStore(clock: clock)
        let store = temporary.store
        try store.put(1, forKey: "a", in: try SceneID("old"))
        clock.now = Date(timeIntervalSince1970: 5_000)
        try store.put(1, forKey: "a", in: try SceneID("new"))
        try writeFile(store.scenesFolder + "/future.json", #"{"format": 9}"#)
        let outcome = try store.prune(before: Date(timeIntervalSince1970: 3_000))
        #expect(outcome == PruneOutcome(scenes: [try SceneID("old")], keptAside: [], failures: []))
        #expect(try store.scenes().map(\.scene.rawValue) == ["future", "new"])
    }

    @Test("prune tries every candidate: one it cannot remove is reported and the others are removed")
    func pruneGoesOnPastAFailure() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let temporary = try TemporaryStore(clock: clock)
        let old = temporary.store
        try old.put(1, forKey: "a", in: try SceneID("a-old"))
        // A folder named like a scene file sorts between the two and cannot be unlinked.
        try FileManager.default.createDirectory(
            atPath: old.scenesFolder + "/b-folder.json", withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)],
            ofItemAtPath: old.scenesFolder + "/b-folder.json")
        try old.put(1, forKey: "a", in: try SceneID("c-old"))
        clock.now = Date(timeIntervalSince1970: 5_000)
        let outcome = try old.prune(before: Date(timeIntervalSince1970: 3_000))
        #expect(outcome.removedScenes.map(\.rawValue) == ["a-old", "c-old"])
        #expect(
            outcome.failures == [
                PruneOutcome.Failure(
                    at: old.scenesFolder + "/b-folder.json",
                    error: .cannotRemove(path: old.scenesFolder + "/b-folder.json", errno: .eisdir))
            ])
    }

    @Test("error descriptions name the path and the OS reason")
    func errorDescriptions() {
        #expect(
            SceneStoreError.cannotWrite(path: "/p/main.json", errno: .eacces).description
                == "cannot write '/p/main.json': Permission denied")
        #expect(
            SceneStoreError.cannotCreateDirectory(path: "/p", errno: .enospc).description
                == "cannot create directory '/p': No space left on device")
    }
}
