import Foundation
import TestSupport
import Testing

@testable import SceneStore

@Suite struct WriteThroughTests {
    @Test("a burst of 10,000 values ends with the last on disk after far fewer writes")
    func burstCoalesces() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        let (stream, continuation) = AsyncStream.makeStream(
            of: Int.self, bufferingPolicy: .bufferingNewest(1))
        async let statistics = store.writeThrough(stream, forKey: "n", in: scene)
        for value in 1...10_000 { continuation.yield(value) }
        continuation.finish()
        let result = try await statistics
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(result.written >= 1)
        #expect(result.written < 1_000)
    }

    @Test("the writer coalesces while a write is in flight and flush makes the last value durable")
    func writerCoalesces() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        let writer = try store.writer(forKey: "n", in: scene)
        for value in 1...10_000 { writer.submit(value) }
        try await writer.flush()
        let statistics = writer.statistics
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 10_000)
        #expect(statistics.submitted == 10_000)
        #expect(statistics.written + statistics.unchanged + statistics.coalesced == 10_000)
        #expect(statistics.written < 1_000)
    }

    @Test("a value equal to what is on disk is not written again")
    func equalValueSkipped() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
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
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        let writer = try store.writer(forKey: "n", in: scene)
        writer.submit(2, sequence: 2)
        writer.submit(1, sequence: 1)
        try await writer.flush()
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("a failed write is reported by flush, and the next value is written")
    func failureReportedByFlush() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
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

    @Test("cancelling the consuming task still writes the last value")
    func cancellationFlushes() async throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        let (stream, continuation) = AsyncStream.makeStream(
            of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let task = Task { try await store.writeThrough(stream, forKey: "n", in: scene) }
        continuation.yield(5)
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        _ = try await task.value
        #expect(try store.value(Int.self, forKey: "n", in: scene) == 5)
    }
}
