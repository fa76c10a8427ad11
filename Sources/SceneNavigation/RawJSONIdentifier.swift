import SceneStore

/// An identifier stored as its raw value (a `UUID`, an `Int`, a `String`, or any other
/// ``JSONIdentifier``), and read back as the identifier of the raw value read.
///
/// Conforming says that the identifier's JSON is its raw value's (``JSONIdentifier/jsonValue`` is
/// `rawValue.jsonValue`) and that ``JSONIdentifier/init(jsonValue:)`` is `init(rawValue:)` of the
/// raw value read; the defaults are exactly that. A path of such identifiers with a `UUID`, `Int`
/// or `String` raw value is then restored from a scene's file as a path of its raw values is: the
/// raw values read straight from the bytes, with no string or value made per `UUID` or `Int`, each
/// made an identifier by `init(rawValue:)` and looked up. navstate takes the promise as made and
/// does not check it: a type whose own `init(jsonValue:)` refuses a raw value that
/// `init(rawValue:)` takes should conform to ``JSONIdentifier`` alone. A route type generic over
/// its identifier does not see the conformance, and its path is read from its JSON values.
///
/// ```swift
/// struct TicketID: RawJSONIdentifier, Codable {
///     var rawValue: UUID
///     init(rawValue: UUID) { self.rawValue = rawValue }
///     init(from decoder: any Decoder) throws { rawValue = try UUID(from: decoder) }
///     func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
/// }
/// ```
public protocol RawJSONIdentifier: JSONIdentifier, RawRepresentable where RawValue: JSONIdentifier {}

extension RawJSONIdentifier {
    /// The raw value's JSON.
    public var jsonValue: JSONValue { rawValue.jsonValue }

    /// The identifier of the raw value the JSON holds; nil when it holds none, or when the raw
    /// value makes no identifier.
    /// - Parameter jsonValue: The stored JSON.
    public init?(jsonValue: JSONValue) {
        guard let raw = RawValue(jsonValue: jsonValue) else { return nil }
        self.init(rawValue: raw)
    }
}
