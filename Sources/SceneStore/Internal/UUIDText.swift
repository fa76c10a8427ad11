#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A UUID's text, read and written straight from and to bytes: read as `UUID(uuidString:)` reads
/// it (36 characters, 8-4-4-4-12 hexadecimal digits of either case), with no string made; written
/// as `uuidString` writes it (upper-case), through a table rather than formatted text.
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

    /// The UUID's text, upper-case, as `uuidString` spells it.
    /// - Parameter uuid: The UUID.
    package static func string(of uuid: UUID) -> String {
        withHexPairs { pairs in
            String(unsafeUninitializedCapacity: 36) { buffer in
                write(uuid, to: buffer.baseAddress!, pairs: pairs)
                return 36
            }
        }
    }

    /// Calls `body` with the table of hex pairs that ``write(_:to:pairs:)`` writes from.
    @inline(__always)
    static func withHexPairs<Result>(_ body: (UnsafeBufferPointer<UInt16>) -> Result) -> Result {
        hexPairs.withUnsafeBufferPointer(body)
    }

    /// Writes a UUID's 36 characters with the table of hex pairs at hand: two characters per byte,
    /// the dashes at their fixed places, no branch per digit.
    /// - Parameters:
    ///   - uuid: The UUID.
    ///   - at: Where its 36 bytes go.
    ///   - pairs: The table (``withHexPairs(_:)``).
    @inline(__always)
    static func write(_ uuid: UUID, to at: UnsafeMutablePointer<UInt8>, pairs: UnsafeBufferPointer<UInt16>) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            let output = UnsafeMutableRawPointer(at)
            let table = pairs.baseAddress!
            @inline(__always) func put(_ byte: Int, at offset: Int) {
                output.storeBytes(
                    of: table[Int(raw.load(fromByteOffset: byte, as: UInt8.self))], toByteOffset: offset,
                    as: UInt16.self)
            }
            // 8-4-4-4-12 digits, a dash between groups.
            put(0, at: 0)
            put(1, at: 2)
            put(2, at: 4)
            put(3, at: 6)
            output.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
            put(4, at: 9)
            put(5, at: 11)
            output.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
            put(6, at: 14)
            put(7, at: 16)
            output.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
            put(8, at: 19)
            put(9, at: 21)
            output.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
            for byte in 10..<16 { put(byte, at: 24 + 2 * (byte - 10)) }
        }
    }

    /// Each byte's two upper-case hex digits as they lie in memory, the first at the lower address.
    private static let hexPairs: [UInt16] = (0..<256).map { byte in
        (UInt16(hexDigit(UInt8(byte >> 4))) | UInt16(hexDigit(UInt8(byte & 0x0F))) << 8).littleEndian
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
