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
    public var scheme: String
    /// The links' host (`mail.example.com`), compared without case; nil for links whose first
    /// segment stands where the host would (`mail://message/42`).
    public var host: String?
    /// The patterns, in the order they are tried: the first that fits a route prints it.
    public var patterns: [LinkPattern]
    /// The longest link read, in bytes. 16 KiB by default.
    public var maximumLength: Int

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
    /// - Throws: ``LinkError`` with the code ``LinkError/Code/invalidPattern``.
    public func validate() throws(LinkError) {
        for pattern in patterns { try pattern.validate() }
    }

    /// The patterns, read.
    private func compiledPatterns() throws(LinkError) -> [LinkPattern.Compiled] {
        var compiled: [LinkPattern.Compiled] = []
        compiled.reserveCapacity(patterns.count)
        for pattern in patterns { compiled.append(try pattern.compiled.get()) }
        return compiled
    }
}

// MARK: - Reading links

extension LinkMapping {
    /// Reads a link as a path, element by element, as a restore reads a saved path.
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - policy: What to do after an element that does not open (skip it, or truncate there),
    ///     with duplicates and past the maximum depth.
    ///   - resolvers: The app's resolvers (routes stored as identifiers are looked up).
    ///   - types: The types a ``MixedPath`` in a route decodes.
    ///   - migrations: The app's migrations: their aliases apply to each element. A link holds no
    ///     schema version, so it is read as the current one.
    /// - Returns: The routes that opened, and the report of what did not (each dropped element's
    ///   JSON is its text in the link, with the reason) and what migrated.
    /// - Throws: ``LinkError``: ``LinkError/Code/otherApp`` for a link of another scheme or host,
    ///   ``LinkError/Code/invalidLink`` for text that is not a link this mapping reads,
    ///   ``LinkError/Code/invalidPattern`` for a mapping whose pattern cannot be read.
    public func routes(
        fromLink link: String, policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) throws(LinkError) -> (routes: RoutePath<Route>, report: RestoreReport) {
        let elements = try elements(ofLink: link)
        var stored: [JSONValue] = []
        var unread: [Int: RestoreReport.Reason] = [:]
        stored.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            switch element {
            case .read(let json): stored.append(json)
            case .unread(let text, let reason):
                stored.append(.string(text))
                unread[position] = .undecodable(reason)
            }
        }
        do {
            let (path, report) = try NavigationCoding.decode(
                RoutePath<Route>.self, from: .array(stored), policy: policy, resolvers: resolvers, types: types,
                migrations: migrations, schemaVersion: migrations.version, fallback: nil, unread: unread)
            return (path, report)
        } catch {
            // An array of elements is always a path's shape; a migration step that throws is not run
            // at the current version.
            throw LinkError(.invalidLink, "the link cannot be read as a path: \(error)")
        }
    }

    /// Reads a URL as a path, element by element: ``routes(fromLink:policy:resolvers:types:migrations:)``
    /// of its text.
    /// - Parameters:
    ///   - url: The URL.
    ///   - policy: What to do after an element that does not open.
    ///   - resolvers: The app's resolvers.
    ///   - types: The types a ``MixedPath`` in a route decodes.
    ///   - migrations: The app's migrations.
    /// - Returns: The routes, and the report.
    /// - Throws: ``LinkError``, as for a link's text.
    public func routes(
        from url: URL, policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) throws(LinkError) -> (routes: RoutePath<Route>, report: RestoreReport) {
        try routes(
            fromLink: url.absoluteString, policy: policy, resolvers: resolvers, types: types, migrations: migrations)
    }

    /// One element of a link: its JSON, or its text and why it cannot be read.
    enum Element: Equatable {
        case read(JSONValue)
        case unread(String, reason: String)
    }

    /// A link's elements, before they are decoded: each path element's JSON, or why it is none.
    func elements(ofLink link: String) throws(LinkError) -> [Element] {
        let compiled = try compiledPatterns()
        let text = try LinkText.read(link, scheme: scheme, host: host, maximumLength: maximumLength)
        let parts = text.segments
        var elements: [Element] = []
        /// Which pattern read each element, nil for an unread one, and the segments it took.
        var readBy: [Int?] = []
        var spans: [Range<Int>] = []
        var unmatched: Int?
        func closeUnmatched(at end: Int) {
            guard let start = unmatched else { return }
            let run = parts[start..<end]
            let written = run.map { String($0.raw) }.joined(separator: "/")
            if let undecodable = run.first(where: { $0.decoded == nil }) {
                elements.append(
                    .unread(written, reason: "invalid percent-encoding in '\(LinkText.excerpt(undecodable.raw))'"))
            } else {
                elements.append(.unread(written, reason: "no route matches '\(LinkText.excerpt(written))'"))
            }
            readBy.append(nil)
            spans.append(start..<end)
            unmatched = nil
        }
        var index = 0
        scanning: while index < parts.count {
            var firstProblem: (reason: String, length: Int)?
            for (number, pattern) in compiled.enumerated() {
                switch pattern.match(parts, from: index) {
                case .none: continue
                case .element(let json, let length):
                    closeUnmatched(at: index)
                    elements.append(.read(json))
                    readBy.append(number)
                    spans.append(index..<index + length)
                    index += length
                    continue scanning
                case .badParameter(let reason, let length):
                    if firstProblem == nil { firstProblem = (reason, length) }
                }
            }
            if let (reason, length) = firstProblem {
                closeUnmatched(at: index)
                let written = parts[index..<index + length].map { String($0.raw) }.joined(separator: "/")
                elements.append(.unread(written, reason: reason))
                readBy.append(nil)
                spans.append(index..<index + length)
                index += length
            } else {
                if unmatched == nil { unmatched = index }
                index += 1
            }
        }
        closeUnmatched(at: parts.count)
        guard !text.query.isEmpty, !elements.isEmpty else { return elements }
        // Query items: the last element's by name, an earlier one's after its position (`1.to`).
        var items = [[String: LinkText.Part]](repeating: [:], count: elements.count)
        for (name, value) in text.query {
            var target = elements.count - 1
            var member = Substring(name)
            if let dot = name.firstIndex(of: "."), let position = Int(name[..<dot]), position >= 1,
                position <= elements.count
            {
                target = position - 1
                member = name[name.index(after: dot)...]
            }
            if items[target][String(member)] == nil { items[target][String(member)] = value }
        }
        for position in elements.indices {
            guard !items[position].isEmpty, case .read(let json) = elements[position], let number = readBy[position]
            else { continue }
            switch compiled[number].addingQuery(items[position], to: json) {
            case .success(let completed): elements[position] = .read(completed)
            case .failure(let misfit):
                let reason = misfit.reason
                let written = parts[spans[position]].map { String($0.raw) }.joined(separator: "/")
                elements[position] = .unread(written, reason: reason)
            }
        }
        return elements
    }
}

