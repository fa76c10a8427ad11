import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

@Suite struct ConcurrencyTests {
    @Test("many tasks updating keys of one scene lose no update")
    func manyTasksLoseNothing() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<25 {
                        try store.updateValues(scene) { (values) throws(SceneStoreError) in
                            for key in ["shared", "task\(task % 2)"] {
                                values[key] =
                                    ((values[key].flatMap { Int(storedValue: $0) } ?? 0) + 1).storedValue
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.read(Int.self, forKey: "shared", in: scene) == 200)
        #expect(try store.read(Int.self, forKey: "task0", in: scene) == 100)
        #expect(try store.read(Int.self, forKey: "task1", in: scene) == 100)
    }

    @Test(
        "processes x 250 read-modify-write updates of one scene: four on one key, four on their own keys, exact counts")
    func fourProcessesLoseNothing() async throws {
        let temporary = try TemporaryStore()
        let scenes = temporary.store.scenesFolder
        let worker = Products.path("SceneStoreWorker")
        let results = try await withThrowingTaskGroup(of: [ProcessResult].self) { group in
            for process in 0..<4 {
                group.addTask {
                    // Each process updates the shared key and its own, interleaving with the others.
                    async let shared = Task.detached {
                        try runProcess(worker, ["increment", scenes, "main", "shared", "250"])
                    }.value
                    async let own = Task.detached {
                        try runProcess(worker, ["increment", scenes, "main", "p\(process)", "250"])
                    }.value
                    return try await [shared, own]
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        let store = temporary.store
        let scene = try SceneID("main")
        #expect(try store.read(Int.self, forKey: "shared", in: scene) == 1_000)
        for process in 0..<4 { #expect(try store.read(Int.self, forKey: "p\(process)", in: scene) == 250) }
    }

    @Test("kill -9 at random moments never loses an acknowledged write nor tears the file (short run)")
    func killNine() throws {
        let temporary = try TemporaryStore()
        let result = try runProcess(
            Products.path("SceneStoreWorker"), ["crash", temporary.store.scenesFolder, "main", "25", "42"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("kills=25 lost=0 torn=0 temp-after-next-write=0 "))
    }

    @Test("readers running during writes never see a torn file")
    func readersNeverSeeTornFiles() async throws {
        let temporary = try TemporaryStore()
        let scenes = temporary.store.scenesFolder
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
