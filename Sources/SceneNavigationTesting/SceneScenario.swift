import SceneNavigation
import SceneStore

/// A scripted life of an app's scenes, taken from Apple's documentation of how iOS and macOS run
/// them, with what the user must find at its end. Run with ``SceneLifeSimulator/run(_:)``, each
/// on a new simulator.
public struct SceneScenario: Sendable, Hashable, CustomStringConvertible {
    /// The scenario's name.
    public let name: String
    /// The documentation it follows.
    public let source: String
    /// What happens.
    package let steps: [Step]
    /// One thing that happens in an app's life.
    package enum Step: Sendable, Hashable {
        /// The user launches the app: each open window the system restores appears, active.
        case launch
        /// The system launches the app in the background: each open window appears in the background.
        case launchInBackground
        /// A process starts with a link opened in its first window, before the window appears
        /// (`linkFirst`) or after.
        case launchWithLink(linkFirst: Bool)
        /// The user opens a new window; it appears.
        case openWindow
        /// The user navigates in a window (the app's sample navigation).
        case navigate(window: Int)
        /// A link is opened in a window that is shown.
        case openLink(window: Int)
        /// The content of a window switches (a tab written as `if`): no event reaches the host,
        /// whose identity does not change.
        case switchContent(window: Int)
        /// A window's content disappears and appears again at once (the window hidden and shown):
        /// it closes and connects again.
        case hideAndShow(window: Int)
        /// Every window's scene enters a phase.
        case phase(SceneLife.Phase)
        /// SwiftUI saves each window's scene storage (it does so in the background, with no
        /// guarantee as to when).
        case saveSceneStorage
        /// The system discards every window's restoration data (a force quit from the app
        /// switcher, a crash at launch, a Mac app quit with "Close windows when quitting").
        case discardSceneStorage
        /// The user closes a window for good: it disappears and its scene is destroyed.
        case closeWindow(window: Int)
        /// The process crashes (a trap, `abort()`).
        case crash
        /// The process is killed (SIGKILL: the system ending a suspended app, the watchdog,
        /// jetsam, Xcode's Stop).
        case kill
        /// The app quits normally (a Mac app's Quit): its termination makes each window's state
        /// durable (as ``/SceneNavigation/SceneConnections/terminating()`` does for a process), and
        /// the process exits.
        case quit
        /// A process starts in `phase`, and the open windows that `order` names appear in that
        /// order (iPad and Mac restore several windows in no documented order; an open window it
        /// leaves out is not connected at launch, as an iPad scene in the app switcher), each given
        /// its phase before its appearance (`phaseFirst`) or after it.
        case launchWindows(order: [Int], phase: SceneLife.Phase, phaseFirst: Bool)
        /// SwiftUI saves one window's scene storage (and not, or not yet, the others').
        case saveStorage(window: Int)
        /// The system loses one window's scene storage (never saved, or discarded).
        case discardStorage(window: Int)
        /// iPadOS disconnects an open window's scene to reclaim memory: its root disappears, and the
        /// window stays in the app switcher ("The scene may reconnect later").
        case disconnect(window: Int)
        /// A disconnected window, or an open one not connected at launch, appears again.
        case reconnect(window: Int)
        /// iPadOS disconnects a shown window and reconnects it at once: SwiftUI makes its views,
        /// its `@State` and so its scene's persistence again, with its scene storage, while the old
        /// connection's close is still on its way.
        case remake(window: Int)
        /// Two seconds pass after the launch's restores (`PersistentNavigation`'s settling): the
        /// restored screens showed.
        case launchSettles
        /// The background task's time expires (iOS) while the app is in the background.
        case backgroundTimeExpires
        /// The window's scene file cannot be read (a folder stands in its place).
        case breakScene(window: Int)
        /// The window's scene file can be read again, as it was.
        case repairScene(window: Int)
        /// The user presents over a window's navigation (the app's sample presentation).
        case present(window: Int)
        /// The user dismisses a level of what a window presents, and with it the levels above
        /// (a swipe: only a level on screen can be).
        case dismiss(window: Int, level: Int)
        /// The app's data loses what the windows present now (another device deleted it): each
        /// model made from now on rejects those routes.
        case forgetPresented
        /// The app's data loses the routes of the windows' states that the initial state does not
        /// hold (their sample navigation's and presentation's): each model made from now on
        /// rejects them.
        case forgetNavigated
    }

