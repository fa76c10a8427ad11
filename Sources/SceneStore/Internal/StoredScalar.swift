#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A type the engine stores in a scene directly, as `@SceneStorage` stores its supported types:
/// `Bool`, `Int`, `Double`, `String`, `URL`, `Data` and ``SceneValue`` itself; types with such raw
/// values through their raw value.
package protocol StoredScalar: Sendable {
    /// The value as stored.
    var storedValue: SceneValue { get }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter storedValue: The stored value.
    init?(storedValue: SceneValue)
    /// The type's name in error messages, such as `an integer`.
    static var storedTypeDescription: String { get }
}

extension SceneValue: StoredScalar {
    /// The value itself.
    package var storedValue: SceneValue { self }
    /// The value itself.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) { self = sceneValue }
    /// `a value`.
    package static var storedTypeDescription: String { "a value" }
}

extension Bool: StoredScalar {
    /// `true` or `false`.
    package var storedValue: SceneValue { .json(.bool(self)) }
    /// Reads a JSON boolean.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        guard case .json(.bool(let value)) = sceneValue else { return nil }
        self = value
    }
    /// `a boolean`.
    package static var storedTypeDescription: String { "a boolean" }
}

extension Int: StoredScalar {
    /// A JSON number.
    package var storedValue: SceneValue { .json(.number(JSONNumber(self))) }
    /// Reads a JSON number without fraction or exponent that fits an `Int`.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        guard case .json(.number(let number)) = sceneValue, let value = number.intValue else { return nil }
        self = value
    }
    /// `an integer`.
    package static var storedTypeDescription: String { "an integer" }
}

extension Double: StoredScalar {
    /// A JSON number; a non-finite value, which JSON cannot spell, is stored as `null`.
    package var storedValue: SceneValue {
        guard let number = JSONNumber(self) else { return .json(.null) }
        return .json(.number(number))
    }
    /// Reads a finite JSON number.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        guard case .json(.number(let number)) = sceneValue, let value = number.doubleValue else { return nil }
        self = value
    }
    /// `a number`.
    package static var storedTypeDescription: String { "a number" }
}

extension String: StoredScalar {
    /// A JSON string.
    package var storedValue: SceneValue { .json(.string(self)) }
    /// Reads a JSON string.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        guard case .json(.string(let value)) = sceneValue else { return nil }
        self = value
    }
    /// `a string`.
    package static var storedTypeDescription: String { "a string" }
}

extension URL: StoredScalar {
    /// The URL's absolute string, as a JSON string.
    package var storedValue: SceneValue { .json(.string(absoluteString)) }
    /// Reads a JSON string that parses as a URL.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        guard case .json(.string(let text)) = sceneValue, let url = URL(string: text) else { return nil }
        self = url
    }
    /// `a URL`.
    package static var storedTypeDescription: String { "a URL" }
}

extension Data: StoredScalar {
    /// Data that holds JSON is stored as readable JSON; anything else as marked binary.
    ///
    /// JSON is stored in its canonical form (sorted keys, no insignificant whitespace), so reading
    /// it back gives the same JSON value, byte-identical when the data was already canonical, as
    /// `JSONEncoder` with `.sortedKeys` produces.
    package var storedValue: SceneValue {
        if let value = try? JSONValue(parsing: self) { return .json(value) }
        return .binary(self)
    }
    /// Reads binary data, or JSON as its canonical bytes.
    /// - Parameter storedValue: The stored value.
    package init?(storedValue sceneValue: SceneValue) {
        switch sceneValue {
        case .binary(let data): self = data
        case .json(let value): self = Data(value.serialized())
        }
    }
    /// `data`.
    package static var storedTypeDescription: String { "data" }
}
