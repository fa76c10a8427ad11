import Foundation
import SceneNavigationTesting
import Synchronization
import TestSupport
import Testing

@testable import SceneStore

@Suite struct WriteThroughTests {
    @Test("a burst of 10,000 values written through while another writer holds the lock: one write, of the last")
    func burstCoalesces() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.set(0, forKey: "n", in: scene)
        // Another writer holds the scene: the write-through takes every value the sequence produces
        // (the sequence says when the consumer asks past the last one) and can write none yet.
        let lock = try HeldSceneLock(store.scenesDirectory + "/.main.lock")
        let consumed = TestEvent()
        let values = SignallingSequence(Array(1...10_000)) { if $0 == 10_000 { consumed.signal() } }
        let writing = Task { try await store.writeThrough(values, forKey: "n", in: scene) }
        await consumed.wait()
        lock.release()
        let statistics = try await writing.value
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(
            statistics
                == SceneWriter.Statistics(submitted: 10_000, coalesced: 9_999, written: 1, unchanged: 0, failed: 0))
    }

    @Test("a newer value while a write is on its way gives that write up, at most three in a row")
    func staleWritesGivenUp() async throws {
        let directory = "/simulated/app/scenes"
        let fileSystem = SimulatedFileSystem(directory: directory)
        let store = SceneStore(
            scenesDirectory: directory, configuration: .init(now: { Date(timeIntervalSince1970: 1_800_000_000) }),
            fileSystem: fileSystem)
        let scene = try SceneID("main")
        let writer = try store.writer(forKey: "n", in: scene)
        // While the bytes of value n are written, value n + 1 arrives, up to 5.
        let next = Mutex(1)
        // What the scene's file holds while each value's temporary file is written.
        let seen = Mutex<[String]>([])
        fileSystem.onWrite = { fileSystem, name in
            guard name.hasSuffix(".tmp") else { return }
            let file = fileSystem.files["main.json"].map { String(decoding: $0, as: UTF8.self) }
            let held = file.flatMap { $0.split(separator: "\n").first { $0.contains("\"json\"") } }
            seen.withLock { $0.append(held.map { String($0.split(separator: " ").last!) } ?? "none") }
            let value = next.withLock { value -> Int? in
                defer { value += 1 }
                return value <= 5 ? value : nil
            }
            if let value { writer.submit(value) }
        }
        writer.submit(0)
        try await writer.flush()
        // 0, 1 and 2 are given up for a newer value; 3 is written whatever comes, as the fourth in
        // a row; 4 is given up for 5, which is written.
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 5)
        #expect(seen.withLock { $0 } == ["none", "none", "none", "none", "3", "3"])
        #expect(writer.statistics == SceneWriter.Statistics(submitted: 6, coalesced: 4, written: 2))
    }

    @Test("a write that moves a corrupt file aside is not given up for a newer value, so the copy is reported")
    func movedAsideWriteNotGivenUp() async throws {
        let directory = "/simulated/app/scenes"
        let fileSystem = SimulatedFileSystem(directory: directory, disk: ["main.json": Array("{broken".utf8)])
        let store = SceneStore(
            scenesDirectory: directory, configuration: .init(now: { Date(timeIntervalSince1970: 1_800_000_000) }),
            fileSystem: fileSystem)
        let scene = try SceneID("main")
        let writer = try store.writer(forKey: "n", in: scene)
        let submitted = Mutex(false)
        fileSystem.onWrite = { _, name in
            guard name.hasSuffix(".tmp"), !submitted.withLock({ $0 }) else { return }
            submitted.withLock { $0 = true }
            writer.submit(1)
        }
        writer.submit(0)
        try await writer.flush()
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 1)
        #expect(writer.statistics.movedAsidePaths.count == 1)
        #expect(writer.statistics.written == 2 && writer.statistics.coalesced == 0)
    }

    @Test("the writer takes the newest value once it holds the lock, and flush makes it durable")
    func writerCoalesces() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.set(0, forKey: "n", in: scene)
        let writer = try store.writer(forKey: "n", in: scene)
        // Held: the writer waits for the lock without taking a value, so each newer one replaces it.
        let lock = try HeldSceneLock(store.scenesDirectory + "/.main.lock")
        for value in 1...10_000 { writer.submit(value) }
        #expect(writer.statistics == SceneWriter.Statistics(submitted: 10_000, coalesced: 9_999))
        lock.release()
        try await writer.flush()
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(
            writer.statistics
                == SceneWriter.Statistics(submitted: 10_000, coalesced: 9_999, written: 1, unchanged: 0, failed: 0))
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
        try store.set(7, forKey: "n", in: scene)
        let writer = try store.writer(forKey: "n", in: scene)
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
        let writer = try store.writer(forKey: "n", in: scene)
        writer.submit(2, sequence: 2)
        writer.submit(1, sequence: 1)
        try await writer.flush()
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("a failed write is reported by flush, and the next value is written")
    func failureReportedByFlush() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try writeFile(store.path(for: scene), #"{"format": 3}"#)
        let writer = try store.writer(forKey: "n", in: scene)
        writer.submit(1)
        await #expect(
            throws: SceneStoreError.newerFormat(path: store.path(for: scene), format: 3, supported: 1)
        ) {
            try await writer.flush()
        }
        try FileManager.default.removeItem(atPath: store.path(for: scene))
        writer.submit(2)
        try await writer.flush()
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("cancelling the consuming task still writes the last value it took")
    func cancellationFlushes() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        // The sequence gives 5, then waits; asked for the next one, the consumer has handed 5 over.
        let handedOver = TestEvent()
        let values = SignallingSequence([5], waitsAtEnd: true) { if $0 == 1 { handedOver.signal() } }
        let task = Task { try await store.writeThrough(values, forKey: "n", in: scene) }
        await handedOver.wait()
        task.cancel()
        let statistics = try await task.value
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 5)
        #expect(statistics == SceneWriter.Statistics(submitted: 1, written: 1))
    }
}
