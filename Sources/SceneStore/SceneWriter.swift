import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the values of one (scene, key) through to disk as they change, without making the
/// producer wait.
///
/// ``submit(_:)`` only records the value and returns. A queue of the writer's own writes it with
/// ``SceneStore/update(_:_:)``, so the scene's other values are kept. While a write is in flight,
/// newer values replace older pending ones (the latest wins), and a value equal to what is on disk
/// is not written again. ``flush()`` returns once the last submitted value is durable.
///
/// ```swift
/// let writer = store.writer(forKey: "navigation", in: scene)
/// for change in changes { writer.submit(change) }   // never blocks
/// try await writer.flush()                          // the last change is on disk
/// ```
public final class SceneWriter: Sendable {
    /// Counts of what the writer did.
    public struct Statistics: Sendable, Equatable {
        /// Values handed to ``SceneWriter/submit(_:)``.
        public var submitted = 0
        /// Values replaced by a newer one before they were written.
        public var coalesced = 0
        /// Files written.
        public var written = 0
        /// Values not written because the file already held them.
        public var unchanged = 0
        /// Writes that failed.
        public var failed = 0
        /// Where corrupt files found in the scene's place were moved before writing.
        public var movedAsidePaths: [String] = []
    }

    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
    private let store: SceneStore
    private let queue: DispatchQueue
    private let state = Mutex(State())

    private struct State {
        var pending: Pending?
        var draining = false
        var newestSequence: UInt64 = 0
        var lastError: SceneStoreError?
        var waiters: [CheckedContinuation<Result<Void, SceneStoreError>, Never>] = []
        var readyWaiters: [CheckedContinuation<Void, Never>] = []
        var statistics = Statistics()
        var companions: [String: SceneValue?] = [:]
        var cancelled = false
    }

    private enum Pending {
        /// A value ready to store; nil removes the key.
        case value(SceneValue?)
        /// A value to encode as JSON on the writer's queue, not on the producer's.
        case encodable(any Encodable & Sendable, JSONEncoder)
    }

    init(store: SceneStore, key: String, scene: SceneID) {
        self.store = store
        self.key = key
        self.scene = scene
        self.queue = DispatchQueue(label: "SceneWriter.\(scene.rawValue)")
    }

    /// What the writer has done so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Sets a value written with every write of the writer's own key, in the same durable write:
    /// for what describes the value, such as the schema version it was encoded with. Nil removes
    /// that key with every write. Nothing is written until the next value is submitted.
    /// - Parameters:
    ///   - value: The companion value, or nil to remove its key.
    ///   - key: Its key, another than the writer's.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``, also when `key` is the writer's own.
    public func setCompanionValue(_ value: SceneValue?, forKey key: String) throws(SceneStoreError) {
        try SceneStore.validate(key: key)
        guard key != self.key else { throw .invalidKey(key, reason: "it is the writer's own key") }
        state.withLock { $0.companions[key] = .some(value) }
    }

    /// Records a value to be written, replacing any value still waiting. Returns at once.
    /// - Parameter value: The new value; nil removes the key.
    public func submit<Value: SceneStorable>(_ value: Value?) {
        submit(sceneValue: value?.sceneValue, sequence: nil)
    }

    /// Records a value stamped with a sequence number; a value older than one already submitted is
    /// ignored, so values that reach the writer by two paths cannot overtake each other.
    /// - Parameters:
    ///   - value: The new value; nil removes the key.
    ///   - sequence: Increases with each newer value.
    public func submit<Value: SceneStorable>(_ value: Value?, sequence: UInt64) {
        submit(sceneValue: value?.sceneValue, sequence: sequence)
    }

