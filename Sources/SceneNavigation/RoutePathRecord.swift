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

    /// Whether the path is a chain of presentations as a ``PresentationChain`` stores it: a non-empty
    /// array whose every element is `{"route": ..., "style": ...}` with a style ``PresentationStyle``
    /// names.
    package var isPresentationChain: Bool {
        !elements.isEmpty && elements.allSatisfy { Self.presentation($0) != nil }
    }

    /// A presentation's style and route, as stored, when the element is one.
    package static func presentation(_ element: JSONValue) -> (style: PresentationStyle, route: JSONValue)? {
        guard case .object(let members) = element, members.count == 2, let route = members["route"],
            case .string(let name)? = members["style"], let style = PresentationStyle(rawValue: name)
        else { return nil }
        return (style, route)
    }

    /// The path as JSON: `{"location": "items", "format": "routes", "elements": [{"position": 0,
    /// "json": ...}]}`; a chain of presentations has the format `presentations`, and each element
    /// its `style` and its route as `json`.
    package var json: JSONValue {
        let chain = isPresentationChain
        return .object([
            "location": .string(location),
            "format": .string(chain ? "presentations" : "routes"),
            "elements": .array(
                elements.enumerated().map { position, element in
                    guard chain, let (style, route) = Self.presentation(element) else {
                        return .object(["position": .number(JSONNumber(position)), "json": element])
                    }
                    return .object([
                        "position": .number(JSONNumber(position)), "style": .string(style.rawValue), "json": route,
                    ])
                }),
        ])
    }
}
