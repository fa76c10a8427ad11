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
/// ``submit(_:)`` only records the value and returns. The writer's own threads write it durably,
/// keeping the scene's other values. While a write is in flight, newer values replace older
/// pending ones (the latest wins), and writes are pipelined: while one write's temporary file is
/// synced, the newest value is written and synced into a temporary file of its own, and the
/// renames keep the values' order. A write whose sync ends while a newer write has its own
/// temporary file is given up before its rename (its temporary file removed, the scene's file left
/// as it was), at most three in a row, so the newest state is durable about one write after it
/// arrives; and a value equal to what the file holds is not written again. ``flush()`` returns
/// once the last submitted value is durable.
///
/// ```swift
/// let writer = try store.makeWriter(forKey: "navigation", in: scene)
/// for change in changes { writer.submit(change) }   // never blocks
/// try await writer.flush()                          // the last change is on disk
/// ```
package final class ValueWriter: Sendable {
    /// Counts of what the writer did.
    package struct Statistics: Sendable, Equatable {
        /// Values handed to ``ValueWriter/submit(_:)``.
        package var submitted = 0
        /// Values replaced by a newer one before they were written.
        package var coalesced = 0
        /// Files written.
        package var written = 0
        /// Values not written because the file already held them.
        package var unchanged = 0
        /// Writes that failed.
        package var failed = 0
        /// Where corrupt files found in the scene's place were moved before writing.
        package var movedAsidePaths: [String] = []
        /// Where copies of the scene's file were kept before a write, as
        /// `keepAsideBeforeFirstWrite(reason:if:)` asked.
        package var keptAsidePaths: [String] = []

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
    package let scene: SceneID
    /// The key written to.
    package let key: String
    private let store: StateStore
    /// Where the steps run: a step's thread goes on with the step that follows it, and a second
    /// step that can run beside it (the next value's write while one syncs) gets a thread of its
    /// own.
    private let workers: DispatchQueue
    private let state = Mutex(State())

    /// A value waiting to be written.
    private enum Pending {
        /// A value ready to store; nil removes the key.
        case value(SceneValue?)
        /// A JSON value written as text, with the companions that describe this value alone.
        case text(JSONText, companions: [String: SceneValue?])
        /// A value to encode as JSON by the writer, not on the producer's thread.
        case encodable(any Encodable & Sendable, JSONEncoder)
    }

    private struct State {
        var machine = WriterMachine()
        var nextTicket: WriterMachine.Ticket = 0
        var nextWaiter = 0
        /// The values of the tickets not yet written, and the writes in flight.
        var values: [WriterMachine.Ticket: Pending] = [:]
        var prepared: [WriterMachine.Ticket: SceneWriteSession.Prepared] = [:]
        var session: SceneWriteSession?
        /// The scene's lock file, kept open (its lock let go) since the last session closed.
        var keptLock: SceneLock?
        /// The errors of the writes that failed, by ticket: a flush reports the newest write's.
        var errors: [WriterMachine.Ticket: SceneStoreError] = [:]
        /// Whether the folder sync after the last rename failed: the file may hold a value that is
        /// not durable, so the next session writes its first value whatever the file holds.
        var renameUnsynced = false
        var flushWaiters: [Int: CheckedContinuation<Result<Void, SceneStoreError>, Never>] = [:]
        var readyWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var movedAsidePaths: [String] = []
        var keptAsidePaths: [String] = []
        var companions: [String: SceneValue?] = [:]
        /// A copy to keep before the first write that changes the file, when the document calls
        /// for one.
        var keepingAside: (reason: KeptAsideFile.Reason, shouldKeep: @Sendable (StoredDocument) -> Bool)?
        var progressWaiters:
            [(condition: @Sendable (Progress) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
                []

        /// The error of the newest write that ended, or of the write it rode on.
        var newestErrorTicket: WriterMachine.Ticket? {
            guard let ended = machine.lastEnded else { return nil }
            return errors.keys.filter { $0 <= ended }.max()
        }

        var newestError: SceneStoreError? { newestErrorTicket.flatMap { errors[$0] } }

        var statistics: Statistics {
            let counts = machine.counts
            return Statistics(
                submitted: counts.submitted, coalesced: counts.coalesced, written: counts.written,
                unchanged: counts.unchanged, failed: counts.failed, movedAsidePaths: movedAsidePaths,
                keptAsidePaths: keptAsidePaths)
        }

        var progress: Progress {
            Progress(
                statistics: statistics, isCancelled: machine.cancelled, hasPending: machine.pending != nil,
                writtenSequence: machine.writtenSequence)
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

    init(store: StateStore, key: String, scene: SceneID) {
        self.store = store
        self.key = key
        self.scene = scene
        self.workers = DispatchQueue(label: "ValueWriter.\(scene.rawValue)", attributes: .concurrent)
    }

    deinit {
        if let kept = state.withLock({ $0.keptLock }) { Self.close(kept, on: workers, in: store) }
    }

    /// Closes the lock file a writer kept open, on the writer's threads (never on the caller's,
    /// nor under the writer's mutex).
    private static func close(_ kept: SceneLock, on workers: DispatchQueue, in store: StateStore) {
        let fileSystem = store.fileSystem
        workers.async { try? fileSystem.close(kept.descriptor) }
    }

    /// What the writer has done so far.
    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// Sets a value written with every write of the writer's own key, in the same durable write:
    /// for what describes the value, such as the schema version it was encoded with. Nil removes
    /// that key with every write. Nothing is written until the next value is submitted.
    /// - Parameters:
    ///   - value: The companion value, or nil to remove its key.
    ///   - key: Its key, another than the writer's.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``, also when `key` is the writer's own.
    package func setCompanion(_ value: SceneValue?, forKey key: String) throws(SceneStoreError) {
        try StateStore.validate(key: key)
        guard key != self.key else { throw .invalidKey(key, reason: "it is the writer's own key") }
        state.withLock { $0.companions[key] = .some(value) }
    }

    /// Keeps a copy of the scene's file aside before the first write that changes it, when
    /// `shouldKeep` finds that the document calls for one: for values that replace one the caller
    /// could not read back whole. The copy is made under the scene's lock, before the write's
    /// temporary file; its path is in the statistics (``Statistics/keptAsidePaths``), and the
    /// write that follows it is never given up. After the first write that changes the file, no
    /// copy is made again.
    /// - Parameters:
    ///   - reason: Why the copy is kept; not ``KeptAsideFile/Reason/corrupt``.
    ///   - shouldKeep: Whether the document found calls for a copy.
    /// - Throws: ``SceneStoreError/invalidArgument(_:reason:)`` for the reason `corrupt`.
    package func keepAsideBeforeFirstWrite(
        reason: KeptAsideFile.Reason, if shouldKeep: @escaping @Sendable (StoredDocument) -> Bool
    ) throws(SceneStoreError) {
        guard reason != .corrupt else {
            throw .invalidArgument(reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
        }
        state.withLock { $0.keepingAside = (reason, shouldKeep) }
    }

    /// Records a value to be written, replacing any value still waiting. Returns at once.
    /// - Parameter value: The new value; nil removes the key.
    package func submit<Value: StoredScalar>(_ value: Value?) {
        submit(.value(value?.storedValue), sequence: nil)
    }

    /// Records a value stamped with a sequence number; a value older than one already submitted is
    /// ignored, so values that reach the writer by two paths cannot overtake each other.
    /// - Parameters:
    ///   - value: The new value; nil removes the key.
    ///   - sequence: Increases with each newer value.
    package func submit<Value: StoredScalar>(_ value: Value?, sequence: UInt64) {
        submit(.value(value?.storedValue), sequence: sequence)
    }

    /// Records a JSON value written as text (``JSONText``), stamped with a sequence number as
    /// ``submit(_:sequence:)`` stamps values: what a save of an app's state hands over, so that
    /// the writer compares and assembles bytes, never values.
    /// - Parameters:
    ///   - text: The value's text.
    ///   - companions: Values written beside this one in the same write, which describe it alone
    ///     (what a save left out of it), by key; nil removes a key. They take the place of the
    ///     writer's own companions (``setCompanion(_:forKey:)``) of the same keys.
    ///   - sequence: Increases with each newer value.
    package func submit(text: JSONText, companions: [String: SceneValue?] = [:], sequence: UInt64) {
        submit(.text(text, companions: companions), sequence: sequence)
    }

    /// Whether a value with this sequence number would be written: the writer is not cancelled
    /// and has not been handed this one or a newer one. A producer that has already handed this
    /// state over (a flush did) need not encode it again.
    package func wouldTake(sequence: UInt64) -> Bool {
        state.withLock { $0.machine.accepts(sequence: sequence) }
    }

    /// Records any `Encodable` value to be written as readable JSON, replacing any value still
    /// waiting. Returns at once: the value is encoded by the writer, off the caller's thread, and only when it is
    /// the newest, so a burst of changes costs one encoding per write, not one per change.
    ///
    /// An encoding failure counts as a failed write: ``flush()`` throws
    /// ``SceneStoreError/cannotEncode(key:reason:)``.
    ///
    /// - Parameters:
    ///   - value: The new value.
    ///   - sequence: Increases with each newer value (see ``submit(_:sequence:)``), or nil.
    ///   - encoder: The encoder; the stored JSON is what it writes.
    package func submit<Value: Encodable & Sendable>(
        encoding value: Value, sequence: UInt64? = nil, encoder: JSONEncoder = JSONEncoder()
    ) {
        submit(.encodable(value, encoder), sequence: sequence)
    }

    private func submit(_ pending: Pending, sequence: UInt64?) {
        handle { state in
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.values[ticket] = pending
            return .submit(ticket, sequence: sequence)
        }
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

    /// Waits until no submitted value is waiting: the writer has taken the last one (it may still be
    /// writing it), so the next submission will not replace anything. The writer takes a value once
    /// it holds the scene's lock, no other write is being prepared, fewer than two writes are in
    /// flight, and its session has taken fewer than eight values (it then lets the lock go first).
    ///
    /// A consumer that forwards a stream of values waits here between values: while the writer is
    /// busy, the stream keeps only the newest value and its producer is never woken for nothing.
    package func untilReady() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            handle { state in
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.readyWaiters[id] = continuation
                return .untilReady(id: id)
            }
        }
    }

    /// Stops the writer without saving, as a killed process stops: values not yet taken are
    /// dropped (a value waiting for the scene's lock is not taken yet), no value is written from now
    /// on, and the call returns once the writes in flight (if any) have ended, so the disk holds
    /// exactly what was durable by then. A writer that was taking the scene's lock (held by another
    /// writer) still takes it once, finds nothing to write, and lets go; the call returns after that.
    ///
    /// For a scene that is going away (its file is about to be removed, and a late write must not
    /// bring it back), and for tests that simulate a kill.
    package func cancel() async {
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, SceneStoreError>, Never>) in
            var kept: SceneLock?
            handle { state in
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.flushWaiters[id] = continuation
                // No value is written from now on: the lock file kept open goes.
                kept = state.keptLock
                state.keptLock = nil
                return .cancel(id: id)
            }
            if let kept { Self.close(kept, on: workers, in: store) }
        }
    }

    /// Whether ``cancel()`` has been called: no value is written from then on.
    package var isCancelled: Bool { state.withLock { $0.machine.cancelled } }

    /// Waits until every submitted value has been written (or found already on disk).
    /// - Throws: The ``SceneStoreError`` of the last write when it failed; the value stays unwritten
    ///   until the next ``submit(_:)``.
    package func flush() async throws(SceneStoreError) {
        let result: Result<Void, SceneStoreError> = await withCheckedContinuation { continuation in
            handle { state in
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.flushWaiters[id] = continuation
                return .flush(id: id)
            }
        }
        try result.get()
    }

    // MARK: - Performing the machine's actions

    /// Feeds the machine the event `make` records (under the writer's mutex) and wakes whom it
    /// says; returns the steps to perform.
    private func feed(_ make: (inout State) -> WriterMachine.Event) -> [WriterMachine.Action] {
        var ready: [CheckedContinuation<Void, Never>] = []
        var flushed: [(CheckedContinuation<Result<Void, SceneStoreError>, Never>, Result<Void, SceneStoreError>)] = []
        var progressed: [CheckedContinuation<Void, Never>] = []
        let actions = state.withLock { state -> [WriterMachine.Action] in
            let event = make(&state)
            var steps: [WriterMachine.Action] = []
            for action in state.machine.handle(event) {
                switch action {
                case .discard(let ticket): state.values[ticket] = nil
                case .resumeReady(let ids):
                    ready += ids.compactMap { state.readyWaiters.removeValue(forKey: $0) }
                case .resumeFlushed(let ids, let failed):
                    let result: Result<Void, SceneStoreError> =
                        failed
                        ? .failure(
                            state.newestError ?? .cannotWrite(path: store.path(for: scene), errno: .eio))
                        : .success(())
                    flushed += ids.compactMap { state.flushWaiters.removeValue(forKey: $0).map { ($0, result) } }
                default: steps.append(action)
                }
            }
            if let newest = state.newestErrorTicket { state.errors = state.errors.filter { $0.key >= newest } }
            if !state.progressWaiters.isEmpty {
                let progress = state.progress
                state.progressWaiters.removeAll { waiter in
                    guard waiter.condition(progress) else { return false }
                    progressed.append(waiter.continuation)
                    return true
                }
            }
            return steps
        }
        for waiter in ready { waiter.resume() }
        #if NAVSTATE_SAVE_STEPS
            if !flushed.isEmpty { SaveSteps.mark("writer: wake the flush") }
        #endif
        for (waiter, result) in flushed { waiter.resume(returning: result) }
        for waiter in progressed { waiter.resume() }
        return actions
    }

    /// Feeds the machine an event from a caller (a value submitted, a flush or cancel asked for):
    /// the steps that follow run on the writer's threads, never on the caller's.
    private func handle(_ make: (inout State) -> WriterMachine.Event) {
        for action in feed(make) { workers.async { self.run(action) } }
    }

    /// Performs a step on a writer's thread, then the one that follows it on the same thread; any
    /// other step that can run beside it starts on a thread of its own.
    private func run(_ first: WriterMachine.Action) {
        var next: WriterMachine.Action? = first
        while let action = next {
            let follows = perform(action)
            next = follows.first
            for other in follows.dropFirst() { workers.async { self.run(other) } }
        }
    }

    /// Performs one step and feeds the machine what came of it: the steps that follow.
    private func perform(_ action: WriterMachine.Action) -> [WriterMachine.Action] {
        switch action {
        case .openSession: return openSession()
        case .prepare(let ticket): return prepare(ticket)
        case .synchronize(let ticket): return step(.synchronize, of: ticket)
        case .rename(let ticket): return step(.rename, of: ticket)
        case .synchronizeFolder(let ticket): return step(.synchronizeFolder, of: ticket)
        case .giveUp(let ticket):
            let (session, prepared) = state.withLock { state in
                (state.session, state.prepared.removeValue(forKey: ticket))
            }
            if let session, let prepared { session.giveUp(prepared) }
            return feed { _ in .gaveUp(ticket) }
        case .closeSession:
            #if NAVSTATE_SAVE_STEPS
                SaveSteps.mark("writer: let go of the lock")
            #endif
            let session = state.withLock { state in
                defer { state.session = nil }
                return state.session
            }
            let kept = session?.close()
            var unkept: SceneLock?
            let follows = feed { state in
                // A cancelled writer writes no more: nothing is kept open for it.
                if state.machine.cancelled { unkept = kept } else { state.keptLock = kept }
                return .sessionClosed
            }
            if let unkept { try? store.fileSystem.close(unkept.descriptor) }
            return follows
        case .discard, .resumeReady, .resumeFlushed:
            return []
        }
    }

    private func openSession() -> [WriterMachine.Action] {
        #if NAVSTATE_SAVE_STEPS
            SaveSteps.mark("writer: open the scene's lock and look at its file")
        #endif
        let (mustWrite, kept) = state.withLock { state in
            defer { state.keptLock = nil }
            return (state.renameUnsynced, state.keptLock)
        }
        do throws(SceneStoreError) {
            let session = try SceneWriteSession(store: store, scene: scene, mustWrite: mustWrite, keeping: kept)
            return feed { state in
                state.session = session
                if let moved = session.movedAsidePath { state.movedAsidePaths.append(moved) }
                return .sessionOpened(succeeded: true)
            }
        } catch {
            return feed { state in
                if let dropped = state.machine.pending?.ticket { state.errors[dropped] = error }
                return .sessionOpened(succeeded: false)
            }
        }
    }

    /// Writes the value of a ticket, with the companions, into a temporary file of its own.
    private func prepare(_ ticket: WriterMachine.Ticket) -> [WriterMachine.Action] {
        #if NAVSTATE_SAVE_STEPS
            SaveSteps.mark("writer: the new file's bytes, into its temporary file")
        #endif
        let (value, companions, keepingAside, session, slot) = state.withLock { state in
            // The second temporary file when the first is in flight.
            let slot = state.prepared.values.contains { $0.temporary == StateStore.temporaryName(for: scene) } ? 1 : 0
            return (
                state.values.removeValue(forKey: ticket), state.companions, state.keepingAside, state.session, slot
            )
        }
        guard let value, let session else { return feed { _ in .prepared(ticket, .failed) } }
        do throws(SceneStoreError) {
            var values: [String: SceneWriteSession.Value] = [:]
            for (companion, companionValue) in companions { values[companion] = .value(companionValue) }
            switch value {
            case .value(let stored): values[key] = .value(stored)
            case .text(let text, let ownCompanions):
                values[key] = .text(text)
                for (companion, companionValue) in ownCompanions { values[companion] = .value(companionValue) }
            case .encodable(let encodable, let encoder):
                values[key] = .value(.json(try Self.encode(encodable, key: key, with: encoder)))
            }
            let prepared = try session.prepare(
                values, slot: slot, keepAside: keepingAside.map { ($0.reason, $0.shouldKeep) })
            return feed { state in
                guard let prepared else { return .prepared(ticket, .unchanged) }
                state.prepared[ticket] = prepared
                if let kept = prepared.keptAsidePath {
                    state.keptAsidePaths.append(kept)
                    state.keepingAside = nil
                }
                return .prepared(ticket, .written(mustCommit: prepared.keptAsidePath != nil))
            }
        } catch {
            return feed { state in
                state.errors[ticket] = error
                return .prepared(ticket, .failed)
            }
        }
    }

    /// The steps of a prepared write after its temporary file is written.
    private enum Step {
        case synchronize, rename, synchronizeFolder
    }

    /// One step of a prepared write, then the machine told that it succeeded or failed. The write
    /// is forgotten once the folder is synced.
    private func step(_ step: Step, of ticket: WriterMachine.Ticket) -> [WriterMachine.Action] {
        #if NAVSTATE_SAVE_STEPS
            switch step {
            case .synchronize: SaveSteps.mark("writer: fsync and close the temporary file")
            case .rename: SaveSteps.mark("writer: rename")
            case .synchronizeFolder: SaveSteps.mark("writer: fsync the folder")
            }
        #endif
        let (session, prepared) = state.withLock { state in (state.session, state.prepared[ticket]) }
        func event(_ succeeded: Bool) -> WriterMachine.Event {
            switch step {
            case .synchronize: .synced(ticket, succeeded: succeeded)
            case .rename: .renamed(ticket, succeeded: succeeded)
            case .synchronizeFolder: .folderSynced(ticket, succeeded: succeeded)
            }
        }
        guard let session, let prepared else { return feed { _ in event(false) } }
        do throws(SceneStoreError) {
            switch step {
            case .synchronize: try session.synchronize(prepared)
            case .rename: try session.rename(prepared)
            case .synchronizeFolder: try session.synchronizeFolder(after: prepared)
            }
            return feed { state in
                if step == .synchronizeFolder {
                    state.renameUnsynced = false
                    state.prepared[ticket] = nil
                    // The first write that changed the file needs no copy kept again.
                    state.keepingAside = nil
                }
                return event(true)
            }
        } catch {
            session.failed(prepared)
            return feed { state in
                if step == .synchronizeFolder { state.renameUnsynced = true }
                state.prepared[ticket] = nil
                state.errors[ticket] = error
                return event(false)
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

extension StateStore {
    /// A writer that writes one (scene, key) through to disk as values arrive.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: The writer.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``.
    package func makeWriter(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> ValueWriter {
        try Self.validate(key: key)
        return ValueWriter(store: self, key: key, scene: scene)
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
    package func writingThrough<Values: AsyncSequence>(
        _ values: Values, forKey key: String, in scene: SceneID
    ) async throws(SceneStoreError) -> ValueWriter.Statistics
    where Values.Element: StoredScalar, Values.Failure == Never {
        let writer = try makeWriter(forKey: key, in: scene)
        var iterator = values.makeAsyncIterator()
        while let value = await iterator.next(isolation: nil) {
            writer.submit(value)
        }
        try await writer.flush()
        return writer.statistics
    }

    /// Writes every value of a sequence of any `Encodable` values through to one (scene, key) as
    /// readable JSON, as ``writingThrough(_:forKey:in:)`` does for stored types: the latest wins
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
    package func writingThrough<Values: AsyncSequence>(
        encoding values: Values, forKey key: String, in scene: SceneID, encoder: JSONEncoder = JSONEncoder()
    ) async throws(SceneStoreError) -> ValueWriter.Statistics
    where Values.Element: Encodable & Sendable, Values.Failure == Never {
        let writer = try makeWriter(forKey: key, in: scene)
        var iterator = values.makeAsyncIterator()
        while let value = await iterator.next(isolation: nil) {
            writer.submit(encoding: value, encoder: encoder)
        }
        try await writer.flush()
        return writer.statistics
    }
}
