import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

/// A writer keeps the scene's lock file open from one write to the next, its lock let go between
/// them: a write takes the lock without opening the file, another writer can take it between
/// writes, and a lock file removed or replaced meanwhile is opened anew.
@Suite struct SceneLockTests {
    /// The real file system, counting the lock file `.main.lock` opened and closed (a descriptor
    /// counts as the lock file's from its open to its close).
    final class LockFileSystem: ForwardingFileSystem, Sendable {
        let system = SystemFileSystem()
        private let lockFiles = Mutex<(open: Set<Int32>, opened: Int, closed: Int)>(([], 0, 0))
        var opened: Int { lockFiles.withLock { $0.opened } }
        var closed: Int { lockFiles.withLock { $0.closed } }
        /// Whether `unlock` fails (with EIO).
        let unlockFails = Mutex(false)
        /// Whether opening a folder by its path fails (with EACCES).
        let folderOpenFails = Mutex(false)

        func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
            if folderOpenFails.withLock({ $0 }) { throw .eacces }
            return try system.open(path, flags: flags, mode: mode)
        }
        /// Signalled when a lock file is closed.
        let lockFileClosed = TestEvent()

        func unlock(_ descriptor: Int32) throws(Errno) {
            if unlockFails.withLock({ $0 }) { throw .eio }
            try system.unlock(descriptor)
        }

        func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
            let descriptor = try system.openAt(directory, name, flags: flags, mode: mode)
            if name == ".main.lock" {
                lockFiles.withLock {
                    $0.open.insert(descriptor)
                    $0.opened += 1
                }
            }
            return descriptor
        }

        func close(_ descriptor: Int32) throws(Errno) {
            let wasLockFile = lockFiles.withLock { lockFiles -> Bool in
                guard lockFiles.open.remove(descriptor) != nil else { return false }
                lockFiles.closed += 1
                return true
            }
            try system.close(descriptor)
            if wasLockFile { lockFileClosed.signal() }
        }
    }

    /// A store over a temporary store's folder through `LockFileSystem`, and its writer of `n` in
    /// scene `main`.
    static func writer(_ temporary: TemporaryStore) throws -> (LockFileSystem, StateStore, ValueWriter) {
        let fileSystem = LockFileSystem()
        let store = StateStore(
            scenesFolder: temporary.store.scenesFolder, configuration: temporary.store.settings, fileSystem: fileSystem)
        return (fileSystem, store, try store.makeWriter(forKey: "n", in: SceneID("main")))
    }

    /// Whether the lock of the file at `path` can be taken now (and then lets it go): nobody holds it.
    static func isFree(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    @Test("a writer opens the lock file once for its writes, and lets go of the lock after each")
    func lockFileOpenedOnce() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.writer(temporary)
        let lockPath = store.scenesFolder + "/.main.lock"
        for value in 1...5 {
            writer.submit(value)
            try await writer.flush()
            #expect(Self.isFree(lockPath), "the lock is held after write \(value)")
            // Another store writes the scene between the writer's writes.
            try temporary.store.put("x\(value)", forKey: "other", in: SceneID("main"))
        }
        #expect(fileSystem.opened == 1)
        #expect(fileSystem.closed == 0)
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 5)
        #expect(try store.read(String.self, forKey: "other", in: SceneID("main")) == "x5")
    }

    @Test("a lock file removed or replaced between a writer's writes is opened anew, and the old one closed")
    func removedLockFileOpenedAnew() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.writer(temporary)
        let lockPath = store.scenesFolder + "/.main.lock"
        writer.submit(1)
        try await writer.flush()
        try FileManager.default.removeItem(atPath: lockPath)
        writer.submit(2)
        try await writer.flush()
        #expect(FileManager.default.fileExists(atPath: lockPath))
        #expect(fileSystem.opened == 2)
        #expect(fileSystem.closed == 1)
        // Replaced by another file of the same name, held by another: the writer waits for it.
        try FileManager.default.removeItem(atPath: lockPath)
        let other = try HeldSceneLock(lockPath)
        for value in 3...1_000 { writer.submit(value) }
        #expect(writer.statistics.coalesced == 997)
        other.release()
        try await writer.flush()
        #expect(fileSystem.opened == 3)
        #expect(fileSystem.closed == 2)
        #expect(Self.isFree(lockPath))
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 1_000)
        #expect(writer.statistics == ValueWriter.Statistics(submitted: 1_000, coalesced: 997, written: 3))
    }

    @Test("a write through the kept lock file waits while another holds the lock")
    func keptLockWaitsForHolder() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.writer(temporary)
        writer.submit(0)
        try await writer.flush()
        // Held: the writer waits for the lock without taking a value, so each newer one replaces it.
        let lock = try HeldSceneLock(store.scenesFolder + "/.main.lock")
        for value in 1...10_000 { writer.submit(value) }
        #expect(writer.statistics == ValueWriter.Statistics(submitted: 10_001, coalesced: 9_999, written: 1))
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 0)
        lock.release()
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 10_000)
        #expect(writer.statistics == ValueWriter.Statistics(submitted: 10_001, coalesced: 9_999, written: 2))
        #expect(fileSystem.opened == 1)
    }

    @Test("a lock that cannot be let go otherwise is let go by closing its file, and the next write opens it anew")
    func unlockFailureCloses() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.writer(temporary)
        fileSystem.unlockFails.withLock { $0 = true }
        writer.submit(1)
        try await writer.flush()
        #expect(fileSystem.closed == 1)
        #expect(Self.isFree(store.scenesFolder + "/.main.lock"))
        fileSystem.unlockFails.withLock { $0 = false }
        writer.submit(2)
        try await writer.flush()
        #expect(fileSystem.opened == 2)
        #expect(fileSystem.closed == 1)
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 2)
    }

    @Test("a write whose folder cannot be opened fails, and closes the lock file kept open")
    func folderFailureClosesKeptLock() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, store, writer) = try Self.writer(temporary)
        writer.submit(1)
        try await writer.flush()
        fileSystem.folderOpenFails.withLock { $0 = true }
        writer.submit(2)
        await #expect(throws: SceneStoreError.self) { try await writer.flush() }
        #expect(fileSystem.closed == 1)
        fileSystem.folderOpenFails.withLock { $0 = false }
        writer.submit(3)
        try await writer.flush()
        #expect(fileSystem.opened == 2)
        #expect(try store.read(Int.self, forKey: "n", in: SceneID("main")) == 3)
    }

    @Test("a writer that goes away closes the lock file it kept open")
    func deinitClosesKeptLock() async throws {
        let temporary = try TemporaryStore()
        let fileSystem: LockFileSystem
        do {
            let (system, _, writer) = try Self.writer(temporary)
            fileSystem = system
            writer.submit(1)
            try await writer.flush()
            #expect(fileSystem.closed == 0)
        }
        await fileSystem.lockFileClosed.wait()
        #expect(fileSystem.opened == 1)
        #expect(fileSystem.closed == 1)
    }

    @Test("a cancelled writer closes the lock file it kept open")
    func cancelClosesKeptLock() async throws {
        let temporary = try TemporaryStore()
        let (fileSystem, _, writer) = try Self.writer(temporary)
        writer.submit(1)
        try await writer.flush()
        #expect(fileSystem.closed == 0)
        await writer.cancel()
        await fileSystem.lockFileClosed.wait()
        #expect(fileSystem.opened == 1)
        #expect(fileSystem.closed == 1)
    }
}
