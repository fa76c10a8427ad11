import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

/// Stores next to the scenes folder, and removals that take an emptied file with them.
@Suite struct SiblingStoreTests {
    @Test("a sibling store lives next to the scenes folder; names that are not folder names are refused")
    func siblingFolders() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let markers = try store.sibling(folder: "restores")
        #expect(markers.scenesFolder == temporary.path("app/restores"))
        try markers.put(1, forKey: "a", in: SceneID("main"))
        #expect(try store.scenes().isEmpty)
        let reason = "a folder name is 1 to 64 letters, digits, '-' or '_', and not 'scenes'"
        for name in ["", "scenes", "../x", "a/b", ".hidden", String(repeating: "a", count: 65), "é"] {
            #expect(throws: SceneStoreError.invalidArgument(name, reason: reason)) {
                try store.sibling(folder: name)
            }
        }
    }

    @Test("removing the last value removes the file; removing one of several rewrites the rest")
    func removingTheLastValueRemovesTheFile() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        try store.put(2, forKey: "b", in: scene)
        #expect(try store.deleteValue(forKey: "a", in: scene).wroteFile)
        #expect(try store.storedDocument(for: scene).values.keys.sorted() == ["b"])
        #expect(try !store.deleteValue(forKey: "a", in: scene).wroteFile)
        #expect(try store.deleteValue(forKey: "b", in: scene).wroteFile)
        #expect(!FileManager.default.fileExists(atPath: store.path(for: scene)))
        // Removing from a scene that has no folder creates nothing.
        let elsewhere = try temporary.makeStore(appID: "other")
        #expect(try !elsewhere.deleteValue(forKey: "a", in: scene).wroteFile)
        #expect(!FileManager.default.fileExists(atPath: temporary.path("other")))
    }
}
