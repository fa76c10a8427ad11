import SceneStore

// MARK: - Deprecated: 0.2.0's requirements of PersistableNavigationModel, until 0.4.0

extension SceneNavigationModel {
    /// A snapshot's revision.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: Its revision.
    @available(*, deprecated, message: "read the snapshot's revision")
    public nonisolated static func revision(of snapshot: Snapshot) -> UInt64 { snapshot.revision }

    /// A snapshot's state as stored.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: The value to store.
    /// - Throws: ``NavigationError/cannotEncode(reason:)`` when the state cannot be encoded.
    @available(*, deprecated, message: "a scene's connection (PersistentScene) stores the state; jsonData is its JSON")
    public static func sceneValue(of snapshot: Snapshot) throws(NavigationError) -> SceneValue {
        .json(try StateCoding.encode(snapshot.state))
    }

    /// Whether a stored value decodes as this model's state (element drops aside).
    /// - Parameter value: The stored value.
    /// - Returns: Whether it decodes.
    @available(
        *, deprecated, message: "a scene's connection (PersistentScene) restores the state and reports what it dropped"
    )
    public static func canRestore(from value: SceneValue) -> Bool {
        (try? StateCoding.decode(State.self, from: value)) != nil
    }
}

// MARK: - Deprecated in 0.4.0: restores apart from a scene

extension SceneNavigationModel {
    /// Restores the state from a stored scene value, each path element by element and each member
    /// on its own.
    /// - Parameters:
    ///   - value: The stored value: JSON, or binary data holding JSON.
    ///   - key: The value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - schemaVersion: The schema version the value was stored with.
    /// - Returns: What was dropped and migrated, and why.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)``.
    @available(
        *, deprecated,
        message:
            "a scene's connection (PersistentScene) restores the state, from the schema stored beside it; jsonData restores the model's own JSON with a report"
    )
    @discardableResult
    public func restore(
        from value: SceneValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        schemaVersion: Int = 0
    ) throws(NavigationError) -> RestoreReport {
        try restoreValue(value, key: key, policy: policy, schemaVersion: schemaVersion)
    }

    /// Restores the model from a value given as input, strictly: an element or member that does not
    /// decode is an error naming where it is.
    /// - Parameters:
    ///   - value: The input: JSON, or binary data holding JSON.
    ///   - key: The value's key, for error messages.
    ///   - policy: What to do with elements the app's lookups find nothing for.
    ///   - schemaVersion: The schema version the input is of.
    /// - Returns: What was dropped and migrated.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)``.
    @available(*, deprecated, message: "use navstate save --input, or a scene's connection (PersistentScene)")
    @discardableResult
    public func restore(
        importing value: SceneValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        schemaVersion: Int = 0
    ) throws(NavigationError) -> RestoreReport {
        try importValue(value, key: key, policy: policy, schemaVersion: schemaVersion)
    }

    /// Restores the model from what a scene stores, changing nothing on disk.
    /// - Parameters:
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    /// - Returns: What was restored, or why nothing was, and when the scene was saved.
    /// - Throws: ``NavigationError/store(_:)``, ``NavigationError/noValue(key:in:keys:)``, or the
    ///   errors of a restore.
    @available(
        *, deprecated, message: "use a scene's connection (PersistentScene) and its outcome, or navstate restore"
    )
    @discardableResult
    public func restore(
        from store: StateStore, scene: SceneID, key: String = "navigation", policy: RestorePolicy = RestorePolicy()
    ) async throws(NavigationError) -> RestoreOutcome {
        try await restoreReadOnly(from: store, scene: scene, key: key, policy: policy)
    }
}
