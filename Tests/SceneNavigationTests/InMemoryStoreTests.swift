import Foundation
import SceneNavigationTesting
import SceneStore
import Testing

@testable import SceneNavigation

/// A throwaway store for Xcode previews: a scene's whole life in memory, nothing on disk, nothing
/// shared between two stores.
@MainActor
@Suite struct InMemoryStoreTests {
    @Test("a preview's store restores and saves a scene's life in memory, never on disk, and shares nothing")
    func previewStore() async throws {
        let store = StateStore.inMemory()
        #expect(store.scenesFolder.hasPrefix("/in-memory/") && store.scenesFolder.hasSuffix("/scenes"))
        let first = PersistentScene(SceneNavigationModel(ModalScreens()), store: store, onEvent: { _ in })
        first.handle(.phase(.active))
        first.handle(.appeared)
        first.model.state.path = [.inbox, .message(id: 7)]
        first.model.state.presented.present(.compose)
        first.handle(.phase(.background))
        first.handle(.disappeared)
        await first.settle()
        let id = try #require(first.sceneID)

        // The same store restores it, as the preview's next appearance would.
        let again = PersistentScene(SceneNavigationModel(ModalScreens()), store: store, onEvent: { _ in })
        again.storedID = id.rawValue
        again.handle(.appeared)
        #expect(again.model.state.path.routes == [.inbox, .message(id: 7)])
        #expect(again.model.state.presented == [Presentation(.compose)])
        #expect(try store.scenes().map(\.scene) == [id])
        #expect(!FileManager.default.fileExists(atPath: "/in-memory"), "nothing was written to the disk")
        // No guard: no record of the process's end.
        #expect(try store.sibling(folder: "restores").scenes().isEmpty)
        again.handle(.disappeared)
        await again.settle()

        // Another preview's store holds nothing of it.
        let other = StateStore.inMemory()
        #expect(other.scenesFolder != store.scenesFolder)
        #expect(try other.scenes().isEmpty)
        #expect(throws: SceneStoreError.self) { try other.storedDocument(for: id) }
    }

    @Test("writers of one scene in memory wait for each other's lock and lose nothing")
    func lockedWriters() async throws {
        let store = StateStore.inMemory()
        let scene = try SceneID("main")
        let failures = await withTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    do throws(SceneStoreError) {
                        try store.put(index, forKey: "key\(index)", in: scene)
                        return nil
                    } catch {
                        return error.description
                    }
                }
            }
            var failures: [String] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        #expect(failures.isEmpty)
        let values = try store.storedDocument(for: scene).values
        #expect(values.count == 16)
        #expect((0..<16).allSatisfy { values["key\($0)"] == .json(.number(JSONNumber($0))) })
    }
}
