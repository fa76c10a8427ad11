import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

/// A store reads a scene's file to its end, whatever the size `fstat` gave and however short its
/// reads come back: a read that stops at the size it was told is not taken for the end.
@Suite struct ReadToEndTests {
    /// The real file system, counting reads; each read takes at most `limit` bytes, and the size it
    /// tells of an open file is `toldSize` of its real size.
    final class ReadingFileSystem: ForwardingFileSystem, Sendable {
        let system = SystemFileSystem()
        let limit: Int
        let toldSize: @Sendable (Int64) -> Int64
        private let counted = Mutex(0)
        var reads: Int { counted.withLock { $0 } }
        init(limit: Int = .max, toldSize: @escaping @Sendable (Int64) -> Int64 = { $0 }) {
            self.limit = limit
            self.toldSize = toldSize
        }

        func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
            counted.withLock { $0 += 1 }
            return try system.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(limit)))
        }
        func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
            var status = try system.status(descriptor)
            status.size = toldSize(status.size)
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

    @Test(
        "a read cut short, a file larger than told, or both with a read that stops at the told size, is read to its end"
    )
    func readsToTheEnd() throws {
        let whole = try Self.read(through: ReadingFileSystem())
        #expect(whole.values == Self.expected)
        let short = try Self.read(through: ReadingFileSystem(limit: 7))
        #expect(short.values == Self.expected)
        #expect(short.reads > 3 * 40)
        let larger = try Self.read(through: ReadingFileSystem(toldSize: { $0 - 100 }))
        #expect(larger.values == Self.expected)
        // A file that grew since it was looked at, whose first read stops at the size it had then.
        let stopped = try Self.read(through: ReadingFileSystem(limit: 7, toldSize: { _ in 7 }))
        #expect(stopped.values == Self.expected)
        let stoppedLater = try Self.read(through: ReadingFileSystem(limit: 7, toldSize: { $0 - $0 % 7 - 7 }))
        #expect(stoppedLater.values == Self.expected)
    }
}
