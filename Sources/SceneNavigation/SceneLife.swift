/// A scene's life as SwiftUI runs it, as a pure type: the scene's events in, the actions to perform
/// out. `PersistentNavigation` forwards SwiftUI's events to it and performs what it returns; the
/// testing kit's `SceneLifeSimulator` drives the same type through scripted lives.
///
/// The rules, each from how Apple documents a scene's life:
///
/// - **Restore before the first frame.** The first appearance restores at once, synchronously
///   (`onAppear` runs before the view is shown; `@SceneStorage`'s value is there at the first
///   body). A later appearance (the view shown again) connects the model as it is, without
///   restoring: the model in memory is the newest state.
/// - **Links in order.** A link opened before the restore is the restore's deep link: the saved
///   paths are withheld (kept aside before the first write) and the link applied. One opened after
///   the restore while the launch is still showing what was restored (the model unchanged since,
///   the scene not yet in the background, the launch not yet settled) is the launch's link too:
///   SwiftUI's order of `onOpenURL` and a view's appearance at a cold launch is not documented, so
///   a link that comes late is taken as one that came first. Any other link is a change.
/// - **A failed restore is tried again** at the next appearance: connecting without restoring would
///   write the model's state over what could not be read.
/// - **The background is health.** The scene's phase, initial phase included, is followed: when it
///   is `.background` (iOS may suspend the app then, and end it without notice), the restore is
///   marked healthy and the state made durable, at once if connected, and as the scene connects
///   when it is in the background then.
/// - **Quit is not a crash.** The app's termination makes every connection's state durable.
public struct SceneLife: Sendable, Equatable {
    /// A scene's phase, as SwiftUI's `ScenePhase`.
    public enum Phase: Sendable, Hashable {
        case active, inactive, background
    }

    /// What happens to a scene.
    public enum Event: Sendable, Hashable {
        /// The scene's root view appears (`onAppear`).
        case appeared
        /// The scene's root view disappears (`onDisappear`; its `.task` is cancelled).
        case disappeared
        /// The scene's phase, the initial one first (`onChange(of: scenePhase, initial: true)`).
        case phase(Phase)
        /// A link that is the app's navigation is opened in the scene (`onOpenURL`).
        case linkOpened
        /// The restore failed: nothing is connected, and the next appearance restores again.
        case restoreFailed
        /// The launch has settled (`PersistentNavigation` sends it two seconds after the restore):
        /// a link from now on is a change, not the launch's.
        case launchSettled
        /// The app is terminating normally (a Mac app's Quit).
        case terminating
        /// The background time the system gave the scene's save is up (the expiration handler of
        /// iOS's background-task assertion runs): the connection stops, its write in flight
        /// finishing and its file lock released, and connects again when the scene is next active.
        case backgroundTimeExpired
    }

    /// What to do.
    package enum Action: Sendable, Hashable {
        /// Restore the model now; with `deepLink`, the links held so far are applied in place of
        /// the saved paths, in order.
        case restore(deepLink: Bool)
        /// Connect the model as it is, without restoring (a later appearance).
        case connect
        /// Apply the links held so far, in order, as changes.
        case applyHeldLinks
        /// Apply the link just opened; with `asLaunchLink`, as the launch's deep link when the
        /// model still shows what was restored.
        case applyLink(asLaunchLink: Bool)
        /// Mark the restore healthy and make the state durable: the scene is in the background.
        case leaveForeground
        /// Close the connection: the last change durable.
        case close
        /// Make the state durable before the process ends, blocking for that one write.
        case terminate
    }

    /// Whether the scene's model has been restored once.
    package private(set) var hasRestored = false
    /// Whether a connection is open.
    package private(set) var isConnected = false
    /// How many links wait for the restore or a connection.
    package private(set) var heldLinks = 0
    /// The scene's phase, once SwiftUI has given it.
    package private(set) var phase: Phase?
    /// Whether a link now is still the launch's: restored, and not yet in the background since.
    package private(set) var isLaunchShowing = false

    /// A scene that has not appeared yet.
    package init() {}

    /// Takes an event.
    /// - Parameter event: What happened.
    /// - Returns: What to do, in order.
    package mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .appeared:
            guard !isConnected else { return [] }
            var actions: [Action]
            // Links are held only until the first restore (and a failed one restores again).
            if hasRestored {
                actions = [.connect]
            } else {
                actions = [.restore(deepLink: heldLinks > 0)]
                hasRestored = true
                isLaunchShowing = phase != .background
            }
            heldLinks = 0
            isConnected = true
            if phase == .background { actions.append(.leaveForeground) }
            return actions
        case .disappeared:
            guard isConnected else { return [] }
            isConnected = false
            isLaunchShowing = false
            return [.close]
        case .phase(let new):
            phase = new
            guard new == .background else { return [] }
            isLaunchShowing = false
            return isConnected ? [.leaveForeground] : []
        case .linkOpened:
            guard hasRestored else {
                heldLinks += 1
                return []
            }
            return [.applyLink(asLaunchLink: isConnected && isLaunchShowing)]
        case .restoreFailed:
            // The links that were to be the deep link are applied as changes: the model is as
            // it was, and the user asked for them.
            isConnected = false
            isLaunchShowing = false
            hasRestored = false
            return [.applyHeldLinks]
        case .launchSettled:
            isLaunchShowing = false
            return []
        case .terminating:
            return isConnected ? [.terminate] : []
        case .backgroundTimeExpired:
            return []
        }
    }
}
