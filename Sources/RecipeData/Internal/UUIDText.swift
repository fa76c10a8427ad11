import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The 36-character text form of UUIDs, formatted by hand (Foundation's `uuidString` goes through
/// `snprintf` on Linux); the text is read as any app's `UUID` identifier is
/// (`UUID(jsonValue:)`).
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
}
