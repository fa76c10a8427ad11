import SceneStore

/// A model that ``ScenePersistence`` can restore and write through: it publishes snapshots after
/// each change and knows how to store and restore them.
///
/// ``SceneNavigationModel`` conforms for any app state; RecipeData's `NavigationModel` conforms
/// with the cookbook's own format.
@MainActor
public protocol PersistableNavigationModel: AnyObject, SendableMetatype {
    /// The state after one change, as published.
    associatedtype Snapshot: Sendable
    /// What a restore reports.
    associatedtype RestoreReport: Sendable

    /// The model's changes, each as a snapshot taken after the change.
    func changes() -> AsyncStream<Snapshot>
    /// The current state as a snapshot.
    var currentSnapshot: Snapshot { get }
    /// A snapshot's revision: it increases with each change.
    nonisolated static func revision(of snapshot: Snapshot) -> UInt64
    /// A snapshot as stored. Called off the main actor.
    nonisolated static func sceneValue(of snapshot: Snapshot) throws(NavigationError) -> SceneValue
    /// Whether a stored value is one this model can restore; a value it cannot is kept aside
    /// before it is replaced.
    nonisolated static func canRestore(from value: SceneValue) -> Bool
    /// The schema version the model writes: the number of its migration steps (see
    /// ``NavigationMigrations``). 0 when it has none.
    var schemaVersion: Int { get }
    /// Restores the model from a stored value, all at once, or throws and leaves it untouched.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - key: Its key, for errors.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - schemaVersion: The schema version the value was stored with (0 when none was stored);
    ///     the model migrates it to its own.
    /// - Returns: What the restore kept and dropped.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)`` when `schemaVersion` is newer than
    ///   the model's.
    func restore(
        from value: SceneValue, key: String, policy: RestorePolicy, schemaVersion: Int
    ) throws(NavigationError) -> RestoreReport
}
