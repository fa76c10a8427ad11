#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value as a scene's file holds it: its UTF-8 text, pretty-printed at the indentation of a
/// value's place in the file, with sorted keys, and how deeply it nests.
///
/// Written straight from an app's state (SceneNavigation's encoder writes it with
/// ``JSONTextWriter``), so a save builds no ``JSONValue`` tree and no string per element; a store
/// compares and assembles these bytes, never the values they hold. The text is what
/// ``JSONValue/serialized(pretty:escapingSlashes:)`` writes for the same value at that place, so
/// the same state is always the same bytes, whichever way it was written.
package struct JSONText: Sendable, Equatable {
    /// The value's text, its lines after the first indented for its place in a scene file.
    package var bytes: [UInt8]
    /// How deeply the value nests: 0 for a scalar, 1 for a flat array or object.
    package var depth: Int

    /// The indentation level of a value in a scene file: the document, `values`, and the value's
    /// entry are the three levels above it.
    package static let entryIndent = 3

    /// Text written by `body`, at the indentation of a value in a scene file.
    /// - Parameter body: Writes exactly one value.
    /// - Returns: The text.
    package static func writing<Failure: Error>(
        _ body: (inout JSONTextWriter) throws(Failure) -> Void
    ) throws(Failure) -> JSONText {
        var writer = JSONTextWriter(indent: entryIndent)
        try body(&writer)
        return JSONText(bytes: writer.bytes, depth: writer.deepest)
    }

    /// The text of a JSON value at the indentation of a value in a scene file.
    /// - Parameter value: The value.
    package init(_ value: JSONValue) {
        self = Self.writing { $0.value(value) }
    }

    /// Text as it is.
    /// - Parameters:
    ///   - bytes: The text.
    ///   - depth: How deeply it nests.
    package init(bytes: [UInt8], depth: Int) {
        self.bytes = bytes
        self.depth = depth
    }
}

/// Writes one JSON value as UTF-8 text into one buffer, pretty-printed with two spaces per level
/// from a starting indentation and with the members of objects in the order of their keys' UTF-8
/// bytes: exactly the text ``JSONValue`` serializes. Arrays and objects are written through a
/// closure per element, so a caller writes straight from its own data.
package struct JSONTextWriter {
    /// The text so far.
    package private(set) var bytes: [UInt8] = []
    /// The deepest level of nesting written so far (1 for a flat array).
    package private(set) var deepest = 0
    private let indent: Int
    private var level = 0

    /// A writer whose value starts at an indentation level.
    /// - Parameter indent: The level of the line the value starts on.
    package init(indent: Int) {
        self.indent = indent
        bytes.reserveCapacity(256)
    }

    /// Writes a value.
    /// - Parameter value: The value.
    package mutating func value(_ value: JSONValue) {
        value.write(into: &bytes, pretty: true, indent: indent + level, depth: level, deepest: &deepest)
    }

    /// Writes a string.
    /// - Parameter text: The string, escaped as JSON escapes it.
    package mutating func string(_ text: String) {
        JSONValue.writeString(text, into: &bytes)
    }

    /// Writes an array of UUIDs as strings, upper-case, as `UUID.uuidString` and `JSONEncoder` write
    /// them (straight from their 16 bytes, no string in between), with the layout of
    /// ``array(count:_:)``: its text sized once, laid out in spaces, and filled in place.
    /// - Parameter ids: The UUIDs.
    package mutating func array(ofUUIDs ids: [UUID]) {
        deepest = max(deepest, level + 1)
        guard !ids.isEmpty else {
            bytes.append(contentsOf: "[]".utf8)
            return
        }
        let elementIndent = 2 * (indent + level + 1)
        let closingIndent = 2 * (indent + level)
        // "[", then each element as ",\n<indent>\"<36>\"" (no comma before the first), then "\n<indent>]".
        let total = 1 + ids.count * (1 + elementIndent + 38) + (ids.count - 1) + 1 + closingIndent + 1
        let start = bytes.count
        // With room for what follows the array (the members after it), so that its first byte does
        // not move the whole text.
        bytes.reserveCapacity(start + total + 256)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: total))
        bytes.withUnsafeMutableBufferPointer { buffer in
            UUIDText.withHexPairs { pairs in
                var at = buffer.baseAddress! + start
                at.pointee = UInt8(ascii: "[")
                at += 1
                for index in ids.indices {
                    if index > 0 {
                        at.pointee = UInt8(ascii: ",")
                        at += 1
                    }
                    at.pointee = UInt8(ascii: "\n")
                    at += 1 + elementIndent
                    at.pointee = UInt8(ascii: "\"")
                    UUIDText.write(ids[index], to: at + 1, pairs: pairs)
                    at[37] = UInt8(ascii: "\"")
                    at += 38
                }
                at.pointee = UInt8(ascii: "\n")
                at += 1 + closingIndent
                at.pointee = UInt8(ascii: "]")
            }
        }
    }

    /// Writes an array of integers with the layout of ``array(count:_:)``, each in its decimal
    /// digits, straight into the text.
    /// - Parameter numbers: The integers.
    package mutating func array(ofInts numbers: [Int]) {
        array(count: numbers.count) { writer, index in Self.writeDecimal(numbers[index], into: &writer.bytes) }
    }

    /// Writes an array of strings with the layout of ``array(count:_:)``, each escaped as
    /// ``string(_:)`` escapes it.
    /// - Parameter texts: The strings.
    package mutating func array(ofStrings texts: [String]) {
        array(count: texts.count) { writer, index in writer.string(texts[index]) }
    }

    /// Writes an integer's decimal digits, as `String(value)` spells them (and ``JSONNumber`` holds
    /// them).
    private static func writeDecimal(_ value: Int, into bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// Writes an array of `count` elements, each by `element` with its index.
    /// - Parameters:
    ///   - count: How many elements.
    ///   - element: Writes the element at an index: exactly one value.
    package mutating func array<Failure: Error>(
        count: Int, _ element: (inout JSONTextWriter, Int) throws(Failure) -> Void
    ) throws(Failure) {
        deepest = max(deepest, level + 1)
        guard count > 0 else {
            bytes.append(contentsOf: "[]".utf8)
            return
        }
        bytes.append(UInt8(ascii: "["))
        level += 1
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let start = bytes.count
            newline()
            try element(&self, index)
            if index == 0, count > 1 {
                // Room for the others, each as long as the first: one allocation, not a doubling
                // and a copy every so often.
                bytes.reserveCapacity(bytes.count + (count - 1) * (bytes.count - start + 1) + 2 * (indent + level) + 1)
            }
        }
        level -= 1
        newline()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an object whose members have these keys, each value by `member` with its key.
    /// - Parameters:
    ///   - keys: The keys, in any order: they are written sorted.
    ///   - member: Writes the value of a key: exactly one value.
    package mutating func object<Failure: Error>(
        keys: [String], _ member: (inout JSONTextWriter, String) throws(Failure) -> Void
    ) throws(Failure) {
        deepest = max(deepest, level + 1)
        guard !keys.isEmpty else {
            bytes.append(contentsOf: "{}".utf8)
            return
        }
        bytes.append(UInt8(ascii: "{"))
        level += 1
        for (index, key) in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            JSONValue.writeString(key, into: &bytes)
            bytes.append(contentsOf: ": ".utf8)
            try member(&self, key)
        }
        level -= 1
        newline()
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func newline() {
        JSONValue.newline(&bytes, indent: indent + level)
    }
}