// MARK: - Printing links

extension LinkMapping {
    /// The link to a path: each route as the first pattern that fits it.
    /// - Parameter routes: The routes, from the root.
    /// - Returns: The link, such as `mail://mailbox/Inbox/message/42`.
    /// - Throws: ``LinkError`` with ``LinkError/Code/cannotPrint`` when a route fits no pattern (no
    ///   pattern for its case, a member no pattern holds, a value a link cannot carry) or cannot be
    ///   encoded; ``LinkError/Code/invalidPattern`` for a mapping whose pattern cannot be read.
    public func link(for routes: some Sequence<Route>) throws(LinkError) -> String {
        let json: JSONValue
        do {
            // A path or an array as it is: copying a path through `Sequence` costs as much as printing it.
            let path = routes as? RoutePath<Route> ?? RoutePath(routes as? [Route] ?? Array(routes))
            json = try NavigationCoding.encode(path)
        } catch {
            throw LinkError(.cannotPrint, "the path cannot be encoded: \(error)")
        }
        return try link(forElements: json.arrayValue ?? [])
    }

    /// The link to a path, as a URL.
    /// - Parameter routes: The routes, from the root.
    /// - Returns: The link.
    /// - Throws: ``LinkError``, as ``link(for:)`` does.
    public func url(for routes: some Sequence<Route>) throws(LinkError) -> URL {
        let text = try link(for: routes)
        guard let url = URL(string: text) else {
            throw LinkError(.cannotPrint, "'\(LinkText.excerpt(text))' is not a URL (is the scheme '\(scheme)' valid?)")
        }
        return url
    }

    /// The link to a path given as its elements' JSON.
    func link(forElements elements: [JSONValue]) throws(LinkError) -> String {
        let compiled = try compiledPatterns()
        var link = scheme + "://"
        if let host { link += host }
        var query: [(String, String)] = []
        var first = host == nil
        for (position, element) in elements.enumerated() {
            var printed: (segments: [String], query: [(String, String)])?
            var problem: String?
            for pattern in compiled {
                switch pattern.print(element) {
                case nil: continue
                case .success(let result): printed = result
                case .failure(let misfit): problem = problem ?? misfit.reason
                }
                if printed != nil { break }
            }
            guard let printed else {
                let json = LinkText.excerpt(String(decoding: element.serialized(), as: UTF8.self))
                throw LinkError(
                    .cannotPrint,
                    "position \(position + 1) of the path, \(json), has no place in a link: "
                        + (problem ?? "no pattern is for it"))
            }
            for segment in printed.segments {
                if !first { link += "/" }
                first = false
                LinkText.appendPercentEncoded(segment, to: &link)
            }
            let prefix = position == elements.count - 1 ? "" : "\(position + 1)."
            query += printed.query.map { (prefix + $0.0, $0.1) }
        }
        for (number, (name, value)) in query.enumerated() {
            link += number == 0 ? "?" : "&"
            link += name
            link += "="
            LinkText.appendPercentEncoded(value, to: &link)
        }
        return link
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
