import SceneStore

/// A stored path in SwiftUI's `NavigationPath` format, read without the app's types: 0.2.0's
/// reading for tools, which `navstate inspect` and `navstate retag` now do themselves.
@available(
    *, deprecated,
    message:
        "restore a NavigationPath with MixedPath and the app's NavigationTypeRegistry; navstate inspect and retag read and rename stored paths"
)
public struct StoredNavigationPath: Sendable, Equatable {
    /// One element: its type's name and its JSON, root first.
    public struct Element: Sendable, Equatable {
        /// Its index from the root.
        public var position: Int
        /// Its type's name as stored.
        public var typeName: String
        /// Its JSON as stored.
        public var json: String
        /// Its JSON parsed, or why it does not parse.
        public var value: Result<JSONValue, JSONParseError>
    }

    /// One renamed type name.
    public struct TypeNameChange: Sendable, Equatable {
        /// Where the path is in the stored value.
        public var location: String
        /// The element's index from the root.
        public var position: Int
        /// The name before.
        public var from: String
        /// The name after.
        public var to: String

        /// A change.
        /// - Parameters:
        ///   - location: Where the path is.
        ///   - position: The element's index.
        ///   - from: The name before.
        ///   - to: The name after.
        public init(location: String, position: Int, from: String, to: String) {
            self.location = location
            self.position = position
            self.from = from
            self.to = to
        }
    }

    /// Where the path is in the stored value: empty when the value is the path itself.
    public var location: String
    /// The elements, from the root.
    public var elements: [Element]

    /// Reads a value as a path in SwiftUI's format, strictly.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - location: Where the value is, for the description.
    /// - Throws: ``NavigationError/notANavigationPath(reason:)``.
    public init(_ value: JSONValue, location: String = "") throws(NavigationError) {
        self.init(try NavigationPathRecord(value, location: location))
    }

    private init(_ record: NavigationPathRecord) {
        location = record.location
        elements = record.elements.map {
            Element(position: $0.position, typeName: $0.typeName, json: $0.json, value: $0.value)
        }
    }

    private var record: NavigationPathRecord {
        NavigationPathRecord(
            location: location,
            elements: elements.map {
                NavigationPathRecord.Element(
                    position: $0.position, typeName: $0.typeName, json: $0.json, value: $0.value)
            })
    }

    /// The paths in SwiftUI's format in a stored value: the value itself, or its members that are.
    /// - Parameter value: The stored value.
    /// - Returns: The paths.
    public static func paths(in value: JSONValue) -> [StoredNavigationPath] {
        NavigationPathRecord.paths(in: value).map(StoredNavigationPath.init)
    }

    /// Whether a value is a path in SwiftUI's format.
    /// - Parameter value: The value.
    /// - Returns: Whether it is.
    public static func isNavigationPath(_ value: JSONValue) -> Bool {
        NavigationPathRecord.isNavigationPath(value)
    }

    /// The path as JSON, as `navstate inspect --json` shows it.
    public var json: JSONValue { record.json }

    /// Renames a type in the paths of a stored value.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - from: The name to replace.
    ///   - to: The name it becomes.
    /// - Returns: The value with the names changed, and each change.
    /// - Throws: ``NavigationError/invalidTypeName(_:reason:)``; ``NavigationError/notANavigationPath(reason:)``.
    public static func retagged(
        _ value: JSONValue, from: String, to: String
    ) throws(NavigationError) -> (value: JSONValue, changes: [TypeNameChange]) {
        let (renamed, changes) = try NavigationPathRecord.retagged(value, from: from, to: to)
        return (
            renamed,
            changes.map { TypeNameChange(location: $0.location, position: $0.position, from: $0.from, to: $0.to) }
        )
    }
}

/// A stored route path, element by element, read without the app's types: 0.2.0's reading for
/// tools, which `navstate inspect` now does itself.
@available(*, deprecated, message: "restore a RoutePath with the app's route type; navstate inspect shows stored paths")
public struct StoredRoutePath: Sendable, Equatable {
    /// Where the path is in the stored value: empty when the value is the path itself.
    public var location: String
    /// The elements' JSON, from the root.
    public var elements: [JSONValue]

    /// A path.
    /// - Parameters:
    ///   - location: Where it is.
    ///   - elements: The elements' JSON.
    public init(location: String, elements: [JSONValue]) {
        self.location = location
        self.elements = elements
    }

    /// The arrays in a stored value that are not in SwiftUI's `NavigationPath` format.
    /// - Parameter value: The stored value.
    /// - Returns: The paths.
    public static func paths(in value: JSONValue) -> [StoredRoutePath] {
        RoutePathRecord.paths(in: value).map { StoredRoutePath(location: $0.location, elements: $0.elements) }
    }

    /// The path as JSON, as `navstate inspect --json` shows it.
    public var json: JSONValue { RoutePathRecord(location: location, elements: elements).json }
}
