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

extension SceneValue {
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
