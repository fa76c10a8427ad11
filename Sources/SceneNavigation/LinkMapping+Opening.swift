#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkMapping {
    /// What a scene does with the URLs it opens: this mapping's links become changes that open
    /// them at `path` (``SceneNavigationModel/open(_:with:at:policy:)``), and any
    /// other URL is left alone (nil). `PersistentNavigation`'s links in one line:
    ///
    /// ```swift
    /// PersistentNavigation(model, store: store, links: links.opening(at: \.mail), onError: { print($0) }) { ... }
    /// ```
    ///
    /// The scene takes this mapping's links, and only them, from the app's other scenes: the
    /// result's ``LinkOpening/conditions`` are the links' scheme and host (`mail://`,
    /// `https://mail.example.com`), which `PersistentNavigation` gives SwiftUI's
    /// `handlesExternalEvents(preferring:allowing:)`.
    ///
    /// A link of this app of which nothing can be read (too long, a control character, no segment
    /// that a pattern matches), or that has no route (the root, `mail://`), makes no change either:
    /// it is told to `onFailure`, and a scene that it reaches at launch restores its saved paths,
    /// as without a link. One with an element that reads is the scene's change: at launch, in
    /// place of the saved paths; it replaces the path with what opened, and the scene tells what
    /// did not as ``SceneEvent/linkOpened(_:)``. When nothing of it opens after
    /// all (its routes do not decode or resolve), the path is left as it was and `onFailure` is
    /// told; at launch, the saved paths were already withheld for it.
    ///
    /// - Parameters:
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - adjust: What else a link changes once it replaced the path (a tab selected), or nil.
    ///   - onFailure: Told of a link of this app that opens nothing, and why; nil to ignore them.
    /// - Returns: The scene's links: the function from a URL to its change (nil for a URL that is
    ///   not this app's or that opens nothing), and the conditions of the URLs it takes.
    @MainActor
    public func opening<State>(
        at path: WritableKeyPath<State, RoutePath<Route>>, policy: RestorePolicy = RestorePolicy(),
        then adjust: (@MainActor (inout State) -> Void)? = nil,
        onFailure: (@MainActor (NavigationError) -> Void)? = nil
    ) -> LinkOpening<State> {
        opening(at: path, presenting: nil, policy: policy, then: adjust, onFailure: onFailure)
    }

    /// What a scene does with the URLs it opens, as ``opening(at:policy:then:onFailure:)``, with
    /// what a link presents over its path: the link's fragment, read with the same patterns, is the
    /// chain at `presenting`, each level presented `as` the style given.
    /// `mail://inbox/message/42#compose` opens the path `[.inbox, .message(id: 42)]` with the
    /// sheet `.compose` over it; a link without a fragment dismisses what was presented. A level of
    /// the fragment that does not open stops the chain there, and the scene's
    /// ``SceneEvent/linkOpened(_:)`` report says why, at the location `#`. At launch, the saved
    /// presentations are withheld with the saved paths.
    ///
    /// - Parameters:
    ///   - path: Where the path is in the state.
    ///   - presenting: Where the chain of presentations is in the state.
    ///   - style: How the fragment's routes are presented, as sheets by default.
    ///   - policy: What to do after an element of the path that does not open.
    ///   - adjust: What else a link changes once it replaced the path (a tab selected), or nil.
    ///   - onFailure: Told of a link of this app that opens nothing, and why; nil to ignore them.
    /// - Returns: The scene's links.
    @MainActor
    public func opening<State>(
        at path: WritableKeyPath<State, RoutePath<Route>>,
        presenting: WritableKeyPath<State, PresentationChain<Route>>, as style: PresentationStyle = .sheet,
        policy: RestorePolicy = RestorePolicy(), then adjust: (@MainActor (inout State) -> Void)? = nil,
        onFailure: (@MainActor (NavigationError) -> Void)? = nil
    ) -> LinkOpening<State> {
        opening(at: path, presenting: (presenting, style), policy: policy, then: adjust, onFailure: onFailure)
    }

    @MainActor
    private func opening<State>(
        at path: WritableKeyPath<State, RoutePath<Route>>,
        presenting: (chain: WritableKeyPath<State, PresentationChain<Route>>, style: PresentationStyle)?,
        policy: RestorePolicy, then adjust: (@MainActor (inout State) -> Void)?,
        onFailure: (@MainActor (NavigationError) -> Void)?
    ) -> LinkOpening<State> {
        LinkOpening(conditions: ExternalEvents.conditions(linkScheme: scheme, host: host)) { url in
            let link = url.absoluteString
            let read: (path: LinkReader, presented: LinkReader?)
            do throws(NavigationError) {
                read = try readingSomething(link, withPresentations: presenting != nil)
            } catch {
                if error.linkCode != "other-app" { onFailure?(error) }
                return nil
            }
            return { model in
                let report: RestoreReport
                do throws(NavigationError) {
                    report = try model.open(
                        reading: read.path,
                        presenting: presenting.map { (read.presented, $0.chain, $0.style) }, with: self, at: path,
                        policy: policy)
                } catch {
                    onFailure?(error)
                    return
                }
                // Only once the link replaced the path: one whose routes all failed leaves it.
                guard report.restoredCount > 0 else {
                    let reasons = report.dropped.filter { $0.position != nil }.map(\.description)
                    onFailure?(
                        NavigationError.link(
                            code: "no-route",
                            message:
                                "nothing in the link '\(LinkText.excerpt(link))' opened: \(reasons.joined(separator: "; "))"
                        ))
                    return
                }
                adjust?(&model.state)
            }
        }
    }

    /// The link, read, unless none of its elements can be read.
    /// - Throws: The reading's ``NavigationError``; `no-route` when no element reads, or
    ///   the link has none (the root).
    func readingSomething(_ link: String) throws(NavigationError) -> LinkReader {
        try readingSomething(link, withPresentations: false).path
    }

    /// The link, read with its fragment's presentations when asked, unless none of their elements
    /// can be read.
    func readingSomething(
        _ link: String, withPresentations: Bool
    ) throws(NavigationError) -> (path: LinkReader, presented: LinkReader?) {
        var read = try readWithPresentations(link)
        if !withPresentations { read.presented = nil }
        let elements = read.path.elements + (read.presented?.elements ?? [])
        guard !elements.isEmpty else {
            throw NavigationError.link(
                code: "no-route",
                message: "the link '\(LinkText.excerpt(link))' has no route: it opens the app as it is")
        }
        for element in elements {
            if case .read = element { return read }
        }
        let reasons = elements.enumerated().compactMap { position, element -> String? in
            guard case .unread(let text, let reason) = element else { return nil }
            return "position \(position + 1), '\(LinkText.excerpt(text))': \(reason)"
        }
        throw NavigationError.link(
            code: "no-route",
            message: "nothing in the link '\(LinkText.excerpt(link))' is a route: \(reasons.joined(separator: "; "))")
    }
}
