/// Text made safe to print on a terminal: a hostile name or file cannot move the cursor, change
/// colours or rewrite what was printed before.
enum TerminalText {
    /// A string with control characters escaped as `\u{1b}`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Stored bytes as lines of text: line breaks and tabs kept, other control characters escaped
    /// as `\u{1b}`, and bytes that are not UTF-8 as `\x{ff}`.
    static func escaped(bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                result += "\\x{\(String(bytes[index], radix: 16))}"
                index += 1
                continue
            }
            let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
            for scalar in text.unicodeScalars {
                if scalar == "\n" || scalar == "\t" || !isControl(scalar.value) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                }
            }
            index += length
        }
        return result
    }

    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value)
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when the byte starts none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        let range: ClosedRange<UInt8>
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, range) = (2, 0x80...0xBF)
        case 0xE0: (length, range) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, range) = (3, 0x80...0xBF)
        case 0xED: (length, range) = (3, 0x80...0x9F)
        case 0xF0: (length, range) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, range) = (4, 0x80...0xBF)
        case 0xF4: (length, range) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, range.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
