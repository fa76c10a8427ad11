import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkMapping {
    /// The link to a path: each route as the first pattern that fits it.
    ///
    /// A link opens what it was printed from. Unless each pattern starts with a literal of its own
    /// and no parameter reaches into a nested value (then it cannot read otherwise), the printed
    /// link is read back with the same patterns, and a route that would read as another (a more
    /// general pattern listed before it, a nested member a link cannot tell from an absent
    /// parent) is an error, not a link.
    ///
    /// - Parameter routes: The routes, from the root.
    /// - Returns: The link, such as `mail://mailbox/Inbox/message/42`.
    /// - Throws: ``NavigationError`` with `cannot-print` when a route fits no pattern (no
    ///   pattern for its case, a member no pattern holds, a value a link cannot carry), would not
    ///   read back as itself, or cannot be encoded; `invalid-pattern` for a mapping
    ///   whose pattern cannot be read.
    public func link(for routes: some Sequence<Route>) throws(NavigationError) -> String {
        try link(forElements: encodedPath(routes).elements)
    }

    /// A path's routes as a link prints them (up to the first that is not saved), and whether
    /// that left screens out.
    private func encodedPath(_ routes: some Sequence<Route>) throws(NavigationError) -> (
        elements: [JSONValue], cut: Bool
    ) {
        do {
            // A path or an array as it is: copying a path through `Sequence` costs as much as printing it.
            let path = routes as? RoutePath<Route> ?? RoutePath(routes as? [Route] ?? Array(routes))
            let (json, cuts) = try StateCoding.encodeRecording(path)
            return (json.arrayValue ?? [], !cuts.isEmpty)
        } catch {
            throw NavigationError.link(code: "cannot-print", message: "the path cannot be encoded: \(error)")
        }
    }

    /// The link to a path with what is presented over it: the path's link, and the chain's routes
    /// after `#`, each as the first pattern that fits it (`mail://inbox/message/42#compose`), as
    /// ``opening(at:presenting:as:policy:then:onFailure:)`` reads them. A link carries routes, not
    /// styles: the scene that opens it presents them as its opening says. The path and the chain
    /// stop before the first screen that is not saved (``SelectivelySaved``), and a path that
    /// stops so carries no presentation; an empty chain prints no `#`.
    ///
    /// - Parameters:
    ///   - routes: The path's routes, from the root.
    ///   - levels: What is presented over it, from the bottom.
    /// - Returns: The link.
    /// - Throws: ``NavigationError`` as ``link(for:)`` does; `cannot-print` also when a
    ///   presented route's pattern takes query items, which a fragment cannot carry.
    public func link(
        for routes: some Sequence<Route>, presenting levels: some Sequence<Presentation<Route>>
    ) throws(NavigationError) -> String {
        let (elements, cut) = try encodedPath(routes)
        let pathLink = try link(forElements: elements)
        // What was presented over the screens left out goes with them.
        guard !cut else { return pathLink }
        let chain = levels as? PresentationChain<Route> ?? PresentationChain(Array(levels))
        let presented: [JSONValue]
        do {
            presented = (try StateCoding.encode(chain).arrayValue ?? []).map { $0.objectValue?["route"] ?? .null }
        } catch {
            throw NavigationError.link(code: "cannot-print", message: "the presentations cannot be encoded: \(error)")
        }
        guard !presented.isEmpty else { return pathLink }
        var fragment = try link(forElements: presented).dropFirst(scheme.utf8.count + 3 + (host?.utf8.count ?? 0))
        if fragment.first == "/" { fragment = fragment.dropFirst() }
        guard !fragment.contains("?") else {
            throw NavigationError.link(
                code: "cannot-print",
                message:
                    "a presented route's pattern takes query items, which a link's fragment cannot carry: '\(LinkText.excerpt(String(fragment)))'"
            )
        }
        let link = pathLink + "#" + fragment
        guard link.utf8.count <= maximumLength else {
            throw NavigationError.link(
                code: "cannot-print",
                message:
                    "the link is \(link.utf8.count) bytes long, over the mapping's maximum of \(maximumLength): it would not be read"
            )
        }
        return link
    }
    /// The link to a path given as its elements' JSON.
    func link(forElements elements: [JSONValue]) throws(NavigationError) -> String {
        let compiled = try compiledPatterns()
        var link = scheme + "://"
        if let host { link += host }
        var query: [(String, String)] = []
        var first = host == nil
        /// The pattern that printed each element, and how many segments.
        var printedBy: [(pattern: Int, length: Int)] = []
        printedBy.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            var printed: (segments: [String], query: [(String, String)])?
            var problem: String?
            for (number, pattern) in compiled.enumerated() {
                switch pattern.print(element) {
                case nil: continue
                case .success(let result):
                    printed = result
                    printedBy.append((number, result.segments.count))
                case .failure(let misfit): problem = problem ?? misfit.reason
                }
                if printed != nil { break }
            }
            guard let printed else {
                throw NavigationError.link(
                    code: "cannot-print",
                    message:
                        "position \(position + 1) of the path, \(Self.excerpt(element)), has no place in a link: "
                        + (problem ?? "no pattern is for it"))
            }
            for segment in printed.segments {
                if !first { link += "/" }
                first = false
                LinkText.appendSegment(segment, to: &link)
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
        guard link.utf8.count <= maximumLength else {
            throw NavigationError.link(
                code: "cannot-print",
                message:
                    "the link is \(link.utf8.count) bytes long, over the mapping's maximum of \(maximumLength): it would not be read"
            )
        }
        if !Self.readsUnambiguously(compiled) { try checkReadsBack(link, elements, printedBy, compiled) }
        return link
    }

    /// Whether every link the patterns print reads back as printed, without reading it: when each
    /// pattern starts with a literal of its own, the reader finds at each element's first segment
    /// the pattern that printed it, and that pattern takes the segments it printed; when no
    /// parameter reaches into a nested value, each member reads back as the text it printed.
    private static func readsUnambiguously(_ compiled: [LinkPattern.Compiled]) -> Bool {
        var firstLiterals: Set<String> = []
        for pattern in compiled {
            guard pattern.isFlat, case .literal(let literal) = pattern.segments[0],
                firstLiterals.insert(literal).inserted
            else { return false }
        }
        return true
    }

    /// Refuses a link that would not open what it was printed from: read back, each element must
    /// be read by the pattern that printed it, over the segments it printed, with every query item
    /// taken.
    private func checkReadsBack(
        _ link: String, _ elements: [JSONValue], _ printedBy: [(pattern: Int, length: Int)],
        _ compiled: [LinkPattern.Compiled]
    ) throws(NavigationError) {
        let reader = try read(link)
        for (position, element) in elements.enumerated() {
            let expected = printedBy[position]
            guard position < reader.elements.count, reader.readBy[position] == expected.pattern,
                reader.spans[position].count == expected.length
            else {
                let found =
                    position < reader.readBy.count
                    ? reader.readBy[position].map { "the pattern '\(compiled[$0].text)'" } ?? "no pattern"
                    : "nothing"
                throw NavigationError.link(
                    code: "cannot-print",
                    message:
                        "position \(position + 1) of the path, \(Self.excerpt(element)), would not open as itself: printed with '\(compiled[expected.pattern].text)', its link '\(LinkText.excerpt(link))' reads there as \(found) (list the more specific pattern first)"
                )
            }
        }
        for (position, element) in elements.enumerated() {
            // Nulls are not printed: a member that is null reads back as absent.
            guard case .read(let read) = reader.elements[position],
                LinkText.withoutNulls(read) == LinkText.withoutNulls(element)
            else {
                let found: String
                if case .read(let read) = reader.elements[position] {
                    found = Self.excerpt(read)
                } else {
                    found = "nothing"
                }
                throw NavigationError.link(
                    code: "cannot-print",
                    message:
                        "position \(position + 1) of the path, \(Self.excerpt(element)), would not open as itself: its link '\(LinkText.excerpt(link))' reads there as \(found)"
                )
            }
        }
        if let item = reader.unusedItems.first {
            throw NavigationError.link(
                code: "cannot-print",
                message:
                    "the query item '\(item.name)' of the link '\(LinkText.excerpt(link))' would not be read: \(item.reason)"
            )
        }
    }

    private static func excerpt(_ element: JSONValue) -> String {
        LinkText.excerpt(String(decoding: element.serialized(), as: UTF8.self))
    }
}
