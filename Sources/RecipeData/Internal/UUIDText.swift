import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The 36-character text form of UUIDs, converted by hand.
///
/// Foundation's conversions are about half of the cost of encoding and decoding a navigation path;
/// these work on bytes directly. The parser is exercised by the fuzz target like any parser.
enum UUIDText {
    static func format(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { output in
            withUnsafeBytes(of: uuid.uuid) { raw in
                var index = 0
                for offset in 0..<16 {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        output[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    output[index] = digit(raw[offset] >> 4)
                    output[index + 1] = digit(raw[offset] & 0x0F)
                    index += 2
                }
            }
            return 36
        }
    }

    /// The upper-case hexadecimal digit of a value below 16.
    @inline(__always)
    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes in parse(bytes) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
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
                for (offset, place) in zip(0..<16, places) {
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

    /// Where each of the 16 bytes' two digits start in the text.
    private static let places = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]

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
