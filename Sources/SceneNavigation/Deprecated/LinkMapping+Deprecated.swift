#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: links as a bare function, which cannot say which URLs the scene takes

extension LinkMapping {
    /// What a scene does with the URLs it opens, as a bare function: the change of
    /// ``opening(at:policy:then:onFailure:)``, without the conditions that tell SwiftUI which
    /// URLs the scene takes.
    /// - Parameters:
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - adjust: What else a link changes once it replaced the path (a tab selected), or nil.
    ///   - onFailure: Told of a link of this app that opens nothing, and why; nil to ignore them.
    /// - Returns: The function from a URL to its change, nil for a URL that is not this app's or
    ///   that opens nothing.
    @available(
        *, deprecated,
        message:
            "use opening(at:policy:then:onFailure:) and PersistentNavigation's links:, which also prefer this mapping's links (and only them) for the scene"
    )
    @MainActor
    public func opening<State>(
        _ path: WritableKeyPath<State, RoutePath<Route>>, policy: RestorePolicy = RestorePolicy(),
        then adjust: (@MainActor (inout State) -> Void)? = nil,
        onFailure: (@MainActor (NavigationError) -> Void)? = nil
    ) -> @MainActor (URL) -> PersistentScene<State>.Link? {
        opening(at: path, policy: policy, then: adjust, onFailure: onFailure).open
    }
}
