import SceneStore

/// Where a save left screens out (``SelectivelySaved``, ``Presentation/unsavedReason``), and why:
/// never what they were.
///
/// A save writes its cuts beside the value, under `<key>.unsaved`, in the same write:
/// `[{"count": 2, "location": "path", "position": 3, "reason": "sensitive"}]`, and none when
/// nothing was left out. The next restore reports each screen left out
/// (``RestoreReport/Reason/notSaved(_:)``), so that a restore that stops before a screen says why.
struct UnsavedCut: Hashable, Sendable {
    /// The path or chain, as a coding path into the value (`path`, `tabs[1].path`; empty for the
    /// value itself).
    var location: String
    /// The position of the first screen left out.
    var position: Int
    /// How many screens were left out: that one and every one above it.
    var count: Int
    /// Why.
    var reason: UnsavedReason

    /// The first route of a path that is not saved, and why; nil at once for routes whose type
    /// never says (``SelectivelySaved``).
    static func first<Route>(in routes: [Route]) -> (position: Int, reason: UnsavedReason)? {
        guard Unsaved.isSelective(Route.self) else { return nil }
        // By index: with `enumerated()`, a profile of a save showed the runtime looking up the
        // metadata of its element tuple for the route type at every call, for a type that never
        // says too.
        for position in routes.indices {
            if let why = Unsaved.reason(of: routes[position]) { return (position, why) }
        }
        return nil
    }

    /// The first level of a chain that is not saved (the presentation's own reason first, then its
    /// route's), and why.
    static func first<Route>(in levels: [Presentation<Route>]) -> (position: Int, reason: UnsavedReason)? {
        let selective = Unsaved.isSelective(Route.self)
        for (position, level) in levels.enumerated() {
            if let why = level.unsavedReason ?? (selective ? Unsaved.reason(of: level.route) : nil) {
                return (position, why)
            }
        }
        return nil
    }

    // MARK: - The record beside the value

    /// The key of the record beside a value.
    static func companionKey(for key: String) -> String { key + ".unsaved" }

    /// The record of these cuts; nil (no record, removing an earlier one) when there are none.
    /// Within what a restore reads: the first ``maximumScreens`` screens left out, at positions up
    /// to ``maximumPosition``; the rest are not recorded, and so not reported.
    static func record(of cuts: [UnsavedCut]) -> SceneValue? {
        var room = maximumScreens
        var recorded: [UnsavedCut] = []
        for var cut in cuts where cut.position <= maximumPosition && room > 0 {
            cut.count = min(cut.count, room)
            room -= cut.count
            recorded.append(cut)
        }
        guard !recorded.isEmpty else { return nil }
        return .json(
            .array(
                recorded.map { cut in
                    .object([
                        "location": .string(cut.location), "position": .number(JSONNumber(cut.position)),
                        "count": .number(JSONNumber(cut.count)), "reason": .string(cut.reason.rawValue),
                    ])
                }))
    }

    /// The cuts recorded beside the value under `key`: none when there is no record.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` naming the record's key
    ///   when it is not such a record.
    static func recorded(forKey key: String, in document: StoredDocument) throws(NavigationError) -> [UnsavedCut] {
        let recordKey = companionKey(for: key)
        return try recorded(forKey: key, in: document.value(forKey: recordKey).map { [recordKey: $0] } ?? [:])
    }

    /// The cuts recorded beside the value under `key` among a scene's values: none when there is no
    /// record.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` naming the record's key
    ///   when it is not such a record.
    static func recorded(forKey key: String, in values: [String: SceneValue]) throws(NavigationError) -> [UnsavedCut] {
        let recordKey = companionKey(for: key)
        guard let stored = values[recordKey] else { return [] }
        func invalid(_ reason: String, at location: [JSONValue.PathComponent] = []) -> NavigationError {
            .cannotDecode(key: recordKey, reason: reason, location: location)
        }
        guard case .json(.array(let entries)) = stored else {
            throw invalid("the record of screens not saved is a JSON array")
        }
        var cuts: [UnsavedCut] = []
        var screens = 0
        for (index, entry) in entries.enumerated() {
            guard case .object(let members) = entry,
                case .string(let location)? = members["location"],
                case .number(let position)? = members["position"], let first = position.intValue,
                (0...maximumPosition).contains(first),
                case .number(let count)? = members["count"], let left = count.intValue,
                (1...maximumScreens).contains(left),
                case .string(let name)? = members["reason"], let reason = UnsavedReason(rawValue: name)
            else {
                throw invalid(
                    "each screen not saved is {\"location\", \"position\", \"count\", \"reason\"}, "
                        + "a position from 0 to \(maximumPosition), a count from 1 to \(maximumScreens), "
                        + "reason transient or sensitive",
                    at: [.index(index)])
            }
            screens += left
            guard screens <= maximumScreens else {
                throw invalid(
                    "the record of screens not saved holds at most \(maximumScreens) screens", at: [.index(index)])
            }
            cuts.append(UnsavedCut(location: location, position: first, count: left, reason: reason))
        }
        return cuts
    }

    /// The highest position a record may name: no path is that deep.
    static let maximumPosition = 1_000_000
    /// The most screens a record may leave out, over all its entries: the report holds one entry
    /// for each.
    static let maximumScreens = 10_000

    /// The report's entries of these cuts: one per screen left out.
    static func dropped(_ cuts: [UnsavedCut]) -> [RestoreReport.DroppedElement] {
        cuts.flatMap { cut in
            (cut.position..<cut.position + cut.count).map { position in
                RestoreReport.DroppedElement(
                    location: cut.location, position: position, json: .null, reason: .notSaved(cut.reason))
            }
        }
    }
}

/// Why a value is not saved, when its type says (``SelectivelySaved``).
enum Unsaved {
    /// Whether values of a type may say they are not saved: checked once per path, so that a path
    /// of routes that never say costs nothing.
    static func isSelective<Value>(_ type: Value.Type) -> Bool {
        type is any SelectivelySaved.Type
    }

    /// Why a value is not saved, or nil.
    static func reason<Value>(of value: Value) -> UnsavedReason? {
        (value as? any SelectivelySaved)?.unsavedReason
    }
}
