import Dispatch
import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

@Suite struct WriteThroughTests {
    static let directory = "/simulated/app/scenes"

    /// A store on a simulated file system holding `disk`, at a fixed time, and a writer of its
    /// scene `main`'s key `n`.
    static func simulatedWriter(
        disk: SimulatedFileSystem.DiskState? = nil
    ) throws -> (SimulatedFileSystem, StateStore, ValueWriter) {
        let fileSystem = SimulatedFileSystem(directory: directory, disk: disk)
        let store = StateStore(
            scenesFolder: directory, configuration: .init(now: { Date(timeIntervalSince1970: 1_800_000_000) }),
            fileSystem: fileSystem)
        return (fileSystem, store, try store.makeWriter(forKey: "n", in: SceneID("main")))
    }

    @Test("a burst of 10,000 values written through while another writer holds the lock: one write, of the last")
    func burstCoalesces() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(0, forKey: "n", in: scene)
        // Another writer holds the scene: the write-through takes every value the sequence produces
        // (the sequence says when the consumer asks past the last one) and can write none yet.
        let lock = try HeldSceneLock(store.scenesFolder + "/.main.lock")
        let consumed = TestEvent()
        let values = SignallingSequence(Array(1...10_000)) { if $0 == 10_000 { consumed.signal() } }
        let writing = Task { try await store.writingThrough(values, forKey: "n", in: scene) }
        await consumed.wait()
        lock.release()
        let statistics = try await writing.value
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(
            statistics
                == ValueWriter.Statistics(submitted: 10_000, coalesced: 9_999, written: 1, unchanged: 0, failed: 0))
    }

    @Test(
        "a steady stream of values while each is written: every value is written or replaced, and the last is on disk")
    func steadyStream() async throws {
        let (fileSystem, store, writer) = try Self.simulatedWriter()
        let scene = try SceneID("main")
        // While the bytes of value n are written, value n + 1 arrives, up to 5. Which writes are
        // given up depends on when each sync ends (WriterMachineTests decide every case).
        let next = Mutex(1)
        fileSystem.onWrite = { _, name in
            guard name.hasSuffix(".tmp") else { return }
            let value = next.withLock { value -> Int? in
                defer { value += 1 }
                return value <= 5 ? value : nil
            }
            if let value { writer.submit(value) }
        }
        writer.submit(0)
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 5)
        let statistics = writer.statistics
        #expect(statistics.submitted == 6)
        #expect(statistics.written >= 1 && statistics.written + statistics.coalesced == 6)
        #expect(!fileSystem.files.keys.contains { $0.hasSuffix(".tmp") })
    }

    @Test(
        "while a write is synced, the next value is written and synced into its own temporary file, and the older write is given up for it"
    )
    func pipelinedWrite() async throws {
        let (fileSystem, store, writer) = try Self.simulatedWriter()
        let scene = try SceneID("main")
        let submitted = Mutex(false)
        // Value 2 arrives while value 1's bytes are written; value 1's sync ends only once value 2's
        // temporary file is synced: without pipelining, value 2 would wait for it, and this test
        // would fail at the wait's limit.
        let secondSynced = DispatchSemaphore(value: 0)
        let waitedInTime = Mutex(true)
        fileSystem.onWrite = { _, name in
            guard name == ".main.json.tmp", !submitted.withLock({ $0 }) else { return }
            submitted.withLock { $0 = true }
            writer.submit(2)
        }
        fileSystem.onSynchronize = { _, name in
            switch name {
            case ".main.json.tmp":
                if secondSynced.wait(timeout: .now() + 10) == .timedOut { waitedInTime.withLock { $0 = false } }
            case ".main.json.1.tmp": secondSynced.signal()
            default: break
            }
        }
        writer.submit(1)
        try await writer.flush()
        #expect(waitedInTime.withLock { $0 })
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
        #expect(writer.statistics == ValueWriter.Statistics(submitted: 2, coalesced: 1, written: 1))
        #expect(!fileSystem.files.keys.contains { $0.hasSuffix(".tmp") })
    }

    @Test(
        "a corrupt file is moved aside when the writer takes the scene's lock, and the copy is reported whichever write is given up"
    )
    func movedAsideWhenLocking() async throws {
        let (fileSystem, store, writer) = try Self.simulatedWriter(disk: ["main.json": Array("{broken".utf8)])
        let directory = Self.directory
        let scene = try SceneID("main")
        let submitted = Mutex(false)
        fileSystem.onWrite = { _, name in
            guard name.hasSuffix(".tmp"), !submitted.withLock({ $0 }) else { return }
            submitted.withLock { $0 = true }
            writer.submit(1)
        }
        writer.submit(0)
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 1)
        #expect(writer.statistics.movedAsidePaths == [directory + "/main.corrupt-20270115T080000.000Z.json"])
        #expect(writer.statistics.written + writer.statistics.coalesced == 2)
        #expect(fileSystem.files["main.corrupt-20270115T080000.000Z.json"] == Array("{broken".utf8))
    }

    @Test("the writer takes the newest value once it holds the lock, and flush makes it durable")
    func writerCoalesces() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(0, forKey: "n", in: scene)
        let writer = try store.makeWriter(forKey: "n", in: scene)
        // Held: the writer waits for the lock without taking a value, so each newer one replaces it.
        let lock = try HeldSceneLock(store.scenesFolder + "/.main.lock")
        for value in 1...10_000 { writer.submit(value) }
        #expect(writer.statistics == ValueWriter.Statistics(submitted: 10_000, coalesced: 9_999))
        lock.release()
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(
            writer.statistics
                == ValueWriter.Statistics(submitted: 10_000, coalesced: 9_999, written: 1, unchanged: 0, failed: 0))
        // Without another writer, each value submitted after the last write finished is written.
        writer.submit(1)
        try await writer.flush()
        writer.submit(1)
        try await writer.flush()
        #expect(writer.statistics.written == 2 && writer.statistics.unchanged == 1)
    }

    @Test("a value equal to what is on disk is not written again")
    func equalValueSkipped() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(7, forKey: "n", in: scene)
        let writer = try store.makeWriter(forKey: "n", in: scene)
        writer.submit(7)
        try await writer.flush()
        #expect(writer.statistics.written == 0)
        #expect(writer.statistics.unchanged == 1)
    }

    @Test("an older sequence number never overtakes a newer one")
    func sequenceNumbers() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        let writer = try store.makeWriter(forKey: "n", in: scene)
        writer.submit(2, sequence: 2)
        writer.submit(1, sequence: 1)
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("a failed write is reported by flush, and the next value is written")
    func failureReportedByFlush() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try writeFile(store.path(for: scene), #"{"format": 3}"#)
        let writer = try store.makeWriter(forKey: "n", in: scene)
        writer.submit(1)
        await #expect(
            throws: SceneStoreError.newerFormat(path: store.path(for: scene), format: 3, supported: 1)
        ) {
            try await writer.flush()
        }
        try FileManager.default.removeItem(atPath: store.path(for: scene))
        writer.submit(2)
        try await writer.flush()
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("cancelling the consuming task still writes the last value it took")
    func cancellationFlushes() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        // The sequence gives 5, then waits; asked for the next one, the consumer has handed 5 over.
        let handedOver = TestEvent()
        let values = SignallingSequence([5], waitsAtEnd: true) { if $0 == 1 { handedOver.signal() } }
        let task = Task { try await store.writingThrough(values, forKey: "n", in: scene) }
        await handedOver.wait()
        task.cancel()
        let statistics = try await task.value
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 5)
        #expect(statistics == ValueWriter.Statistics(submitted: 1, written: 1))
    }
}
