#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Printing

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, keys sorted: `{"a":[1,true]}`.
    public var description: String { String(decoding: serialized(), as: UTF8.self) }
}

extension SceneValue: CustomStringConvertible {
    /// The value as its scene file stores it, in compact JSON: `{"json":{"a":1}}` or
    /// `{"binary":"AAEC"}`.
    public var description: String {
        switch self {
        case .json(let value): JSONValue.object(["json": value]).description
        case .binary(let data): JSONValue.object(["binary": .string(data.base64EncodedString())]).description
        }
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    /// Decodes any JSON value: null, a boolean, a number, a string, an array or an object.
    ///
    /// A number is read as the decoder gives it: an integer when it is one, else a `Double`, so
    /// its literal text is kept only when the decoder keeps it (the toolkit's own decoder does).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of these.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
            self = .number(number)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a JSON value"))
        }
    }

    /// Encodes the value as the JSON it is. A number is written as an integer when its literal is
    /// one, else as a `Double`, or, beyond `Double`'s range, as a `Decimal`.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let number):
            if let value = number.intValue {
                try container.encode(value)
            } else if let value = number.doubleValue {
                try container.encode(value)
            } else if let value = Decimal(string: number.literal) {
                try container.encode(value)
            } else {
                throw EncodingError.invalidValue(
                    self, .init(codingPath: encoder.codingPath, debugDescription: "number \(number) out of range"))
            }
        case .string(let value): try container.encode(value)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
