import Synchronization

/// A snapshot that carries the revision of its change.
@usableFromInline
protocol RevisionedSnapshot: Sendable {
    /// The count of changes published up to this one.
    var revision: UInt64 { get }
}

/// Hands each change of a model to any number of subscribers as a snapshot, newest first: a
/// subscriber that falls behind gets only the newest snapshot (bursts coalesce), and publishing
/// costs the producer no wake-up while no subscriber waits.
///
/// Models publish the snapshot of their state *after* each change (from `didSet`), so a
/// subscriber never sees the old state, as it would with Observation's `onChange`.
///
/// `Sendable` through its mutex, so a model's nonisolated `deinit` can ``finish()`` it.
@usableFromInline
final class SnapshotBroadcaster<Snapshot: Sendable>: Sendable {
    // Inlinable where it is on the producer's path (publish), so that a model in another module
    // gets it specialized for its snapshot type.
    @usableFromInline
    struct Subscriber {
        @usableFromInline var latest: Snapshot?
        @usableFromInline var waiter: CheckedContinuation<Snapshot?, Never>?

        @usableFromInline
        init() {}
    }

    @usableFromInline
    struct State {
        @usableFromInline var nextID = 0
        /// One slot per subscriber, by ID; a handful at most, so an array beats a dictionary.
        @usableFromInline var all: [(id: Int, subscriber: Subscriber)] = []
        @usableFromInline var finished = false

        @usableFromInline
        init() {}
    }

    @usableFromInline
    let state = Mutex(State())

    /// A broadcaster with no subscribers.
    init() {}

    /// Whether anyone listens.
    var hasSubscribers: Bool { state.withLock { !$0.all.isEmpty } }

    /// A stream of the snapshots published from now on. It ends when its consuming task is
    /// cancelled or the broadcaster is finished; a finished broadcaster gives an empty stream.
    /// - Returns: The stream.
    func subscribe() -> AsyncStream<Snapshot> {
        guard let subscription = register() else { return AsyncStream { $0.finish() } }
        return AsyncStream(unfolding: { await subscription.next() }, onCancel: { subscription.cancel() })
    }

    /// A stream of what `transform` makes of each snapshot published from now on, made as the
    /// consumer takes it: no task in between.
    /// - Parameter transform: Makes the element of a snapshot.
    /// - Returns: The stream.
    func subscribe<Element: Sendable>(_ transform: @escaping @Sendable (Snapshot) -> Element) -> AsyncStream<Element> {
        guard let subscription = register() else { return AsyncStream { $0.finish() } }
        return AsyncStream(
            unfolding: { await subscription.next().map(transform) }, onCancel: { subscription.cancel() })
    }

    /// A stream of the revisions of the snapshots published from now on: the signal a subscriber
    /// on the snapshot's own actor needs, with no snapshot crossing to it.
    /// - Returns: The stream.
    func revisions() -> AsyncStream<UInt64> where Snapshot: RevisionedSnapshot {
        // Formed here, generic over the Sendable snapshot alone: a model whose state's conformances
        // are isolated (an Xcode 26 app's) never has its state's type captured.
        subscribe { $0.revision }
    }

    /// A new subscriber's place, or nil once the broadcaster is finished.
    fileprivate func register() -> Subscription<Snapshot>? {
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.all.append((state.nextID, Subscriber()))
            return state.nextID
        }
        return id.map { Subscription(broadcaster: self, id: $0) }
    }

    /// Hands a snapshot to every subscriber: to the one waiting, or into its slot, replacing an
    /// older snapshot not yet taken. `snapshot` is only built when someone listens.
    /// - Parameter snapshot: The state after the change.
    @inlinable
    func publish(_ snapshot: @autoclosure () -> Snapshot) {
        var waiting: [(CheckedContinuation<Snapshot?, Never>, Snapshot)] = []
        state.withLock { state in
            guard !state.all.isEmpty else { return }
            let value = snapshot()
            for index in state.all.indices {
                if let waiter = state.all[index].subscriber.waiter {
                    state.all[index].subscriber.waiter = nil
                    waiting.append((waiter, value))
                } else {
                    state.all[index].subscriber.latest = value
                }
            }
        }
        for (waiter, value) in waiting { waiter.resume(returning: value) }
    }

    /// Ends every stream; later subscriptions get empty streams.
    func finish() {
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.all = [] }
            return state.all.compactMap(\.subscriber.waiter)
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// The next snapshot for a subscriber, waiting for one if needed; nil when it is removed or
    /// the broadcaster is finished.
    fileprivate func next(_ id: Int) async -> Snapshot? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Snapshot?, Never>) in
                let immediate = state.withLock { state -> Snapshot?? in
                    guard let index = state.all.firstIndex(where: { $0.id == id }) else { return .some(nil) }
                    if let latest = state.all[index].subscriber.latest {
                        state.all[index].subscriber.latest = nil
                        return .some(latest)
                    }
                    state.all[index].subscriber.waiter = continuation
                    return .none
                }
                if case .some(let value) = immediate { continuation.resume(returning: value) }
            }
        } onCancel: {
            remove(id)
        }
    }

    fileprivate func remove(_ id: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Snapshot?, Never>? in
            guard let index = state.all.firstIndex(where: { $0.id == id }) else { return nil }
            return state.all.remove(at: index).subscriber.waiter
        }
        waiter?.resume(returning: nil)
    }
}

/// One stream's registration; removed when the stream goes away, iterated or not.
private final class Subscription<Snapshot: Sendable>: Sendable {
    private let broadcaster: SnapshotBroadcaster<Snapshot>
    private let id: Int

    init(broadcaster: SnapshotBroadcaster<Snapshot>, id: Int) {
        self.broadcaster = broadcaster
        self.id = id
    }

    func next() async -> Snapshot? { await broadcaster.next(id) }

    func cancel() { broadcaster.remove(id) }

    deinit { broadcaster.remove(id) }
}
