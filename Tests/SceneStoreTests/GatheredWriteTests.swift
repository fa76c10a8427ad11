import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

/// A writer writes a scene's file from pieces (its values' entries, uncopied) with gathered writes:
/// the file is byte for byte the document's encoding, however short the writes.
@Suite struct GatheredWriteTests {
    /// The real file system, whose writes take at most `limit` bytes a call, gathered or not.
    final class ShortWritingFileSystem: ForwardingFileSystem, Sendable {
        let system = SystemFileSystem()
        let limit: Int
        private let gathered = Mutex(0)
        var gatheredWrites: Int { gathered.withLock { $0 } }
        init(limit: Int) { self.limit = limit }

        func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
            try system.write(descriptor, from: UnsafeRawBufferPointer(rebasing: buffer.prefix(limit)))
        }
        func write(_ descriptor: Int32, gathering buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int {
            gathered.withLock { $0 += 1 }
            var left = limit
            var taken: [UnsafeRawBufferPointer] = []
            for buffer in buffers where left > 0 {
                taken.append(UnsafeRawBufferPointer(rebasing: buffer.prefix(left)))
                left -= min(left, buffer.count)
            }
            return try system.write(descriptor, gathering: taken)
        }
    }

    @Test(
        "a writer's file of several values, written in short gathered writes, is the document's encoding",
        arguments: [1, 7, 4096])
    func shortGatheredWrites(limit: Int) async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        try temporary.store.put("before", forKey: "a", in: scene)
        try temporary.store.put(3, forKey: "z", in: scene)
        let fileSystem = ShortWritingFileSystem(limit: limit)
        let store = StateStore(
            scenesFolder: temporary.store.scenesFolder, configuration: temporary.store.settings, fileSystem: fileSystem)
        let writer = try store.makeWriter(forKey: "n", in: scene)
        writer.submit(42)
        try await writer.flush()
        #expect(fileSystem.gatheredWrites > 0)
        let bytes = try fileBytes(store.path(for: scene))
        let document = try StoredDocument(decoding: bytes, scene: scene, path: "main.json")
        #expect(bytes == document.encodedBytes())
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 42)
        #expect(try store.read(String.self, forKey: "a", in: scene) == "before")
        #expect(try store.read(Int.self, forKey: "z", in: scene) == 3)
    }
}
