/// A scene's life as SwiftUI runs it, as a pure type: the scene's events in, the actions to perform
/// out. `PersistentNavigation` forwards SwiftUI's events to it and performs what it returns; the
/// testing kit's `SceneLifeSimulator` drives the same type through lives in every order of events
/// Apple does not rule out.
///
/// The rules, each from how Apple documents a scene's life:
///
/// - **Restore before the first frame.** The first appearance restores at once, synchronously
///   (`onAppear` runs before the view is shown; `@SceneStorage`'s value is there at the first
///   body). A later appearance (the view shown again) connects the model as it is, without
///   restoring: the model in memory is the newest state. Phases may come before or after the
///   appearance: SwiftUI documents no order.
/// - **Links in order.** A link opened before the restore is the restore's deep link: the saved
///   paths are withheld (kept aside before the first write) and the link applied. One opened after
///   the restore while the launch is still showing what was restored (the model unchanged since,
///   the scene not yet in the background, the launch not yet settled) is the launch's link too:
///   SwiftUI's order of `onOpenURL` and a view's appearance at a cold launch is not documented, so
///   a link that comes late is taken as one that came first. Any other link is a change.
/// - **A failed restore recovers.** Connecting without restoring would write the model's state over
///   what could not be read, so the restore is tried again at the scene's next activation or
///   appearance (a `WindowGroup`'s root on iOS may never appear again). The links held for it are
///   applied as changes at once, as are links opened meanwhile; the retry takes them as its deep
///   link, so what the user asked for stays on screen, and saving resumes once it connects.
/// - **The background is health.** The scene's phase, initial phase included, is followed: when it
///   is `.background` (iOS may suspend the app then, and end it without notice), the restore is
///   marked healthy and the state made durable, at once if connected, and as the scene connects
///   when it is in the background then.
/// - **The restored screen showed** once the launch has settled while the scene is in the
///   foreground (the main actor ran again two seconds after the restore, so it did not hang on the
///   restored screen), or once the scene leaves `.active` after it was active with the restore (the
///   app switcher is `.inactive`): an end with nothing recorded after that (the user's flick in the
///   app switcher, Xcode's Stop) is not counted as a failed restore. A crash still is.
/// - **Background time runs out.** When the background task's time expires (iOS), the connection
///   stops at once (nothing more is written; the write in flight is waited for, at most a second,
///   so that the file's lock is let go) and connects again when the scene is next active or
///   appears.
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
        /// The restore failed: nothing is connected, and the next activation or appearance restores
        /// again.
        case restoreFailed
        /// The launch has settled (`PersistentNavigation` sends it two seconds after the restore):
        /// a link from now on is a change, not the launch's, and the restored screen showed.
        case launchSettled
        /// The app is terminating normally (a Mac app's Quit).
        case terminating
        /// The background task's time is about to expire (UIKit's expiration handler of
        /// `beginBackgroundTask(withName:expirationHandler:)`): the connection stops cleanly,
        /// holding no lock while the app is suspended, and connects again when the scene is next
        /// active or appears.
        case backgroundTimeExpired
    }

    /// What to do.
    package enum Action: Sendable, Hashable {
        /// Restore the model now; with `deepLink`, the links held so far (and those applied since a
        /// failed restore) are applied in place of the saved paths, in order.
        case restore(deepLink: Bool)
        /// Connect the model as it is, without restoring (a later appearance, or back from a
        /// suspension).
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
        /// Record that the restored screen showed: an end with nothing recorded is no failure now.
        case noteShown
        /// Stop the connection cleanly (background time expired): the write in flight finishes,
        /// nothing more is written, the lock is let go.
        case suspend
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
    /// Whether the scene's root view is shown (appeared, not disappeared since).
    package private(set) var isAppeared = false
    /// Whether the last restore failed and is to be tried again.
    package private(set) var isRestorePending = false
    /// How many links were applied as changes since the restore failed (the retry's deep link).
    package private(set) var linksSinceFailure = 0
    /// Whether the connection was stopped when the background time expired.
    package private(set) var isSuspended = false
    /// Whether this connection restored, and the restored screen has not been noted as shown.
    package private(set) var isShowPending = false

    /// A scene that has not appeared yet.
    package init() {}

    /// Takes an event.
    /// - Parameter event: What happened.
    /// - Returns: What to do, in order.
    package mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .appeared:
            isAppeared = true
            return connectIfShown()
        case .disappeared:
            isAppeared = false
            guard isConnected else { return [] }
            isConnected = false
            isLaunchShowing = false
            isShowPending = false
            return [.close]
        case .phase(let new):
            let old = phase
            phase = new
            switch new {
            case .background:
                isLaunchShowing = false
                isShowPending = false
                return isConnected ? [.leaveForeground] : []
            case .active:
                guard !isConnected else { return [] }
                // A failed restore, or a connection stopped in the background, is made again as
                // the scene becomes active: its root may never appear again.
                return connectIfShown()
            case .inactive:
                // Leaving `.active` after it was active with the restore: the screen showed.
                guard old == .active, isConnected, isShowPending else { return [] }
                isShowPending = false
                return [.noteShown]
            }
        case .linkOpened:
            if isRestorePending {
                // The model is as it was; the user asked for the link: a change now, and the
                // retry's deep link later.
                linksSinceFailure += 1
                return [.applyLink(asLaunchLink: false)]
            }
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
            isShowPending = false
            hasRestored = false
            isRestorePending = true
            linksSinceFailure += heldLinks
            heldLinks = 0
            return [.applyHeldLinks]
        case .launchSettled:
            isLaunchShowing = false
            guard isConnected, isShowPending, phase != .background else { return [] }
            isShowPending = false
            return [.noteShown]
        case .terminating:
            return isConnected ? [.terminate] : []
        case .backgroundTimeExpired:
            guard isConnected else { return [] }
            isConnected = false
            isLaunchShowing = false
            isShowPending = false
            isSuspended = true
            return [.suspend]
        }
    }

    /// A connection made without restoring (a later appearance, back from a suspension, a fresh
    /// start) failed: the scene is not connected, and connects again at its next activation or
    /// appearance.
    package mutating func connectionFailed() {
        guard isConnected else { return }
        isConnected = false
        isLaunchShowing = false
        isShowPending = false
        isSuspended = true
    }

    /// Restores or connects a scene whose root is shown and that is not connected: the first
    /// restore, a retry of a failed one, or a connection made again.
    private mutating func connectIfShown() -> [Action] {
        guard isAppeared, !isConnected else { return [] }
        var actions: [Action]
        if hasRestored {
            actions = [.connect]
        } else {
            actions = [.restore(deepLink: heldLinks + linksSinceFailure > 0)]
            hasRestored = true
            isRestorePending = false
            linksSinceFailure = 0
            isLaunchShowing = phase != .background
            isShowPending = true
        }
        heldLinks = 0
        isSuspended = false
        isConnected = true
        if phase == .background {
            isShowPending = false
            actions.append(.leaveForeground)
        }
        return actions
    }
}
