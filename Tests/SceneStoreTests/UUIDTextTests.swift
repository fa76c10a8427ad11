import Foundation
import Testing

@testable import SceneStore

/// UUIDs read from their text without a string, exactly what `UUID(uuidString:)` reads, and
/// written as `uuidString` spells them.
@Suite struct UUIDTextTests {
    static let texts: [String] = {
        var texts = (0..<50).flatMap { _ in
            let text = UUID().uuidString
            return [text, text.lowercased()]
        }
        texts += [
            "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8", "e35a5c9c-F1EA-4b3d-9980-E2240b363ac8",
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC80",
            "E35A5C9CF1EA-4B3D-9980-E2240B363AC8-", "E35A5C9C-F1EA-4B3D-9980_E2240B363AC8",
            "G35A5C9C-F1EA-4B3D-9980-E2240B363AC8", "E35A5C9C-F1EA-4B3D-9980-E2240B363ACg",
            " 35A5C9C-F1EA-4B3D-9980-E2240B363AC8", "{35A5C9C-F1EA-4B3D-9980-E2240B363AC}",
            "E35A5C9C-F1EA-4B3D-9980-E2240B363A\u{E9}", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC\u{0}",
            "E35A5C9C+F1EA-4B3D-9980-E2240B363AC8", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC:",
            "E35A5C9C-F1EA-4B3D-9980-E2240B363AC@", "E35A5C9C-F1EA-4B3D-9980-E2240B363AC`",
        ]
        return texts
    }()

    /// Whether a text is 8-4-4-4-12 hexadecimal digits of either case.
    static func isCanonical(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index)
                ? bytes[index] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[index])
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(bytes[index])
        }
    }

    // Foundation's `UUID(uuidString:)` on Linux reads some texts that are not a UUID's (a leading
    // space, as `sscanf` skips it); Apple's `uuid_parse` refuses them, and so does this.
    @Test("reads a canonical text as UUID(uuidString:) reads it, in either case, and refuses any other")
    func agreesWithFoundation() {
        for text in Self.texts {
            if Self.isCanonical(text) {
                #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text)")
                #expect(UUIDText.parse(text) != nil, "\(text)")
            } else {
                #expect(UUIDText.parse(text) == nil, "\(text)")
            }
        }
    }

    @Test("writes each UUID's text as uuidString spells it, upper-case")
    func writesAsFoundation() throws {
        let fixed = try [
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "0123456789abcdef0123456789abcdef".chunkedAsUUID, "F0E1D2C3B4A5968778695A4B3C2D1E0F".chunkedAsUUID,
        ].map { try #require(UUID(uuidString: $0)) }
        for uuid in fixed + (0..<200).map({ _ in UUID() }) {
            #expect(UUIDText.string(of: uuid) == uuid.uuidString)
        }
        #expect(
            fixed.map(UUIDText.string(of:)) == [
                "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
                "01234567-89AB-CDEF-0123-456789ABCDEF", "F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F",
            ])
    }
}

extension String {
    /// 32 hexadecimal digits with a UUID's dashes put in (8-4-4-4-12).
    fileprivate var chunkedAsUUID: String {
        let digits = Array(self)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
    }
}
