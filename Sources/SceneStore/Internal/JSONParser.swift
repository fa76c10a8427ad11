/// A strict RFC 8259 parser over a byte buffer.
///
/// Written by hand rather than using `JSONSerialization` because StateStore must reject what
/// Foundation accepts silently (duplicate keys keep the first there) and must say where a file is
/// broken (Foundation loses the location on Linux).
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    /// Whether a comma may come before a closing bracket or brace (never in scene files).
    private let allowsTrailingCommas: Bool
    /// Whether values are built into a tree, or only checked (``checkDocument()``), each array's and
    /// object's start and end noted instead: the same grammar and the same errors either way.
    private let building: Bool
    private var position = 0
    private var depth = 0
    /// In a check, where each array and object starts, in the order they open (so ascending).
    private(set) var containerStarts: [Int] = []
    /// In a check, where each array and object ends (one past its closing bracket), in the order
    /// they open: `containerEnds[i]` is the end of the container that starts at `containerStarts[i]`.
    private(set) var containerEnds: [Int] = []
    /// In a check, the places of the keys of the objects open, for their duplicates: each object's
    /// from where it opened.
    private var keyPlaces: [Range<Int>] = []

    init(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, allowsTrailingCommas: Bool = false,
        building: Bool = true
    ) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.allowsTrailingCommas = allowsTrailingCommas
        self.building = building
    }

    /// After a comma: whether the container closes here, with a trailing comma that is allowed.
    private mutating func closesAfterComma(_ closing: Character) -> Bool {
        guard allowsTrailingCommas else { return false }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == closing.asciiValue else { return false }
        position += 1
        depth -= 1
        return true
    }

    mutating func parseDocument() -> Result<JSONValue, JSONParseError> {
        parseWhole().map(\.value)
    }

    /// Checks the text as ``parseDocument()`` parses it, building no value (and no string but those
    /// with escapes or non-ASCII text, to check them, and the keys of an object of many keys), and
    /// notes where each array and object starts and ends (``containerStarts``,
    /// ``containerEnds``). Made with `building: false`.
    /// - Returns: Where the value lies in the text, without the whitespace around it; or the error
    ///   that ``parseDocument()`` gives.
    mutating func checkDocument() -> Result<Range<Int>, JSONParseError> {
        parseWhole().map(\.range)
    }

    private mutating func parseWhole() -> Result<(value: JSONValue, range: Range<Int>), JSONParseError> {
        do throws(JSONParseError) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                throw error("byte order mark is not allowed")
            }
            skipWhitespace()
            if position == bytes.count { throw error("empty document") }
            let start = position
            let value = try parseValue()
            let end = position
            skipWhitespace()
            if position != bytes.count { throw error("unexpected \(describeByte()) after the value") }
            return .success((value, start..<end))
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Locating

    /// The byte offset where the value at `path` starts, or nil when the text has no value there
    /// (or is not valid JSON on the way to it). Values beside the path are parsed to be skipped.
    mutating func offset(of path: [JSONValue.PathComponent]) -> Int? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return nil }
        var remaining = path[...]
        do throws(JSONParseError) {
            while true {
                skipWhitespace()
                guard position < bytes.count else { return nil }
                guard let component = remaining.popFirst() else { return position }
                switch component {
                case .key(let wanted):
                    guard bytes[position] == UInt8(ascii: "{") else { return nil }
                    position += 1
                    guard try seekMember(wanted) else { return nil }
                case .index(let wanted):
                    guard bytes[position] == UInt8(ascii: "[") else { return nil }
                    position += 1
                    guard try seekElement(wanted) else { return nil }
                }
            }
        } catch {
            return nil
        }
    }

    /// Inside an object, moves to the value of the member named `wanted`; false when it has none.
    private mutating func seekMember(_ wanted: String) throws(JSONParseError) -> Bool {
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
            let name = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            if name == wanted { return true }
            skipWhitespace()
            _ = try parseValue()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
            position += 1
        }
    }

    /// Inside an array, moves to the element at `wanted`; false when it has none.
    private mutating func seekElement(_ wanted: Int) throws(JSONParseError) -> Bool {
        var index = 0
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return false }
            if index == wanted { return true }
            _ = try parseValue()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
            position += 1
            index += 1
        }
    }

    /// The line and column of a byte offset, as errors give them.
    func textPosition(ofOffset offset: Int) -> JSONTextPosition {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONTextPosition(line: line, column: end - lineStart + 1, offset: end)
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let text = try parseString(building: building)
            return building ? .string(text) : .null
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeByte())")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError)
        -> JSONValue
    {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw error("invalid literal")
        }
        position += count
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let length = JSONParser.numberLength(in: bytes, at: position)
        guard length > 0 else { throw error("invalid number") }
        guard building else {
            position += length
            return .null
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        position += length
        return .number(JSONNumber(validLiteral: text))
    }

    /// The length of the valid number at `start`, or 0 when there is none.
    static func numberLength(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        func digit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { return 0 }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while digit(index) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else { return 0 }
            while digit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digit(index) else { return 0 }
            while digit(index) { index += 1 }
        }
        // A number glued to more digits or letters ("01", "1x") is not a number.
        if index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
            return 0
        }
        return index - start
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        let start = opened()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return closed(start, .array(elements))
        }
        while true {
            skipWhitespace()
            let element = try parseValue()
            if building { elements.append(element) }
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                if closesAfterComma("]") { return closed(start, .array(elements)) }
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return closed(start, .array(elements))
            }
            throw error("expected ',' or ']' in array, found \(describeByte())")
        }
    }

    /// A container opens here: in a check, its start noted. Returns its ordinal, in a check, or its
    /// place.
    private mutating func opened() -> Int {
        guard !building else { return position }
        containerStarts.append(position)
        containerEnds.append(0)
        return containerEnds.count - 1
    }

    /// A container just closed: in a check, its end noted (and nothing built).
    private mutating func closed(_ ordinal: Int, _ value: JSONValue) -> JSONValue {
        guard building else {
            containerEnds[ordinal] = position
            return .null
        }
        return value
    }

    /// In a check, whether the key just read at `place` (its text, quotes left out) is one of the
    /// object's keys read before it, from `firstKey` in ``keyPlaces``: compared byte for byte when
    /// each is ASCII without escapes, as strings otherwise (which compare by canonical equivalence,
    /// as a parsed object's keys do).
    /// Past 16 keys, an object's keys are kept as strings in `manyKeys`, so that a file's object of
    /// many keys is checked in linear time.
    private mutating func isDuplicateKey(
        _ key: String, at place: Range<Int>, from firstKey: Int, manyKeys: inout Set<String>?
    ) -> Bool {
        func text(_ place: Range<Int>) -> String {
            var parser = JSONParser(
                UnsafeBufferPointer(rebasing: bytes[place.lowerBound - 1..<place.upperBound + 1]), maximumDepth: 0)
            guard case .success(.string(let text)) = parser.parseDocument() else { return "" }
            return text
        }
        // A key checked but not made (ASCII without escapes) is its bytes.
        let plain = key.isEmpty
        let bytes = self.bytes
        func name() -> String {
            plain ? String(decoding: UnsafeBufferPointer(rebasing: bytes[place]), as: UTF8.self) : key
        }
        if manyKeys == nil, keyPlaces.count - firstKey >= 16 {
            manyKeys = Set(keyPlaces[firstKey...].map(text))
        }
        if manyKeys != nil {
            return manyKeys?.insert(name()).inserted == false
        }
        defer { keyPlaces.append(place) }
        for earlier in keyPlaces[firstKey...] {
            if plain, !bytes[earlier].contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\\") }) {
                if bytes[earlier].elementsEqual(bytes[place]) { return true }
            } else if text(earlier) == name() {
                return true
            }
        }
        return false
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        let start = opened()
        position += 1
        var members: [String: JSONValue] = [:]
        // In a check, the keys' places alone, for the duplicates.
        let firstKey = keyPlaces.count
        var manyKeys: Set<String>?
        defer { if !building { keyPlaces.removeSubrange(firstKey...) } }
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return closed(start, .object(members))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated object") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key in object, found \(describeByte())")
            }
            let keyStart = position
            let key = try parseString(building: building)
            let keyPlace = keyStart + 1..<position - 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after object key")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            if building
                ? members.updateValue(value, forKey: key) != nil
                : isDuplicateKey(key, at: keyPlace, from: firstKey, manyKeys: &manyKeys)
            {
                position = keyStart
                let shown =
                    building || !key.isEmpty
                    ? key : String(decoding: UnsafeBufferPointer(rebasing: bytes[keyPlace]), as: UTF8.self)
                throw error("duplicate key \"\(shown)\"")
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                if closesAfterComma("}") { return closed(start, .object(members)) }
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return closed(start, .object(members))
            }
            throw error("expected ',' or '}' in object, found \(describeByte())")
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
    }

    // MARK: - Strings

    /// A string's text; with `building` false, checked but not made when it is ASCII without
    /// escapes (the empty string is returned).
    private mutating func parseString(building: Bool = true) throws(JSONParseError) -> String {
        let start = position
        position += 1
        // Fast path: no escapes.
        var index = position
        var highBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[position..<index])
                if !building, highBits < 0x80 {
                    position = index + 1
                    return ""
                }
                // ASCII is valid UTF-8 as it is, and made into a string without the generic
                // validation (which looks up its metadata at every call).
                let text =
                    highBits < 0x80 ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                guard let text else {
                    position = start
                    throw error("invalid UTF-8 in string")
                }
                position = index + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= byte
            index += 1
        }
        var scratch: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[position..<index]))
        position = index
        while true {
            guard position < bytes.count else {
                position = start
                throw error("unterminated string")
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    position = start
                    throw error("invalid UTF-8 in string")
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scratch.append(0x22)
                case UInt8(ascii: "\\"): scratch.append(0x5C)
                case UInt8(ascii: "/"): scratch.append(0x2F)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    scratch.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    position -= 2
                    throw error("invalid escape sequence")
                }
            case 0..<0x20:
                throw error(
                    "unescaped control character U+\(String(byte, radix: 16, uppercase: true)) in string")
            default:
                scratch.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let escapeStart = position - 2
        let first = try parseHex4()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                position = escapeStart
                throw error("unpaired surrogate in \\u escape")
            }
            position += 2
            let second = try parseHex4()
            guard (0xDC00..<0xE000).contains(second) else {
                position = escapeStart
                throw error("unpaired surrogate in \\u escape")
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else {
            position = escapeStart
            throw error("unpaired surrogate in \\u escape")
        }
        return scalar
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func describeByte() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(_ reason: String) -> JSONParseError {
        let place = textPosition(ofOffset: position)
        return JSONParseError(reason, line: place.line, column: place.column, offset: place.offset)
    }
}
