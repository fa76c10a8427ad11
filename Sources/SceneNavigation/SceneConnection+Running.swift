import SceneStore

// MARK: - Running

extension ScenePersistence {
    /// Connects, hands the connection over, then keeps writing changes through until the calling
    /// task is cancelled, and closes (the last change durable, the restore healthy): the whole of a
    /// scene's `.task` in one call, with every option of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)``.
    ///
    /// A stored value that cannot be restored at all (not the state's shape: an incompatible build
    /// saved it) does not fail every launch: it is kept aside (``keptAsidePath``), the scene starts
    /// from the model's state, and ``intervention`` says so
    /// (``RestoreIntervention/unrestorable(reason:)``). So does a scene file that is corrupt (not
    /// JSON, or not a scene document): the first write moves it aside
    /// (`<scene>.corrupt-<time>.json`), as every write does.
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first.
    ///   - crashGuard: The crash-loop guard, or nil for none.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    ///   - connected: Called with the connection once it is made: its report, intervention and
    ///     kept-aside copy, and ``leftForeground()`` for the scene's phase.
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)`` but an
    ///   unrestorable value and a corrupt file, and those of ``close()``.
    public static func run(
        _ model: Model, store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil,
        connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        try await running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, connected: connected)
    }

    /// The whole of a scene's `.task`: the body of every `run`.
    static func running(
        _ model: Model, store: StateStore, scene: SceneID, key: String, policy: RestorePolicy, restoring: Bool,
        guard crashGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?, connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        let persistence = try await connectOrStartFresh(
            model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink)
        connected(persistence)
        try await persistence.runUntilCancelled()
    }

    /// Connects; when the stored value cannot be restored at all, starts fresh with it kept aside
    /// (``RestoreDecision/unrestorable(after:)``).
    static func connectOrStartFresh(
        _ model: Model, to store: StateStore, scene: SceneID, key: String, policy: RestorePolicy, restoring: Bool,
        guard crashGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?
    ) async throws(NavigationError) -> ScenePersistence {
        do {
            return try await connect(
                model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
                deepLink: deepLink, unrestorable: nil)
        } catch {
            guard restoring, let reason = RestoreDecision.unrestorable(after: error) else { throw error }
            return try await connect(
                model, to: store, scene: scene, key: key, policy: policy, restoring: false, guard: crashGuard,
                deepLink: deepLink, unrestorable: reason)
        }
    }

    /// Writes changes through until the calling task is cancelled, then closes.
    /// - Throws: The errors of ``close()``.
    func runUntilCancelled() async throws(NavigationError) {
        // Until cancelled; the forwarding task does the work meanwhile.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        try await close()
    }
}
// MARK: - Deprecated

extension ScenePersistence {
    /// 0.2.0's run, which handed the restore's report to `restored` rather than the connection to
    /// `connected`. Forwards to the general
    /// ``run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)``, which restores,
    /// writes changes through until the calling task is cancelled, and makes the last one durable.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored.
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
        try await running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: true, guard: crashGuard,
            deepLink: nil, connected: { restored($0.report) })
    }
}