    /// What must be true at the end, for the identities it applies to (all when empty).
    package let expectations: [Expectation]
    /// The scene identities the expectations hold for; nil for every identity.
    public let identities: Set<SceneIdentity>?

    /// What the user must find.
    package enum Expectation: Sendable, Hashable {
        /// The window shows where the user navigated in it before.
        case showsNavigated(window: Int)
        /// The window shows the model's initial state.
        case showsInitial(window: Int)
        /// The window shows where the sample link leads.
        case showsLink(window: Int)
        /// The window's restore was guarded after this many failures, or not (0).
        case guarded(window: Int, failures: Int)
        /// The window's last restore was taken over by a deep link.
        case deepLinked(window: Int)
        /// This many copies of scene files were kept aside.
        case keptAside(Int)
        /// Every open window has a scene of its own.
        case distinctScenes
        /// The window's scene connected this many times in the running process.
        case connections(window: Int, count: Int)
        /// No scene told an error.
        case noErrors
        /// The window restored the scene its storage named when its process started.
        case restoredOwnScene(window: Int)
        /// The window's model is connected: what the user does in it is saved.
        case connected(window: Int)
        /// The window shows what it showed when its process last ended.
        case showsLastState(window: Int)
        /// The window's last restore showed its chain after the first frame, one level per update,
        /// up to the whole chain.
        case presentedOneByOne(window: Int)
        /// The window presents nothing, and its state holds no presentation.
        case presentsNothing(window: Int)
        /// The window shows what it showed when its process last ended, but for what the app's data
        /// lost since, which its restore reported as unresolved.
        case showsWhatRemains(window: Int)
    }

    /// Creates a scenario.
    package init(
        _ name: String, source: String, steps: [Step], expectations: [Expectation],
        identities: Set<SceneIdentity>? = nil
    ) {
        self.name = name
        self.source = source
        self.steps = steps
        self.expectations = expectations
        self.identities = identities
    }

    /// The scenario's name.
    public var description: String { name }

    /// Whether the scenario presents, and so runs only on a simulator of presentations.
    package var presents: Bool {
        steps.contains { step in
            switch step {
            case .present, .dismiss, .forgetPresented, .forgetNavigated: true
            default: false
            }
        }
    }
}

extension SceneScenario {
    /// Every scenario below.
    public static let all: [SceneScenario] = [
        coldLaunch, relaunchAfterBackgroundKill, forceQuit, forceQuitAdopting, killedBeforeStorageSaved,
        macQuitRestoringWindows, macQuitClosingWindows, developerRerun, crashOnRestoredScreen, watchdogTwice,
        linkAtColdLaunch, linkAfterAppearance, linkWhileRunning, twoWindows, tabSwitch, hiddenAndShown,
        sceneDiscarded, connectedInBackground, windowsInAnyOrder, lateWindowKeepsItsScene, storageOfSomeWindows,
        appSwitcherTwice, stopAndRunAfterShown, failedRestoreRecovers, backgroundTimeExpires,
        disconnectedAndReconnected, adoptedCrashLoop, newWindowAfterLaunch, deepLinkHiddenAndShown,
        crashOnRestoredSheet, sheetOverDeletedItem, chainRestoredInOrder, tabPathNoLongerResolves,
    ]

    /// A launch restores, before the first frame, what the last one saved.
    package static let coldLaunch = SceneScenario(
        "cold launch",
        source:
            "SceneStorage (developer.apple.com/documentation/swiftui/scenestorage): the value is there at the view's first body; onAppear runs before the view appears",
        steps: [.launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .launch],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// A suspended app that the system ends restores as it was, and is not taken for a crash.
    package static let relaunchAfterBackgroundKill = SceneScenario(
        "relaunch after background kill",
        source:
            "Managing your app's life cycle (developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle): a suspended app may be terminated at any time, with no code run",
        steps: [
            .launch, .navigate(window: 0), .phase(.inactive), .phase(.background), .saveSceneStorage, .kill,
            // A launch that restores, is left at once, suspended and ended by the system.
            .launch, .phase(.inactive), .phase(.background), .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// A force quit discards the scene's restoration data: a per-scene ID is lost with it.
    package static let forceQuit = SceneScenario(
        "force quit, per scene",
        source:
            "Preserving your app's UI across launches (developer.apple.com/documentation/uikit/preserving-your-app-s-ui-across-launches): the system discards restoration data when the user force-quits the app",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .discardSceneStorage, .kill, .launch,
        ],
        expectations: [.showsInitial(window: 0), .noErrors], identities: [.perScene])

    /// With ``/SceneNavigation/SceneIdentity/adoptingMostRecent``, the state comes back after a force quit.
    package static let forceQuitAdopting = SceneScenario(
        "force quit, adopting the most recent",
        source: "Preserving your app's UI across launches: the restoration data is discarded, the scene's file is not",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .discardSceneStorage, .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .noErrors], identities: [.adoptingMostRecent])

    /// Killed before SwiftUI saved the scene's storage: adopting brings the state back.
    package static let killedBeforeStorageSaved = SceneScenario(
        "killed before scene storage was saved",
        source: "SceneStorage: \"The system makes no guarantees as to when and how often the data will be persisted\"",
        steps: [.launch, .navigate(window: 0), .phase(.background), .kill, .launch],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors],
        identities: [.adoptingMostRecent])

