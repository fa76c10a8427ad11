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
        guard bytes.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &raw) { output -> Bool in
            var index = 0
            for offset in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = value(of: bytes[index]), let low = value(of: bytes[index + 1]) else { return false }
                output[offset] = high << 4 | low
                index += 2
            }
            return true
        }
        return valid ? UUID(uuid: raw) : nil
    }

    @inline(__always)
    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
