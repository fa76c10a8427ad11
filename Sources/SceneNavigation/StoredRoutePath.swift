import SceneStore

/// A route path as it is stored, looked at without the app's types: for tools that show what a
/// scene holds (such as `navstate inspect --app <id>`). Whether each element still decodes is for
/// the app to say; this shows the JSON.
public struct StoredRoutePath: Sendable, Equatable {
    /// Where the path is in the stored value: empty when the value is the path itself, else the
    /// member that holds it (`items`).
    public var location: String
    /// The elements as stored, from the root.
    public var elements: [JSONValue]

    /// Creates a description of a stored path.
    /// - Parameters:
    ///   - location: Where the path is.
    ///   - elements: Its elements as stored.
    public init(location: String, elements: [JSONValue]) {
        self.location = location
        self.elements = elements
    }

    /// The route paths in a stored value: the value itself when it is an array, otherwise each
    /// member of an object that is an array, sorted by name. Arrays in SwiftUI's `NavigationPath`
    /// format are not route paths: ``StoredNavigationPath/paths(in:)`` finds those.
    /// - Parameter value: The stored value.
    /// - Returns: The paths; empty when the value holds none.
    public static func paths(in value: JSONValue) -> [StoredRoutePath] {
        switch value {
        case .array(let elements):
            if StoredNavigationPath.isNavigationPath(value) { return [] }
            return [StoredRoutePath(location: "", elements: elements)]
        case .object(let members):
            return members.keys.sorted().compactMap { name in
                guard let member = members[name], !StoredNavigationPath.isNavigationPath(member) else { return nil }
                return member.arrayValue.map { StoredRoutePath(location: name, elements: $0) }
            }
        default: return []
        }
    }

    /// The path as JSON: `{"location": "items", "format": "routes", "elements": [{"position": 0,
    /// "json": ...}]}`.
    public var json: JSONValue {
        .object([
            "location": .string(location),
            "format": .string("routes"),
            "elements": .array(
                elements.enumerated().map { position, element in
                    .object(["position": .number(JSONNumber(position)), "json": element])
                }),
        ])
    }
}
