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

    /// Writes a UUID as a string, upper-case, as `UUID.uuidString` and `JSONEncoder` write it:
    /// straight from its 16 bytes, with no string in between.
    /// - Parameter uuid: The UUID.
    package mutating func uuid(_ uuid: UUID) {
        // The 38 bytes made on the stack and appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
            text[0] = UInt8(ascii: "\"")
            Self.writeText(of: uuid, to: text.baseAddress! + 1)
            text[37] = UInt8(ascii: "\"")
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Writes a UUID's 36 characters, upper-case, as `UUID.uuidString` spells them.
    /// - Parameters:
    ///   - uuid: The UUID.
    ///   - at: Where the 36 bytes go.
    package static func writeText(of uuid: UUID, to at: UnsafeMutablePointer<UInt8>) {
        var at = at
        withUnsafeBytes(of: uuid.uuid) { raw in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    at.pointee = UInt8(ascii: "-")
                    at += 1
                }
                at[0] = hexDigit(raw[offset] >> 4)
                at[1] = hexDigit(raw[offset] & 0x0F)
                at += 2
            }
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
            newline()
            try element(&self, index)
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

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
