import SceneStore

// MARK: - Running

extension SceneConnection {
    /// The whole of a scene's `.task`: the body of every `run`.
    package static func running(
        _ model: Model, store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil,
        connected: (SceneConnection) -> Void
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
    ) async throws(NavigationError) -> SceneConnection {
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
