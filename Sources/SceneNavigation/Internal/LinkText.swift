import SceneStore

/// A link's text taken apart: its path segments and query items, each as written and as decoded.
///
/// It reads only what RFC 3986 allows in a link of the mapping's scheme, and refuses as a whole
/// what is not one (too long, a control character or space, no scheme, another scheme or host);
/// a segment or item whose percent-encoding is invalid is kept, undecoded, for the element it
/// belongs to to report.
struct LinkText {
    /// A segment or query value: as written, and decoded (nil when its percent-encoding is invalid
    /// or does not decode to UTF-8).
    struct Part {
        let raw: String
        let decoded: String?

        init(_ bytes: ArraySlice<UInt8>) {
            raw = String(decoding: bytes, as: UTF8.self)
            decoded = bytes.contains(UInt8(ascii: "%")) ? LinkText.percentDecoded(bytes) : raw
        }
    }

    /// The path's segments, in order (the authority's first, for a mapping without a host).
    var segments: [Part] = []
    /// The query's items, in order: name (decoded, or as written) and value.
    var query: [(name: String, value: Part)] = []
    /// The fragment's segments (after `#`, split at `/`), in order; nil when the link has no `#`.
    /// A link read with presentations holds what is presented there.
    var fragment: [Part]?

    /// Takes a link apart, byte by byte.
    /// - Parameters:
    ///   - text: The link.
    ///   - scheme: The scheme it must have (compared without case).
    ///   - host: The host it must have (compared without case), or nil when the authority is the
    ///     first segment (`mail://message/42`).
    ///   - maximumLength: The longest link read, in bytes.
    /// - Throws: ``NavigationError`` with `invalid-link` or `other-app`.
    static func read(_ text: String, scheme: String, host: String?, maximumLength: Int) throws(NavigationError)
        -> LinkText
    {
        let count = text.utf8.count
        guard count <= maximumLength else {
            throw NavigationError.link(
                code: "invalid-link", message: "the link is \(count) bytes long, over the maximum of \(maximumLength)")
        }
        let bytes = Array(text.utf8)
        guard let colon = schemeEnd(bytes) else {
            throw NavigationError.link(
                code: "invalid-link", message: "'\(Self.excerpt(text))' is not a link: it has no scheme", offset: 0)
        }
        guard equalIgnoringCase(bytes[..<colon], scheme) else {
            let linkScheme = String(decoding: bytes[..<colon], as: UTF8.self)
            throw NavigationError.link(
                code: "other-app", message: "the link's scheme is '\(linkScheme)', not '\(scheme)'", offset: 0)
        }
        try refuseControlCharacters(bytes, of: text)
        var start = colon + 1
        // The fragment: what is presented, for a reader that asks for it.
        let hash = bytes[start...].firstIndex(of: UInt8(ascii: "#"))
        var end = hash ?? bytes.endIndex
        var queryRange = end..<end
        if let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) {
            queryRange = (question + 1)..<end
            end = question
        }
        var link = LinkText()
        let slash = UInt8(ascii: "/")
        if let hash {
            var parts = bytes[(hash + 1)...].split(separator: slash, omittingEmptySubsequences: false)
            if parts.last?.isEmpty == true { parts.removeLast() }
            link.fragment = parts.map(Part.init)
        }
        if end - start >= 2, bytes[start] == slash, bytes[start + 1] == slash {
            start += 2
            let authorityEnd = bytes[start..<end].firstIndex(of: slash) ?? end
            let authority = bytes[start..<authorityEnd]
            start = authorityEnd
            if let host {
                guard equalIgnoringCase(authority, host) else {
                    let found = String(decoding: authority, as: UTF8.self)
                    throw NavigationError.link(
                        code: "other-app", message: "the link's host is '\(Self.excerpt(found))', not '\(host)'")
                }
            } else if !authority.isEmpty {
                link.segments.append(Part(authority))
            }
        } else if let host {
            throw NavigationError.link(
                code: "other-app", message: "the link has no host; the app's links are on '\(host)'")
        }
        if start < end, bytes[start] == slash { start += 1 }
        if start < end {
            var parts = bytes[start..<end].split(separator: slash, omittingEmptySubsequences: false)
            // `mail://message/42/` is `mail://message/42`.
            if parts.last?.isEmpty == true { parts.removeLast() }
            link.segments.reserveCapacity(link.segments.count + parts.count)
            for part in parts { link.segments.append(Part(part)) }
        }
        for item in bytes[queryRange].split(separator: UInt8(ascii: "&")) {
            let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            let name = Part(item[..<equals])
            let value = equals == item.endIndex ? item[equals...] : item[(equals + 1)...]
            link.query.append((name.decoded ?? name.raw, Part(value)))
        }
        return link
    }

    /// Where a link's scheme ends (its `:`), when it has one: a letter, then letters, digits, `+`,
    /// `-` and `.`.
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        return colon
    }

    /// Whether a link has the scheme and host, whatever the rest holds.
    static func isOwn(_ text: String, scheme: String, host: String?) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = schemeEnd(bytes), equalIgnoringCase(bytes[..<colon], scheme) else { return false }
        guard let host else { return true }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { return false }
        let start = rest.startIndex + 2
        let end = rest[start...].firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
        return equalIgnoringCase(rest[start..<end], host)
    }

    /// Refuses a control character (C0, DEL, C1) or a space anywhere in the link, with its byte
    /// offset.
    private static func refuseControlCharacters(_ bytes: [UInt8], of text: String) throws(NavigationError) {
        var hasNonASCII = false
        for (offset, byte) in bytes.enumerated() {
            if byte < 0x21 || byte == 0x7F {
                let what =
                    byte == UInt8(ascii: " ")
                    ? "a space" : "a control character (\(Self.codePoint(Unicode.Scalar(byte))))"
                throw NavigationError.link(
                    code: "invalid-link", message: "the link has \(what) at byte \(offset)", offset: offset)
            }
            if byte >= 0x80 { hasNonASCII = true }
        }
        guard hasNonASCII else { return }
        var offset = 0
        for scalar in text.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value) || scalar.properties.isWhitespace {
                let what =
                    (0x80...0x9F).contains(scalar.value)
                    ? "a control character (\(Self.codePoint(scalar)))" : "a space (\(Self.codePoint(scalar)))"
                throw NavigationError.link(
                    code: "invalid-link", message: "the link has \(what) at byte \(offset)", offset: offset)
            }
            offset += UTF8.width(scalar)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether ASCII bytes spell `text`, ignoring the case of letters.
    private static func equalIgnoringCase(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        guard bytes.count == text.utf8.count else { return false }
        for (byte, other) in zip(bytes, text.utf8) where byte != other {
            guard isLetter(byte), byte | 0x20 == other | 0x20 else { return false }
        }
        return true
    }

    // MARK: - Percent-encoding

    /// The text a percent-encoded part stands for; nil when a `%` is not followed by two hex digits
    /// or the bytes are not UTF-8.
    static func percentDecoded(_ raw: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Appends `text` percent-encoded: every byte but RFC 3986's unreserved characters (letters,
    /// digits, `-`, `.`, `_`, `~`) as `%XX`.
    static func appendPercentEncoded(_ text: String, to link: inout String) {
        var text = text
        if text.withUTF8({ $0.allSatisfy(isUnreserved) }) {
            link += text
            return
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        link += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a path segment percent-encoded, `.` and `..` too: they are not segments to a URL's
    /// normalization, which would remove them.
    static func appendSegment(_ text: String, to link: inout String) {
        switch text {
        case ".": link += "%2E"
        case "..": link += "%2E%2E"
        default: appendPercentEncoded(text, to: &link)
        }
    }

    /// Whether a byte is one of RFC 3986's unreserved characters.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether a text is a UUID's: `8-4-4-4-12` hex digits in either case, kept as written (a
    /// `String` member that holds a UUID keeps its case). (Foundation's `UUID(uuidString:)` goes
    /// through `sscanf` on Linux: several times slower for a link's parameters.)
    static func isUUID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 36 else { return false }
            for offset in 0..<36 {
                switch offset {
                case 8, 13, 18, 23:
                    guard bytes[offset] == UInt8(ascii: "-") else { return false }
                default:
                    guard hexValue(bytes[offset]) != nil else { return false }
                }
            }
            return true
        }
    }

    /// A value with its null members left out, as a link leaves them.
    static func withoutNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.filter { $0.value != .null }.mapValues(withoutNulls))
        case .array(let elements): .array(elements.map(withoutNulls))
        default: value
        }
    }

    // MARK: - Words

    /// A scalar as `U+000A`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The first control character of a text, if any (C0, DEL and C1).
    static func controlCharacter(in text: String) -> Unicode.Scalar? {
        // C1 characters are 0xC2 0x80-0x9F in UTF-8: a byte scan finds every candidate.
        var text = text
        guard text.withUTF8({ $0.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } }) else { return nil }
        return text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// A text shortened for a message: its first 60 characters and `...`.
    static func excerpt<S: StringProtocol>(_ text: S) -> String {
        text.count <= 60 ? String(text) : String(text.prefix(60)) + "..."
    }
}
