import SceneStore

/// What a restore kept, dropped and migrated, element by element and member by member, and why:
/// the one report of every restore, whatever the app's state holds (a ``RoutePath``, a
/// ``MixedPath``, a struct of both, the cookbook's recipes).
///
/// ```swift
/// for dropped in report.dropped {
///     print("dropped \(dropped)")   // "dropped position 2 of path: the app no longer has it"
/// }
/// ```
public struct RestoreReport: Sendable, Hashable {
    /// Why an element of a saved path, or a member of the saved state, was not restored.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// It no longer decodes (a case removed or renamed, a changed payload, a member of another
        /// type); the decoding error says why.
        case undecodable(String)
        /// The element's type name (in SwiftUI's `NavigationPath` format) is not in the app's
        /// ``NavigationTypeRegistry``: a type renamed or removed, or a name from another writer.
        case unknownType(String)
        /// It decoded, but the app's resolver (or lookup) found nothing for it: the object is gone.
        case unresolved
        /// It comes after a dropped element: on a path, where the policy truncates; in a chain of
        /// presentations, always (a level is presented over the one beneath it).
        case afterDroppedElement
        /// It equals an element restored before it and the policy drops duplicates.
        case duplicate
        /// The path is deeper than the policy's maximum.
        case beyondMaximumDepth
        /// Paths were withheld, and presentations with them: by a crash-loop guard, or for a deep
        /// link (the restore's ``RestoreIntervention`` says which), or by a policy that does not
        /// restore paths.
        case withheld
        /// It was never saved: the app marks it (or a screen beneath it) as not to be saved
        /// (``SelectivelySaved``, ``Presentation/unsavedReason``), for this reason. Its JSON is
        /// null: what it was is not known.
        case notSaved(UnsavedReason)

        /// The stable code written in JSON: `undecodable`, `unknown-type`, `unresolved`,
        /// `after-dropped-element`, `duplicate`, `beyond-maximum-depth`, `withheld` or `not-saved`.
        public var code: String {
            switch self {
            case .undecodable: "undecodable"
            case .unknownType: "unknown-type"
            case .unresolved: "unresolved"
            case .afterDroppedElement: "after-dropped-element"
            case .duplicate: "duplicate"
            case .beyondMaximumDepth: "beyond-maximum-depth"
            case .withheld: "withheld"
            case .notSaved: "not-saved"
            }
        }

        /// Whether a later version of the app could restore it again (a type registered, a decoder
        /// fixed): `undecodable` and `unknown-type`. What is dropped for such a reason is kept in a
        /// copy of the scene's file before it is written over.
        public var couldBeUndone: Bool {
            switch self {
            case .undecodable, .unknownType: true
            default: false
            }
        }

