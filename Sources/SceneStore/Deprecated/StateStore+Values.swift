#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's keyed values, documents and writers, the engine's since 0.4.0

/// What a scene's values are made of, how they are written and read, is the navigation layer's
/// (SceneNavigation writes a scene's state through a connection, `PersistentScene`); the store's
/// handle opens, lists, removes, prunes and recovers. These calls do what they did.
extension StateStore {
    /// Reads a typed value.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    public func value<Value: SceneStorable>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> Value? {
        guard let stored = try readSceneValue(forKey: key, in: scene) else { return nil }
        guard let value = Value(sceneValue: stored) else {
            throw .typeMismatch(
                key: key, scene: scene, expected: Value.sceneTypeDescription, found: stored.kindDescription)
        }
        return value
    }

    /// Writes a typed value, or removes it when nil.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func set<Value: SceneStorable>(
        _ value: Value?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try putSceneValue(value?.sceneValue, forKey: key, in: scene))
    }

    /// Reads a value stored through its raw value.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    public func value<Value: RawRepresentable>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> Value? where Value.RawValue: SceneStorable {
        guard let raw = try value(Value.RawValue.self, forKey: key, in: scene) else { return nil }
        guard let value = Value(rawValue: raw) else {
            throw .typeMismatch(
                key: key, scene: scene, expected: "a value of \(Value.self)", found: "the raw value \(raw)")
        }
        return value
    }

    /// Writes a value through its raw value, or removes it when nil.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func set<Value: RawRepresentable>(
        _ value: Value?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> SceneWriteOutcome where Value.RawValue: SceneStorable {
        SceneWriteOutcome(try putSceneValue(value?.rawValue.sceneValue, forKey: key, in: scene))
    }

    /// Reads a `Decodable` value stored as JSON.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    public func decodedValue<Value: Decodable>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID,
        decoder: JSONDecoder = JSONDecoder()
    ) throws(SceneStoreError) -> Value? {
        try readDecoded(type, forKey: key, in: scene, decoder: decoder)
    }

    /// Writes an `Encodable` value as JSON, or removes it when nil.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func setEncoded<Value: Encodable>(
        _ value: Value?, forKey key: String, in scene: SceneID, encoder: JSONEncoder = JSONEncoder()
    ) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try putEncoded(value, forKey: key, in: scene, encoder: encoder))
    }

    /// Reads, changes and writes a scene's values under its lock.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func update(
        _ scene: SceneID, _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try updateValues(scene, body))
    }

    /// Changes the values of a scene that exists.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func updateExisting(
        _ scene: SceneID, _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try updateExistingValues(scene, body))
    }

    /// Writes a value, or removes it when nil.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func setSceneValue(
        _ value: SceneValue?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try putSceneValue(value, forKey: key, in: scene))
    }

    /// Reads a value as stored.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    public func sceneValue(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> SceneValue? {
        try readSceneValue(forKey: key, in: scene)
    }

    /// Removes a value.
    @available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
    @discardableResult
    public func removeValue(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> SceneWriteOutcome {
        SceneWriteOutcome(try deleteValue(forKey: key, in: scene))
    }

    /// A scene's document.
    @available(*, deprecated, message: "list scenes with scenes(); navstate inspect shows a scene's file")
    public func document(for scene: SceneID) throws(SceneStoreError) -> SceneDocument {
        SceneDocument(try storedDocument(for: scene))
    }

    /// A kept-aside copy's document.
    @available(
        *, deprecated,
        message: "bring a copy back with recover(_:key:from:dryRun:) (SceneNavigation), dryRun: true to look"
    )
    public func document(ofKeptAside file: KeptAsideFile) throws(SceneStoreError) -> SceneDocument {
        SceneDocument(try storedDocument(ofKeptAside: file))
    }

    /// Keeps a copy of a scene's file aside.
    @available(*, deprecated, message: "the navigation layer keeps copies aside where a restore needs one")
    @discardableResult
    public func keepAside(
        _ scene: SceneID, reason: KeptAsideFile.Reason, if shouldKeep: (SceneDocument) -> Bool = { _ in true }
    ) throws(SceneStoreError) -> String? {
        try keepAsideCopy(scene, reason: reason, if: { shouldKeep(SceneDocument($0)) })
    }

    /// The IDs of the stored scenes.
    @available(*, deprecated, message: "use scenes(), which lists every scene with its summary")
    public func sceneIDs() throws(SceneStoreError) -> [SceneID] {
        try storedSceneIDs()
    }

    /// A writer of one value of a scene.
    @available(*, deprecated, message: "a scene's values are written by its connection (PersistentScene)")
    public func writer(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> SceneWriter {
        SceneWriter(try makeWriter(forKey: key, in: scene))
    }

    /// Writes a stream of values through, coalescing bursts.
    @available(*, deprecated, message: "a scene's values are written by its connection (PersistentScene)")
    @discardableResult
    public func writeThrough<Values: AsyncSequence>(
        _ values: Values, forKey key: String, in scene: SceneID
    ) async throws(SceneStoreError) -> SceneWriter.Statistics
    where Values.Element: SceneStorable, Values.Failure == Never {
        SceneWriter.Statistics(try await writingThrough(values.map { $0.sceneValue }, forKey: key, in: scene))
    }

    /// Writes a stream of `Encodable` values through as JSON, coalescing bursts.
    @available(*, deprecated, message: "a scene's values are written by its connection (PersistentScene)")
    @discardableResult
    public func writeThrough<Values: AsyncSequence>(
        encoding values: Values, forKey key: String, in scene: SceneID, encoder: JSONEncoder = JSONEncoder()
    ) async throws(SceneStoreError) -> SceneWriter.Statistics
    where Values.Element: Encodable & Sendable, Values.Failure == Never {
        SceneWriter.Statistics(try await writingThrough(encoding: values, forKey: key, in: scene, encoder: encoder))
    }

    /// A scene file's size against the store's size budget.
    @available(*, deprecated, message: "compare a scene's size in scenes() with the configuration's sizeBudget")
    public func budget(of scene: SceneID) throws(SceneStoreError) -> SceneBudget? {
        try storedBudget(of: scene).map(SceneBudget.init)
    }
}
