#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The links a scene opens: the change each URL makes, and which URLs the scene takes from the
/// app's other scenes. ``LinkMapping/opening(at:policy:then:onFailure:)`` makes one from the app's
/// links, and `PersistentNavigation` (SceneNavigationUI) takes it whole:
///
/// ```swift
/// PersistentNavigation(model, store: store, links: links.opening(at: \.mail), onError: { print($0) }) { ... }
/// ```
///
/// The scene prefers the URLs of its `conditions` (SwiftUI's `handlesExternalEvents(preferring:allowing:)`
/// compares them with a URL), which are its mapping's scheme and host: on iPad and Mac, a
/// running window of the scene takes its own links, and the app's other scenes keep theirs.
///
/// `Sendable` as a main-actor type: it is made and used on the main actor, where its closures run.
@MainActor
public struct LinkOpening<State: Codable & Equatable> {
    /// The strings SwiftUI compares with a URL to find the scene that takes it: a URL that
    /// contains one of them (without case) goes to a running window of this scene. From a mapping,
    /// its links' start, `mail://` or `https://mail.example.com`.
    public var conditions: Set<String>
    /// Makes a URL into the scene's change, or returns nil for a URL that is not the scene's
    /// navigation (which then changes nothing).
    public var open: @MainActor (URL) -> PersistentScene<State>.Link?

    /// The links a scene opens.
    /// - Parameters:
    ///   - conditions: The strings a URL the scene takes contains (`*` for all).
    ///   - open: Makes a URL into the scene's change, or returns nil for a URL that is not its
    ///     navigation.
    package init(conditions: Set<String>, open: @escaping @MainActor (URL) -> PersistentScene<State>.Link?) {
        self.conditions = conditions
        self.open = open
    }
}
