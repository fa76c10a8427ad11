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
        let raw: Substring
        let decoded: String?

        init(_ raw: Substring) {
            self.raw = raw
            decoded = LinkText.percentDecoded(raw)
        }
    }

    /// The path's segments, in order (the authority's first, for a mapping without a host).
    var segments: [Part] = []
    /// The query's items, in order: name (decoded, or as written) and value.
    var query: [(name: String, value: Part)] = []

    /// Takes a link apart.
    /// - Parameters:
    ///   - text: The link.
    ///   - scheme: The scheme it must have (compared without case).
    ///   - host: The host it must have (compared without case), or nil when the authority is the
    ///     first segment (`mail://message/42`).
    ///   - maximumLength: The longest link read, in bytes.
    /// - Throws: ``LinkError`` with ``LinkError/Code/invalidLink`` or ``LinkError/Code/otherApp``.
    static func read(_ text: String, scheme: String, host: String?, maximumLength: Int) throws(LinkError) -> LinkText {
        let bytes = text.utf8
        guard bytes.count <= maximumLength else {
            throw LinkError(
                .invalidLink, "the link is \(bytes.count) bytes long, over the maximum of \(maximumLength)")
        }
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace {
                let what = scalar == " " ? "a space" : "a control character (\(Self.codePoint(scalar)))"
                throw LinkError(.invalidLink, "the link has \(what) at byte \(offset)", offset: offset)
            }
            offset += String(scalar).utf8.count
        }
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            text.first?.isLetter == true
        else {
            throw LinkError(.invalidLink, "'\(Self.excerpt(text))' is not a link: it has no scheme", offset: 0)
        }
        let linkScheme = text[..<colon]
        guard linkScheme.lowercased() == scheme.lowercased() else {
            throw LinkError(.otherApp, "the link's scheme is '\(linkScheme)', not '\(scheme)'", offset: 0)
        }
        var rest = text[text.index(after: colon)...]
        // The fragment is the page's, not the navigation's.
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var link = LinkText()
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            let authority = rest[..<end]
            rest = rest[end...]
            if let host {
                guard authority.lowercased() == host.lowercased() else {
                    throw LinkError(.otherApp, "the link's host is '\(Self.excerpt(authority))', not '\(host)'")
                }
            } else if !authority.isEmpty {
                link.segments.append(Part(authority))
            }
        } else if let host {
            throw LinkError(.otherApp, "the link has no host; the app's links are on '\(host)'")
        }
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        if !rest.isEmpty {
            var parts = rest.split(separator: "/", omittingEmptySubsequences: false)
            // `mail://message/42/` is `mail://message/42`.
            if parts.last?.isEmpty == true { parts.removeLast() }
            link.segments += parts.map(Part.init)
        }
        for item in queryText.split(separator: "&") {
            let equals = item.firstIndex(of: "=") ?? item.endIndex
            let name = item[..<equals]
            let value = equals == item.endIndex ? item[equals...] : item[item.index(after: equals)...]
            link.query.append((Self.percentDecoded(name) ?? String(name), Part(value)))
        }
        return link
    }

    // MARK: - Percent-encoding

    /// The text a percent-encoded part stands for; nil when a `%` is not followed by two hex digits
    /// or the bytes are not UTF-8.
    static func percentDecoded(_ raw: Substring) -> String? {
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
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
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        link += String(decoding: bytes, as: UTF8.self)
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

    // MARK: - Words

    /// A scalar as `U+000A`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The first control character of a text, if any (C0, DEL and C1).
    static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// A text shortened for a message: its first 60 characters and `...`.
    static func excerpt<S: StringProtocol>(_ text: S) -> String {
        text.count <= 60 ? String(text) : String(text.prefix(60)) + "..."
    }
}
