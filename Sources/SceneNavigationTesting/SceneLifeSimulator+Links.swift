import SceneNavigation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SceneLifeSimulator {
    /// Opens a link in a window as the scene's `onOpenURL` does with `LinkMapping.opening(at:policy:then:onFailure:)`:
    /// another app's link, or one of which nothing opens, changes nothing; any other is held until
    /// the window's restore (its deep link) or applied at once. Then waits for the scene's work to
    /// finish.
    ///
    /// ```swift
    /// let report = try await simulator.open("mail://inbox/message/42", with: links, at: \.mail)
    /// #expect(report?.isComplete == true)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - mapping: The app's links.
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - adjust: What else the link changes once it replaced the path, or nil.
    ///   - window: The window, from 0 in the order they were opened.
    /// - Returns: The link's report once it was applied (what the scene tells as `.linkOpened`);
    ///   nil while it waits for the window's restore.
    /// - Throws: ``SimulatorError/noWindow(_:)`` when the window is not shown; the
    ///   ``/SceneNavigation/NavigationError`` of a link the scene leaves alone (another app's, not a URL,
    ///   one of which nothing opens).
    @discardableResult
    public func open<Route>(
        _ link: String, with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>,
        policy: RestorePolicy = RestorePolicy(), then adjust: (@MainActor (inout State) -> Void)? = nil,
        window: Int = 0
    ) async throws -> RestoreReport? {
        guard windows.indices.contains(window), windows[window].isOpen, let scene = windows[window].scene else {
            throw SimulatorError.noWindow(window)
        }
        guard let url = URL(string: link) else {
            throw NavigationError.link(code: "invalid-link", message: "'\(link)' is not a URL that a scene is given")
        }
        var failure: NavigationError?
        guard
            let change = mapping.opening(at: path, policy: policy, then: adjust, onFailure: { failure = $0 }).open(url)
        else {
            if let failure { throw failure }
            // Another app's: the mapping's own words for it.
            _ = try mapping.routes(fromLink: link)
            throw NavigationError.link(code: "other-app", message: "'\(link)' is not this app's link")
        }
        var applied = false
        scene.open { model in
            change(model)
            applied = true
        }
        await settle()
        return applied ? scene.model.linkReport : nil
    }
}
