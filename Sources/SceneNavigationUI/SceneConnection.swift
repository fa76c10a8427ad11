#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation

    /// What a ``PersistentNavigation`` keeps between its view's updates: the connection while the
    /// scene is shown, and the links that came before it was made.
    @MainActor
    final class SceneConnection<Value: Codable & Equatable & SendableMetatype> {
        /// The connection, from the restore until the scene goes away.
        var persistence: ScenePersistence<Value>?
        /// Links opened before the connection was made, in order.
        private var pendingLinks: [URL] = []

        init() {}

        /// Keeps a link for when the connection is made.
        func keep(_ url: URL) {
            pendingLinks.append(url)
        }

        /// The links kept so far, forgotten here.
        func takeLinks() -> [URL] {
            defer { pendingLinks = [] }
            return pendingLinks
        }
    }
#endif
