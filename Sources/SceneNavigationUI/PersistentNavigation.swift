#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    import SceneStore
    import SwiftUI
    #if canImport(AppIntents) && !os(macOS) && !os(watchOS)
        import AppIntents
    #endif

    /// Keeps a model saved in its scene, for as long as the view is shown: the whole of a scene's
    /// wiring in one view, to put at the root of a `WindowGroup`'s content, once per scene (several
    /// paths of a scene go in one state).
    ///
    /// ```swift
    /// PersistentNavigation(model, store: store, onEvent: { print($0) }) {
    ///     NavigationStack(path: $model.state.path) { ... }
    /// }
    /// ```
    ///
    /// It only forwards SwiftUI's events to a ``/SceneNavigation/PersistentScene``, which decides
    /// with ``/SceneNavigation/SceneLife`` and does the rest:
    ///
    /// - the content's appearance restores the model at once, before the first frame (`onAppear`);
    ///   a later appearance connects it as it is; its disappearance closes, the last change durable;
    /// - the scene's phase, the initial one included, marks the restore healthy and makes the state
    ///   durable when the scene is in the background: on iOS under a background-task assertion,
    ///   ended once the save has finished (when the time is up first, the connection stops cleanly
    ///   and connects again when the scene is next active);
    /// - a Mac app's Quit makes every connection's last change durable
    ///   (`NSApplication.willTerminateNotification`, observed once per process: no delegate code);
    /// - links the scene opens, that `links` makes into changes, go where ``/SceneNavigation/SceneLife``
    ///   says (a link at launch is the restore's deep link, whichever comes first); the scene prefers
    ///   its own links and Handoff activities, and only them (`handlesExternalEvents(preferring:allowing:)`
    ///   with their conditions), so that on iPad and Mac a running window takes them rather than a
    ///   new one, and the app's other scenes keep theirs;
    /// - with `handoff`, the scene's state is advertised for Handoff while the scene is active
    ///   (`userActivity(_:isActive:_:)`, under the budget, the path giving way from the end), and
    ///   another device's is continued like a link (`onContinueUserActivity(_:perform:)`), restored
    ///   element by element through the model's migrations;
    /// - the scene's ID is found as `identity` says, kept in `@SceneStorage("navstate.scene")`.
    ///
    /// The modifiers are on a `ZStack` around the content, whose identity does not change when the
    /// content switches between branches (a tab switch written as `if`), so the connection is not
    /// closed and made again at each switch. A second `PersistentNavigation` of the same scene and
    /// key is refused (``/SceneNavigation/NavigationError/store(_:)`` to `onEvent`): two would
    /// overwrite each other's value.
    ///
    /// The state is encoded on the main actor, once per write (never per mutation).
    @MainActor @preconcurrency
    public struct PersistentNavigation<Value: Codable & Equatable, Content: View>: View {
        /// A link's change to the model.
        public typealias Link = @MainActor (SceneNavigationModel<Value>) -> Void

        private let openURL: (@MainActor (URL) -> Link?)?
        /// What the scene prefers and allows of the app's external events: its links' conditions,
        /// its Handoff activity's (``/SceneNavigation/LinkOpening/conditions``), and its App
        /// Intents' content identifiers.
        private var conditions: Set<String>
        /// The App Intents the scene performs: each applies `onAppIntentExecution` to the view,
        /// opening the intent's change in the scene as a link is opened.
        private var intents: [@MainActor (AnyView, @escaping @MainActor (@escaping Link) -> Void) -> AnyView] = []
        private let handoff: NavigationHandoff<Value>?
        /// Told of a failure the scene itself does not see: a Handoff that cannot be offered or
        /// continued.
        private let onFailure: @MainActor (NavigationError) -> Void
        private let content: Content
        /// The scene's ID, made on the scene's first restore and restored with the scene.
        @SceneStorage("navstate.scene") private var sceneID: String?
        @Environment(\.scenePhase) private var scenePhase
        @SwiftUI.State private var scene: PersistentScene<Value>
        /// Whether the state could not be offered for Handoff, so that it is told to `onEvent` once
        /// until it can be again.
        @SwiftUI.State private var handoffFails = false
        /// Whether the state was last offered for Handoff without part of it, so that
        /// ``/SceneNavigation/SceneEvent/handedOff(_:)`` is told once until it fits whole again.
        @SwiftUI.State private var handoffShortened = false

        /// Keeps `model` saved in the scene under `key`, as long as the view is shown; opens the
        /// scene's links, and hands its navigation off to the user's other devices.
        ///
        /// The scene takes from the app's other scenes the links of `links` and the activities of
        /// `handoff`, and only them (`handlesExternalEvents(preferring:allowing:)` with their
        /// conditions; the Handoff activity's `targetContentIdentifier` is its type): on iPad and
        /// Mac a running window of this scene takes them rather than a new one, and a scene of
        /// another kind (a `WindowGroup(for:)` with `handlesExternalEvents(matching:)`) keeps its own.
        /// - Parameters:
        ///   - model: The scene's model (keep it in the view's `@State`).
        ///   - store: The app's store.
        ///   - key: The value's key, `navigation` by default.
        ///   - policy: What to do with elements that cannot be restored, and the maximum age.
        ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
        ///   - identity: How the scene's ID is found, ``/SceneNavigation/SceneIdentity/perScene`` by default.
        ///   - links: The links the scene opens and takes, `LinkMapping.opening(at:policy:then:onFailure:)`
        ///     from the app's links (or a ``/SceneNavigation/LinkOpening`` of the app's own); nil
        ///     leaves links to the app's other handlers.
        ///   - handoff: How the scene's navigation is handed off: the activity type (listed under
        ///     `NSUserActivityTypes` in the app's Info.plist), the path that gives way, the budget;
        ///     nil for none.
        ///   - onEvent: Told what happens to the scene, in order (``/SceneNavigation/SceneEvent``):
        ///     each connection once it is made, with its restore's report, intervention and
        ///     kept-aside copy; each failure to restore, save or hand off (the error names the file
        ///     and what was wrong; the model is left as it was).
        ///   - content: The scene's views.
        public init(
            _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
            policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
            identity: SceneIdentity = .perScene, links: LinkOpening<Value>? = nil,
            handoff: NavigationHandoff<Value>? = nil,
            onEvent: @escaping @MainActor (SceneEvent) -> Void, @ViewBuilder content: () -> Content
        ) {
            self.init(
                scene: PersistentScene(
                    model, store: store, key: key, policy: policy, guard: crashGuard, identity: identity,
                    onEvent: onEvent),
                openURL: links?.open, linkConditions: links?.conditions, handoff: handoff,
                onFailure: { onEvent(.failed($0)) }, content: content())
        }

        // MARK: - Deprecated: 0.3.0's callbacks, and links as a bare function with conditions given
        // apart, `*` by default (in the struct itself, as 0.3.0 declared them: a member of an
        // extension is declared otherwise)

        /// Keeps `model` saved in the scene under `key`, as long as the view is shown, telling each
        /// connection and each failure to a callback of its own.
        /// - Parameters:
        ///   - model: The scene's model (keep it in the view's `@State`).
        ///   - store: The app's store.
        ///   - key: The value's key, `navigation` by default.
        ///   - policy: What to do with elements that cannot be restored, and the maximum age.
        ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
        ///   - identity: How the scene's ID is found, ``/SceneNavigation/SceneIdentity/perScene`` by default.
        ///   - links: The links the scene opens and takes, or nil.
        ///   - handoff: How the scene's navigation is handed off, or nil for none.
        ///   - onConnect: Told of each connection once it is made: its report, intervention and
        ///     kept-aside copy.
        ///   - onError: Told when the scene cannot be restored or saved.
        ///   - content: The scene's views.
        @available(
            *, deprecated,
            message:
                "use init(_:store:key:policy:guard:identity:links:handoff:onEvent:content:), which tells connections and failures as SceneEvent"
        )
        public init(
            _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
            policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
            identity: SceneIdentity = .perScene, links: LinkOpening<Value>? = nil,
            handoff: NavigationHandoff<Value>? = nil,
            onConnect: (@MainActor (ScenePersistence<Value>) -> Void)? = nil,
            onError: @escaping @MainActor (NavigationError) -> Void, @ViewBuilder content: () -> Content
        ) {
            self.init(
                scene: PersistentScene(
                    model, store: store, key: key, policy: policy, guard: crashGuard, identity: identity,
                    onConnect: onConnect, onError: onError),
                openURL: links?.open, linkConditions: links?.conditions, handoff: handoff, onFailure: onError,
                content: content())
        }

        /// Keeps `model` saved in the scene under `key`, as long as the view is shown, with links as
        /// a bare function and the conditions given apart (`*`, every URL of the app, by default).
        /// - Parameters:
        ///   - model: The scene's model (keep it in the view's `@State`).
        ///   - store: The app's store.
        ///   - key: The value's key, `navigation` by default.
        ///   - policy: What to do with elements that cannot be restored, and the maximum age.
        ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
        ///   - identity: How the scene's ID is found, ``/SceneNavigation/SceneIdentity/perScene`` by default.
        ///   - linkConditions: The links this scene prefers to take (as
        ///     `handlesExternalEvents(preferring:allowing:)` matches them), `*` for all by default;
        ///     used only with `openURL`.
        ///   - openURL: Makes a link the scene opens into a change of the model, or returns nil for a
        ///     link that is not the app's navigation; nil leaves links to the app's other handlers.
        ///   - onConnect: Told of each connection once it is made.
        ///   - onError: Told when the scene cannot be restored or saved.
        ///   - content: The scene's views.
        @available(
            *, deprecated,
            message:
                "use init(_:store:key:policy:guard:identity:links:handoff:onEvent:content:) with links: LinkMapping.opening(at:), whose conditions take the mapping's links only"
        )
        @_disfavoredOverload
        public init(
            _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
            policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
            identity: SceneIdentity = .perScene, linkConditions: Set<String> = ["*"],
            openURL: (@MainActor (URL) -> Link?)? = nil,
            onConnect: (@MainActor (ScenePersistence<Value>) -> Void)? = nil,
            onError: @escaping @MainActor (NavigationError) -> Void, @ViewBuilder content: () -> Content
        ) {
            self.init(
                scene: PersistentScene(
                    model, store: store, key: key, policy: policy, guard: crashGuard, identity: identity,
                    onConnect: onConnect, onError: onError),
                openURL: openURL, linkConditions: linkConditions, handoff: nil, onFailure: onError,
                content: content())
        }

        /// Keeps `model` saved in the scene under `key`, as long as the view is shown, and hands the
        /// scene's navigation off, with links as a bare function and the conditions given apart.
        /// - Parameters:
        ///   - model: The scene's model (keep it in the view's `@State`).
        ///   - store: The app's store.
        ///   - key: The value's key, `navigation` by default.
        ///   - policy: What to do with elements that cannot be restored, and the maximum age.
        ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
        ///   - identity: How the scene's ID is found, ``/SceneNavigation/SceneIdentity/perScene`` by default.
        ///   - linkConditions: The links this scene prefers to take, `*` for all by default; used only
        ///     with `openURL`.
        ///   - openURL: Makes a link the scene opens into a change of the model, or returns nil for a
        ///     link that is not the app's navigation; nil leaves links to the app's other handlers.
        ///   - handoff: How the scene's navigation is handed off, or nil for none.
        ///   - onConnect: Told of each connection once it is made.
        ///   - onError: Told when the scene cannot be restored or saved.
        ///   - content: The scene's views.
        @available(
            *, deprecated,
            message:
                "use init(_:store:key:policy:guard:identity:links:handoff:onEvent:content:) with links: LinkMapping.opening(at:), whose conditions take the mapping's links only"
        )
        @_disfavoredOverload
        public init(
            _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
            policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
            identity: SceneIdentity = .perScene, linkConditions: Set<String> = ["*"],
            openURL: (@MainActor (URL) -> Link?)? = nil, handoff: NavigationHandoff<Value>?,
            onConnect: (@MainActor (ScenePersistence<Value>) -> Void)? = nil,
            onError: @escaping @MainActor (NavigationError) -> Void, @ViewBuilder content: () -> Content
        ) {
            self.init(
                scene: PersistentScene(
                    model, store: store, key: key, policy: policy, guard: crashGuard, identity: identity,
                    onConnect: onConnect, onError: onError),
                openURL: openURL, linkConditions: linkConditions, handoff: handoff, onFailure: onError,
                content: content())
        }

        /// The one initialiser the public ones forward to.
        init(
            scene: PersistentScene<Value>, openURL: (@MainActor (URL) -> Link?)?, linkConditions: Set<String>?,
            handoff: NavigationHandoff<Value>?, onFailure: @escaping @MainActor (NavigationError) -> Void,
            content: Content
        ) {
            self.openURL = openURL
            conditions = ExternalEvents.conditions(
                links: openURL == nil ? nil : linkConditions, handoff: handoff?.activityType)
            self.handoff = handoff
            self.onFailure = onFailure
            self.content = content
            _scene = SwiftUI.State(wrappedValue: scene)
        }

        /// The content, restored and saved.
        public var body: some View {
            let hosted = ZStack { content }
                .onAppear {
                    Platform.observeTermination()
                    forward { scene.handle(.appeared) }
                }
                .onDisappear { scene.handle(.disappeared) }
                .onChange(of: scenePhase, initial: true) { _, phase in
                    // In the background, the save runs under a background-task assertion on iOS;
                    // a failed restore is tried again as the scene becomes active.
                    forward { Platform.handle(SceneLife.Phase(phase), in: scene) }
                }
            takingExternalEvents(opening(handingOff(performingIntents(hosted))))
        }

        /// The view, performing the scene's App Intents: each intent's change is opened as a link
        /// is, held for the restore at launch (its deep link) or applied.
        @ViewBuilder private func performingIntents(_ view: some View) -> some View {
            if intents.isEmpty {
                view
            } else {
                let scene = scene
                intents.reduce(AnyView(view)) { performing, intent in intent(performing) { scene.open($0) } }
            }
        }

        /// Forwards an event that may restore (an appearance, or an activation that retries a failed
        /// restore): the scene's storage given before, the scene's ID kept in it after, and, once a
        /// restore is made, the launch settled two seconds on (a link from then on is a change, not
        /// the launch's, and the restored screen showed).
        private func forward(_ event: () -> Void) {
            let hadRestored = scene.life.hasRestored
            scene.storedID = sceneID
            event()
            if let id = scene.sceneID?.rawValue, id != sceneID { sceneID = id }
            guard !hadRestored, scene.life.hasRestored else { return }
            let settling = scene
            Task {
                try? await Task.sleep(for: .seconds(2))
                settling.handle(.launchSettled)
            }
        }

        /// The view, preferring the scene's own links and Handoff activities, and only them: the
        /// app's other scenes keep theirs. A scene that takes neither declares nothing.
        @ViewBuilder private func takingExternalEvents(_ view: some View) -> some View {
            #if os(tvOS) || os(watchOS)
                // `handlesExternalEvents` is unavailable there: one scene takes every event.
                view
            #else
                if conditions.isEmpty {
                    view
                } else {
                    // SwiftUI gives an open scene the events that contain one of its conditions,
                    // case aside (Apple's reference, quoted at SceneNavigation's ExternalEvents).
                    view.handlesExternalEvents(preferring: conditions, allowing: conditions)
                }
            #endif
        }

        /// The view, opening links. Without `openURL`, links are left to the app's other handlers.
        @ViewBuilder private func opening(_ view: some View) -> some View {
            if let openURL {
                view.onOpenURL { url in
                    if let link = openURL(url) { scene.open(link) }
                }
            } else {
                view
            }
        }

        /// The view, handing the scene's navigation off and continuing another device's.
        @ViewBuilder private func handingOff(_ view: some View) -> some View {
            if let handoff {
                // Read here, the state makes SwiftUI update this view at each change, and so the
                // activity, which the update below fills from the state now.
                let _ = scene.model.state
                view
                    .userActivity(handoff.activityType, isActive: scenePhase == .active) { activity in
                        advertise(with: handoff, in: activity)
                    }
                    .onContinueUserActivity(handoff.activityType) { activity in
                        // Restored now, so that one that cannot be continued never takes the place
                        // of the saved paths at launch.
                        do throws(NavigationError) {
                            if let link = try handoff.continuing(activity.userInfo, in: scene.model) {
                                scene.open(link)
                            }
                        } catch {
                            onFailure(error)
                        }
                    }
            } else {
                view
            }
        }

        /// Puts the scene's state in the activity, under the budget; a state that does not fit
        /// even without its path is not offered.
        private func advertise(with handoff: NavigationHandoff<Value>, in activity: NSUserActivity) {
            do throws(NavigationError) {
                let payload = try handoff.payload(for: scene.model)
                activity.userInfo = payload.userInfo
                // What SwiftUI compares with the scenes' conditions on the device that continues
                // it, so that a scene of this kind takes it.
                activity.targetContentIdentifier = ExternalEvents.targetContentIdentifier(
                    activityType: handoff.activityType)
                activity.isEligibleForHandoff = true
                if !payload.report.dropped.isEmpty {
                    // Told once, not at every change while the state stays over the budget.
                    if !handoffShortened {
                        handoffShortened = true
                        scene.tell(.handedOff(payload.report))
                    }
                } else if handoffShortened {
                    handoffShortened = false
                }
            } catch {
                activity.isEligibleForHandoff = false
                // Told once, not at every change while the state stays over the budget.
                if !handoffFails {
                    handoffFails = true
                    onFailure(error)
                }
                return
            }
            if handoffFails { handoffFails = false }
        }
    }

    #if canImport(AppIntents) && !os(macOS) && !os(watchOS)
        extension PersistentNavigation {
            /// The scene, performing an App Intent as it opens a link: the change `link` makes of the
            /// intent is opened in the scene (SwiftUI's `onAppIntentExecution(_:perform:)`), and at
            /// launch it is the restore's deep link, so it wins over the restored state (the saved
            /// paths and presentations withheld, as for a link); nil changes nothing.
            ///
            /// ```swift
            /// PersistentNavigation(model, store: store, onEvent: { print($0) }) { ... }
            ///     .performing(OpenInbox.self) { _ in { model in model.state.mail = [.inbox] } }
            /// ```
            ///
            /// The system routes an intent to a scene whose external-event conditions match its
            /// `contentIdentifier` (Apple's "Directing app intents to your app's scenes"), by
            /// default the intent type's name: the scene prefers and allows that name too
            /// (`handlesExternalEvents(preferring:allowing:)`), so that on iPad and Mac a running
            /// window of this scene takes the intent. An intent that gives its own
            /// `contentIdentifier`, and an `OpenIntent` (which AppIntents gives another default),
            /// should give one the scene's conditions match, such as a link of its `links:`.
            /// - Parameters:
            ///   - intent: The intent's type.
            ///   - link: Makes the intent into the scene's change, or nil for none.
            /// - Returns: The scene, performing the intent.
            @available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
            public func performing<Intent: TargetContentProvidingIntent>(
                _ intent: Intent.Type, _ link: @escaping @MainActor (Intent) -> Link?
            ) -> PersistentNavigation {
                var performing = self
                // TargetContentProvidingIntent's contentIdentifier: "the name of the app intent type"
                // by default (its reference).
                performing.conditions.insert(String(describing: Intent.self))
                performing.intents.append { view, open in
                    AnyView(
                        view.onAppIntentExecution(intent) { performed in
                            if let change = link(performed) { open(change) }
                        })
                }
                return performing
            }
        }
    #endif

    extension SceneLife.Phase {
        /// SwiftUI's phase of a scene.
        init(_ phase: ScenePhase) {
            switch phase {
            case .active: self = .active
            case .inactive: self = .inactive
            default: self = .background
            }
        }
    }
#endif
