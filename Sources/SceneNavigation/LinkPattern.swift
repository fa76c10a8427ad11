/// How one route case stands in a link: its path segments and query items, with typed
/// parameters, declared once for reading links and printing them.
///
/// A pattern is path segments separated by `/`, then optionally `?` and query parameters
/// separated by `&`:
///
/// - a literal segment (letters, digits, `-`, `.`, `_`, `~`) is matched exactly;
/// - a parameter `{name}` or `{name:type}` takes one segment, or a query item `name=value`;
///   `type` is `string` (the default), `int`, `double`, `bool` (`true` or `false`) or `uuid`;
/// - a parameter's name is the member of the route it fills, as the route's `Codable` form names
///   it (`id` for `case message(id: Int)`, `_0` for an unlabelled value); dots reach into a
///   nested value (`{mailbox.name}` fills `mailbox`'s `name`);
/// - path parameters are required; query parameters are optional (absent when the route holds
///   none).
///
/// The pattern stands for a case of the route enum (its name as the route's `Codable` form writes
/// it, `{"message":{"id":42}}`); with `value:`, for a route that is its one parameter (an
/// identifier, a raw-value enum); or, with neither, for a route that is a structure whose members
/// are its parameters.
///
/// ```swift
/// LinkPattern("message/{id:int}", case: "message")        // mail://message/42
/// LinkPattern("compose?{to}&{subject}", case: "compose")  // mail://compose?to=ana
/// LinkPattern("recipe/{id:uuid}", value: "id")            // a route stored as its UUID
/// ```
///
/// Several patterns may stand for one case: the first prints, and all of them read, so a link an
/// earlier version of the app printed still opens after a rename.
public struct LinkPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern's text.
    package let pattern: String
    /// The route case it stands for, or nil for a route that is its one parameter or a structure.
    package let caseName: String?
    /// The parameter that is the route itself, or nil for a case or a structure.
    package let valueParameter: String?
    /// The pattern, read; or why it cannot be.
    let compiled: Result<Compiled, NavigationError>

    /// A pattern for a case of the route enum.
    /// - Parameters:
    ///   - pattern: The segments and query parameters.
    ///   - caseName: The case's name, as the route's `Codable` form writes it.
    public init(_ pattern: String, case caseName: String) {
        self.pattern = pattern
        self.caseName = caseName
        valueParameter = nil
        compiled = Compiled.read(pattern, caseName: caseName, valueParameter: nil)
    }

    /// A pattern for a route that is a structure: its parameters are the route's own members
    /// (`LinkPattern("user/{id:int}/{name}")` for `struct User: Codable { var id: Int; var name: String }`).
    /// - Parameter pattern: The segments and query parameters.
    public init(_ pattern: String) {
        self.pattern = pattern
        caseName = nil
        valueParameter = nil
        compiled = Compiled.read(pattern, caseName: nil, valueParameter: nil)
    }

    /// A pattern for a route that is one parameter: an identifier, a raw value.
    /// - Parameters:
    ///   - pattern: The segments, one of which is the parameter.
    ///   - parameter: The parameter's name in the pattern.
    public init(_ pattern: String, value parameter: String) {
        self.pattern = pattern
        caseName = nil
        valueParameter = parameter
        compiled = Compiled.read(pattern, caseName: nil, valueParameter: parameter)
    }

    /// The pattern and what it stands for: `message/{id:int} -> case message`, `-> value id`,
    /// `-> members`.
    public var description: String {
        if let caseName { return "\(pattern) -> case \(caseName)" }
        if let valueParameter { return "\(pattern) -> value \(valueParameter)" }
        return "\(pattern) -> members"
    }

    /// Whether the pattern can be read; the error says why not.
    /// - Throws: ``NavigationError`` with the code `invalid-pattern`.
    package func validate() throws(NavigationError) {
        _ = try compiled.get()
    }
}

// MARK: - Coding

extension LinkPattern: Codable {
    private enum CodingKeys: String, CodingKey {
        case pattern
        case caseName = "case"
        case valueParameter = "value"
    }

    /// Reads `{"pattern": "message/{id:int}", "case": "message"}`, `{"pattern": ..., "value": "id"}`,
    /// or `{"pattern": ...}` (a structure's members).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the pattern is missing, both `case` and `value` are given, or
    ///   the pattern cannot be read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pattern = try container.decode(String.self, forKey: .pattern)
        let caseName = try container.decodeIfPresent(String.self, forKey: .caseName)
        let value = try container.decodeIfPresent(String.self, forKey: .valueParameter)
        switch (caseName, value) {
        case (let caseName?, nil): self.init(pattern, case: caseName)
        case (nil, let value?): self.init(pattern, value: value)
        case (nil, nil): self.init(pattern)
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "a link pattern has 'case' or 'value', not both"))
        }
        if case .failure(let error) = compiled {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Writes the pattern and its case or value parameter.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern, forKey: .pattern)
        try container.encodeIfPresent(caseName, forKey: .caseName)
        try container.encodeIfPresent(valueParameter, forKey: .valueParameter)
    }
}