    /// A Mac app quit with its windows restored: everything back, no guard.
    package static let macQuitRestoringWindows = SceneScenario(
        "Mac quit with window restoration",
        source:
            "NSApplication.willTerminateNotification (developer.apple.com/documentation/appkit/nsapplication/willterminatenotification); macOS restores windows when \"Close windows when quitting an application\" is off",
        steps: [.launch, .navigate(window: 0), .saveSceneStorage, .quit, .launch, .quit, .launch],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// A Mac app quit with "Close windows when quitting": new windows; adopting brings the state back.
    package static let macQuitClosingWindows = SceneScenario(
        "Mac quit without window restoration",
        source:
            "macOS User Guide, Desktop & Dock settings: \"Close windows when quitting an application\" (windows are not restored)",
        steps: [
            .launch, .navigate(window: 0), .saveSceneStorage, .quit, .discardSceneStorage, .launch, .quit,
            .discardSceneStorage, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors],
        identities: [.adoptingMostRecent])

    /// Xcode's Stop, then Run, right after a restore: one SIGKILL is not a crash.
    package static let developerRerun = SceneScenario(
        "developer re-run",
        source:
            "Xcode's Stop ends the debugged process with SIGKILL, which cannot be caught or ignored (sigaction(2)); no code of the app runs",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .phase(.active), .kill, .launch,
            .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// A crash on the restored screen: the next launch withholds the paths and keeps a copy.
    package static let crashOnRestoredScreen = SceneScenario(
        "crash on the restored screen",
        source:
            "Addressing crashes from Swift runtime errors (developer.apple.com/documentation/xcode/addressing-crashes-from-swift-runtime-errors): a trap ends the process with EXC_BREAKPOINT (SIGTRAP)",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .phase(.active), .kill, .launch,
            .crash, .launch,
        ],
        expectations: [.guarded(window: 0, failures: 1), .keptAside(1), .noErrors])

    /// The watchdog ends a launch that hangs on the restored screen, twice: the second counts.
    package static let watchdogTwice = SceneScenario(
        "watchdog kill, twice",
        source:
            "Addressing watchdog terminations (developer.apple.com/documentation/xcode/addressing-watchdog-terminations): the system ends an app that does not respond, with code 0x8badf00d",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .phase(.active), .kill, .launch,
            .kill, .launch, .kill, .launch,
        ],
        expectations: [.guarded(window: 0, failures: 1), .noErrors])

