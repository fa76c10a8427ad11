import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

/// A writer holds open the file it put in place, so that the next write, finding the same file
/// unchanged, reads nothing back; and a file anyone changed since is read again.
@Suite struct HeldFileTests {
    /// The real file system, counting the bytes read from scene files.
    final class CountingFileSystem: ForwardingFileSystem, Sendable {
        let system = SystemFileSystem()
        private let counted = Mutex(0)
        var bytesRead: Int { counted.withLock { $0 } }
        func clear() { counted.withLock { $0 = 0 } }

        func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
            let count = try system.read(descriptor, into: buffer)
            counted.withLock { $0 += count }
            return count
        }
    }

    /// A store over a temporary store's folder that counts what it reads, and its writer of `n` in
    /// scene `main`.
    static func countingWriter(
        _ temporary: TemporaryStore
    ) throws -> (CountingFileSystem, StateStore, ValueWriter) {
        let fileSystem = CountingFileSystem()
        let store = StateStore(
            scenesFolder: temporary.store.scenesFolder, configuration: temporary.store.settings, fileSystem: fileSystem)
        return (fileSystem, store, try store.makeWriter(forKey: "n", in: SceneID("main")))
    }

    @Test("a writer's next write reads nothing back when the file is the one it left")
    func unchangedFileNotRead() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.countingWriter(temporary)
        writer.submit(1)
        try await writer.flush()
        fileSystem.clear()
        writer.submit(2)
        try await writer.flush()
        #expect(fileSystem.bytesRead == 0)
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 2)
    }

    @Test(
        "a file rewritten in place at the same size between a writer's writes is read again, and its other values kept")
    func inPlaceRewriteSeen() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        try temporary.store.put("x", forKey: "b", in: scene)
        let (fileSystem, store, writer) = try Self.countingWriter(temporary)
        writer.submit(1)
        try await writer.flush()
        // Another program changes the file in place: same inode, same size, other bytes.
        let path = store.path(for: scene)
        let bytes = try fileBytes(path)
        let rewritten = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"x\"", with: "\"y\"").utf8)
        #expect(rewritten.count == bytes.count && rewritten != bytes)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: rewritten)
        try handle.close()
        fileSystem.clear()
        writer.submit(2)
        try await writer.flush()
        #expect(fileSystem.bytesRead >= bytes.count)
        #expect(try store.read(String.self, forKey: "b", in: scene) == "y")
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("another store's write between a writer's writes is read, and its value kept")
    func otherStoresWriteSeen() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        let (_, store, writer) = try Self.countingWriter(temporary)
        writer.submit(1)
        try await writer.flush()
        try temporary.store.put(5, forKey: "c", in: scene)
        writer.submit(2)
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "c", in: scene) == 5)
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
    }
}
