/// A route presented over a scene's navigation, and how: one level of a ``PresentationChain``.
///
/// `Identifiable` by its route, as SwiftUI's `sheet(item:)`, `fullScreenCover(item:)` and
/// `popover(item:)` ask: presenting another route at the same level replaces what is shown.
///
/// It encodes as `{"route": <the route's JSON>, "style": "sheet"}` (keys sorted, as every stored
/// value); ``unsavedReason`` is never stored: a presentation that has one is not saved at all.
public struct Presentation<Route: Codable & Hashable>: Hashable, Identifiable {
    /// What is presented.
    public var route: Route
    /// How it is presented.
    public var style: PresentationStyle
    /// Why this presentation, whatever its route, is left out of what is saved (with every level
    /// above it), or nil to save it as its route says (``SelectivelySaved``).
    public var unsavedReason: UnsavedReason?

    /// A presentation.
    /// - Parameters:
    ///   - route: What is presented.
    ///   - style: How, a sheet by default.
    ///   - unsavedReason: Why it is not saved, or nil to save it as its route says.
    public init(_ route: Route, style: PresentationStyle = .sheet, unsavedReason: UnsavedReason? = nil) {
        self.route = route
        self.style = style
        self.unsavedReason = unsavedReason
    }

    /// The route: what SwiftUI identifies the presented item by.
    public var id: Route { route }
}

extension Presentation: Sendable where Route: Sendable {}

// MARK: - Coding

extension Presentation: Codable {
    private enum CodingKeys: String, CodingKey {
        case route, style
    }

    /// Encodes the route and the style.
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding the route throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(route, forKey: .route)
        try container.encode(style, forKey: .style)
    }

    /// Decodes the route and the style.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when either is missing or does not decode (a style no version
    ///   knows, a route of a case removed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        style = try container.decode(PresentationStyle.self, forKey: .style)
        route = try container.decode(Route.self, forKey: .route)
        unsavedReason = nil
    }
}