    /// Records any `Encodable` value to be written as readable JSON, replacing any value still
    /// waiting. Returns at once: the value is encoded on the writer's queue, and only when it is
    /// the newest, so a burst of changes costs one encoding per write, not one per change.
    ///
    /// An encoding failure counts as a failed write: ``flush()`` throws
    /// ``SceneStoreError/cannotEncode(key:reason:)``.
    ///
    /// - Parameters:
    ///   - value: The new value.
    ///   - sequence: Increases with each newer value (see ``submit(_:sequence:)``), or nil.
    ///   - encoder: The encoder; the stored JSON is what it writes.
    public func submit<Value: Encodable & Sendable>(
        encoding value: Value, sequence: UInt64? = nil, encoder: JSONEncoder = JSONEncoder()
    ) {
        submit(.encodable(value, encoder), sequence: sequence)
    }

    private func submit(sceneValue: SceneValue?, sequence: UInt64?) {
        submit(.value(sceneValue), sequence: sequence)
    }

    private func submit(_ pending: Pending, sequence: UInt64?) {
        let startDrain = state.withLock { state -> Bool in
            if state.cancelled { return false }
            if let sequence {
                if sequence <= state.newestSequence && state.statistics.submitted > 0 { return false }
                state.newestSequence = sequence
            }
            state.statistics.submitted += 1
            if state.pending != nil { state.statistics.coalesced += 1 }
            state.pending = pending
            if state.draining { return false }
            state.draining = true
            return true
        }
        if startDrain { queue.async { self.drain() } }
    }

    /// Waits until no submitted value is waiting: the writer has taken the last one (it may still be
    /// writing it), so the next submission will not replace anything.
    ///
    /// A consumer that forwards a stream of values waits here between values: while the writer is
    /// busy, the stream keeps only the newest value and its producer is never woken for nothing.
    public func waitUntilReady() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.pending == nil { return true }
                state.readyWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Stops the writer without saving, as a killed process stops: values not yet taken are
    /// dropped, no value is written from now on, and the call returns once a write in flight (if
    /// any) has ended, so the disk holds exactly what was durable by then.
    ///
    /// For a scene that is going away (its file is about to be removed, and a late write must not
    /// bring it back), and for tests that simulate a kill.
    public func cancel() async {
        state.withLock { state in
            state.cancelled = true
            state.pending = nil
        }
        _ = try? await flush()
    }

    /// Whether ``cancel()`` has been called: no value is written from then on.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Waits until every submitted value has been written (or found already on disk).
    /// - Throws: The ``SceneStoreError`` of the last write when it failed; the value stays unwritten
    ///   until the next ``submit(_:)``.
    public func flush() async throws(SceneStoreError) {
        let result: Result<Void, SceneStoreError> = await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> Result<Void, SceneStoreError>? in
                if state.draining {
                    state.waiters.append(continuation)
                    return nil
                }
                return state.lastError.map { .failure($0) } ?? .success(())
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
        try result.get()
    }

    private enum DrainStep {
        case write(Pending, ready: [CheckedContinuation<Void, Never>])
        case finished(
            ready: [CheckedContinuation<Void, Never>],
            flushed: [CheckedContinuation<Result<Void, SceneStoreError>, Never>],
            result: Result<Void, SceneStoreError>)
    }

    /// Writes pending values one at a time until none is left, on the writer's queue.
    private func drain() {
        while true {
            // Taking the next value and, when there is none, leaving the draining state happen under
            // one lock, so a value submitted meanwhile either is taken here or starts a new drain.
            let step = state.withLock { state -> DrainStep in
                let ready = state.readyWaiters
                state.readyWaiters = []
                if let next = state.pending {
                    state.pending = nil
                    return .write(next, ready: ready)
                }
                state.draining = false
                let flushed = state.waiters
                state.waiters = []
                return .finished(
                    ready: ready, flushed: flushed, result: state.lastError.map { .failure($0) } ?? .success(()))
            }
            switch step {
            case .write(let next, let ready):
                for waiter in ready { waiter.resume() }
                write(next)
            case .finished(let ready, let flushed, let result):
                for waiter in ready { waiter.resume() }
                for waiter in flushed { waiter.resume(returning: result) }
                return
            }
        }
    }