    /// A link opened at a cold launch, before the window appears, wins over the saved paths.
    package static let linkAtColdLaunch = SceneScenario(
        "link at cold launch",
        source:
            "onOpenURL (developer.apple.com/documentation/swiftui/view/onopenurl(perform:)): the scene receives the URL it was launched for",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill,
            .launchWithLink(linkFirst: true),
        ],
        expectations: [.showsLink(window: 0), .deepLinked(window: 0), .noErrors])

    /// At a cold launch SwiftUI may deliver the link after the window appeared: the link still wins,
    /// as if it had come first (the saved paths withheld, and kept aside before a write replaces
    /// them).
    package static let linkAfterAppearance = SceneScenario(
        "link after the window appeared, at cold launch",
        source:
            "onOpenURL (developer.apple.com/documentation/swiftui/view/onopenurl(perform:)) does not say when, relative to onAppear, the URL of a cold launch is delivered",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill,
            .launchWithLink(linkFirst: false),
        ],
        expectations: [.showsLink(window: 0), .deepLinked(window: 0), .noErrors])

    /// A link while the app runs, after the user was away: a change like any other, in the window.
    package static let linkWhileRunning = SceneScenario(
        "link while running",
        source:
            "handlesExternalEvents(preferring:allowing:) (developer.apple.com/documentation/swiftui/view/handlesexternalevents(preferring:allowing:)): a scene that prefers the event takes it",
        steps: [.launch, .navigate(window: 0), .phase(.background), .phase(.active), .openLink(window: 0)],
        expectations: [.showsLink(window: 0), .keptAside(0), .connections(window: 0, count: 1), .noErrors])

    /// Two windows each restore their own state.
    package static let twoWindows = SceneScenario(
        "two windows",
        source: "SceneStorage: \"data is not shared between scenes\"",
        steps: [
            .launch, .openWindow, .navigate(window: 1), .phase(.background), .saveSceneStorage, .kill, .launch,
        ],
        expectations: [.showsInitial(window: 0), .showsNavigated(window: 1), .distinctScenes, .noErrors],
        identities: [.perScene, .adoptingMostRecent])

    /// A tab switch in the content does not close and reconnect the scene.
    package static let tabSwitch = SceneScenario(
        "tab switch",
        source:
            "task(priority:_:) (developer.apple.com/documentation/swiftui/view/task(priority:_:)): the task is cancelled when the view disappears; a modifier of conditional content follows each branch",
        steps: [.launch, .switchContent(window: 0), .navigate(window: 0), .switchContent(window: 0)],
        expectations: [.connections(window: 0, count: 1), .noErrors])

    /// A window hidden and shown again closes, then connects again with the model as it is.
    package static let hiddenAndShown = SceneScenario(
        "window hidden and shown",
        source:
            "onDisappear(perform:) and onAppear(perform:) (developer.apple.com/documentation/swiftui/view/ondisappear(perform:)): a view that leaves and comes back gets both",
        steps: [.launch, .navigate(window: 0), .hideAndShow(window: 0), .openLink(window: 0), .hideAndShow(window: 0)],
        expectations: [.showsLink(window: 0), .connections(window: 0, count: 3), .keptAside(0), .noErrors])

    /// A window closed for good takes its state with it: a new window starts fresh.
    package static let sceneDiscarded = SceneScenario(
        "scene discarded",
        source: "SceneStorage: when a scene is explicitly destroyed, its data is destroyed too",
        steps: [.launch, .navigate(window: 0), .closeWindow(window: 0), .openWindow],
        expectations: [.showsInitial(window: 1), .noErrors], identities: [.perScene])

    /// A scene connected while already in the background is healthy at once: a later kill is no crash.
    package static let connectedInBackground = SceneScenario(
        "connected in the background",
        source:
            "ScenePhase (developer.apple.com/documentation/swiftui/scenephase): a scene may be in the background when it connects",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .launchInBackground,
            .kill, .launchInBackground, .kill, .launchInBackground,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    // MARK: - Several windows, and the ends of a process as iOS and Xcode make them

    /// Two windows restored at once, the one without its ID first: it must not take the other's
    /// scene, and the other restores its own.
    package static let windowsInAnyOrder = SceneScenario(
        "windows in any order, one without its ID",
        source:
            "SceneStorage: saved \"with no guarantees as to when\"; iPad and Mac restore several windows at a launch, and no Apple document fixes the order their root views appear in",
        steps: [
            .launch, .openWindow, .navigate(window: 0), .phase(.background), .phase(.active), .openLink(window: 1),
            .phase(.background), .saveStorage(window: 1), .kill,
            .launchWindows(order: [0, 1], phase: .active, phaseFirst: true),
        ],
        expectations: [
            .restoredOwnScene(window: 1), .showsLastState(window: 1), .connected(window: 0), .connected(window: 1),
            .distinctScenes, .noErrors,
        ])

    /// An iPad window left in the app switcher is not connected at launch: the window that adopts
    /// in the meantime, and changes, takes nothing from it.
    package static let lateWindowKeepsItsScene = SceneScenario(
        "a window connected later keeps its scene",
        source:
            "UISceneDelegate.sceneDidDisconnect(_:) (developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)): \"The scene may reconnect later\"; a scene in the app switcher connects when the user returns to it",
        steps: [
            .launch, .openWindow, .navigate(window: 0), .phase(.background), .phase(.active), .openLink(window: 1),
            .phase(.background), .saveStorage(window: 1), .kill,
            .launchWindows(order: [0], phase: .active, phaseFirst: false), .navigate(window: 0), .phase(.background),
            .phase(.active), .reconnect(window: 1),
        ],
        expectations: [
            .restoredOwnScene(window: 1), .showsLastState(window: 1), .connected(window: 0), .distinctScenes,
            .noErrors,
        ])

    /// Scene storage saved for some windows and lost for others, the windows back in another order
    /// with their phases after their appearances.
    package static let storageOfSomeWindows = SceneScenario(
        "scene storage saved for some windows only",
        source:
            "SceneStorage: \"The system makes no guarantees as to when and how often the data will be persisted\"; ScenePhase and onAppear document no order between them",
        steps: [
            .launch, .openWindow, .openWindow, .navigate(window: 0), .openLink(window: 2), .phase(.background),
            .saveStorage(window: 0), .saveStorage(window: 2), .kill,
            .launchWindows(order: [2, 1, 0], phase: .active, phaseFirst: false),
        ],
        expectations: [
            .restoredOwnScene(window: 0), .restoredOwnScene(window: 2), .showsLastState(window: 0),
            .showsLastState(window: 2), .connected(window: 1), .distinctScenes, .noErrors,
        ])

    /// The user opens the app switcher after the restored screen showed and flicks the app away,
    /// twice: no crash, no guard.
    package static let appSwitcherTwice = SceneScenario(
        "app switcher, twice",
        source:
            "ScenePhase.inactive (developer.apple.com/documentation/swiftui/scenephase/inactive): \"visible in the app switcher\"; the user's flick there ends the app with SIGKILL, with no code run",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .launch, .phase(.inactive),
            .kill, .launch, .phase(.inactive), .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// Xcode's Stop and Run, twice, each after the restored screen showed: no crash, no guard.
    package static let stopAndRunAfterShown = SceneScenario(
        "two stop-and-runs after the restored screen showed",
        source:
            "Xcode's Stop ends the debugged process with SIGKILL, which cannot be caught or ignored (sigaction(2)); the restored screen had shown",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .phase(.active), .kill, .launch,
            .launchSettles, .kill, .launch, .launchSettles, .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .guarded(window: 0, failures: 0), .noErrors])

    /// A restore that fails (the file cannot be read) is tried again as the scene becomes active;
    /// the link opened meanwhile stays on screen, and saving resumes.
    package static let failedRestoreRecovers = SceneScenario(
        "a failed restore recovers",
        source:
            "WindowGroup (developer.apple.com/documentation/swiftui/windowgroup): a scene's root is created once for the scene; ScenePhase.active is sent again each time the scene returns to the foreground",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .breakScene(window: 0),
            .launch, .openLink(window: 0), .repairScene(window: 0), .phase(.inactive), .phase(.active),
        ],
        expectations: [
            .connected(window: 0), .restoredOwnScene(window: 0), .showsLink(window: 0), .deepLinked(window: 0),
        ])

    /// The background task's time expires mid-save: the connection stops cleanly, and the scene
    /// saves again once it is back.
    package static let backgroundTimeExpires = SceneScenario(
        "background time expires",
        source:
            "UIApplication.beginBackgroundTask(withName:expirationHandler:) (developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)): the handler is called shortly before the time runs out, and the app must end the task",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .backgroundTimeExpires, .phase(.active),
            .openLink(window: 0), .phase(.background), .saveSceneStorage, .kill, .launch,
        ],
        expectations: [.showsLink(window: 0), .connections(window: 0, count: 1), .noErrors])

    /// iPadOS disconnects a background window to reclaim memory and reconnects it later: the same
    /// scene, connected again, saving.
    package static let disconnectedAndReconnected = SceneScenario(
        "disconnected and reconnected",
        source:
            "UISceneDelegate.sceneDidDisconnect(_:) (developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)): the system may disconnect a background scene to reclaim its resources; \"The scene may reconnect later\"",
        steps: [
            .launch, .openWindow, .navigate(window: 1), .phase(.background), .disconnect(window: 1), .phase(.active),
            .reconnect(window: 1), .openLink(window: 1), .phase(.background), .saveSceneStorage, .kill, .launch,
        ],
        expectations: [.showsLink(window: 1), .restoredOwnScene(window: 1), .distinctScenes, .noErrors])

    /// A crash on an adopted state, the scene storage discarded each time: the next launch, which
    /// adopts the copy, is guarded all the same.
    package static let adoptedCrashLoop = SceneScenario(
        "crash on an adopted state",
        source:
            "Apple's StateRestoreChildViews sample ReadMe: the system deletes a scene's preserved state after a crash at launch, \"as a safety precaution\"",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .discardSceneStorage,
            .launch, .crash, .discardSceneStorage, .launch,
        ],
        expectations: [.guarded(window: 0, failures: 1), .noErrors], identities: [.adoptingMostRecent])

    /// A window the user opens once the launch has settled is a new window: it adopts nothing.
    package static let newWindowAfterLaunch = SceneScenario(
        "a new window after the launch",
        source:
            "WindowGroup (developer.apple.com/documentation/swiftui/windowgroup): each window the user opens (Cmd-N, an iPad's new window) is a new scene of the group",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .launch, .launchSettles,
            .openWindow,
        ],
        expectations: [.showsNavigated(window: 0), .showsInitial(window: 1), .distinctScenes, .noErrors])

    /// A link at launch withholds the saved paths; the window hidden and shown again before any
    /// change, then the background: the saved paths are still there at the next launch.
    package static let deepLinkHiddenAndShown = SceneScenario(
        "deep link, then hidden and shown",
        source:
            "onDisappear(perform:) and onAppear(perform:): a view that leaves and comes back gets both; a deep link's state is not the user's until they change it",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill,
            .launchWithLink(linkFirst: true), .hideAndShow(window: 0), .phase(.background), .kill, .launch,
        ],
        expectations: [.showsNavigated(window: 0), .noErrors])

    // MARK: - Presentations, tabs and columns (run on a simulator of presentations)

    /// A crash on a restored sheet: the next launch withholds it with the paths, and keeps a copy;
    /// the sheet is not shown again.
    package static let crashOnRestoredSheet = SceneScenario(
        "a crash on a restored sheet",
        source:
            "Addressing crashes from Swift runtime errors: a trap ends the process with EXC_BREAKPOINT (SIGTRAP); sheet(item:) (developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)) presents from the item",
        steps: [
            .launch, .navigate(window: 0), .present(window: 0), .phase(.background), .saveSceneStorage,
            .phase(.active), .kill, .launch, .crash, .launch,
        ],
        expectations: [.guarded(window: 0, failures: 1), .presentsNothing(window: 0), .keptAside(1), .noErrors])

    /// What a sheet showed was deleted on another device: the sheet is dropped and reported, and
    /// what it was presented over is restored.
    package static let sheetOverDeletedItem = SceneScenario(
        "a sheet over a deleted item",
        source:
            "The SwiftUI cookbook for navigation (WWDC22): an item deleted on another device is dropped from the restored state",
        steps: [
            .launch, .navigate(window: 0), .present(window: 0), .phase(.background), .saveSceneStorage, .kill,
            .forgetPresented, .launch,
        ],
        expectations: [.showsWhatRemains(window: 0), .presentsNothing(window: 0), .noErrors])

    /// A chain restored after the first frame, one level per update, each once the one beneath
    /// appeared; dismissing the top level saves the rest.
    package static let chainRestoredInOrder = SceneScenario(
        "a chain restored in order",
        source:
            "SwiftUI presents one modal per view update, each from a view on screen (FlowStacks' README; NavigationKit waits for each to appear)",
        steps: [
            .launch, .navigate(window: 0), .present(window: 0), .present(window: 0), .dismiss(window: 0, level: 1),
            .present(window: 0), .phase(.background), .saveSceneStorage, .kill, .launch,
        ],
        expectations: [.showsLastState(window: 0), .presentedOneByOne(window: 0), .noErrors])

    /// The routes a tab's path leads to were deleted: the tab is selected again, the routes the
    /// data lost dropped and reported, the rest (the columns, the sidebar's selection) restored.
    package static let tabPathNoLongerResolves = SceneScenario(
        "a tab whose path no longer resolves",
        source:
            "TabView(selection:) (developer.apple.com/documentation/swiftui/tabview): the selection is a value of the app's; The SwiftUI cookbook for navigation: restored IDs the data no longer has are dropped",
        steps: [
            .launch, .navigate(window: 0), .phase(.background), .saveSceneStorage, .kill, .forgetNavigated, .launch,
        ],
        expectations: [.showsWhatRemains(window: 0), .noErrors])
}
