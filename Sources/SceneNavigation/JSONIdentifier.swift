import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An identifier that converts to and from its stored JSON directly, so that a path of
/// ``IdentifiedRoute`` values with such an identifier is encoded and restored without the `Codable`
/// machinery per element: one conversion and one lookup each, as a hand-written restore would do.
///
/// `String`, `Int` and `UUID` conform. A conformance must agree with the type's own `Codable`:
/// ``jsonValue`` is what `encode(to:)` writes, and ``init(jsonValue:)`` accepts exactly what
/// `init(from:)` accepts (nil where it throws). A path element that `init(jsonValue:)` refuses is
/// decoded through `init(from:)` after all, so its reason is the decoding error's.
///
/// A path of `UUID`, `Int` or `String` identifiers is saved by one loop of their type, with no
/// string made per `UUID` or `Int`. So is a path of an identifier of your own that is also
/// `RawRepresentable` with such a raw value and stores it as its ``jsonValue``
/// (`rawValue.jsonValue`): all of its values must, as navstate checks the first only.
///
/// A restore from a scene's file reads a path of `UUID`, `Int` or `String` identifiers straight
/// from the file's bytes, with no string or value made per `UUID` or `Int` (a `String`
/// identifier is the string made), when no alias, no resolver of the route type or of its
/// identifier and no typed migration rule could apply; so it reads an identifier of your own that
/// says it is stored as such a raw value and read back from it (``RawJSONIdentifier``).
///
/// ```swift
/// struct NoteID: JSONIdentifier {
///     var rawValue: Int
///     var jsonValue: JSONValue { .number(JSONNumber(rawValue)) }
///     init?(jsonValue: JSONValue) {
///         guard case .number(let number) = jsonValue, let value = number.intValue else { return nil }
///         rawValue = value
///     }
///     init(from decoder: any Decoder) throws { rawValue = try Int(from: decoder) }
///     func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
/// }
/// ```
public protocol JSONIdentifier: Codable, Hashable, Sendable {
    /// The identifier as its `encode(to:)` writes it.
    var jsonValue: JSONValue { get }

    /// The identifier that `init(from:)` decodes from this JSON, or nil where it would throw.
    /// - Parameter jsonValue: The stored JSON.
    init?(jsonValue: JSONValue)
}

extension String: JSONIdentifier {
    /// The string itself.
    public var jsonValue: JSONValue { .string(self) }

    /// A JSON string's text; nil for anything else.
    /// - Parameter jsonValue: The stored JSON.
    public init?(jsonValue: JSONValue) {
        guard case .string(let text) = jsonValue else { return nil }
        self = text
    }
}

extension Int: JSONIdentifier {
    /// The number.
    public var jsonValue: JSONValue { .number(JSONNumber(self)) }

    /// A JSON number that is a whole `Int` (`1.0` and `1e2` too, as `JSONDecoder` reads them); nil
    /// for anything else.
    /// - Parameter jsonValue: The stored JSON.
    public init?(jsonValue: JSONValue) {
        guard case .number(let number) = jsonValue else { return nil }
        if let exact = Int(number.literal) {
            self = exact
        } else if let double = Double(number.literal), double.isFinite, let exact = Int(exactly: double) {
            self = exact
        } else {
            return nil
        }
    }
}

extension UUID: JSONIdentifier {
    /// The UUID's text, upper-case, as `JSONEncoder` writes it.
    public var jsonValue: JSONValue { .string(UUIDText.string(of: self)) }

    /// A JSON string that is a UUID in either case; nil for anything else.
    /// - Parameter jsonValue: The stored JSON.
    public init?(jsonValue: JSONValue) {
        guard case .string(let text) = jsonValue, let uuid = UUIDText.parse(text) else { return nil }
        self = uuid
    }
}

/// An identifier that writes its stored JSON straight as text, with no value or string in between:
/// what a save of a long path of such identifiers costs per element is the bytes it writes. What
/// it writes is exactly the text of its ``JSONIdentifier/jsonValue``.
package protocol JSONTextIdentifier: JSONIdentifier {
    /// Writes an array of identifiers, each as the text of its ``JSONIdentifier/jsonValue``, in one
    /// loop of the identifier's own type.
    /// - Parameters:
    ///   - ids: The identifiers.
    ///   - writer: The text being written.
    static func writeArray(_ ids: [Self], to writer: inout JSONTextWriter)

    /// Reads an array of identifiers straight from its checked text, with no string or value made
    /// per element (but a `String`'s own), accepting only what ``JSONIdentifier/init(jsonValue:)``
    /// accepts, read as it reads it; nil when the text is not an array, or an element is not an
    /// identifier's plain text (such as `1.0` for an `Int`, which ``JSONIdentifier/init(jsonValue:)``
    /// reads: the path is then read from its values).
    /// - Parameter span: The checked text.
    /// - Returns: The identifiers, in order, or nil.
    static func readArray(_ span: JSONSpan) -> [Self]?
}

extension UUID: JSONTextIdentifier {
    /// Writes each UUID's upper-case text.
    package static func writeArray(_ ids: [UUID], to writer: inout JSONTextWriter) {
        writer.array(ofUUIDs: ids)
    }

    /// Reads each UUID's text, in either case.
    package static func readArray(_ span: JSONSpan) -> [UUID]? {
        span.uuids()
    }
}

extension Int: JSONTextIdentifier {
    /// Writes each number's digits.
    package static func writeArray(_ ids: [Int], to writer: inout JSONTextWriter) {
        writer.array(ofInts: ids)
    }

    /// Reads each number written as an integer (`1.0` and `1e2` are left to ``init(jsonValue:)``).
    package static func readArray(_ span: JSONSpan) -> [Int]? {
        span.integers()
    }
}

extension String: JSONTextIdentifier {
    /// Writes each string, escaped.
    package static func writeArray(_ ids: [String], to writer: inout JSONTextWriter) {
        writer.array(ofStrings: ids)
    }

    /// Reads each string.
    package static func readArray(_ span: JSONSpan) -> [String]? {
        span.strings()
    }
}
