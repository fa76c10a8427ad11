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
/// newer values replace older pending ones (the latest wins); a write that a newer value overtakes
/// before its rename is given up (its temporary file removed, the scene's file left as it was), at
/// most three in a row, so the newest state does not wait for a stale one's `fsync`; and a value
/// equal to what is on disk is not written again. ``flush()`` returns once the last submitted value
/// is durable.
///
/// ```swift
/// let writer = try store.writer(forKey: "navigation", in: scene)
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
        /// Where copies of the scene's file were kept before a write, as
        /// `keepAsideBeforeFirstWrite(reason:if:)` asked.
        public var keptAsidePaths: [String] = []

        /// Creates counts, as a test compares them.
        /// - Parameters:
        ///   - submitted: Values submitted.
        ///   - coalesced: Values replaced before they were written.
        ///   - written: Files written.
        ///   - unchanged: Values found on disk already.
        ///   - failed: Writes that failed.
        ///   - movedAsidePaths: Where corrupt files were moved.
        ///   - keptAsidePaths: Where copies were kept before a write.
        package init(
            submitted: Int = 0, coalesced: Int = 0, written: Int = 0, unchanged: Int = 0, failed: Int = 0,
            movedAsidePaths: [String] = [], keptAsidePaths: [String] = []
        ) {
            self.submitted = submitted
            self.coalesced = coalesced
            self.written = written
            self.unchanged = unchanged
            self.failed = failed
            self.movedAsidePaths = movedAsidePaths
            self.keptAsidePaths = keptAsidePaths
        }
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
        /// A copy to keep before the first write that changes the file, when the document calls
        /// for one.
        var keepingAside: (reason: KeptAsideFile.Reason, shouldKeep: @Sendable (SceneDocument) -> Bool)?
        var cancelled = false
        /// How many writes in a row were given up for a newer value (see ``SceneWriter/mayGiveUp``).
        var givenUp = 0
        /// The sequence of the value pending, and of the last value written or found on disk.
        var pendingSequence: UInt64?
        var writtenSequence: UInt64?
        var progressWaiters:
            [(condition: @Sendable (Progress) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
                []

        var progress: Progress {
            Progress(
                statistics: statistics, isCancelled: cancelled, hasPending: pending != nil,
                writtenSequence: writtenSequence)
        }
    }

    /// What a writer has done so far, for tests that wait for a step (``waitUntil(_:)``) rather
    /// than sleep.
    struct Progress: Sendable {
        var statistics: Statistics
        var isCancelled: Bool
        var hasPending: Bool
        /// The sequence number of the last value written (or found on disk already), if it had one.
        var writtenSequence: UInt64?
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
    package func setCompanion(_ value: SceneValue?, forKey key: String) throws(SceneStoreError) {
        try SceneStore.validate(key: key)
        guard key != self.key else { throw .invalidKey(key, reason: "it is the writer's own key") }
        state.withLock { $0.companions[key] = .some(value) }
    }

    /// Keeps a copy of the scene's file aside before the first write that changes it, when
    /// `shouldKeep` finds that the document calls for one: for values that replace one the caller
    /// could not read back whole. The copy and the write happen in one hold of the scene's lock
    /// (`update(_:keepingAside:if:_:)`); the copy's path is in the statistics
    /// (``Statistics/keptAsidePaths``). After the first write that changes the file, no copy is
    /// made again.
    /// - Parameters:
    ///   - reason: Why the copy is kept; not ``KeptAsideFile/Reason/corrupt``.
    ///   - shouldKeep: Whether the document found calls for a copy.
    /// - Throws: ``SceneStoreError/invalidArgument(_:reason:)`` for the reason `corrupt`.
    package func keepAsideBeforeFirstWrite(
        reason: KeptAsideFile.Reason, if shouldKeep: @escaping @Sendable (SceneDocument) -> Bool
    ) throws(SceneStoreError) {
        guard reason != .corrupt else {
            throw .invalidArgument(reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
        }
        state.withLock { $0.keepingAside = (reason, shouldKeep) }
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
            state.pendingSequence = sequence
            if state.draining { return false }
            state.draining = true
            return true
        }
        notifyProgress()
        if startDrain { queue.async { self.drain() } }
    }

    /// Waits until the writer's progress satisfies `condition` (checked now and after every step):
    /// a value submitted, taken, written; the writer cancelled. For tests.
    func waitUntil(_ condition: @escaping @Sendable (Progress) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state -> Bool in
                if condition(state.progress) { return true }
                state.progressWaiters.append((condition, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }

    /// Resumes the waiters whose condition now holds.
    private func notifyProgress() {
        let satisfied = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.progressWaiters.isEmpty else { return [] }
            let progress = state.progress
            var resumed: [CheckedContinuation<Void, Never>] = []
            state.progressWaiters.removeAll { waiter in
                guard waiter.condition(progress) else { return false }
                resumed.append(waiter.continuation)
                return true
            }
            return resumed
        }
        for continuation in satisfied { continuation.resume() }
    }

    /// Waits until no submitted value is waiting: the writer has taken the last one (it may still be
    /// writing it), so the next submission will not replace anything. The writer takes a value once
    /// it holds the scene's lock.
    ///
    /// A consumer that forwards a stream of values waits here between values: while the writer is
    /// busy, the stream keeps only the newest value and its producer is never woken for nothing.
    package func untilReady() async {
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
    /// dropped (a value waiting for the scene's lock is not taken yet), no value is written from now
    /// on, and the call returns once a write in flight (if any) has ended, so the disk holds exactly
    /// what was durable by then. A writer that was waiting for the scene's lock still takes it
    /// once, finds nothing to write, and lets go; the call returns after that.
    ///
    /// For a scene that is going away (its file is about to be removed, and a late write must not
    /// bring it back), and for tests that simulate a kill.
    public func cancel() async {
        state.withLock { state in
            state.cancelled = true
            state.pending = nil
        }
        notifyProgress()
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

    /// What a drain does when nothing is pending: wake those waiting, and end.
    private struct Ending {
        var ready: [CheckedContinuation<Void, Never>]
        var flushed: [CheckedContinuation<Result<Void, SceneStoreError>, Never>]
        var result: Result<Void, SceneStoreError>
    }

    /// Writes pending values one at a time until none is left, on the writer's queue.
    ///
    /// Each write takes the scene's lock first and only then the newest pending value: a value
    /// submitted while the writer waited for the lock (held by another writer, in this process or
    /// another) replaces the older one, so a stale value is never written before the newest.
    private func drain() {
        while true {
            // Leaving the draining state when nothing is pending happens under the writer's mutex,
            // so a value submitted meanwhile either is seen here or starts a new drain.
            let ending = state.withLock { state -> Ending? in
                guard state.pending == nil else { return nil }
                state.draining = false
                defer {
                    state.readyWaiters = []
                    state.waiters = []
                }
                return Ending(
                    ready: state.readyWaiters, flushed: state.waiters,
                    result: state.lastError.map { .failure($0) } ?? .success(()))
            }
            if let ending {
                for waiter in ending.ready { waiter.resume() }
                for waiter in ending.flushed { waiter.resume(returning: ending.result) }
                return
            }
            writeNewest()
        }
    }

    /// How many writes in a row may be given up for a newer value before one is carried out
    /// whatever comes: a steady stream of changes still makes a state durable every few writes.
    static let mayGiveUp = 3

    /// One write: under the scene's lock, the newest pending value, if one is still pending. When a
    /// newer value arrives while its bytes are written or synced, the write is given up before
    /// its rename (up to ``mayGiveUp`` times in a row) and the newer one is written instead, so
    /// the newest state does not wait for a stale one to become durable.
    private func writeNewest() {
        var ready: [CheckedContinuation<Void, Never>] = []
        var took = false
        var takenSequence: UInt64?
        let keepingAside = state.withLock { $0.keepingAside }
        do throws(SceneStoreError) {
            func change(_ values: inout [String: SceneValue]) throws(SceneStoreError) {
                let taken = state.withLock { state -> (Pending, UInt64?, [String: SceneValue?])? in
                    ready = state.readyWaiters
                    state.readyWaiters = []
                    guard let next = state.pending else { return nil }
                    state.pending = nil
                    return (next, state.pendingSequence, state.companions)
                }
                // Taken: whoever waits to submit the next value may do so while this one is written.
                for waiter in ready { waiter.resume() }
                ready = []
                guard let (next, sequence, companions) = taken else { return }
                takenSequence = sequence
                took = true
                switch next {
                case .value(let stored): values[key] = stored
                case .encodable(let encodable, let encoder):
                    values[key] = .json(try Self.encode(encodable, key: key, with: encoder))
                }
                for (companion, companionValue) in companions { values[companion] = companionValue }
            }
            // A write that keeps a copy aside is carried out: the copy is made before the write.
            let mayGiveUp = keepingAside == nil && state.withLock { $0.givenUp < Self.mayGiveUp }
            let isSuperseded: (() -> Bool)? = mayGiveUp ? { self.state.withLock { $0.pending != nil } } : nil
            let outcome = try store.update(
                scene, creating: true, keepingAside: keepingAside?.reason,
                if: keepingAside?.shouldKeep ?? { _ in false }, isSuperseded: isSuperseded, change)
            state.withLock { state in
                guard took else { return }
                state.lastError = nil
                if outcome.wasSuperseded {
                    state.givenUp += 1
                    state.statistics.coalesced += 1
                    return
                }
                state.givenUp = 0
                state.writtenSequence = takenSequence
                if outcome.wroteFile {
                    state.statistics.written += 1
                    state.keepingAside = nil
                } else {
                    state.statistics.unchanged += 1
                }
                if let moved = outcome.movedAsidePath { state.statistics.movedAsidePaths.append(moved) }
                if let kept = outcome.keptAsidePath { state.statistics.keptAsidePaths.append(kept) }
            }
        } catch {
            state.withLock { state in
                // The value taken is not retried: flush() reports the failure, and a newer value
                // submitted meanwhile is still written. One that could not even be taken (no lock,
                // an unreadable file) goes too, so that the drain ends.
                if !took { state.pending = nil }
                state.lastError = error
                state.statistics.failed += 1
            }
        }
        for waiter in ready { waiter.resume() }
        notifyProgress()
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
