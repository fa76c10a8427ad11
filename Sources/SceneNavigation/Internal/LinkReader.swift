import SceneStore

/// Reads a link's text into its elements with a mapping's patterns, before any is decoded: each
/// element's JSON, or its text and why it cannot be read, and the query items no element takes.
struct LinkReader {
    /// One element of a link: its JSON, or its text and why it cannot be read.
    enum Element: Equatable {
        case read(JSONValue)
        case unread(String, reason: String)
    }

    /// A query item no element of the link takes, and why.
    struct UnusedItem: Equatable {
        /// Its place among the query's items.
        let index: Int
        let name: String
        let value: String
        let reason: String
    }

    /// The elements, in order.
    private(set) var elements: [Element] = []
    /// Which pattern read each element; nil for one that could not be read.
    private(set) var readBy: [Int?] = []
    /// The segments each element took.
    private(set) var spans: [Range<Int>] = []
    /// The query items no element takes.
    private(set) var unusedItems: [UnusedItem] = []

    /// Reads a link.
    /// - Parameters:
    ///   - text: The link's parts.
    ///   - patterns: The mapping's patterns, in order.
    init(_ text: LinkText, patterns: [LinkPattern.Compiled]) {
        let parts = text.segments
        // The first element that could not be read: the segments it took may stand for more or
        // fewer routes than one, so the positions after it are not the ones the link was printed with.
        var firstUnread: Int?
        var unmatched: Int?
        func closeUnmatched(at end: Int) {
            guard let start = unmatched else { return }
            let run = parts[start..<end]
            let written = run.map(\.raw).joined(separator: "/")
            if let undecodable = run.first(where: { $0.decoded == nil }) {
                append(.unread(written, reason: "invalid percent-encoding in '\(LinkText.excerpt(undecodable.raw))'"))
            } else {
                append(.unread(written, reason: "no route matches '\(LinkText.excerpt(written))'"))
            }
            if firstUnread == nil { firstUnread = elements.count - 1 }
            spans.append(start..<end)
            unmatched = nil
        }
        func append(_ element: Element, by pattern: Int? = nil) {
            elements.append(element)
            readBy.append(pattern)
        }
        var index = 0
        scanning: while index < parts.count {
            var firstProblem: (reason: String, length: Int)?
            for (number, pattern) in patterns.enumerated() {
                switch pattern.match(parts, from: index) {
                case .none: continue
                case .element(let json, let length):
                    closeUnmatched(at: index)
                    append(.read(json), by: number)
                    spans.append(index..<index + length)
                    index += length
                    continue scanning
                case .badParameter(let reason, let length):
                    if firstProblem == nil { firstProblem = (reason, length) }
                }
            }
            if let (reason, length) = firstProblem {
                closeUnmatched(at: index)
                append(.unread(parts[index..<index + length].map(\.raw).joined(separator: "/"), reason: reason))
                if firstUnread == nil { firstUnread = elements.count - 1 }
                spans.append(index..<index + length)
                index += length
            } else {
                if unmatched == nil { unmatched = index }
                index += 1
            }
        }
        closeUnmatched(at: parts.count)
        guard !text.query.isEmpty else { return }
        addQuery(text.query, patterns: patterns, parts: parts, trustedUpTo: firstUnread)
    }

    /// Gives each element the query items addressed to it: the last element's by name, an earlier
    /// one's after its position (`1.to`); reports the rest.
    private mutating func addQuery(
        _ query: [(name: String, value: LinkText.Part)], patterns: [LinkPattern.Compiled], parts: [LinkText.Part],
        trustedUpTo firstUnread: Int?
    ) {
        /// A query item, by the member it names, for the element it is addressed to.
        struct Addressed {
            let index: Int
            let name: String
            let value: LinkText.Part
        }
        func unused(_ item: Addressed, _ reason: String) {
            unusedItems.append(UnusedItem(index: item.index, name: item.name, value: item.value.raw, reason: reason))
        }
        var items = [[String: Addressed]](repeating: [:], count: elements.count)
        for (index, (name, value)) in query.enumerated() {
            let item = Addressed(index: index, name: name, value: value)
            guard !elements.isEmpty else {
                unused(item, "the link has no route to take it")
                continue
            }
            var target = elements.count - 1
            var member = name
            if let dot = name.firstIndex(of: "."), let position = Int(name[..<dot]) {
                guard position >= 1, position <= elements.count else {
                    unused(item, "the link has no position \(position)")
                    continue
                }
                // An element that could not be read may stand for more or fewer routes than one:
                // the positions after it are not the printed ones.
                if let unread = firstUnread, position - 1 > unread {
                    unused(
                        item, "its position comes after an element that could not be read, so its route is not known")
                    continue
                }
                target = position - 1
                member = String(name[name.index(after: dot)...])
            }
            guard items[target][member] == nil else {
                unused(item, "the link gives it twice; the first is read")
                continue
            }
            items[target][member] = item
        }
        for position in elements.indices where !items[position].isEmpty {
            let notRead = "its route, position \(position + 1), was not read"
            guard case .read(let json) = elements[position], let number = readBy[position] else {
                for item in items[position].values { unused(item, notRead) }
                continue
            }
            let pattern = patterns[number]
            let taken = items[position].filter { member, _ in pattern.query.contains { $0.name == member } }
            for (member, item) in items[position] where taken[member] == nil {
                unused(item, "the route at position \(position + 1) (\(pattern.text)) takes no '\(member)'")
            }
            switch pattern.addingQuery(taken.mapValues(\.value), to: json) {
            case .success(let completed): elements[position] = .read(completed)
            case .failure(let misfit):
                // The element is dropped for one item: its other items go with it, reported.
                for (member, item) in taken where member != misfit.parameter { unused(item, notRead) }
                elements[position] = .unread(
                    parts[spans[position]].map(\.raw).joined(separator: "/"), reason: misfit.reason)
                readBy[position] = nil
            }
        }
        unusedItems.sort { $0.index < $1.index }
    }
}
