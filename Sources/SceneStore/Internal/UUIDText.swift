#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A UUID read from its text straight from the bytes, as `UUID(uuidString:)` reads it (36
/// characters, 8-4-4-4-12 hexadecimal digits of either case), with no string made.
package enum UUIDText {
    /// The UUID a text spells; nil when it spells none.
    /// - Parameter bytes: The text's UTF-8 bytes.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, let text = bytes.baseAddress,
            text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
            text[23] == UInt8(ascii: "-")
        else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Each byte from two digits at its fixed place, through a table of the digits' values
        // (0xFF for a byte that is none): any invalid digit leaves its mark in `invalid`.
        let invalid = nibbles.withUnsafeBufferPointer { table in
            withUnsafeMutableBytes(of: &raw) { output -> UInt8 in
                var invalid: UInt8 = 0
                for offset in 0..<16 {
                    // The place of the byte's two digits: two per byte, past the hyphens before it
                    // (after bytes 4, 6, 8 and 10).
                    let place =
                        offset &* 2 &+ (offset >= 4 ? 1 : 0) &+ (offset >= 6 ? 1 : 0) &+ (offset >= 8 ? 1 : 0)
                        &+ (offset >= 10 ? 1 : 0)
                    let high = table[Int(text[place])]
                    let low = table[Int(text[place + 1])]
                    invalid |= (high | low) & 0xF0
                    output[offset] = high << 4 | (low & 0x0F)
                }
                return invalid
            }
        }
        return invalid == 0 ? UUID(uuid: raw) : nil
    }

    /// The UUID a string spells; nil when it spells none.
    /// - Parameter text: The string.
    package static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Each byte's value as a hexadecimal digit of either case, 0xFF for a byte that is none.
    private static let nibbles: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }
}
