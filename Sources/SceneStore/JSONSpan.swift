#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value still as its text: checked as strictly as ``JSONValue/init(parsing:maximumDepth:allowsTrailingCommas:)``
/// parses it, but not built. Its parts are reached without building the rest (an object's members,
/// an array's elements), and an array of identifiers is read straight from its bytes
/// (``uuids()`` and ``integers()`` with no string or value made per element, ``strings()`` with
/// the strings alone); any part is built as a ``JSONValue`` when it is asked for (``value``).
///
/// A scene file is read this way, so that a restore builds only what it decodes.
package struct JSONSpan: Sendable {
    /// The whole text and where its arrays and objects end, shared by every span of it.
    private let text: CheckedText
    /// Where the value lies in the text.
    package let range: Range<Int>

    /// The text checked once, with where each array and object starts (ascending) and ends.
    private final class CheckedText: Sendable {
        let bytes: [UInt8]
        let containerStarts: [Int]
        let containerEnds: [Int]

        init(bytes: [UInt8], containerStarts: [Int], containerEnds: [Int]) {
            self.bytes = bytes
            self.containerStarts = containerStarts
            self.containerEnds = containerEnds
        }

        /// One past the end of the container that starts at `start`.
        func end(ofContainerAt start: Int) -> Int {
            var low = 0
            var high = containerStarts.count
            while low < high {
                let middle = (low + high) / 2
                if containerStarts[middle] < start { low = middle + 1 } else { high = middle }
            }
            guard low < containerStarts.count, containerStarts[low] == start else {
                preconditionFailure("no end noted for the container at \(start)")
            }
            return containerEnds[low]
        }
    }

    private init(text: CheckedText, range: Range<Int>) {
        self.text = text
        self.range = range
    }

    /// Checks a JSON text, as strictly as ``JSONValue/init(parsing:maximumDepth:allowsTrailingCommas:)``
    /// parses it, building nothing.
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - maximumDepth: How deeply arrays and objects may nest.
    /// - Throws: The ``JSONParseError`` that parsing the text throws.
    package init(checking bytes: [UInt8], maximumDepth: Int = 256) throws(JSONParseError) {
        let checked = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, maximumDepth: maximumDepth, building: false)
            return parser.checkDocument().map {
                (range: $0, starts: parser.containerStarts, ends: parser.containerEnds)
            }
        }
        let (range, starts, ends) = try checked.get()
        self.init(text: CheckedText(bytes: bytes, containerStarts: starts, containerEnds: ends), range: range)
    }

    /// The kinds of JSON value.
    package enum Kind: Sendable, Equatable {
        case null, bool, number, string, array, object

        /// A short name of the kind, for error messages: `object`, `array`, `string`, ...
        package var description: String {
            switch self {
            case .null: "null"
            case .bool: "boolean"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }
    }

    /// What kind of value this is.
    package var kind: Kind {
        switch text.bytes[range.lowerBound] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        default: .number
        }
    }

    /// A short name of the value's kind, for error messages, as ``JSONValue``'s.
    package var kindDescription: String { kind.description }

    /// The value, built.
    package var value: JSONValue {
        text.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(UnsafeBufferPointer(rebasing: buffer[range]), maximumDepth: .max)
            switch parser.parseDocument() {
            case .success(let value): return value
            case .failure(let error): preconditionFailure("checked JSON no longer parses: \(error)")
            }
        }
    }

    /// An object's members, by name, each still as its text; nil when this is not an object.
    package func members() -> [String: JSONSpan]? {
        guard kind == .object else { return nil }
        return text.bytes.withUnsafeBufferPointer { bytes in
            var members: [String: JSONSpan] = [:]
            var index = range.lowerBound + 1
            while true {
                index = Self.skippingWhitespace(bytes, from: index)
                guard bytes[index] == UInt8(ascii: "\"") else { return members }
                let keyEnd = Self.end(of: bytes, at: index, in: text)
                let key = Self.string(in: bytes, index..<keyEnd)
                // Past the colon.
                index = Self.skippingWhitespace(bytes, from: keyEnd) + 1
                let start = Self.skippingWhitespace(bytes, from: index)
                let end = Self.end(of: bytes, at: start, in: text)
                members[key] = JSONSpan(text: text, range: start..<end)
                index = Self.skippingWhitespace(bytes, from: end)
                if bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }
    }

    /// An array's elements, each still as its text; nil when this is not an array.
    package func elements() -> [JSONSpan]? {
        array { _, element in JSONSpan(text: text, range: element) }
    }

    /// An array of UUIDs in their canonical text (36 characters, in either case, as
    /// `UUID(uuidString:)` reads them), read straight from the bytes; nil when this is not an array,
    /// or an element is anything else.
    package func uuids() -> [UUID]? {
        array { bytes, element in
            guard bytes[element.lowerBound] == UInt8(ascii: "\"") else { return nil }
            return UUIDText.parse(UnsafeBufferPointer(rebasing: bytes[element.lowerBound + 1..<element.upperBound - 1]))
        }
    }

    /// An array of integers written as integers (digits, with no fraction or exponent) that fit in
    /// an `Int`, read straight from the bytes; nil when this is not an array, or an element is
    /// anything else.
    package func integers() -> [Int]? {
        array(Self.integer(in:_:))
    }

    /// An array of strings, each made from its bytes; nil when this is not an array, or an element is
    /// anything else.
    package func strings() -> [String]? {
        array { bytes, element in
            bytes[element.lowerBound] == UInt8(ascii: "\"") ? Self.string(in: bytes, element) : nil
        }
    }

    /// An array's elements, each read by `read` from the text and its place; nil when this is not
    /// an array, or `read` reads nothing of an element (the elements after it are not read).
    private func array<Element>(_ read: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Element?) -> [Element]? {
        var elements: [Element] = []
        var valid = true
        let isArray = forEachElement { bytes, element in
            guard valid, let read = read(bytes, element) else {
                valid = false
                return
            }
            elements.append(read)
        }
        return isArray && valid ? elements : nil
    }

    /// Calls `body` with the text and each element's place, in order; false when this is not an
    /// array.
    private func forEachElement(_ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) -> Bool {
        guard kind == .array else { return false }
        text.bytes.withUnsafeBufferPointer { bytes in
            var index = range.lowerBound + 1
            while true {
                index = Self.skippingWhitespace(bytes, from: index)
                if bytes[index] == UInt8(ascii: "]") { return }
                let end = Self.end(of: bytes, at: index, in: text)
                body(bytes, index..<end)
                index = Self.skippingWhitespace(bytes, from: end)
                if bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }
        return true
    }

    // MARK: - Checked text

    private static func skippingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// One past the end of the checked value that starts at `start`.
    private static func end(of bytes: UnsafeBufferPointer<UInt8>, at start: Int, in text: CheckedText) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return text.end(ofContainerAt: start)
        case UInt8(ascii: "\""):
            var index = start + 1
            while bytes[index] != UInt8(ascii: "\"") {
                // An escape's next byte is never the string's end.
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return index + 1
        case UInt8(ascii: "t"), UInt8(ascii: "n"): return start + 4
        case UInt8(ascii: "f"): return start + 5
        default: return start + JSONParser.numberLength(in: bytes, at: start)
        }
    }

    /// The checked string at `place` (quotes included).
    private static func string(in bytes: UnsafeBufferPointer<UInt8>, _ place: Range<Int>) -> String {
        let inside = UnsafeBufferPointer(rebasing: bytes[place.lowerBound + 1..<place.upperBound - 1])
        guard inside.contains(UInt8(ascii: "\\")) else { return String(decoding: inside, as: UTF8.self) }
        var parser = JSONParser(UnsafeBufferPointer(rebasing: bytes[place]), maximumDepth: 0)
        guard case .success(.string(let text)) = parser.parseDocument() else {
            preconditionFailure("checked JSON string no longer parses")
        }
        return text
    }

    /// The checked number at `place` as an `Int`, when it is written as one (`-`, then digits) and
    /// fits.
    private static func integer(in bytes: UnsafeBufferPointer<UInt8>, _ place: Range<Int>) -> Int? {
        var index = place.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < place.upperBound else { return nil }
        var magnitude: UInt = 0
        while index < place.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(UInt(digit))
            guard !overflowed, !carried else { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            guard magnitude <= UInt(Int.max) + 1 else { return nil }
            return magnitude == UInt(Int.max) + 1 ? .min : -Int(magnitude)
        }
        guard magnitude <= UInt(Int.max) else { return nil }
        return Int(magnitude)
    }
}
