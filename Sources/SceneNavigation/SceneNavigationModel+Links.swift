import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Opening links

extension SceneNavigationModel {
    /// Opens a link: reads it as a path with the model's resolvers, types and migrations, element
    /// by element under the policy, and puts what opened in place of the path at `path`.
    ///
    /// A link that has elements of which none opens leaves the model as it was. A scene tells the
    /// report as ``SceneEvent/linkOpened(_:)`` and the error as ``SceneEvent/linkRefused(_:)``.
    ///
    /// ```swift
    /// try model.open("mail://mailbox/Inbox/message/42", with: links, at: \.mail)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - mapping: The app's links.
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    /// - Returns: The report: what did not open, and why.
    /// - Throws: ``NavigationError``, as ``LinkMapping/routes(fromLink:policy:resolvers:types:migrations:)``
    ///   throws it.
    @discardableResult
    public func open<Route>(
        _ link: String, with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>,
        policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> RestoreReport {
        do {
            return try open(reading: try mapping.read(link), with: mapping, at: path, policy: policy)
        } catch {
            linkError = error
            throw error
        }
    }

    /// Opens a link already read: decodes its elements and puts what opened in place.
    func open<Route>(
        reading reader: LinkReader, with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>,
        policy: RestorePolicy
    ) throws(NavigationError) -> RestoreReport {
        try open(reading: reader, presenting: nil, with: mapping, at: path, policy: policy)
    }

    /// Opens a link already read, and what its fragment presents: decodes the path's elements and
    /// the fragment's (each level presented in `presenting.style`; a level that does not open stops
    /// the chain there), and puts what opened in place of the path and of the chain. The fragment's
    /// entries in the report are at the location `#`.
    func open<Route>(
        reading reader: LinkReader,
        presenting: (
            reader: LinkReader?, chain: WritableKeyPath<State, PresentationChain<Route>>, style: PresentationStyle
        )?,
        with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>, policy: RestorePolicy
    ) throws(NavigationError) -> RestoreReport {
        let opened = try mapping.routes(
            reading: reader, policy: policy, resolvers: resolvers, types: types, migrations: migrations)
        var report = opened.report
        var levels: [Presentation<Route>] = []
        if let fragment = presenting?.reader, let style = presenting?.style {
            var chainPolicy = policy
            chainPolicy.onDrop = .truncate
            let presented = try mapping.routes(
                reading: fragment, policy: chainPolicy, resolvers: resolvers, types: types, migrations: migrations)
            levels = presented.routes.map { Presentation($0, style: style) }
            report.restoredCount += presented.report.restoredCount
            report.dropped += presented.report.dropped.map { entry in
                var entry = entry
                entry.location = "#"
                return entry
            }
            report.migrated += presented.report.migrated.map { entry in
                var entry = entry
                entry.location = "#"
                return entry
            }
        }
        linkError = nil
        linkReport = report
        // A link whose routes all failed leaves the path; the root link (no route) opens the empty path.
        if report.restoredCount > 0 || !report.dropped.contains(where: { $0.position != nil }) {
            state[keyPath: path] = opened.routes
            // What was presented is dismissed: the link's own presentations, or none, show over its path.
            if let chain = presenting?.chain { state[keyPath: chain] = PresentationChain(levels) }
        }
        return report
    }

    /// Opens a URL: ``open(_:with:at:policy:)`` of its text.
    /// - Parameters:
    ///   - url: The URL.
    ///   - mapping: The app's links.
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    /// - Returns: The report.
    /// - Throws: ``NavigationError``.
    @discardableResult
    package func open<Route>(
        _ url: URL, with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>,
        policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> RestoreReport {
        try open(url.absoluteString, with: mapping, at: path, policy: policy)
    }
}

// MARK: - Continuing a Handoff

extension SceneNavigationModel {
    /// Continues a Handoff: restores the state another device sent and puts it in place.
    @discardableResult
    package func continueHandoff(_ payload: HandoffPayload, policy: RestorePolicy = RestorePolicy())
        throws(NavigationError) -> RestoreReport
    {
        let (restored, report) = try restoredState(of: payload, policy: policy)
        applyHandoff(restored, report: report)
        return report
    }

    /// The state a Handoff's payload restores to, and the report, without changing the model.
    func restoredState(of payload: HandoffPayload, policy: RestorePolicy) throws(NavigationError)
        -> (state: State, report: RestoreReport)
    {
        try StateCoding.decode(
            State.self, from: try payload.json(), key: HandoffPayload.key, policy: policy, resolvers: resolvers,
            types: types, migrations: migrations, schemaVersion: payload.schemaVersion, initial: initialState)
    }

    /// Puts a Handoff's restored state in place, and its report.
    func applyHandoff(_ restored: State, report: RestoreReport) {
        linkReport = report
        state = restored
    }
}
