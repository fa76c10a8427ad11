#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkMapping {
    /// What a scene does with the URLs it opens: this mapping's links become changes that open
    /// them at `path` (``SceneNavigationModel/open(_:with:at:policy:)``), and any other URL is
    /// left alone (nil). `PersistentNavigation`'s links in one line:
    ///
    /// ```swift
    /// PersistentNavigation(model, store: store, openURL: links.opening(\.mail), onError: { print($0) }) { ... }
    /// ```
    ///
    /// A link of this app that does not open at all (too long, a control character) still makes a
    /// change, one that leaves the state as it was and keeps the error in the model's
    /// ``SceneNavigationModel/lastLinkError``.
    ///
    /// - Parameters:
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - adjust: What else a link changes once it replaced the path (a tab selected), or nil.
    /// - Returns: The function from a URL to its change, nil for a URL that is not this app's.
    @MainActor
    public func opening<State>(
        _ path: WritableKeyPath<State, RoutePath<Route>>, policy: RestorePolicy = RestorePolicy(),
        then adjust: (@MainActor (inout State) -> Void)? = nil
    ) -> @MainActor (URL) -> PersistentScene<State>.Link? {
        { url in
            let link = url.absoluteString
            guard isLink(link) else { return nil }
            return { model in
                // Only once the link replaced the path: one that opened nothing changes nothing.
                guard let report = try? model.open(link, with: self, at: path, policy: policy),
                    report.restoredCount > 0 || report.dropped.isEmpty
                else { return }
                adjust?(&model.state)
            }
        }
    }

    /// Whether a link is of the mapping's scheme and host (not another app's): the rest may still
    /// be wrong.
    /// - Parameter link: The link.
    /// - Returns: Whether it is this app's.
    public func isLink(_ link: String) -> Bool {
        do {
            _ = try LinkText.read(link, scheme: scheme, host: host, maximumLength: maximumLength)
            return true
        } catch {
            return error.code != .otherApp
        }
    }
}
