import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's connection, the scene's own since 0.4.0

/// Keeps a model saved in a scene: restore what is stored, then write every change through. Since
/// 0.4.0 a scene is connected one way, by a ``PersistentScene`` (which `PersistentNavigation`
/// drives in SwiftUI, and a UIKit scene delegate or a test drives with the scene's events); this
/// type forwards to the connection a `PersistentScene` makes.
@available(*, deprecated, message: "use PersistentScene, the one way to connect a scene: connect(), flush(), close()")
@MainActor
public final class ScenePersistence<State: Codable & Equatable> {
    /// The model this persistence keeps saved.
    public typealias Model = SceneNavigationModel<State>

    /// The connection this one forwards to.
    package let connection: SceneConnection<State>

    /// A connection's 0.3.0 face.
    package init(_ connection: SceneConnection<State>) {
        self.connection = connection
        scene = connection.scene
        key = connection.key
    }

    /// What connecting did with what the scene stored.
    public var outcome: RestoreOutcome { connection.outcome }
    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
}

@available(*, deprecated, message: "use PersistentScene, the one way to connect a scene: connect(), flush(), close()")
extension ScenePersistence {
    /// Restores `model` from the scene, now, and connects it.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: What `PersistentScene`'s restore tells its events.
    public static func restore(
        _ model: Model, from store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        deepLink: ((Model) -> Void)? = nil
    ) throws(NavigationError) -> ScenePersistence {
        ScenePersistence(
            try SceneConnection.restore(
                model, from: store, scene: scene, key: key, policy: policy, guard: crashGuard, deepLink: deepLink))
    }

    /// Connects `model` to a scene, restoring it first unless `restoring` is false.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: The errors of ``restore(_:from:scene:key:policy:guard:deepLink:)``.
    public static func connect(
        _ model: Model, to store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil
    ) async throws(NavigationError) -> ScenePersistence {
        ScenePersistence(
            try await SceneConnection.connect(
                model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
                deepLink: deepLink))
    }

    /// Connects, hands the connection over, then keeps writing changes through until the calling
    /// task is cancelled, and closes.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first.
    ///   - crashGuard: The crash-loop guard, or nil for none.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    ///   - connected: Called with the connection once it is made.
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)`` but an
    ///   unrestorable value and a corrupt file, and those of ``close()``.
    public static func run(
        _ model: Model, store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil,
        connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        try await SceneConnection.running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, connected: { connected(ScenePersistence($0)) })
    }

    /// 0.2.0's run, which handed the restore's report to `restored`.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - crashGuard: The crash-loop guard, or nil for none.
    ///   - restored: Called with the restore's report (nil when nothing was stored or restored).
    /// - Throws: The errors of the general run.
    @available(
        *, deprecated,
        message:
            "use run(_:store:scene:key:policy:restoring:guard:deepLink:connected:), whose connected closure gets the connection and its report"
    )
    @_disfavoredOverload
    public static func run(
        _ model: Model, store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        restored: (RestoreReport?) -> Void = { _ in }
    ) async throws(NavigationError) {
        try await SceneConnection.running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: true, guard: crashGuard,
            deepLink: nil, connected: { restored($0.report) })
    }

    /// The restore's report: what was kept, dropped and migrated.
    public var report: RestoreReport? { connection.report }
    /// Why the restore did not apply what was stored as it was, if it did not.
    public var intervention: RestoreIntervention? { connection.intervention }
    /// Where a copy of the scene's file was kept aside, if one was.
    public var keptAsidePath: String? { connection.keptAsidePath }
    /// Whether nothing is written: the stored value is of a newer schema.
    public var isReadOnly: Bool { connection.isReadOnly }
    /// Whether the restore has been marked healthy (true without a guard).
    public var isHealthy: Bool { connection.isHealthy }
    /// Whether ``cancel()`` has stopped the writer.
    public var isCancelled: Bool { connection.isCancelled }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    @available(*, deprecated, message: "a scene's writes are the engine's; flush() returns when the state is durable")
    public var statistics: SceneWriter.Statistics { SceneWriter.Statistics(connection.writerStatistics) }

    /// Marks the restore healthy: the crash-loop guard forgets the launches it counted.
    /// - Throws: ``NavigationError/store(_:)`` when the marker cannot be written.
    public func markHealthy() async throws(NavigationError) { try await connection.markHealthy() }

    /// The scene left the foreground: the last change made durable.
    /// - Throws: The error of the write.
    public func leftForeground() async throws(NavigationError) { try await connection.leftForeground() }

    /// The process is terminating: the restore marked healthy and the state written, blocking.
    /// - Throws: The error of the write.
    public func terminating() throws(NavigationError) { try connection.terminating() }

    /// Waits until the last change is durable.
    /// - Throws: The error of the last write.
    public func flush() async throws(NavigationError) { try await connection.flush() }

    /// Makes the last change durable, marks the restore healthy, and lets the scene's key go.
    /// - Throws: The error of the last write.
    public func close() async throws(NavigationError) { try await connection.close() }

    /// Stops without saving, as a killed process stops.
    public func cancel() async { await connection.cancel() }

    /// Applies a link to the model, as the launch's deep link when it may be.
    /// - Parameters:
    ///   - asLaunchLink: Whether the link may be the launch's.
    ///   - link: The link's change to the model.
    /// - Returns: Whether it was taken as the launch's deep link.
    /// - Throws: ``NavigationError/store(_:)`` when the copy cannot be asked for.
    @discardableResult
    public func applyLink(asLaunchLink: Bool, _ link: (Model) -> Void) throws(NavigationError) -> Bool {
        try connection.applyLink(asLaunchLink: asLaunchLink, link)
    }
}
