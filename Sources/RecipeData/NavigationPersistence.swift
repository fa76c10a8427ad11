import SceneStore

/// Keeps a ``NavigationModel`` saved in a scene, as the sample's `.task` with `@SceneStorage` did:
/// restore what is stored, then write every change through.
///
/// ```swift
/// // In a SwiftUI scene: .task { try? await NavigationPersistence.run(model, store: store, scene: id) }
/// let persistence = try await NavigationPersistence.connect(model, to: store, scene: scene)
/// print(persistence.report?.dropped ?? [])      // what the restore dropped, and why
/// model.path.append(recipe)                      // returns at once; written in the background
/// try await persistence.close()                  // the last change is durable
/// ```
///
/// Reads and writes run off the main actor: mutating the model never waits for I/O. Bursts of
/// changes coalesce to the newest, and a change equal to what is stored is not written again.
@MainActor
public final class NavigationPersistence {
    /// What the restore kept and dropped; nil when nothing was stored for the scene.
    public let report: RestoreReport?
    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
    /// Where a copy of the scene's file was kept because its stored value under ``key`` was not
    /// navigation data and was about to be replaced (only when connecting without restoring).
    public let keptAsidePath: String?

    private let model: NavigationModel
    private let writer: SceneWriter
    private let forwarding: Task<Void, Never>

    private init(
        model: NavigationModel, writer: SceneWriter, report: RestoreReport?, scene: SceneID, key: String,
        keptAsidePath: String?
    ) {
        self.model = model
        self.writer = writer
        self.report = report
        self.keptAsidePath = keptAsidePath
        self.scene = scene
        self.key = key
        let changes = model.changes()
        // The snapshots' identifiers and JSON are built here, off the main actor.
        forwarding = Task.detached {
            for await snapshot in changes {
                writer.submit(snapshot.state, sequence: snapshot.revision)
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
    /// The restore is all or nothing: stored data that cannot be decoded throws and leaves the
    /// model untouched, and nothing is written over it.
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default as in the sample.
    ///   - policy: How to treat identifiers that no longer resolve.
    ///   - restoring: Whether to restore first; pass false to replace what is stored with the
    ///     model's state (as `navstate save` does). A stored value that is not navigation data is
    ///     then not lost: a copy of the scene's file is kept aside first (``keptAsidePath``).
    /// - Returns: The connection, with the restore's report (nil when not restoring).
    /// - Throws: ``RecipeDataError/store(_:)`` when the scene's file cannot be read (corrupt, newer
    ///   format, unreadable) or the copy cannot be made; ``RecipeDataError/invalidNavigationData(reason:)``
    ///   when restoring and the stored value is not navigation data.
    public static func connect(
        _ model: NavigationModel, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true
    ) async throws(RecipeDataError) -> NavigationPersistence {
        let writer: SceneWriter
        var stored: SceneValue?
        do {
            writer = try store.writer(forKey: key, in: scene)
            if restoring { stored = try await store.loadDocument(for: scene)?.values[key] }
        } catch {
            throw .store(error)
        }
        var report: RestoreReport?
        if let stored {
            report = model.restore(from: try NavigationPayload(sceneValue: stored), policy: policy)
        }
        var keptAsidePath: String?
        if !restoring {
            // Off the main actor: this reads the scene's file and may write a copy.
            let kept = await Task.detached { () -> Result<String?, SceneStoreError> in
                do throws(SceneStoreError) {
                    return .success(
                        try store.keepAsideIfUnreadable(forKey: key, in: scene) { value in
                            (try? NavigationPayload(sceneValue: value)) != nil
                        })
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
        return NavigationPersistence(
            model: model, writer: writer, report: report, scene: scene, key: key, keptAsidePath: keptAsidePath)
    }

    /// Connects, then keeps writing changes through until the calling task is cancelled, and makes
    /// the last change durable before returning: the whole of the sample's `.task` in one call.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: How to treat identifiers that no longer resolve.
    ///   - restored: Called with the restore's report (nil when nothing was stored).
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:)`` and ``flush()``.
    public static func run(
        _ model: NavigationModel, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restored: (RestoreReport?) -> Void = { _ in }
    ) async throws(RecipeDataError) {
        let persistence = try await connect(model, to: store, scene: scene, key: key, policy: policy)
        restored(persistence.report)
        // Sleep until cancelled; the forwarding task does the work meanwhile.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        try await persistence.close()
    }

    /// Waits until the model's current state is durable.
    /// - Throws: ``RecipeDataError/store(_:)`` when the last write failed.
    public func flush() async throws(RecipeDataError) {
        // The stream may still hold the newest snapshot: hand the current state over directly. Its
        // revision makes the writer ignore that snapshot if it arrives later; a state equal to
        // what is stored is not written again.
        writer.submit(model.state, sequence: model.revision)
        do {
            try await writer.flush()
        } catch {
            throw .store(error)
        }
    }

    /// Stops listening to the model and makes its current state durable.
    /// - Throws: ``RecipeDataError/store(_:)`` when the last write failed.
    public func close() async throws(RecipeDataError) {
        forwarding.cancel()
        try await flush()
    }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    public var statistics: SceneWriter.Statistics { writer.statistics }
}
