import Foundation
import Testing

@testable import SceneStore

/// A JSON text checked but not built (``JSONSpan``): what a scene file's values are read as.
@Suite struct JSONSpanTests {
    static let valid = [
        #"{"a":[1,-0.5,2e10,true,false,null],"b":{"c":"\u00e9\n\"x\""},"é":"/"}"#,
        #"  [ "x" , [ ] , { } , [[1], {"k": [2, {"l": "m"}]}] ]  "#,
        "0", "\"\"", "null", #"{"":""}"#,
        // Keys alike at other levels, or alike but for a byte, are no duplicates.
        #"{"a": {"a": 1}, "b": {"a": 2, "b": [{"a": 1}, {"a": 2}]}, "ab": 3, "": {"": 4}}"#,
        #"{"é": 1, "e": 2, "\u00e8": 3}"#,
        "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k\\u0061\": 0}",
    ]

    @Test("checking a valid text builds, when asked, the value that parsing it builds", arguments: valid)
    func agreesWithParsing(_ text: String) throws {
        let span = try JSONSpan(checking: Array(text.utf8))
        #expect(span.value == (try JSONValue(parsing: Array(text.utf8))))
    }

    @Test(
        "checking an invalid text throws the error that parsing it throws",
        arguments: JSONValueTests.invalid.map(\.0) + [
            "[\"\\uD800\"]", "[1, 2", "{\"a\" 1}", "[\"a\", 01]",
            // Duplicates however a key is written: escaped, or canonically equivalent text.
            #"{"a": 1, "\u0061": 2}"#, #"{"é": 1, "e\u0301": 2}"#, #"{"x": {"k": 1, "j": 2, "k": 3}}"#,
            #"{"\u00e9": 1, "é": 2}"#,
            // Past 16 keys, as past one.
            "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k\\u0033\": 0}",
            "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k39\": 0}",
        ])
    func rejectsAsParsing(_ text: String) {
        var parsed: JSONParseError?
        var checked: JSONParseError?
        do { _ = try JSONValue(parsing: Array(text.utf8)) } catch { parsed = error }
        do { _ = try JSONSpan(checking: Array(text.utf8)) } catch { checked = error }
        #expect(parsed != nil && checked == parsed)
    }

    @Test("invalid UTF-8 and depth are refused as parsing refuses them")
    func rejectsBytesAndDepth() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x5B, 0x22, 0x61, 0xC3, 0x22, 0x5D], [0xEF, 0xBB, 0xBF, 0x31]] {
            var parsed: JSONParseError?
            var checked: JSONParseError?
            do { _ = try JSONValue(parsing: bytes) } catch { parsed = error }
            do { _ = try JSONSpan(checking: bytes) } catch { checked = error }
            #expect(parsed != nil && checked == parsed)
        }
        let deep = Array((String(repeating: "[", count: 11) + String(repeating: "]", count: 11)).utf8)
        #expect(throws: JSONParseError("nesting deeper than 10 levels", line: 1, column: 11, offset: 10)) {
            try JSONSpan(checking: deep, maximumDepth: 10)
        }
    }

    @Test("an object's members and an array's elements are reached without building the rest")
    func parts() throws {
        let text = #"{"b": [1, {"x": "y"}, "z\"w"], "a": null, "c": {"d": true}}"#
        let span = try JSONSpan(checking: Array(text.utf8))
        let members = try #require(span.members())
        #expect(Set(members.keys) == ["a", "b", "c"])
        #expect(members["a"]?.kind == .null && members["c"]?.kind == .object)
        let elements = try #require(members["b"]?.elements())
        #expect(elements.map(\.value) == [.number(JSONNumber(1)), .object(["x": .string("y")]), .string("z\"w")])
        #expect(members["c"]?.members()?["d"]?.value == .bool(true))
        #expect(span.elements() == nil && members["b"]?.members() == nil)
        // A key with an escape is read as parsing reads it.
        #expect(try JSONSpan(checking: Array(#"{"\u0061\"": 1}"#.utf8)).members()?.keys.first == "a\"")
    }

    @Test("an array of UUIDs is read straight from its text, in either case; anything else reads none")
    func uuids() throws {
        let upper = "E9D5E6E6-4F0A-4A38-9C55-0C8AC3B0A001"
        let lower = upper.lowercased()
        let span = try JSONSpan(checking: Array("[\"\(upper)\", \"\(lower)\"]".utf8))
        #expect(span.uuids() == [UUID(uuidString: upper)!, UUID(uuidString: upper)!])
        #expect(try JSONSpan(checking: Array("[]".utf8)).uuids() == [])
        for other in [
            "[\"\(upper)x\"]", "[\"\\u0045\(upper.dropFirst())\"]", "[1]", "[\"\(upper)\", null]", "\"\(upper)\"",
            "[\"\(upper.replacingOccurrences(of: "-", with: "_"))\"]",
        ] {
            #expect(try JSONSpan(checking: Array(other.utf8)).uuids() == nil, "\(other)")
        }
    }

    @Test("an array of integers is read straight from its text when each is written as one and fits")
    func integers() throws {
        let span = try JSONSpan(checking: Array("[0, -0, 7, -42, 9223372036854775807, -9223372036854775808]".utf8))
        #expect(span.integers() == [0, 0, 7, -42, .max, .min])
        // Left to the value's reading (which takes 1.0 and 1e2 as JSONDecoder does), or refused.
        for other in ["[1.0]", "[1e2]", "[9223372036854775808]", "[-9223372036854775809]", "[\"1\"]", "[true]", "1"] {
            #expect(try JSONSpan(checking: Array(other.utf8)).integers() == nil, "\(other)")
        }
    }

    @Test("an array of strings is read as parsing reads each")
    func strings() throws {
        let text = #"["plain", "", "é", "a\"b\\c\u00e9\n", "\/"]"#
        let span = try JSONSpan(checking: Array(text.utf8))
        #expect(span.strings() == ["plain", "", "é", "a\"b\\cé\n", "/"])
        #expect(try JSONSpan(checking: Array(#"["a", 1]"#.utf8)).strings() == nil)
    }
}
