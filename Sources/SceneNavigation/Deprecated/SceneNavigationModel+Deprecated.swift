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
    @available(*, deprecated, message: "use NavigationCoding.encode(_:) on the state; ScenePersistence stores it")
    public static func sceneValue(of snapshot: Snapshot) throws(NavigationError) -> SceneValue {
        .json(try NavigationCoding.encode(snapshot.state))
    }

    /// Whether a stored value decodes as this model's state (element drops aside).
    /// - Parameter value: The stored value.
    /// - Returns: Whether it decodes.
    @available(*, deprecated, message: "use NavigationCoding.decode(_:from:...) and read its report")
    public static func canRestore(from value: SceneValue) -> Bool {
        (try? NavigationCoding.decode(State.self, from: value)) != nil
    }
}