        /// The reason in words, such as `it no longer decodes: ...`.
        public var description: String {
            switch self {
            case .undecodable(let error): "it no longer decodes: \(error)"
            case .unknownType(let name): "no type is registered as '\(name)'"
            case .unresolved: "the app no longer has it"
            case .afterDroppedElement: "after a dropped element"
            case .duplicate: "already on the path"
            case .beyondMaximumDepth: "beyond the maximum depth"
            case .withheld: "paths were withheld"
            case .notSaved(let reason): "not saved (\(reason))"
            }
        }
    }

    /// One element of a path, or one member of the state, that was not restored.
    public struct DroppedElement: Sendable, Hashable, CustomStringConvertible {
        /// Where it is in the stored value, as a coding path: the path that holds the element
        /// (`path`, `tabs[1].path`; empty when the stored value is the path itself), or the member
        /// itself (`sidebar.selection`).
        public var location: String
        /// The element's index in its path, from 0 (people are shown it counted from 1); nil for a
        /// member, which the model left at its initial value.
        public var position: Int?
        /// The element or member as it was stored (null when a member was missing).
        public var json: JSONValue
        /// Why it was not restored.
        public var reason: Reason

        /// Creates an entry.
        /// - Parameters:
        ///   - location: Where the path or member is in the stored value.
        ///   - position: The index in the path, or nil for a member.
        ///   - json: What was stored.
        ///   - reason: Why it was not restored.
        public init(location: String = "", position: Int?, json: JSONValue, reason: Reason) {
            self.location = location
            self.position = position
            self.json = json
            self.reason = reason
        }

        /// The place as a coding path: `path[1]` for an element (positions from 0),
        /// `sidebar.selection` for a member, `[1]` for an element of a stored value that is a path
        /// itself. ``description`` says it in words, for every shape.
        public var place: String {
            guard let position else { return location }
            return "\(location)[\(position)]"
        }

        /// Where it is, as a path into the stored value.
        var codingPath: [JSONValue.PathComponent] {
            RestoreReport.components(location: location, position: position)
        }

        /// The entry in one line, positions counted from 1, for every shape of state:
        /// `position 2 of path: the app no longer has it`, `position 2 of the path: ...` (a stored
        /// value that is a path itself), `member sidebar.selection: it no longer decodes: ...`.
        public var description: String {
            "\(RestoreReport.words(location: location, position: position)): \(reason)"
        }
    }

    /// One element of a path, or one member of the state, restored as something other than what
    /// was stored: changed by a rename, a type's migration step or an alias of the migrations, a
    /// type name the registry renamed, or a resolver or lookup that brought it to another value.
    public struct MigratedElement: Sendable, Hashable, CustomStringConvertible {
        /// Where its path is in the stored value (`path`, `tabs[1].path`; empty for the value
        /// itself), or the member itself.
        public var location: String
        /// Its index in the path, from 0; nil for a member that is no path element.
        public var position: Int?
        /// It as stored.
        public var from: JSONValue
        /// What it became.
        public var to: JSONValue

        /// Creates an entry.
        /// - Parameters:
        ///   - location: Where its path is.
        ///   - position: Its index, or nil for a member.
        ///   - from: It as stored.
        ///   - to: What it became.
        public init(location: String, position: Int?, from: JSONValue, to: JSONValue) {
            self.location = location
            self.position = position
            self.from = from
            self.to = to
        }

        /// The place as a coding path: `path[1]` for an element, `sidebar.selection` for a
        /// member, empty for the whole value. ``description`` says it in words, for every shape.
        public var place: String {
            guard let position else { return location }
            return "\(location)[\(position)]"
        }

        /// The entry in one line, positions counted from 1: `position 2 of path: "old" -> "new"`,
        /// `position 1 of the path: ...`, `member sidebar.selection: ...`, `the value: ...`.
        public var description: String {
            "\(RestoreReport.words(location: location, position: position)): \(from) -> \(to)"
        }
    }

    /// A place as the components of a path into the stored value: `tabs[1].path` and position 2
    /// are `tabs`, 1, `path`, 2.
    static func components(location: String, position: Int?) -> [JSONValue.PathComponent] {
        var components: [JSONValue.PathComponent] = []
        for part in location.split(separator: ".", omittingEmptySubsequences: true) {
            var rest = part
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { components.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.first == "[", let close = rest.firstIndex(of: "]"),
                    let index = Int(rest[rest.index(after: rest.startIndex)..<close])
                {
                    components.append(.index(index))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                components.append(.key(String(rest)))
            }
        }
        if let position { components.append(.index(position)) }
        return components
    }

    /// A place in words, positions counted from 1.
    static func words(location: String, position: Int?) -> String {
        switch (location.isEmpty, position) {
        case (true, let position?): "position \(position + 1) of the path"
        case (false, let position?): "position \(position + 1) of \(location)"
        case (true, nil): "the value"
        case (false, nil): "member \(location)"
        }
    }

    /// How many path elements and presented levels were restored, over every path and chain in the
    /// stored value.
    public var restoredCount: Int
    /// What was not restored, in the order of the stored value.
    public var dropped: [DroppedElement]
    /// The elements restored through a migration (counted in ``restoredCount`` when they restored).
    public var migrated: [MigratedElement]

    /// Creates a report.
    /// - Parameters:
    ///   - restoredCount: How many elements were restored.
    ///   - dropped: What was not restored.
    ///   - migrated: What was migrated.
    public init(restoredCount: Int = 0, dropped: [DroppedElement] = [], migrated: [MigratedElement] = []) {
        self.restoredCount = restoredCount
        self.dropped = dropped
        self.migrated = migrated
    }

    /// Whether everything saved was restored (migrated elements count as restored).
    public var isComplete: Bool { dropped.isEmpty }
}

/// The report's earlier name.
@available(*, deprecated, renamed: "RestoreReport")
public typealias PathRestoreReport = RestoreReport

// MARK: - JSON

extension RestoreReport {
    /// The report as JSON: `{"restored": 3, "dropped": [{"location", "position", "json", "reason", "error"}],
    /// "migrated": [{"location", "position", "from", "to"}]}`, `position` null for a member,
    /// `reason` the stable ``Reason/code`` and `error` the decoding error (or null); an entry of a
    /// screen not saved also has `unsaved`, `transient` or `sensitive`.
    public var json: JSONValue {
        .object([
            "restored": .number(JSONNumber(restoredCount)),
            "migrated": .array(
                migrated.map { entry in
                    .object([
                        "location": .string(entry.location), "position": Self.json(entry.position),
                        "from": entry.from, "to": entry.to,
                    ])
                }),
            "dropped": .array(
                dropped.map { entry in
                    var error = JSONValue.null
                    if case .undecodable(let text) = entry.reason { error = .string(text) }
                    var members: [String: JSONValue] = [
                        "location": .string(entry.location), "position": Self.json(entry.position),
                        "json": entry.json, "reason": .string(entry.reason.code), "error": error,
                    ]
                    if case .notSaved(let reason) = entry.reason { members["unsaved"] = .string(reason.rawValue) }
                    return .object(members)
                }),
        ])
    }

    private static func json(_ position: Int?) -> JSONValue {
        position.map { .number(JSONNumber($0)) } ?? .null
    }
}
