#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's typed values, the engine's since 0.4.0

/// A type that can be stored in a scene directly, as `@SceneStorage` stores its supported types.
///
/// `Bool`, `Int`, `Double`, `String`, `URL`, `Data` and ``SceneValue`` conform. Types with `Int`
/// or `String` raw values are stored through their raw value by the `RawRepresentable` overloads
/// of `StateStore.value(_:forKey:in:)`; any `Codable` type through
/// `StateStore.decodedValue(_:forKey:in:decoder:)`.
@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
public protocol SceneStorable: Sendable {
    /// The value as stored.
    var sceneValue: SceneValue { get }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    init?(sceneValue: SceneValue)
    /// The type's name in error messages, such as `an integer`.
    static var sceneTypeDescription: String { get }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension SceneValue: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension Bool: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension Int: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension Double: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension String: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension URL: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}

@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
extension Data: SceneStorable {
    /// The value as stored.
    public var sceneValue: SceneValue { storedValue }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self.init(storedValue: sceneValue) }
    /// The type's name in error messages.
    public static var sceneTypeDescription: String { storedTypeDescription }
}
