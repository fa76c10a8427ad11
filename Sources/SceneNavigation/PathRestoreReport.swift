import SceneStore

/// What a restore of a saved path kept and what it dropped, element by element, and why.
///
/// ```swift
/// for dropped in report.dropped {
///     print("dropped \(dropped.json) at \(dropped.position + 1): \(dropped.reason)")
/// }
/// ```
public struct PathRestoreReport: Sendable, Hashable {
    /// Why an element of a saved path was not restored.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The element no longer decodes as a route (a case removed or renamed, a changed payload);
        /// the decoding error says why.
        case undecodable(String)
        /// The element's type name (in SwiftUI's `NavigationPath` format) is not in the app's
        /// ``NavigationTypeRegistry``: a type renamed or removed, or a name from another writer.
        case unknownType(String)
        /// The element decoded, but the app's resolver found nothing for it (the object is gone).
        case unresolved
        /// It comes after a dropped element and the policy truncates there.
        case afterDroppedElement
        /// It equals an element restored before it and the policy drops duplicates.
        case duplicate
        /// The path is deeper than the policy's maximum.
        case beyondMaximumDepth
        /// Paths were withheld: by a crash-loop guard, or for a deep link (the restore's
        /// ``RestoreIntervention`` says which), or by a policy that does not restore paths.
        case withheld

        /// The stable code written in JSON: `undecodable`, `unknown-type`, `unresolved`, `after-dropped-element`,
        /// `duplicate`, `beyond-maximum-depth` or `withheld`.
        public var code: String {
            switch self {
            case .undecodable: "undecodable"
            case .unknownType: "unknown-type"
            case .unresolved: "unresolved"
            case .afterDroppedElement: "after-dropped-element"
            case .duplicate: "duplicate"
            case .beyondMaximumDepth: "beyond-maximum-depth"
            case .withheld: "withheld"
            }
        }

        /// The reason in words, such as `it no longer decodes: ...`.
        public var description: String {
            switch self {
            case .undecodable(let error): "it no longer decodes: \(error)"
            case .unknownType(let name): "no type is registered as '\(name)'"
            case .unresolved: "the app no longer has it"
            case .afterDroppedElement: "after a dropped element (policy truncate)"
            case .duplicate: "already on the path"
            case .beyondMaximumDepth: "beyond the maximum depth"
            case .withheld: "paths were withheld"
            }
        }
    }

    /// One dropped element.
    public struct DroppedElement: Sendable, Hashable {
        /// Where the path is inside the stored value, as a coding path such as `path` or
        /// `router.items`; empty when the stored value is the path itself.
        public var location: String
        /// The element's index in the saved path, from 0 (people are shown it counted from 1).
        public var position: Int
        /// The element as it was stored.
        public var json: JSONValue
        /// Why it was dropped.
        public var reason: Reason

        /// Creates an entry.
        /// - Parameters:
        ///   - location: Where the path is in the stored value.
        ///   - position: The index in the saved path.
        ///   - json: The element as stored.
        ///   - reason: Why it was dropped.
        public init(location: String = "", position: Int, json: JSONValue, reason: Reason) {
            self.location = location
            self.position = position
            self.json = json
            self.reason = reason
        }
    }

    /// How many elements were restored, over every path in the stored value.
    public var restoredCount: Int
    /// The dropped elements, in the order of the stored value.
    public var dropped: [DroppedElement]
    /// The elements restored through an alias of ``NavigationMigrations`` (counted in
    /// ``restoredCount`` when they restored).
    public var migrated: [NavigationMigrations.MigratedElement]

    /// Creates a report.
    /// - Parameters:
    ///   - restoredCount: How many elements were restored.
    ///   - dropped: The dropped elements.
    ///   - migrated: The elements replaced by an alias.
    public init(
        restoredCount: Int = 0, dropped: [DroppedElement] = [], migrated: [NavigationMigrations.MigratedElement] = []
    ) {
        self.restoredCount = restoredCount
        self.dropped = dropped
        self.migrated = migrated
    }

    /// Whether every saved element was restored.
    public var isComplete: Bool { dropped.isEmpty }
}

// MARK: - JSON

extension PathRestoreReport {
    /// The report as JSON: `{"restored": 3, "dropped": [{"location", "position", "json", "reason", "error"}],
    /// "migrated": [{"location", "position", "from", "to"}]}`, `reason` being the stable
    /// ``Reason/code`` and `error` the decoding error (or null).
    public var json: JSONValue {
        .object([
            "restored": .number(JSONNumber(restoredCount)),
            "migrated": .array(
                migrated.map { entry in
                    .object([
                        "location": .string(entry.location), "position": .number(JSONNumber(entry.position)),
                        "from": entry.from, "to": entry.to,
                    ])
                }),
            "dropped": .array(
                dropped.map { entry in
                    var error = JSONValue.null
                    if case .undecodable(let text) = entry.reason { error = .string(text) }
                    return .object([
                        "location": .string(entry.location), "position": .number(JSONNumber(entry.position)),
                        "json": entry.json, "reason": .string(entry.reason.code), "error": error,
                    ])
                }),
        ])
    }
}
