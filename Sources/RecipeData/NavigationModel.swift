import Observation
import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The navigation state of one scene of the cookbook: the selected category and the path of
/// recipes, as in Apple's NavigationCookbook sample.
///
/// It is `@Observable`, so a SwiftUI app on Apple platforms can bind to it directly, and it lives
/// on the main actor like any view model. Changing it never waits for I/O: saving is done by a
/// ``NavigationPersistence`` that listens to ``changes()``.
///
/// ```swift
/// let model = NavigationModel()
/// model.selectedCategory = .dessert
/// model.path = [pie]
/// let data = model.jsonData                     // {"recipePathIds":["…"],"selectedCategory":0}
/// let report = try model.restore(from: data!)   // what was dropped, and why
/// ```
@MainActor
@Observable
public final class NavigationModel {
    /// The selected category, if any.
    public var selectedCategory: Category? {
        didSet { publishChange() }
    }

    /// The recipes on the navigation path, from the root.
    public var path: [Recipe] {
        didSet { publishChange() }
    }

    /// The shipped sample's split-view setting, kept verbatim so a round trip loses nothing.
    public var columnVisibility: JSONValue? {
        didSet { publishChange() }
    }

    /// Members of restored data that this version does not know, written back unchanged.
    @ObservationIgnored public private(set) var additionalMembers: [String: JSONValue] = [:]

    /// The recipes that identifiers are looked up in.
    @ObservationIgnored public let dataModel: DataModel

    /// Counts the changes published so far; each snapshot carries the count after its change.
    @ObservationIgnored public private(set) var revision: UInt64 = 0

    /// The report of the last restore through ``jsonData``.
    public private(set) var lastRestoreReport: RestoreReport?
    /// The error of the last restore through ``jsonData``, which left the model untouched.
    public private(set) var lastRestoreError: RecipeDataError?

    @ObservationIgnored private var isApplyingRestore = false
    @ObservationIgnored let subscribers = Subscribers()

    /// Creates a model.
    /// - Parameters:
    ///   - dataModel: The recipes to look identifiers up in; the built-in cookbook by default.
    ///   - selectedCategory: The initial category.
    ///   - path: The initial path.
    public init(dataModel: DataModel = .cookbook, selectedCategory: Category? = nil, path: [Recipe] = []) {
        self.dataModel = dataModel
        self.selectedCategory = selectedCategory
        self.path = path
    }

    deinit {
        subscribers.finishAll()
    }

    /// The state as it is saved: the path as identifiers.
    public var state: NavigationState {
        NavigationState(
            selectedCategory: selectedCategory, recipePathIDs: path.map(\.id), columnVisibility: columnVisibility,
            additionalMembers: additionalMembers)
    }
}

// MARK: - Restoring

extension NavigationModel {
    /// The model encoded as the sample encodes it, or restored from such data.
    ///
    /// Setting it restores with the default policy (skip missing recipes). Unlike the sample, a
    /// failure is not silent: the model is left untouched and the error is in ``lastRestoreError``;
    /// what was dropped is in ``lastRestoreReport``. Setting nil does nothing.
    public var jsonData: Data? {
        get { Data(state.encoded()) }
        set {
            guard let newValue else { return }
            do {
                lastRestoreReport = try restore(from: newValue)
                lastRestoreError = nil
            } catch {
                lastRestoreError = error
            }
        }
    }

    /// Restores from navigation JSON in any accepted shape.
    ///
    /// Decoding happens first: data that cannot be decoded throws and leaves the model untouched.
    /// Otherwise every property is set at once and one change is published.
    ///
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - policy: How to treat identifiers that no longer resolve.
    /// - Returns: What was restored and what was dropped, and why.
    /// - Throws: ``RecipeDataError/invalidNavigationData(reason:)``.
    @discardableResult
    public func restore(
        from data: some Collection<UInt8>, policy: RestorePolicy = RestorePolicy()
    ) throws(RecipeDataError) -> RestoreReport {
        restore(from: try NavigationPayload(data: data), policy: policy)
    }

    /// Restores from decoded navigation data.
    /// - Parameters:
    ///   - payload: The decoded data.
    ///   - policy: How to treat identifiers that no longer resolve.
    /// - Returns: What was restored and what was dropped, and why.
    @discardableResult
    public func restore(from payload: NavigationPayload, policy: RestorePolicy = RestorePolicy()) -> RestoreReport {
        let (state, path, report) = dataModel.restore(payload, policy: policy)
        isApplyingRestore = true
        selectedCategory = state.selectedCategory
        self.path = path
        columnVisibility = state.columnVisibility
        additionalMembers = state.additionalMembers
        isApplyingRestore = false
        publishChange()
        return report
    }
}

// MARK: - Observing

