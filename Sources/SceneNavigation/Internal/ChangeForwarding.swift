import Dispatch
import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a ``SceneConnection`` hands its model's changes to its writer, and the small pieces of
/// state that travel with them off the main actor.
enum ChangeForwarding {
    /// Follows the model's changes on the main actor, where its state lives: at each signal, the
    /// newest state is encoded there and its bytes handed to the writer, once per write (the next
    /// signal is taken only when the writer can use it; meanwhile signals coalesce, and mutating
    /// the model wakes nobody).
    @MainActor
    static func follow<State: Codable & Equatable>(
        _ model: SceneNavigationModel<State>, writer: ValueWriter, gate: WriteGate, failure: EncodingFailure,
        healthyAfterWrite: RestoreHealth?, after copy: PendingCopy?
    ) -> Task<Void, Never> {
        let revisions = model.revisions()
        return Task { @MainActor [weak model] in
            // Nothing is written before the copy an intervention keeps, and nothing when it failed.
            if let copy, case .failure(let error) = await copy.result() {
                failure.record(.store(error))
                return
            }
            var awaitingHealth = healthyAfterWrite
            for await _ in revisions {
                guard let model else { return }
                // A deep link's state is not written until the model changes.
                if model.changeCount == gate.unchangedRevision { continue }
                do throws(NavigationError) {
                    // A state already handed over (by a flush, or by the forwarding task) is not encoded again.
                    if writer.wouldTake(sequence: model.changeCount) {
                        try writer.submit(state: model.state, sequence: model.changeCount)
                    }
                } catch {
                    failure.record(error)
                }
                awaitingHealth = healthyAfterFirst(awaitingHealth, writer: writer)
                await writer.untilReady()
            }
        }
    }

    /// After the first change following a restore: once it is durable, the restore is healthy.
    static func healthyAfterFirst(_ health: RestoreHealth?, writer: ValueWriter) -> RestoreHealth? {
        health?.markHealthyOnceDurable(writer)
        return nil
    }
}

/// The newest copy of a scene kept aside for a reason, when it holds `value` under `key`. Not a
/// member of the generic persistence: the writer calls it off the main actor, where the state's
/// type has no business.
func newestCopy(
    of scene: SceneID, reason: KeptAsideFile.Reason, holding value: SceneValue, under key: String,
    in store: StateStore
) -> String? {
    guard let files = try? store.keptAsideFiles(),
        let newest = files.last(where: { $0.scene == scene && $0.reason == reason }),
        let document = try? store.storedDocument(ofKeptAside: newest), document.value(forKey: key) == value
    else { return nil }
    return newest.path
}

/// Runs blocking store work off the main actor.
func offMain<Value: Sendable>(
    _ work: @escaping @Sendable () throws(SceneStoreError) -> Value
) async throws(NavigationError) -> Value {
    let result = await Task.detached { () -> Result<Value, SceneStoreError> in
        do throws(SceneStoreError) {
            return .success(try work())
        } catch {
            return .failure(error)
        }
    }.value
    do {
        return try result.get()
    } catch {
        throw .store(error)
    }
}

/// Runs `work` in a task of its own and blocks the calling thread until it ends, or until `limit`
/// has passed (nil: no limit): for the few places that must finish work before they return (the
/// app's termination, a background task's expiration, a restore that must read a write on its
/// way). Safe on the main actor only for work that never needs it: the writer's and the store's,
/// which run on queues of their own.
/// - Returns: The work's result, or nil when the limit passed first.
func waitBlocking<Value: Sendable>(
    atMost limit: Duration? = nil, _ work: @escaping @Sendable () async -> Value
) -> Value? {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Value?>(nil)
    Task.detached(priority: .userInitiated) {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    if let limit {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
    } else {
        done.wait()
    }
    return result.withLock { $0 }
}

/// The copy of another key's restore that holds this key's value too, found by the writer.
final class SharedCopy: Sendable {
    private let storage = Mutex<String?>(nil)

    var path: String? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// The last encoding failure of the forwarding task, until ``SceneConnection/flush()`` reports it.
final class EncodingFailure: Sendable {
    private let error = Mutex<NavigationError?>(nil)

    func record(_ failure: NavigationError) { error.withLock { $0 = failure } }

    func take() -> NavigationError? {
        error.withLock { error in
            defer { error = nil }
            return error
        }
    }
}

/// The model's revision at which nothing is written over the stored value (a deep link's state,
/// until the model changes); nil when every state is written.
@MainActor
final class WriteGate {
    var unchangedRevision: UInt64?

    init(unchangedRevision: UInt64?) { self.unchangedRevision = unchangedRevision }
}

/// What a restore applied, for a link that comes after it and is taken as the launch's.
struct Restored {
    /// The value restored, as it was read.
    var read: ReadValue
    var schema: Int
    var policy: RestorePolicy
    /// The model's revision right after the restore (and its deep link).
    var revision: UInt64
    /// Whether the paths were restored (not withheld).
    var restoredPaths: Bool
}

/// A copy of a scene's file made off the main actor (an intervention's, after a launch restore),
/// which the connection's writes wait for.
final class PendingCopy: Sendable {
    private let task: Task<Result<String?, SceneStoreError>, Never>
    /// The work's result, once it has finished.
    private let outcome: Outcome

    private final class Outcome: Sendable {
        let result = Mutex<Result<String?, SceneStoreError>?>(nil)
    }

    init(_ work: @escaping @Sendable () throws(SceneStoreError) -> String?) {
        let outcome = Outcome()
        self.outcome = outcome
        task = Task.detached {
            let result: Result<String?, SceneStoreError>
            do throws(SceneStoreError) {
                result = .success(try work())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            return result
        }
    }

    /// The copy's path once it is made; nil before, or when none was made.
    var path: String? {
        outcome.result.withLock { result in
            if case .success(let path)? = result { return path }
            return nil
        }
    }

    /// Whether the copy has been made (or there was none to make): writes may go on.
    var isMade: Bool {
        outcome.result.withLock { result in
            if case .success? = result { return true }
            return false
        }
    }

    /// Waits until the copy is made, or has failed.
    func result() async -> Result<String?, SceneStoreError> { await task.value }

    /// Blocks the calling thread until the copy is made (the copy runs on another): for the app's
    /// termination, where no task is promised to run.
    func waitBlocking() -> Result<String?, SceneStoreError> {
        let task = task
        return SceneNavigation.waitBlocking { await task.value } ?? .success(nil)
    }
}

extension ValueWriter {
    /// Hands the writer a state to save: its text, and beside it the record of the screens it left
    /// out (``UnsavedCut``), written in the same write.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    func submit<State: Encodable>(state: State, sequence: UInt64) throws(NavigationError) {
        let (text, unsaved) = try StateCoding.encodedForSaving(state)
        submit(text: text, companions: [UnsavedCut.companionKey(for: key): unsaved], sequence: sequence)
    }
}
