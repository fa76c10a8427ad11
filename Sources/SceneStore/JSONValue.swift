/// A JSON value, as stored in a scene document.
///
/// StateStore keeps values as readable JSON rather than opaque blobs. `JSONValue` is the tree that
/// its strict parser produces and its deterministic writer prints: objects are written with their
/// keys sorted by their UTF-8 bytes, numbers keep the exact text they were written with, and the
/// same value always becomes the same bytes.
///
/// ```swift
/// let value: JSONValue = .object(["selectedCategory": .number(JSONNumber(0)), "recipePathIds": .array([])])
/// let bytes = value.serialized()        // {"recipePathIds":[],"selectedCategory":0}
/// let again = try JSONValue(parsing: bytes)
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Keys are unique; the writer sorts them.
    case object([String: JSONValue])
}

/// A JSON number, kept as the exact literal that was parsed or produced.
///
/// Keeping the text means a number read from a file is written back unchanged, whatever its size
/// or precision; conversions to `Int` and `Double` are explicit and fail instead of rounding.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal text, valid under the JSON grammar (RFC 8259).
    public let literal: String

    /// Creates a number from its literal text.
    /// - Parameter literal: Text such as `42`, `-0.5` or `1e3`.
    /// - Returns: nil when the text is not a JSON number.
    public init?(literal: String) {
        var bytes = Array(literal.utf8)
        let valid = bytes.withUnsafeMutableBufferPointer { buffer in
            JSONParser.numberLength(in: UnsafeBufferPointer(buffer), at: 0) == buffer.count
        }
        guard valid, !bytes.isEmpty else { return nil }
        self.literal = literal
    }

    init(validLiteral: String) {
        self.literal = validLiteral
    }

    /// Creates a number from an integer.
    /// - Parameter value: The integer.
    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// Creates a number from a floating-point value.
    /// - Parameter value: A finite value; JSON has no spelling for infinities or NaN.
    /// - Returns: nil when the value is not finite.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Swift prints the shortest text that reads back as the same Double.
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        self.literal = text
    }

    /// The value as an `Int`, or nil when it has a fraction or exponent or does not fit.
    public var intValue: Int? { Int(literal) }

    /// The value as a `Double`, or nil when it is out of range.
    public var doubleValue: Double? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    /// The literal text.
    public var description: String { literal }
}

// MARK: - Parsing

extension JSONValue {
    /// Parses JSON text strictly.
    ///
    /// Accepted is exactly RFC 8259 JSON in UTF-8: no byte order mark, no comments, no trailing
    /// commas, no duplicate keys, no invalid UTF-8, no unescaped control characters, and at most
    /// `maximumDepth` nested arrays and objects.
    ///
    /// With `allowsTrailingCommas`, a comma before a closing `]` or `}` is accepted, as
    /// Foundation's `JSONDecoder` accepts it: for files people write by hand, such as the recipe
    /// data of Apple's sample (scene files are always read strictly).
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - maximumDepth: How deeply arrays and objects may nest.
    ///   - allowsTrailingCommas: Whether `[1,]` and `{"a":1,}` are accepted.
    /// - Throws: ``JSONParseError`` naming the line, column and byte offset of the first problem.
    public init(
        parsing bytes: some Collection<UInt8>, maximumDepth: Int = 256, allowsTrailingCommas: Bool = false
    ) throws(JSONParseError) {
        let result: Result<JSONValue, JSONParseError>
        if let contiguous = bytes.withContiguousStorageIfAvailable({ buffer in
            var parser = JSONParser(buffer, maximumDepth: maximumDepth, allowsTrailingCommas: allowsTrailingCommas)
            return parser.parseDocument()
        }) {
            result = contiguous
        } else {
            let array = Array(bytes)
            result = array.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(buffer, maximumDepth: maximumDepth, allowsTrailingCommas: allowsTrailingCommas)
                return parser.parseDocument()
            }
        }
        self = try result.get()
    }
}

// MARK: - Nesting

extension JSONValue {
    /// How many arrays and objects are nested at the deepest point, as a parser counts them: 0 for
    /// a scalar, 1 for `[]` or `[1]`, 2 for `[[1]]`. Computed without recursion, so that a value
    /// built in memory as deeply as it likes cannot exhaust the stack.
    package var nestingDepth: Int {
        var deepest = 0
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                deepest = max(deepest, depth + 1)
                for element in elements { pending.append((element, depth + 1)) }
            case .object(let members):
                deepest = max(deepest, depth + 1)
                for member in members.values { pending.append((member, depth + 1)) }
            default: break
            }
        }
        return deepest
    }

    /// Whether the value nests deeper than `limit`, found without looking further than that.
    func nestingDepth(exceeding limit: Int) -> Bool {
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                if depth + 1 > limit { return true }
                for element in elements { pending.append((element, depth + 1)) }
            case .object(let members):
                if depth + 1 > limit { return true }
                for member in members.values { pending.append((member, depth + 1)) }
            default: break
            }
        }
        return false
    }
}

// MARK: - Places in the text

extension JSONValue {
    /// One step of a path into a JSON value: a member's name or an element's index.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A member of an object, by name.
        case key(String)
        /// An element of an array, from 0.
        case index(Int)