extension NavigationModel {
    /// A snapshot of the model after one change.
    public struct Snapshot: Sendable {
        /// The model's ``NavigationModel/revision`` after the change.
        public let revision: UInt64
        /// The selected category.
        public let selectedCategory: Category?
        /// The path's recipes (an array copy is constant-time; identifiers are taken on demand).
        public let path: [Recipe]
        /// The sample's split-view setting.
        public let columnVisibility: JSONValue?
        /// Unknown members.
        public let additionalMembers: [String: JSONValue]

        /// The state as it is saved.
        public var state: NavigationState {
            NavigationState(
                selectedCategory: selectedCategory, recipePathIDs: path.map(\.id),
                columnVisibility: columnVisibility, additionalMembers: additionalMembers)
        }
    }

    /// The model's changes, each as a snapshot of the state *after* the change.
    ///
    /// Observation's `onChange` fires before a mutation; this stream is fed from the properties'
    /// `didSet`, so it never delivers the old state. A subscriber that falls behind gets only the
    /// newest snapshot (bursts coalesce), and a mutation costs the producer no wake-up while the
    /// subscriber has not asked for the next snapshot. Any number of subscribers may listen; a
    /// stream ends when its consuming task is cancelled or the model goes away.
    ///
    /// - Returns: A stream that starts with the next change.
    public func changes() -> AsyncStream<Snapshot> {
        guard let subscription = subscribers.subscribe() else { return AsyncStream { $0.finish() } }
        return AsyncStream(unfolding: { await subscription.next() }, onCancel: { subscription.cancel() })
    }

    private func publishChange() {
        guard !isApplyingRestore else { return }
        revision &+= 1
        subscribers.publish(
            Snapshot(
                revision: revision, selectedCategory: selectedCategory, path: path, columnVisibility: columnVisibility,
                additionalMembers: additionalMembers))
    }
}

/// The subscribers of a model's change streams: for each, the newest snapshot not yet taken, or
/// the consumer waiting for one.
///
/// A class of its own, `Sendable` through its lock, so that stream cancellation (on any thread)
/// and the model's `deinit` (nonisolated) can reach it.
final class Subscribers: Sendable {
    typealias Snapshot = NavigationModel.Snapshot

    private struct Subscriber {
        var latest: Snapshot?
        var waiter: CheckedContinuation<Snapshot?, Never>?
    }

    private struct State {
        var nextID = 0
        var all: [Int: Subscriber] = [:]
        var finished = false
    }

    private let state = Mutex(State())

    var hasSubscribers: Bool { state.withLock { !$0.all.isEmpty } }

    /// Registers a subscriber; nil once the model is gone.
    func subscribe() -> Subscription? {
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.all[state.nextID] = Subscriber()
            return state.nextID
        }
        return id.map { Subscription(subscribers: self, id: $0) }
    }

    /// Hands a snapshot to every subscriber: to the one waiting, or into its slot, replacing an
    /// older snapshot not yet taken. `snapshot` is only built when someone listens.
    func publish(_ snapshot: @autoclosure () -> Snapshot) {
        var waiting: [(CheckedContinuation<Snapshot?, Never>, Snapshot)] = []
        state.withLock { state in
            guard !state.all.isEmpty else { return }
            let value = snapshot()
            for index in state.all.values.indices {
                if let waiter = state.all.values[index].waiter {
                    state.all.values[index].waiter = nil
                    waiting.append((waiter, value))
                } else {
                    state.all.values[index].latest = value
                }
            }
        }
        for (waiter, value) in waiting { waiter.resume(returning: value) }
    }

    /// The next snapshot for a subscriber, waiting for one if needed; nil when it is removed or
    /// the model is gone.
    func next(_ id: Int) async -> Snapshot? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Snapshot?, Never>) in
                let immediate = state.withLock { state -> Snapshot?? in
                    guard var subscriber = state.all[id] else { return .some(nil) }
                    if let latest = subscriber.latest {
                        subscriber.latest = nil
                        state.all[id] = subscriber
                        return .some(latest)
                    }
                    subscriber.waiter = continuation
                    state.all[id] = subscriber
                    return .none
                }
                if case .some(let value) = immediate { continuation.resume(returning: value) }
            }
        } onCancel: {
            remove(id)
        }
    }

    func remove(_ id: Int) {
        let waiter = state.withLock { $0.all.removeValue(forKey: id)?.waiter }
        waiter?.resume(returning: nil)
    }

    func finishAll() {
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.all = [:] }
            return state.all.values.compactMap(\.waiter)
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }
}

/// One stream's registration; removing it when the stream goes away, iterated or not.
final class Subscription: Sendable {
    private let subscribers: Subscribers
    private let id: Int

    init(subscribers: Subscribers, id: Int) {
        self.subscribers = subscribers
        self.id = id
    }

    func next() async -> NavigationModel.Snapshot? { await subscribers.next(id) }

    func cancel() { subscribers.remove(id) }

    deinit { subscribers.remove(id) }
}
