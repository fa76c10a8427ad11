import Testing

@testable import SceneStore

@Suite struct JSONValueTests {
    @Test("parses and reprints canonical JSON")
    func roundTrip() throws {
        let text = #"{"a":[1,-0.5,2e10,true,false,null],"b":{"c":"\u00e9\n\"x\""},"é":"/"}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(
            String(decoding: value.serialized(), as: UTF8.self)
                == #"{"a":[1,-0.5,2e10,true,false,null],"b":{"c":"é\n\"x\""},"é":"/"}"#)
    }

    static let invalid: [(String, String)] = [
        ("", "empty document at line 1, column 1"),
        ("{", "unterminated object at line 1, column 2"),
        ("[1,]", "unexpected ']' at line 1, column 4"),
        ("01", "invalid number at line 1, column 1"),
        ("1.", "invalid number at line 1, column 1"),
        ("\"a\u{1}\"", "unescaped control character U+1 in string at line 1, column 3"),
        ("\"\\x\"", "invalid escape sequence at line 1, column 2"),
        ("\"\\ud800\"", "unpaired surrogate in \\u escape at line 1, column 2"),
        ("[1] x", "unexpected 'x' after the value at line 1, column 5"),
        ("{\"a\":1,\n\"a\":2}", "duplicate key \"a\" at line 2, column 1"),
        ("nul", "unexpected end of input at line 1, column 1"),
        ("// c\n{}", "unexpected '/' at line 1, column 1"),
    ]

    @Test("rejects invalid JSON with its position", arguments: invalid)
    func rejectsInvalid(_ text: String, _ message: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(text.utf8)) }
        do {
            _ = try JSONValue(parsing: Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("rejects invalid UTF-8 and NUL bytes")
    func rejectsInvalidUTF8() throws {
        #expect(throws: JSONParseError("invalid UTF-8 in string", line: 1, column: 1, offset: 0)) {
            try JSONValue(parsing: [0x22, 0xFF, 0x22])
        }
        // After ASCII, a lone lead byte; a whole sequence reads (ASCII is made into a string
        // without validation, anything else is validated).
        #expect(throws: JSONParseError("invalid UTF-8 in string", line: 1, column: 1, offset: 0)) {
            try JSONValue(parsing: [0x22, 0x61, 0x62, 0xC3, 0x22])
        }
        #expect(try JSONValue(parsing: [0x22, 0x61, 0xC3, 0xA9, 0x22]) == .string("aé"))
        #expect(try JSONValue(parsing: Array(#""ab/c~""#.utf8)) == .string("ab/c~"))
        #expect(throws: JSONParseError("unexpected byte 0x0", line: 1, column: 1, offset: 0)) {
            try JSONValue(parsing: [0])
        }
    }

    @Test("caps nesting depth")
    func capsDepth() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(
            throws: JSONParseError(
                "nesting deeper than 256 levels", line: 1, column: 257, offset: 256)
        ) {
            try JSONValue(parsing: Array(deep.utf8))
        }
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        _ = try JSONValue(parsing: Array(allowed.utf8))
    }

    @Test("keeps number literals exactly; conversions fail instead of rounding")
    func numbers() throws {
        let value = try JSONValue(parsing: Array("[1e999,12345678901234567890,0.1]".utf8))
        #expect(String(decoding: value.serialized(), as: UTF8.self) == "[1e999,12345678901234567890,0.1]")
        guard case .array(let items) = value, case .number(let huge) = items[0],
            case .number(let big) = items[1]
        else {
            Issue.record("not numbers")
            return
        }
        #expect(huge.doubleValue == nil)
        #expect(big.intValue == nil)
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(literal: "1.5e3")?.literal == "1.5e3")
        #expect(JSONNumber(literal: "+1") == nil)
    }
}