        /// `name` or `[index]`.
        public var description: String {
            switch self {
            case .key(let name): name
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// Where the value at a path starts in a JSON text: its line and column, as parse errors give
    /// them, for errors about a part of a document that parsed but is not what was expected
    /// (`recipes[3].category`, the member a decoder could not read).
    ///
    /// - Parameters:
    ///   - path: The members and elements leading to the value; empty for the whole text.
    ///   - bytes: The UTF-8 text.
    ///   - allowsTrailingCommas: Whether the text may have commas before `]` and `}`, as it was
    ///     parsed.
    /// - Returns: The value's first byte's place; nil when the text holds no value at the path.
    public static func position(
        of path: [PathComponent], in bytes: some Collection<UInt8>, allowsTrailingCommas: Bool = false
    ) -> JSONTextPosition? {
        let locate = { (buffer: UnsafeBufferPointer<UInt8>) -> JSONTextPosition? in
            var parser = JSONParser(buffer, maximumDepth: 512, allowsTrailingCommas: allowsTrailingCommas)
            return parser.offset(of: path).map { parser.textPosition(ofOffset: $0) }
        }
        if let found = bytes.withContiguousStorageIfAvailable(locate) { return found }
        return Array(bytes).withUnsafeBufferPointer(locate)
    }
}

/// Why a text is not acceptable JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, such as `duplicate key "a"`.
    public let reason: String
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column (in bytes) of the problem.
    public let column: Int
    /// The 0-based byte offset of the problem.
    public let offset: Int

    package init(_ reason: String, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `<reason> at line L, column C`.
    public var description: String { "\(reason) at line \(line), column \(column)" }
}

// MARK: - Writing

extension JSONValue {
    /// The value as UTF-8 JSON text.
    ///
    /// The output is deterministic: object keys are sorted by their UTF-8 bytes, strings escape
    /// only what JSON requires (quote, backslash and control characters), and numbers keep their
    /// literal text. Compact output has no whitespace, which makes it byte-identical to
    /// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` for the same value.
    ///
    /// With `escapingSlashes`, `/` is written as `\/`, as `JSONEncoder` does by default: compact
    /// output is then byte-identical to `JSONEncoder` with `.sortedKeys` alone.
    ///
    /// - Parameters:
    ///   - pretty: Whether to indent by two spaces and put each member on its own line.
    ///   - escapingSlashes: Whether to write `/` as `\/`.
    /// - Returns: The text, without a trailing newline.
    public func serialized(pretty: Bool = false, escapingSlashes: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        var deepest = 0
        write(into: &output, pretty: pretty, indent: 0, escapingSlashes: escapingSlashes, deepest: &deepest)
        return output
    }

    /// Writes the value at a level of indentation, and raises `deepest` to the deepest level of
    /// nesting written (relative to this value: 1 for a flat array).
    func write(
        into output: inout [UInt8], pretty: Bool, indent: Int, escapingSlashes: Bool = false, depth: Int = 0,
        deepest: inout Int
    ) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.literal.utf8)
        case .string(let text): JSONValue.writeString(text, into: &output, escapingSlashes: escapingSlashes)
        case .array(let elements):
            deepest = max(deepest, depth + 1)
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(&output, indent: indent + 1) }
                elements[index].write(
                    into: &output, pretty: pretty, indent: indent + 1, escapingSlashes: escapingSlashes,
                    depth: depth + 1, deepest: &deepest)
            }
            if pretty { JSONValue.newline(&output, indent: indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            deepest = max(deepest, depth + 1)
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(&output, indent: indent + 1) }
                JSONValue.writeString(key, into: &output, escapingSlashes: escapingSlashes)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                members[key, default: .null].write(
                    into: &output, pretty: pretty, indent: indent + 1, escapingSlashes: escapingSlashes,
                    depth: depth + 1, deepest: &deepest)
            }
            if pretty { JSONValue.newline(&output, indent: indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A newline followed by spaces: an indented line start is one slice of it.
    private static let lineStart = [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: 256)

    static func newline(_ output: inout [UInt8], indent: Int) {
        let count = 1 + indent * 2
        if count <= lineStart.count {
            output.append(contentsOf: lineStart[0..<count])
        } else {
            output.append(contentsOf: lineStart)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count - lineStart.count))
        }
    }

    /// Which bytes a string must escape: 1 always (control characters, `"`, `\\`), 2 only when
    /// escaping slashes.
    private static let escapes: [UInt8] = (0...255).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C ? 1 : byte == 0x2F ? 2 : 0
    }

    static func writeString(_ text: String, into output: inout [UInt8], escapingSlashes: Bool = false) {
        output.append(UInt8(ascii: "\""))
        // Most strings (identifiers, names) need no escaping: copy them whole.
        let escaped: UInt8 = escapingSlashes ? 3 : 1
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let needsEscaping = escapes.withUnsafeBufferPointer { table in
                bytes.contains { table[Int($0)] & escaped != 0 }
            }
            if needsEscaping { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/") where escapingSlashes:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: "\\u00".utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

// MARK: - Convenience

extension JSONValue {
    /// The members when the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text when the value is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A short name of the value's kind, for error messages: `object`, `array`, `string`, ...
    package var kindDescription: String { kind.description }

    /// The value's kind.
    package var kind: JSONSpan.Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}
