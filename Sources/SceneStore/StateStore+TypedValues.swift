#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Typed values

extension StateStore {
    /// Reads a value of one of the types `@SceneStorage` supports.
    /// - Parameters:
    ///   - type: The type to read, such as `Int.self`.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: The value, or nil when the scene or the key has none.
    /// - Throws: ``SceneStoreError/typeMismatch(key:scene:expected:found:)`` when the stored value
    ///   is of another type, or the errors of ``readSceneValue(forKey:in:)``.
    package func read<Value: StoredScalar>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> Value? {
        guard let stored = try readSceneValue(forKey: key, in: scene) else { return nil }
        guard let value = Value(storedValue: stored) else {
            throw .typeMismatch(
                key: key, scene: scene, expected: Value.storedTypeDescription, found: stored.kindDescription)
        }
        return value
    }

    /// Stores a value of one of the types `@SceneStorage` supports; nil removes the key.
    /// - Parameters:
    ///   - value: The value, or nil.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: What was written.
    /// - Throws: The errors of ``putSceneValue(_:forKey:in:)``.
    @discardableResult
    package func put<Value: StoredScalar>(
        _ value: Value?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> WriteOutcome {
        try putSceneValue(value?.storedValue, forKey: key, in: scene)
    }

    /// Reads a value stored through its raw value, such as an enum with `Int` or `String` raw values.
    /// - Parameters:
    ///   - type: The type to read.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: The value, or nil when the scene or the key has none.
    /// - Throws: ``SceneStoreError/typeMismatch(key:scene:expected:found:)`` when the stored raw
    ///   value is of another type or names no value of `type`, or the errors of ``readSceneValue(forKey:in:)``.
    package func read<Value: RawRepresentable>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> Value? where Value.RawValue: StoredScalar {
        guard let raw = try read(Value.RawValue.self, forKey: key, in: scene) else { return nil }
        guard let value = Value(rawValue: raw) else {
            throw .typeMismatch(
                key: key, scene: scene, expected: "a value of \(Value.self)", found: "the raw value \(raw)")
        }
        return value
    }

    /// Stores a value through its raw value; nil removes the key.
    /// - Parameters:
    ///   - value: The value, or nil.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: What was written.
    /// - Throws: The errors of ``putSceneValue(_:forKey:in:)``.
    @discardableResult
    package func put<Value: RawRepresentable>(
        _ value: Value?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> WriteOutcome where Value.RawValue: StoredScalar {
        try putSceneValue(value?.rawValue.storedValue, forKey: key, in: scene)
    }

    /// Reads any `Decodable` value, stored as readable JSON by ``setEncoded(_:forKey:in:encoder:)``.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - decoder: The decoder to use.
    /// - Returns: The value, or nil when the scene or the key has none.
    /// - Throws: ``SceneStoreError/cannotDecode(key:scene:reason:)`` when the stored JSON does not
    ///   decode, ``SceneStoreError/typeMismatch(key:scene:expected:found:)`` when it is binary, or the
    ///   errors of ``sceneValue(forKey:in:)``.
    package func readDecoded<Value: Decodable>(
        _ type: Value.Type = Value.self, forKey key: String, in scene: SceneID,
        decoder: JSONDecoder = JSONDecoder()
    ) throws(SceneStoreError) -> Value? {
        guard let stored = try readSceneValue(forKey: key, in: scene) else { return nil }
        guard case .json(let json) = stored else {
            throw .typeMismatch(key: key, scene: scene, expected: "JSON", found: stored.kindDescription)
        }
        do {
            return try decoder.decode(Value.self, from: Data(json.serialized()))
        } catch {
            throw .cannotDecode(key: key, scene: scene, reason: String(describing: error))
        }
    }

    /// Stores any `Encodable` value as readable JSON; nil removes the key.
    /// - Parameters:
    ///   - value: The value, or nil.
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - encoder: The encoder to use.
    /// - Returns: What was written.
    /// - Throws: ``SceneStoreError/cannotEncode(key:reason:)`` when encoding fails, or the errors of
    ///   ``setSceneValue(_:forKey:in:)``.
    @discardableResult
    package func putEncoded<Value: Encodable>(
        _ value: Value?, forKey key: String, in scene: SceneID, encoder: JSONEncoder = JSONEncoder()
    ) throws(SceneStoreError) -> WriteOutcome {
        guard let value else { return try putSceneValue(nil, forKey: key, in: scene) }
        return try putSceneValue(.json(try ValueWriter.encode(value, key: key, with: encoder)), forKey: key, in: scene)
    }
}
