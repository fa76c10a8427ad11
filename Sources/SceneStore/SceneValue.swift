#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One stored value of a scene: readable JSON, or bytes that are not JSON.
///
/// In the file a value is `{"json": <value>}` or `{"binary": "<base64>"}`, so binary data is
/// allowed but always marked as such, and everything else stays readable.
public enum SceneValue: Sendable, Hashable {
    /// A JSON value, stored as is.
    case json(JSONValue)
    /// Bytes that are not JSON, stored as base64.
    case binary(Data)
}

/// A type that can be stored in a scene directly, as `@SceneStorage` stores its supported types.
///
/// `Bool`, `Int`, `Double`, `String`, `URL`, `Data` and ``SceneValue`` conform. Types with `Int`
/// or `String` raw values are stored through their raw value by the `RawRepresentable` overloads
/// of ``StateStore/value(_:forKey:in:)-8if96``; any `Codable` type through
/// ``StateStore/decodedValue(_:forKey:in:decoder:)``.
public protocol SceneStorable: Sendable {
    /// The value as stored.
    var sceneValue: SceneValue { get }
    /// Reads a stored value; nil when it is not of this type.
    /// - Parameter sceneValue: The stored value.
    init?(sceneValue: SceneValue)
    /// The type's name in error messages, such as `an integer`.
    static var sceneTypeDescription: String { get }
}

extension SceneValue: SceneStorable {
    /// The value itself.
    public var sceneValue: SceneValue { self }
    /// The value itself.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) { self = sceneValue }
    /// `a value`.
    public static var sceneTypeDescription: String { "a value" }
    /// How the value is described in error messages: `a string`, `binary data`, ...
    var kindDescription: String {
        switch self {
        case .binary: "binary data"
        case .json(let value):
            switch value {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }
}

extension Bool: SceneStorable {
    /// `true` or `false`.
    public var sceneValue: SceneValue { .json(.bool(self)) }
    /// Reads a JSON boolean.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard case .json(.bool(let value)) = sceneValue else { return nil }
        self = value
    }
    /// `a boolean`.
    public static var sceneTypeDescription: String { "a boolean" }
}

extension Int: SceneStorable {
    /// A JSON number.
    public var sceneValue: SceneValue { .json(.number(JSONNumber(self))) }
    /// Reads a JSON number without fraction or exponent that fits an `Int`.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard case .json(.number(let number)) = sceneValue, let value = number.intValue else { return nil }
        self = value
    }
    /// `an integer`.
    public static var sceneTypeDescription: String { "an integer" }
}

extension Double: SceneStorable {
    /// A JSON number; a non-finite value, which JSON cannot spell, is stored as `null`.
    public var sceneValue: SceneValue {
        guard let number = JSONNumber(self) else { return .json(.null) }
        return .json(.number(number))
    }
    /// Reads a finite JSON number.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard case .json(.number(let number)) = sceneValue, let value = number.doubleValue else { return nil }
        self = value
    }
    /// `a number`.
    public static var sceneTypeDescription: String { "a number" }
}

extension String: SceneStorable {
    /// A JSON string.
    public var sceneValue: SceneValue { .json(.string(self)) }
    /// Reads a JSON string.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard case .json(.string(let value)) = sceneValue else { return nil }
        self = value
    }
    /// `a string`.
    public static var sceneTypeDescription: String { "a string" }
}

extension URL: SceneStorable {
    /// The URL's absolute string, as a JSON string.
    public var sceneValue: SceneValue { .json(.string(absoluteString)) }
    /// Reads a JSON string that parses as a URL.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard case .json(.string(let text)) = sceneValue, let url = URL(string: text) else { return nil }
        self = url
    }
    /// `a URL`.
    public static var sceneTypeDescription: String { "a URL" }
}

extension Data: SceneStorable {
    /// Data that holds JSON is stored as readable JSON; anything else as marked binary.
    ///
    /// JSON is stored in its canonical form (sorted keys, no insignificant whitespace), so reading
    /// it back gives the same JSON value, byte-identical when the data was already canonical, as
    /// `JSONEncoder` with `.sortedKeys` produces.
    public var sceneValue: SceneValue {
        if let value = try? JSONValue(parsing: self) { return .json(value) }
        return .binary(self)
    }
    /// Reads binary data, or JSON as its canonical bytes.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        switch sceneValue {
        case .binary(let data): self = data
        case .json(let value): self = Data(value.serialized())
        }
    }
    /// `data`.
    public static var sceneTypeDescription: String { "data" }
}
