import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

/// `updateExisting`: the strict update that repair tools use.
@Suite struct UpdateExistingTests {
    @Test("a missing scene is an error and leaves no file, not even a lock file")
    func missingScene() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.updateExistingValues(scene) { values in values["a"] = .json(.bool(true)) }
        }
        try store.put(1, forKey: "a", in: try SceneID("other"))
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.updateExistingValues(scene) { values in values["a"] = .json(.bool(true)) }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store.scenesFolder).sorted() == [
                ".other.lock", "other.json",
            ])
    }

    @Test("a corrupt file is an error and stays where it is, byte for byte, with nothing kept aside")
    func corruptFile() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        let broken: [UInt8] = Array(#"{"format":1,"savedAt":"#.utf8)
        try Data(broken).write(to: URL(fileURLWithPath: store.path(for: scene)))
        var called = false
        #expect(
            throws: SceneStoreError.corrupt(
                path: store.path(for: scene), reason: "unexpected end of input at line 1, column 23")
        ) {
            try store.updateExistingValues(scene) { _ in called = true }
        }
        #expect(!called)
        #expect(try fileBytes(store.path(for: scene)) == broken)
        #expect(try store.keptAsideFiles().isEmpty)
    }

    @Test("unchanged values write nothing; changed values are written with the new time")
    func changes() throws {
        let temporary = try TemporaryStore(clock: TestClock(Date(timeIntervalSince1970: 1_800_000_000)))
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        let before = try fileBytes(store.path(for: scene))
        #expect(try store.updateExistingValues(scene) { _ in }.wroteFile == false)
        #expect(try fileBytes(store.path(for: scene)) == before)
        temporary.clock?.now = Date(timeIntervalSince1970: 1_800_000_100)
        #expect(
            try store.updateExistingValues(scene) { values in values["a"] = .json(.number(JSONNumber(2))) }.wroteFile)
        #expect(try store.read(Int.self, forKey: "a", in: scene) == 2)
        #expect(try store.storedDocument(for: scene).savedAt == Date(timeIntervalSince1970: 1_800_000_100))
    }
}
