import SceneNavigation
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
/// Built on SceneNavigation's ``ScenePersistence``, which does the same for any app's model; this
/// type keeps the cookbook's API and its errors (``RecipeDataError``).
@MainActor
public final class NavigationPersistence {
    private let persistence: ScenePersistence<NavigationModel>

    private init(_ persistence: ScenePersistence<NavigationModel>) {
        self.persistence = persistence
    }

    /// What the restore kept and dropped; nil when nothing was stored for the scene, or nothing
    /// was restored (``intervention`` says why).
    public var report: RestoreReport? { persistence.report }
    /// Why what is stored was not applied as is: the crash-loop guard, the age limit, a deep link
    /// or a newer schema; nil when it was.
    public var intervention: RestoreIntervention? { persistence.intervention }
    /// Whether changes are not written, because the stored value is of a newer schema.
    public var isReadOnly: Bool { persistence.isReadOnly }
    /// Whether the restore has become healthy (the guard's marker is gone, or none was needed).
    public var isHealthy: Bool { persistence.isHealthy }
    /// The scene written to.
    public var scene: SceneID { persistence.scene }
    /// The key written to.
    public var key: String { persistence.key }
    /// Where a copy of the scene's file was kept aside: its stored value under ``key`` was not
    /// navigation data and was about to be replaced (when connecting without restoring), the
    /// crash-loop guard withheld its restore, or it was too old to restore.
    public var keptAsidePath: String? { persistence.keptAsidePath }

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
    ///   - crashGuard: The crash-loop guard (on by default; see SceneNavigation's `CrashLoopGuard`),
    ///     or nil for none.
    ///   - deepLink: Applied to the model in place of the saved path (the saved category is
    ///     restored), or nil.
    /// - Returns: The connection, with the restore's report (nil when not restoring).
    /// - Throws: ``RecipeDataError/store(_:)`` when the scene's file cannot be read (corrupt, newer
    ///   format, unreadable) or the copy cannot be made; ``RecipeDataError/invalidNavigationData(reason:)``
    ///   when restoring and the stored value is not navigation data.
    public static func connect(
        _ model: NavigationModel, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((NavigationModel) -> Void)? = nil
    ) async throws(RecipeDataError) -> NavigationPersistence {
        do {
            return NavigationPersistence(
                try await ScenePersistence.connect(
                    model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
                    deepLink: deepLink))
        } catch {
            throw RecipeDataError(error)
        }
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
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)`` and ``flush()``.
    public static func run(
        _ model: NavigationModel, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restored: (RestoreReport?) -> Void = { _ in }
    ) async throws(RecipeDataError) {
        do {
            try await ScenePersistence.run(
                model, store: store, scene: scene, key: key, policy: policy, restored: restored)
        } catch {
            throw RecipeDataError(error)
        }
    }

    /// Marks the restore healthy, so the next restore of the scene is applied as is (see
    /// SceneNavigation's `ScenePersistence.markHealthy()`).
    /// - Throws: ``RecipeDataError/store(_:)`` when the guard's marker cannot be removed.
    public func markHealthy() async throws(RecipeDataError) {
        do {
            try await persistence.markHealthy()
        } catch {
            throw RecipeDataError(error)
        }
    }

    /// Waits until the model's current state is durable.
    /// - Throws: ``RecipeDataError/store(_:)`` when the last write failed.
    public func flush() async throws(RecipeDataError) {
        do {
            try await persistence.flush()
        } catch {
            throw RecipeDataError(error)
        }
    }

    /// Stops listening to the model and makes its current state durable.
    /// - Throws: ``RecipeDataError/store(_:)`` when the last write failed.
    public func close() async throws(RecipeDataError) {
        do {
            try await persistence.close()
        } catch {
            throw RecipeDataError(error)
        }
    }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    public var statistics: SceneWriter.Statistics { persistence.statistics }
}

extension RecipeDataError {
    /// The cookbook's error for a navigation error.
    init(_ error: NavigationError) {
        switch error {
        case .store(let error): self = .store(error)
        case .cannotDecode(_, let reason): self = .invalidNavigationData(reason: reason)
        case .cannotEncode(let reason): self = .invalidNavigationData(reason: reason)
        case .notANavigationPath, .invalidTypeName, .newerSchema:
            self = .invalidNavigationData(reason: error.description)
        }
    }
}
