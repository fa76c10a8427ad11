import SceneStore

/// What a decoder reads: a JSON value, built; or one still as the checked text it was stored as
/// (``/SceneStore/JSONSpan``), whose parts are reached without building the rest, so that a restore
/// builds only the parts it decodes one by one.
enum StoredJSON {
    /// A built value.
    case value(JSONValue)
    /// A value still as its checked text.
    case text(JSONSpan)

    /// The value, built.
    var built: JSONValue {
        switch self {
        case .value(let value): value
        case .text(let span): span.value
        }
    }

    /// Whether the value is `null`.
    var isNull: Bool {
        switch self {
        case .value(let value): value == .null
        case .text(let span): span.kind == .null
        }
    }

    /// An object's members; nil for anything else.
    var members: Members? {
        switch self {
        case .value(.object(let members)): .values(members)
        case .value: nil
        case .text(let span): span.members().map(Members.texts)
        }
    }

    /// An array's elements; nil for anything else.
    var elements: Elements? {
        switch self {
        case .value(.array(let elements)): .values(elements)
        case .value: nil
        case .text(let span): span.elements().map(Elements.texts)
        }
    }

    /// An object's members, by name.
    enum Members {
        case values([String: JSONValue])
        case texts([String: JSONSpan])

        /// The member named `name`, or nil.
        subscript(name: String) -> StoredJSON? {
            switch self {
            case .values(let members): members[name].map(StoredJSON.value)
            case .texts(let members): members[name].map(StoredJSON.text)
            }
        }

        /// What `name` makes of each member's name, where it makes something (a coding key), in no
        /// order.
        func names<Name>(_ name: (String) -> Name?) -> [Name] {
            switch self {
            case .values(let members): members.keys.compactMap(name)
            case .texts(let members): members.keys.compactMap(name)
            }
        }

        /// Whether a member of this name was stored.
        func contains(_ name: String) -> Bool {
            switch self {
            case .values(let members): members[name] != nil
            case .texts(let members): members[name] != nil
            }
        }
    }

    /// An array's elements, in order.
    enum Elements {
        case values([JSONValue])
        case texts([JSONSpan])

        /// How many there are.
        var count: Int {
            switch self {
            case .values(let elements): elements.count
            case .texts(let elements): elements.count
            }
        }

        /// The element at `position`.
        subscript(position: Int) -> StoredJSON {
            switch self {
            case .values(let elements): .value(elements[position])
            case .texts(let elements): .text(elements[position])
            }
        }
    }
}
