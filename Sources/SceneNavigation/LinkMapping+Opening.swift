#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkMapping {
    /// What a scene does with the URLs it opens: this mapping's links become changes that open
    /// them at `path` (``SceneNavigationModel/open(_:with:at:policy:)-(String,_,_,_)``), and any
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
    /// place of the saved paths; it replaces the path with what opened, and the model's
    /// ``SceneNavigationModel/lastLinkReport`` says what did not. When nothing of it opens after
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
        onFailure: (@MainActor (LinkError) -> Void)? = nil
    ) -> LinkOpening<State> {
        LinkOpening(conditions: ExternalEvents.conditions(linkScheme: scheme, host: host)) { url in
            let link = url.absoluteString
            let reader: LinkReader
            do throws(LinkError) {
                reader = try readingSomething(link)
            } catch {
                if error.code != .otherApp { onFailure?(error) }
                return nil
            }
            return { model in
                let report: RestoreReport
                do throws(LinkError) {
                    report = try model.open(reading: reader, with: self, at: path, policy: policy)
                } catch {
                    onFailure?(error)
                    return
                }
                // Only once the link replaced the path: one whose routes all failed leaves it.
                guard report.restoredCount > 0 else {
                    let reasons = report.dropped.filter { $0.position != nil }.map(\.description)
                    onFailure?(
                        LinkError(
                            .noRoute,
                            "nothing in the link '\(LinkText.excerpt(link))' opened: \(reasons.joined(separator: "; "))"
                        ))
                    return
                }
                adjust?(&model.state)
            }
        }
    }

    /// The link, read, unless none of its elements can be read.
    /// - Throws: The reading's ``LinkError``; ``LinkError/Code/noRoute`` when no element reads, or
    ///   the link has none (the root).
    func readingSomething(_ link: String) throws(LinkError) -> LinkReader {
        let reader = try read(link)
        guard !reader.elements.isEmpty else {
            throw LinkError(.noRoute, "the link '\(LinkText.excerpt(link))' has no route: it opens the app as it is")
        }
        for element in reader.elements {
            if case .read = element { return reader }
        }
        let reasons = reader.elements.enumerated().compactMap { position, element -> String? in
            guard case .unread(let text, let reason) = element else { return nil }
            return "position \(position + 1), '\(LinkText.excerpt(text))': \(reason)"
        }
        throw LinkError(
            .noRoute, "nothing in the link '\(LinkText.excerpt(link))' is a route: \(reasons.joined(separator: "; "))")
    }
}
