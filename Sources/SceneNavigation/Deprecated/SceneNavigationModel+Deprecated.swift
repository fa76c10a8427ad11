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

// MARK: - Deprecated in 0.4.0: restores and reports apart from a scene

extension SceneNavigationModel {
    /// The report of the last link or Handoff the model opened: what of it did not open, and why.
    @available(
        *, deprecated, message: "read the report open(_:with:at:policy:) returns, or a scene's SceneEvent.linkOpened"
    )
    public internal(set) var lastLinkReport: RestoreReport? {
        get { linkReport }
        set { linkReport = newValue }
    }

    /// Why the last link the model was given could not be read at all; nil after one that was read.
    @available(
        *, deprecated,
        message: "catch the LinkError open(_:with:at:policy:) throws, or read a scene's SceneEvent.linkRefused"
    )
    public internal(set) var lastLinkError: LinkError? {
        get { linkError }
        set { linkError = newValue }
    }

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
        message: "a scene's connection (PersistentScene) restores the state; jsonData restores JSON data with a report"
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

    /// Continues a Handoff: restores the state another device sent, element by element and member
    /// by member with the model's resolvers and types, through its migrations from the schema the
    /// sender wrote (the other device may run another version of the app).
    ///
    /// A member that does not decode is left at its initial value, as in a restore. The report is
    /// returned; on an error the model is left as it was.
    ///
    /// - Parameters:
    ///   - payload: What the other device sent.
    ///   - policy: What to do after an element that does not restore.
    /// - Returns: The report: what did not restore, and why.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` (key `handoff`) for a state of
    ///   a newer schema than the model's migrations know; ``NavigationError/cannotDecode(key:reason:location:)``
    ///   for a payload whose state is not JSON or not the state's shape.
    @available(
        *, deprecated,
        message: "use NavigationHandoff.continuing(_:in:policy:), and hand its change to PersistentScene.open(_:)"
    )
    @discardableResult
    public func continueHandoff(_ payload: HandoffPayload, policy: RestorePolicy = RestorePolicy())
        throws(NavigationError) -> RestoreReport
    {
        try continueHandoffPayload(payload, policy: policy)
    }
}

// MARK: - Deprecated in 0.4.0: one way to print a link

extension SceneNavigationModel {
    /// The link to the model's path at `path`.
    /// - Parameters:
    ///   - mapping: The app's links.
    ///   - path: Where the path is in the state.
    /// - Returns: The link.
    /// - Throws: ``LinkError`` with ``LinkError/Code/cannotPrint`` when a route has no place in a link.
    @available(
        *, deprecated, message: "use the mapping's link(for:) of the model's path: mapping.link(for: model.state.path)"
    )
    public func link<Route>(
        with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>
    ) throws(LinkError) -> String {
        try mapping.link(for: state[keyPath: path])
    }
}
