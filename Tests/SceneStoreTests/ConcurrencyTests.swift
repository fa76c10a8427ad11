import Foundation
import TestSupport
import Testing

@testable import SceneStore

@Suite struct ConcurrencyTests {
    @Test("many tasks updating keys of one scene lose no update")
    func manyTasksLoseNothing() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<25 {
                        try store.update(scene) { (values) throws(SceneStoreError) in
                            for key in ["shared", "task\(task % 2)"] {
                                values[key] =
                                    ((values[key].flatMap { Int(sceneValue: $0) } ?? 0) + 1).sceneValue
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.value(Int.self, forKey: "shared", in: scene) == 200)
        #expect(try store.value(Int.self, forKey: "task0", in: scene) == 100)
        #expect(try store.value(Int.self, forKey: "task1", in: scene) == 100)
    }

    @Test("two processes updating different keys of one scene lose no update")
    func twoProcessesLoseNothing() async throws {
        let temporary = try TemporaryDirectory()
        let scenes = temporary.appending("state/app/scenes")
        let worker = Products.path("SceneStoreWorker")
        async let first = Task.detached { try runProcess(worker, ["increment", scenes, "main", "a", "150"]) }
            .value
        async let second = Task.detached {
            try runProcess(worker, ["increment", scenes, "main", "b", "150"])
        }.value
        async let third = Task.detached {
            try runProcess(worker, ["increment", scenes, "main", "shared", "100"])
        }.value
        async let fourth = Task.detached {
            try runProcess(worker, ["increment", scenes, "main", "shared", "100"])
        }.value
        let results = try await [first, second, third, fourth]
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        let store = SceneStore(scenesDirectory: scenes)
        let scene = try SceneID("main")
        #expect(try store.value(Int.self, forKey: "a", in: scene) == 150)
        #expect(try store.value(Int.self, forKey: "b", in: scene) == 150)
        #expect(try store.value(Int.self, forKey: "shared", in: scene) == 200)
    }

    @Test("readers running during writes never see a torn file")
    func readersNeverSeeTornFiles() async throws {
        let temporary = try TemporaryDirectory()
        let scenes = temporary.appending("state/app/scenes")
        let worker = Products.path("SceneStoreWorker")
        async let writer = Task.detached {
            try runProcess(worker, ["increment", scenes, "main", "n", "200"])
        }.value
        async let reader = Task.detached { try runProcess(worker, ["read", scenes, "main", "n", "2000"]) }
            .value
        let (written, read) = try await (writer, reader)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(read.status == 0, "\(read.standardError)")
    }
}
