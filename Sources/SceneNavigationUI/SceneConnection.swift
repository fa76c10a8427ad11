import SceneNavigation

/// What a ``PersistentNavigation`` keeps between its view's updates and appearances: the
/// connection while the view is shown, whether the model was restored, and the links opened while
/// a connection is being made. It needs no SwiftUI, so its rules are tested on every platform.
///
/// The rules: the first appearance restores; a later one (the view shown again, as a tab is)
/// connects without restoring, since the model in memory is the newest state (even when the first
/// failed: the user may have navigated since). A link opened before the first appearance begins is
/// its restore's deep link; one opened while a connection is being made is applied once it is
/// made, or, if it fails, right then; any other is applied at once. Only the newest appearance's
/// connection is kept: an older task that ends late does not clear it.
@MainActor
final class SceneConnection<Value: Codable & Equatable> {
    /// A link's change to the model.
    typealias Link = @MainActor (SceneNavigationModel<Value>) -> Void

    /// What an appearance does.
    struct Attempt {
        /// Identifies the appearance.
        var number: Int
        /// Whether it restores (the first) or connects the model as it is.
        var restoring: Bool
        /// The links opened before it began, applied in order as its deep link; nil for none.
        var deepLink: Link?
    }

    /// The newest appearance's connection, once made.
    private(set) var persistence: ScenePersistence<Value>?
    /// Links waiting for a connection.
    private var pending: [Link] = []
    private var newest = 0
    private var isConnecting = false
    private var hasBegun = false

    init() {}

    /// An appearance begins connecting.
    func begin() -> Attempt {
        newest += 1
        isConnecting = true
        let restoring = !hasBegun
        hasBegun = true
        var deepLink: Link?
        if restoring, !pending.isEmpty {
            let links = pending
            pending = []
            deepLink = { model in
                for link in links { link(model) }
            }
        }
        return Attempt(number: newest, restoring: restoring, deepLink: deepLink)
    }

    /// An appearance's connection is made.
    /// - Returns: The links to apply now, in order.
    func connected(_ persistence: ScenePersistence<Value>, attempt: Attempt) -> [Link] {
        guard attempt.number == newest else { return [] }
        self.persistence = persistence
        isConnecting = false
        defer { pending = [] }
        return pending
    }

    /// An appearance's task ends: its connection closed, or never made.
    /// - Parameters:
    ///   - attempt: The appearance.
    ///   - deepLinkApplied: Whether its deep link was applied.
    /// - Returns: The links to apply now: its deep link when it was not applied, and those that
    ///   waited for a connection that failed.
    func ended(_ attempt: Attempt, deepLinkApplied: Bool) -> [Link] {
        var links: [Link] = []
        if !deepLinkApplied, let deepLink = attempt.deepLink { links.append(deepLink) }
        guard attempt.number == newest else { return links }
        persistence = nil
        isConnecting = false
        links += pending
        pending = []
        return links
    }

    /// A link is opened.
    /// - Returns: The link, to apply now; nil when it waits for the first restore or for the
    ///   connection being made.
    func open(_ link: @escaping Link) -> Link? {
        guard isConnecting || !hasBegun else { return link }
        pending.append(link)
        return nil
    }
}
