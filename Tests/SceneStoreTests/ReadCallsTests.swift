import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

/// A store reads a scene's file in one read when the file is the size `fstat` gave, and reads on
/// when a read comes back short of it or the file is larger than it was told.
@Suite struct ReadCallsTests {
    /// The real file system, counting reads; each read takes at most `limit` bytes, and the size it
    /// tells of an open file is `sizeChange` bytes off.
    final class ReadingFileSystem: ForwardingFileSystem, Sendable {
        let system = SystemFileSystem()
        let limit: Int
        let sizeChange: Int64
        private let counted = Mutex(0)
        var reads: Int { counted.withLock { $0 } }
        init(limit: Int = .max, sizeChange: Int64 = 0) {
            self.limit = limit
            self.sizeChange = sizeChange
        }

        func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
            counted.withLock { $0 += 1 }
            return try system.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(limit)))
        }
        func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
            var status = try system.status(descriptor)
            status.size += sizeChange
            return status
        }
    }

    /// A scene of three values read through `fileSystem`: its values, and the reads it took.
    static func read(through fileSystem: ReadingFileSystem) throws -> (values: [String], reads: Int) {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        try temporary.store.put("before", forKey: "a", in: scene)
        try temporary.store.put(String(repeating: "x", count: 300), forKey: "b", in: scene)
        try temporary.store.put("after", forKey: "c", in: scene)
        let store = StateStore(
            scenesFolder: temporary.store.scenesFolder, configuration: temporary.store.settings, fileSystem: fileSystem)
        let values = try ["a", "b", "c"].map { try store.read(String.self, forKey: $0, in: scene) ?? "" }
        return (values, fileSystem.reads)
    }

    static let expected = ["before", String(repeating: "x", count: 300), "after"]

    @Test("a scene's file read whole in one read per file when it is the size it was told")
    func oneReadAtItsSize() throws {
        let (values, reads) = try Self.read(through: ReadingFileSystem())
        #expect(values == Self.expected)
        #expect(reads == 3)
    }

    @Test("a read cut short before the file's size, or a file larger than told, is read on to its end")
    func readsOnWhenShortOrLarger() throws {
        let short = try Self.read(through: ReadingFileSystem(limit: 7))
        #expect(short.values == Self.expected)
        #expect(short.reads > 3 * 40)
        let larger = try Self.read(through: ReadingFileSystem(sizeChange: -100))
        #expect(larger.values == Self.expected)
        #expect(larger.reads == 3 * 3)
    }
}
