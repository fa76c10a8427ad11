import SceneStore

/// A route path as it is stored, looked at without the app's types: for tools that show what a
/// scene holds (such as `navstate inspect --app <id>`). Whether each element still decodes is for
/// the app to say; this shows the JSON.
package struct RoutePathRecord: Sendable, Equatable {
    /// Where the path is in the stored value: empty when the value is the path itself, else the
    /// member that holds it (`items`).
    package var location: String
    /// The elements as stored, from the root.
    package var elements: [JSONValue]

    /// Creates a description of a stored path.
    /// - Parameters:
    ///   - location: Where the path is.
    ///   - elements: Its elements as stored.
    package init(location: String, elements: [JSONValue]) {
        self.location = location
        self.elements = elements
    }

    /// The route paths in a stored value: the value itself when it is an array, otherwise each
    /// member of an object that is an array, sorted by name. Arrays in SwiftUI's `NavigationPath`
    /// format are not route paths: ``NavigationPathRecord/paths(in:)`` finds those.
    /// - Parameter value: The stored value.
    /// - Returns: The paths; empty when the value holds none.
    package static func paths(in value: JSONValue) -> [RoutePathRecord] {
        switch value {
        case .array(let elements):
            if NavigationPathRecord.isNavigationPath(value) { return [] }
            return [RoutePathRecord(location: "", elements: elements)]
        case .object(let members):
            return members.keys.sorted().compactMap { name in
                guard let member = members[name], !NavigationPathRecord.isNavigationPath(member) else { return nil }
                return member.arrayValue.map { RoutePathRecord(location: name, elements: $0) }
            }
        default: return []
        }
    }

    /// The path as JSON: `{"location": "items", "format": "routes", "elements": [{"position": 0,
    /// "json": ...}]}`.
    package var json: JSONValue {
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
