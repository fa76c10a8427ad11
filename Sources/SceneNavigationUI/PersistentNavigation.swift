#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    import SceneStore
    import SwiftUI

    /// Keeps a model saved in its scene, for as long as the view is shown: the whole of a scene's
    /// wiring in one view, to put at the root of a `WindowGroup`'s content, once per scene (several
    /// paths of a scene go in one state).
    ///
    /// ```swift
    /// PersistentNavigation(model, store: store, onError: { print($0) }) {
    ///     NavigationStack(path: $model.state.path) { ... }
    /// }
    /// ```
    ///
    /// It gives the scene an ID of its own, kept in `@SceneStorage("navstate.scene")` (SwiftUI gives a
    /// scene none, and restores this one with the scene); restores the model when the view first
    /// appears and writes every change through
    /// (``ScenePersistence/run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)-63tzy`` in a
    /// `.task`, so the last change is made durable when the view goes away; shown again, the view
    /// connects the model as it is, without restoring); marks the restore healthy and makes the state
    /// durable when the scene goes to the background (iOS may suspend and end the app then, with no
    /// code run); and applies the links the scene opens that `openURL` makes into changes. A link
    /// opened before the first restore begins is its deep link (the stored paths are withheld, kept
    /// aside before the first write, and left as they are until the model changes); one opened while
    /// the connection is being made is applied right after it (or right after it fails); any other
    /// at once.
    ///
    /// The state is encoded on the main actor, once per write (never per mutation).
    @MainActor @preconcurrency
    public struct PersistentNavigation<Value: Codable & Equatable, Content: View>: View {
        /// A link's change to the model.
        public typealias Link = @MainActor (SceneNavigationModel<Value>) -> Void

        private let model: SceneNavigationModel<Value>
        private let store: SceneStore
        private let key: String
        private let policy: RestorePolicy
        private let crashGuard: CrashLoopGuard?
        private let openURL: (@MainActor (URL) -> Link?)?
        private let onConnect: (@MainActor (ScenePersistence<Value>) -> Void)?
        private let onError: @MainActor (NavigationError) -> Void
        private let content: Content

        /// The scene's ID, made on the scene's first restore and restored with the scene.
        @SceneStorage("navstate.scene") private var sceneID: String?
        @Environment(\.scenePhase) private var scenePhase
        @SwiftUI.State private var connection = SceneConnection<Value>()

        /// Keeps `model` saved in the scene under `key`, as long as the view is shown.
        /// - Parameters:
        ///   - model: The scene's model (keep it in the view's `@State`).
        ///   - store: The app's store.
        ///   - key: The value's key, `navigation` by default.
        ///   - policy: What to do with elements that cannot be restored, and the maximum age.
        ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
        ///   - openURL: Makes a link the scene opens into a change of the model, or returns nil for a
        ///     link that is not the app's navigation (which then changes nothing, and withholds
        ///     nothing); nil leaves links to the app's other handlers.
        ///   - onConnect: Told of each connection once it is made: its report, intervention and
        ///     kept-aside copy.
        ///   - onError: Told when the scene cannot be restored or saved (the error names the file and
        ///     what was wrong); the model is left as it was.
        ///   - content: The scene's views.
        public init(
            _ model: SceneNavigationModel<Value>, store: SceneStore, key: String = "navigation",
            policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
            openURL: (@MainActor (URL) -> Link?)? = nil,
            onConnect: (@MainActor (ScenePersistence<Value>) -> Void)? = nil,
            onError: @escaping @MainActor (NavigationError) -> Void, @ViewBuilder content: () -> Content
        ) {
            self.model = model
            self.store = store
            self.key = key
            self.policy = policy
            self.crashGuard = crashGuard
            self.openURL = openURL
            self.onConnect = onConnect
            self.onError = onError
            self.content = content()
        }

        /// The content, restored and saved.
        public var body: some View {
            let persisted =
                content
                .task { await persist() }
                .onChange(of: scenePhase) { _, phase in
                    if phase == .background { leftForeground() }
                }
            // Without `openURL`, links are left to the app's other handlers.
            if let openURL {
                persisted.onOpenURL { url in
                    if let link = openURL(url), let now = connection.open(link) { now(model) }
                }
            } else {
                persisted
            }
        }

        /// Restores (on the first appearance), then writes through until the view goes away.
        private func persist() async {
            let attempt = connection.begin()
            var deepLinkApplied = false
            defer {
                for link in connection.ended(attempt, deepLinkApplied: deepLinkApplied) { link(model) }
            }
            let scene: SceneID
            do throws(SceneStoreError) {
                scene = try SceneID(sceneID ?? UUID().uuidString.lowercased())
            } catch {
                onError(.store(error))
                return
            }
            sceneID = scene.rawValue
            let deepLink: ((SceneNavigationModel<Value>) -> Void)? = attempt.deepLink.map { link in
                { model in
                    deepLinkApplied = true
                    link(model)
                }
            }
            do {
                try await ScenePersistence.run(
                    model, store: store, scene: scene, key: key, policy: policy, restoring: attempt.restoring,
                    guard: crashGuard, deepLink: deepLink
                ) { persistence in
                    for link in connection.connected(persistence, attempt: attempt) { link(model) }
                    onConnect?(persistence)
                }
            } catch {
                onError(error)
            }
        }

        /// Marks the restore healthy and makes the state durable: the app may be suspended now.
        private func leftForeground() {
            guard let persistence = connection.persistence else { return }
            let onError = onError
            Task {
                do throws(NavigationError) {
                    try await persistence.leftForeground()
                } catch {
                    onError(error)
                }
            }
        }
    }
#endif
