import SceneNavigation

extension SceneLifeSimulator {
    /// Opens a link in a window as the scene's `onOpenURL` would: through the app's mapping, held
    /// until the window's restore (its deep link) or applied at once, then waits for the scene's
    /// work to finish.
    ///
    /// ```swift
    /// let report = try await simulator.open("mail://inbox/message/42", with: links, at: \.mail)
    /// #expect(report.isComplete)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - mapping: The app's links.
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - window: The window, from 0 in the order they were opened.
    /// - Returns: The link's report, once it was applied; nil while it waits for the window's
    ///   restore.
    /// - Throws: ``SimulatorError/noWindow(_:)`` when the window is not shown; the link's
    ///   ``/SceneNavigation/LinkError`` when the model could not open it at all.
    @discardableResult
    public func open<Route>(
        _ link: String, with mapping: LinkMapping<Route>, at path: WritableKeyPath<State, RoutePath<Route>>,
        policy: RestorePolicy = RestorePolicy(), window: Int = 0
    ) async throws -> RestoreReport? {
        guard windows.indices.contains(window), windows[window].isOpen, let scene = windows[window].scene else {
            throw SimulatorError.noWindow(window)
        }
        var outcome: Result<RestoreReport, LinkError>?
        scene.open { model in
            do throws(LinkError) {
                outcome = .success(try model.open(link, with: mapping, at: path, policy: policy))
            } catch {
                outcome = .failure(error)
            }
        }
        await settle()
        return try outcome?.get()
    }
}
