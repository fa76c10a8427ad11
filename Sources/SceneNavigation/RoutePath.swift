/// A navigation path of typed routes that restores element by element.
///
/// Use it as the path of a `NavigationStack` (it is a mutable, range-replaceable collection of
/// `Hashable` routes), alone or as a member of a larger app state. It encodes as a plain JSON array
/// of the routes' own encodings, byte for byte what `JSONEncoder` writes for `[Route]`, so stored
/// files stay readable and interchangeable. Restored through ``PersistentScene``, each element is
/// decoded on its own: one that no longer decodes (a case removed or renamed by a newer app
/// version) or that the app's resolver rejects is dropped and reported with its position, its
/// stored JSON and the reason, and the rest is restored. Decoded by a plain `JSONDecoder`, it is as
/// strict as `[Route]`.
///
/// Make one from an array with `RoutePath(routes)` or an array literal; `routes` gives the array
/// back.
///
/// ```swift
/// enum Item: Codable, Hashable { case sub1(id: Int), sub2(id: Int) }
/// var path: RoutePath<Item> = [.sub1(id: 1), .sub2(id: 2)]
/// path.append(.sub1(id: 3))
/// ```
@frozen
public struct RoutePath<Route: Codable & Hashable>: Hashable {
    /// The routes, from the root.
    public var routes: [Route]

    /// Creates a path.
    /// - Parameter routes: The routes, from the root.
    @inlinable
    public init(_ routes: [Route]) {
        self.routes = routes
    }
}

// MARK: - Collection

// Inlinable, so that pushing and popping in an app's module is as fast as on an array: an app
// mutates its path on the main actor, on every navigation.
extension RoutePath: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty path.
    @inlinable
    public init() {
        routes = []
    }

    /// The position of the root route.
    @inlinable public var startIndex: Int { routes.startIndex }
    /// The position after the last route.
    @inlinable public var endIndex: Int { routes.endIndex }
    /// How many routes the path has.
    @inlinable public var count: Int { routes.count }

    /// The route at a position.
    /// - Parameter position: The position, from the root.
    @inlinable
    public subscript(position: Int) -> Route {
        get { routes[position] }
        set { routes[position] = newValue }
    }

    /// Replaces a range of routes.
    /// - Parameters:
    ///   - subrange: The routes to replace.
    ///   - newElements: The new routes.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Route {
        routes.replaceSubrange(subrange, with: newElements)
    }

    /// Pushes a route.
    /// - Parameter route: The route.
    @inlinable
    public mutating func append(_ route: Route) {
        routes.append(route)
    }

    /// Pushes routes, in order.
    /// - Parameter newRoutes: The routes.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf newRoutes: S) where S.Element == Route {
        routes.append(contentsOf: newRoutes)
    }

    /// Pops the last route.
    /// - Returns: The route popped.
    @inlinable
    @discardableResult
    public mutating func removeLast() -> Route {
        routes.removeLast()
    }

    /// Pops the last `count` routes.
    /// - Parameter count: How many to pop.
    @inlinable
    public mutating func removeLast(_ count: Int) {
        routes.removeLast(count)
    }

    /// Pops every route, back to the root.
    /// - Parameter keepCapacity: Whether to keep the storage.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        routes.removeAll(keepingCapacity: keepCapacity)
    }
}

extension RoutePath: Sendable where Route: Sendable {}

extension RoutePath: ExpressibleByArrayLiteral {
    /// A path of the routes listed.
    /// - Parameter elements: The routes, from the root.
    @inlinable
    public init(arrayLiteral elements: Route...) {
        self.init(elements)
    }
}

// MARK: - Coding

extension RoutePath: Codable {
    /// Encodes the routes as a JSON array, as `[Route]` encodes; in a scene's save (and a link, a
    /// Handoff payload), up to the first route that is not saved (``SelectivelySaved``).
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding a route throws.
    public func encode(to encoder: any Encoder) throws {
        var routes = routes
        if let encoder = ValueEncoder.saving(encoder) {
            // A save stops before the first route that is not saved (and so leaves out every
            // screen pushed over it, and what is presented over the scene), and records where
            // and why.
            if let cut = UnsavedCut.first(in: routes) {
                encoder.recordPathCut(at: cut.position, count: routes.count - cut.position, reason: cut.reason)
                routes.removeSubrange(cut.position...)
            }
            // Identified routes with a JSONIdentifier need no Codable dance per element.
            if let written = IdentifiedPath.written(of: routes) {
                encoder.store(written)
                return
            }
        }
        var container = encoder.singleValueContainer()
        try container.encode(routes)
    }

    /// Decodes the routes: element by element with a report in a restore (``PersistentScene``,
    /// ``SceneNavigationModel``), strictly (as `[Route]`) by any other decoder.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an array (or, decoded strictly, when any
    ///   element does not decode).
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? ValueDecoder {
            routes = try decoder.restorePath(Route.self)
        } else {
            routes = try decoder.singleValueContainer().decode([Route].self)
        }
    }
}
