import SceneStore
import Synchronization

/// Keeps a model saved in a scene, as a SwiftUI `.task` with `@SceneStorage` would: restore what
/// is stored, then write every change through.
///
/// ```swift
/// let model = SceneNavigationModel(RoutePath<Animal>())
/// let persistence = try await ScenePersistence.connect(model, to: store, scene: scene)
/// print(persistence.report?.dropped ?? [])       // what the restore dropped, and why
/// model.state.append(.dog)                        // returns at once; written in the background
/// try await persistence.close()                   // the last change is durable
/// ```
///
/// Reads, encoding and writes run off the main actor: mutating the model never waits. Bursts of
/// changes coalesce to the newest, and a state equal to what is stored is not written again.
@MainActor
public final class ScenePersistence<Model: PersistableNavigationModel> {
    /// What the restore kept and dropped; nil when nothing was stored or when not restoring.
    public let report: Model.RestoreReport?
    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
    /// Where a copy of the scene's file was kept because its value under ``key`` could not be
    /// restored by the model and was about to be replaced (only when connecting without restoring).
    public let keptAsidePath: String?

    private let model: Model
    private let writer: SceneWriter
    private let forwarding: Task<Void, Never>
    private let encodingFailure: EncodingFailure

    private init(
        model: Model, writer: SceneWriter, report: Model.RestoreReport?, scene: SceneID, key: String,
        keptAsidePath: String?
    ) {
        self.model = model
        self.writer = writer
        self.report = report
        self.scene = scene
        self.key = key
        self.keptAsidePath = keptAsidePath
        let failure = EncodingFailure()
        encodingFailure = failure
        let changes = model.changes()
        // Snapshots are encoded here, off the main actor, and only those the writer can take.
        forwarding = Task.detached {
            for await snapshot in changes {
                do throws(NavigationError) {
                    writer.submit(try Model.sceneValue(of: snapshot), sequence: Model.revision(of: snapshot))
                } catch {
                    failure.record(error)
                }
                // Take the next snapshot only when the writer can use it: meanwhile the stream keeps
                // just the newest, and mutating the model wakes nobody.
                await writer.waitUntilReady()
            }
        }
    }

    isolated deinit {
        forwarding.cancel()
    }

    /// Restores `model` from what `store` holds for the scene, then writes every change through
    /// until ``close()`` (or until the persistence goes away).
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - restoring: Whether to restore first; pass false to replace what is stored with the
    ///     model's state. A stored value the model cannot restore is then not lost: a copy of the
    ///     scene's file is kept aside first (``keptAsidePath``).
    /// - Returns: The connection, with the restore's report.
    /// - Throws: ``NavigationError/store(_:)`` when the scene's file cannot be read (corrupt, newer
    ///   format, unreadable) or the copy cannot be made; ``NavigationError/cannotDecode(key:reason:)``
    ///   when restoring and the stored value cannot be decoded at all (the model is untouched and
    ///   nothing is written over it).
    public static func connect(
        _ model: Model, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true
    ) async throws(NavigationError) -> ScenePersistence {
        let writer: SceneWriter
        var stored: SceneValue?
        do {
            writer = try store.writer(forKey: key, in: scene)
            if restoring { stored = try await store.loadDocument(for: scene)?.values[key] }
        } catch {
            throw .store(error)
        }
        var report: Model.RestoreReport?
        if let stored {
            report = try model.restore(from: stored, key: key, policy: policy)
        }
        var keptAsidePath: String?
        if !restoring {
            // Off the main actor: this reads the scene's file and may write a copy.
            let kept = await Task.detached { () -> Result<String?, SceneStoreError> in
                do throws(SceneStoreError) {
                    return .success(
                        try store.keepAsideIfUnreadable(forKey: key, in: scene) { Model.canRestore(from: $0) })
                } catch {
                    return .failure(error)
                }
            }.value
            do {
                keptAsidePath = try kept.get()
            } catch {
                throw .store(error)
            }
        }
        return ScenePersistence(
            model: model, writer: writer, report: report, scene: scene, key: key, keptAsidePath: keptAsidePath)
    }

    /// Connects, then keeps writing changes through until the calling task is cancelled, and makes
    /// the last change durable before returning: the whole of a scene's `.task` in one call.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - restored: Called with the restore's report (nil when nothing was stored).
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:)`` and ``flush()``.
    public static func run(
        _ model: Model, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restored: (Model.RestoreReport?) -> Void = { _ in }
    ) async throws(NavigationError) {
        let persistence = try await connect(model, to: store, scene: scene, key: key, policy: policy)
        restored(persistence.report)
        // Sleep until cancelled; the forwarding task does the work meanwhile.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        try await persistence.close()
    }

    /// Waits until the model's current state is durable.
    /// - Throws: ``NavigationError/store(_:)`` when the last write failed;
    ///   ``NavigationError/cannotEncode(reason:)`` when the state could not be encoded.
    public func flush() async throws(NavigationError) {
        // The stream may still hold the newest snapshot: hand the current state over directly. Its
        // revision makes the writer ignore that snapshot if it arrives later; a state equal to
        // what is stored is not written again.
        let snapshot = model.currentSnapshot
        writer.submit(try Model.sceneValue(of: snapshot), sequence: Model.revision(of: snapshot))
        do {
            try await writer.flush()
        } catch {
            throw .store(error)
        }
        if let failure = encodingFailure.take() { throw failure }
    }

    /// Stops listening to the model and makes its current state durable.
    /// - Throws: The errors of ``flush()``.
    public func close() async throws(NavigationError) {
        forwarding.cancel()
        try await flush()
    }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    public var statistics: SceneWriter.Statistics { writer.statistics }
}

/// The last encoding failure of the forwarding task, until ``ScenePersistence/flush()`` reports it.
private final class EncodingFailure: Sendable {
    private let error = Mutex<NavigationError?>(nil)

    func record(_ failure: NavigationError) { error.withLock { $0 = failure } }

    func take() -> NavigationError? {
        error.withLock { error in
            defer { error = nil }
            return error
        }
    }
}