    private func write(_ pending: Pending) {
        do throws(SceneStoreError) {
            let value: SceneValue?
            switch pending {
            case .value(let stored): value = stored
            case .encodable(let encodable, let encoder):
                value = .json(try Self.encode(encodable, key: key, with: encoder))
            }
            let companions = state.withLock { $0.companions }
            let outcome = try store.update(scene) { values in
                values[key] = value
                for (companion, companionValue) in companions { values[companion] = companionValue }
            }
            state.withLock { state in
                state.lastError = nil
                if outcome.wroteFile {
                    state.statistics.written += 1
                } else {
                    state.statistics.unchanged += 1
                }
                if let moved = outcome.movedAsidePath { state.statistics.movedAsidePaths.append(moved) }
            }
        } catch {
            state.withLock { state in
                state.lastError = error
                state.statistics.failed += 1
            }
        }
    }

    /// Encodes a value as `JSONEncoder` does and reads it back as a JSON value.
    static func encode(
        _ value: any Encodable, key: String, with encoder: JSONEncoder
    ) throws(SceneStoreError) -> JSONValue {
        do {
            return try JSONValue(parsing: encoder.encode(value))
        } catch {
            throw .cannotEncode(key: key, reason: String(describing: error))
        }
    }

}

// MARK: - Write-through

extension SceneStore {
    /// A writer that writes one (scene, key) through to disk as values arrive.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: The writer.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``.
    public func writer(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> SceneWriter {
        try Self.validate(key: key)
        return SceneWriter(store: self, key: key, scene: scene)
    }

    /// Writes every value of a sequence through to one (scene, key), the latest winning while a
    /// write is in flight, and returns once the sequence has ended and its last value is durable.
    ///
    /// The sequence is consumed as fast as it produces, so its producer never waits for I/O.
    /// When the calling task is cancelled, a sequence such as `AsyncStream` ends, and the last
    /// value is still written before this returns.
    ///
    /// - Parameters:
    ///   - values: The values, such as an `AsyncStream` of a model's changes.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: What the writer did.
    /// - Throws: The error of the last write when it failed, or ``SceneStoreError/invalidKey(_:reason:)``.
    @discardableResult
    public func writeThrough<Values: AsyncSequence>(
        _ values: Values, forKey key: String, in scene: SceneID
    ) async throws(SceneStoreError) -> SceneWriter.Statistics
    where Values.Element: SceneStorable, Values.Failure == Never {
        let writer = try writer(forKey: key, in: scene)
        var iterator = values.makeAsyncIterator()
        while let value = await iterator.next(isolation: nil) {
            writer.submit(value)
        }
        try await writer.flush()
        return writer.statistics
    }

    /// Writes every value of a sequence of any `Encodable` values through to one (scene, key) as
    /// readable JSON, as ``writeThrough(_:forKey:in:)`` does for stored types: the latest wins
    /// while a write is in flight, and only the values that are written are encoded.
    ///
    /// - Parameters:
    ///   - values: The values, such as an `AsyncStream` of an app's navigation state.
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - encoder: The encoder; the stored JSON is what it writes.
    /// - Returns: What the writer did.
    /// - Throws: The error of the last write when it failed (``SceneStoreError/cannotEncode(key:reason:)``
    ///   when the last value could not be encoded), or ``SceneStoreError/invalidKey(_:reason:)``.
    @discardableResult
    public func writeThrough<Values: AsyncSequence>(
        encoding values: Values, forKey key: String, in scene: SceneID, encoder: JSONEncoder = JSONEncoder()
    ) async throws(SceneStoreError) -> SceneWriter.Statistics
    where Values.Element: Encodable & Sendable, Values.Failure == Never {
        let writer = try writer(forKey: key, in: scene)
        var iterator = values.makeAsyncIterator()
        while let value = await iterator.next(isolation: nil) {
            writer.submit(encoding: value, encoder: encoder)
        }
        try await writer.flush()
        return writer.statistics
    }
}
