import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An app's links, declared once: which URL stands for which path of routes, read and printed by
/// the same patterns.
///
/// A link is the path's routes one after another, each as its ``LinkPattern``:
/// `mail://mailbox/Inbox/message/42` is `[.mailbox(name: "Inbox"), .message(id: 42)]`. Query
/// parameters belong to the last route (`mail://compose?to=ana`); an earlier route's carry its
/// position, from 1 (`1.to=ana`).
///
/// Reading a link is a restore: each element is read, decoded and resolved on its own, with the
/// app's migrations and resolvers, under the restore policy, and the ``RestoreReport`` says what did
/// not open and why (a segment no pattern matches, a parameter that is not its type, a route the
/// app no longer has), so a link from an older version of the app, or a hostile one, opens as much
/// as it can and never crashes.
///
/// ```swift
/// enum Route: Codable, Hashable {
///     case mailbox(name: String)
///     case message(id: Int)
/// }
/// let links = LinkMapping<Route>(scheme: "mail", [
///     LinkPattern("mailbox/{name}", case: "mailbox"),
///     LinkPattern("message/{id:int}", case: "message"),
/// ])
/// let link = try links.link(for: [.mailbox(name: "Inbox"), .message(id: 42)])
/// // mail://mailbox/Inbox/message/42
/// let (path, report) = try links.routes(fromLink: "mail://mailbox/Inbox/message/x")
/// // [.mailbox(name: "Inbox")]; report: position 2 ... 'id' is not an int: 'x'
/// ```
///
/// The mapping is `Codable`: `navstate open --mapping` reads another app's from a JSON file.
public struct LinkMapping<Route: Codable & Hashable>: Sendable, Hashable {
    /// The links' scheme (`mail`, `https`), compared without case.
    package var scheme: String
    /// The links' host (`mail.example.com`), compared without case; nil for links whose first
    /// segment stands where the host would (`mail://message/42`).
    package var host: String?
    /// The patterns, in the order they are tried: the first that fits a route prints it.
    package var patterns: [LinkPattern]
    /// The longest link read, in bytes. 16 KiB by default.
    package var maximumLength: Int

    /// Creates a mapping.
    /// - Parameters:
    ///   - scheme: The links' scheme.
    ///   - host: The links' host, or nil when the first segment stands where the host would.
    ///   - maximumLength: The longest link read, in bytes.
    ///   - patterns: The patterns, in the order they are tried.
    public init(scheme: String, host: String? = nil, maximumLength: Int = 16_384, _ patterns: [LinkPattern]) {
        self.scheme = scheme
        self.host = host
        self.patterns = patterns
        self.maximumLength = maximumLength
    }

    /// Whether every pattern can be read; the error names the first that cannot.
    /// - Throws: ``NavigationError`` with the code `invalid-pattern`.
    public func validate() throws(NavigationError) {
        for pattern in patterns { try pattern.validate() }
    }

    /// The patterns, read.
    func compiledPatterns() throws(NavigationError) -> [LinkPattern.Compiled] {
        var compiled: [LinkPattern.Compiled] = []
        compiled.reserveCapacity(patterns.count)
        for pattern in patterns { compiled.append(try pattern.compiled.get()) }
        return compiled
    }
}

// MARK: - Coding

extension LinkMapping: Codable {
    private enum CodingKeys: String, CodingKey {
        case scheme, host, maximumLength, patterns
    }

    /// Reads `{"scheme": "mail", "host": null, "patterns": [...]}` (`maximumLength` optional).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a member is missing or a pattern cannot be read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scheme: try container.decode(String.self, forKey: .scheme),
            host: try container.decodeIfPresent(String.self, forKey: .host),
            maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength) ?? 16_384,
            try container.decode([LinkPattern].self, forKey: .patterns))
    }

    /// Writes the scheme, host, maximum length and patterns.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scheme, forKey: .scheme)
        try container.encodeIfPresent(host, forKey: .host)
        try container.encode(maximumLength, forKey: .maximumLength)
        try container.encode(patterns, forKey: .patterns)
    }
}
