import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs an app's scenes through their lives as iOS and macOS run them, in one test: processes that
/// launch, crash, are killed or quit; windows that appear, disappear and change phase; SwiftUI's
/// scene storage saved or discarded; links opened before or after a window appears.
///
/// Each window is a ``/SceneNavigation/PersistentScene`` (what `PersistentNavigation` forwards
/// SwiftUI's events to), driven with the same events; each process is a simulated launch whose end
/// is recorded as a real one's would be (``/SceneNavigation/CrashLoopGuard/Launch``). The scenarios
/// of ``SceneScenario`` script the lives Apple documents; an app runs them against its own model:
///
/// ```swift
/// let simulator = try SceneLifeSimulator(TemporaryStore(), identity: .adoptingMostRecent,
///                                        makeModel: { SceneNavigationModel(AppState()) },
///                                        navigate: { $0.state.path = [.inbox, .message(id: 7)] },
///                                        link: { $0.state.path = [.message(id: 42)] })
/// for scenario in SceneScenario.all {
///     #expect(try await simulator.run(scenario).isEmpty, "\(scenario.name)")
/// }
/// ```
@MainActor
public final class SceneLifeSimulator<State: Codable & Equatable> {
    /// The app's model.
    public typealias Model = SceneNavigationModel<State>

    /// A window of the app: a scene, as the system keeps it across launches.
    @MainActor
    package final class Window {
        /// The scene's ID as SwiftUI last saved its scene storage (what the next launch gets), or
        /// nil when it was never saved or was discarded.
        public internal(set) var savedStorage: String?
        /// The scene's storage in the running process.
        public internal(set) var storage: String?
        /// Whether the window is open (not closed for good).
        public internal(set) var isOpen = true
        /// The window's scene in the running process, once it has appeared.
        public internal(set) var scene: PersistentScene<State>?
        /// The state the app's sample navigation last left in this window.
        public internal(set) var navigated: State?
        /// How many connections the window's scene made in the running process.
        public internal(set) var connections = 0
        /// The errors told to the scene's `onError`.
        public internal(set) var errors: [NavigationError] = []
        /// Whether the window's root is shown in the running process (appeared, not disappeared).
        public internal(set) var isShown = false
        /// The ID the window's storage held when the running process started.
        public internal(set) var launchStorage: String?
        /// What the window showed when its process last ended, or nil before any end.
        public internal(set) var lastState: State?
        /// What SwiftUI presents in the window, update by update.
        let screen = SimulatedPresentations()

        /// The window's model in the running process.
        public var model: Model? { scene?.model }

        init() {}
    }

    /// The folder and store the app runs in.
    package let temporary: TemporaryStore
    /// How the app's scenes find their IDs.
    package let identity: SceneIdentity
    /// The crash-loop guard of every scene (its launch is replaced by each simulated process's).
    package let crashGuard: CrashLoopGuard?
    /// The windows, in the order they were opened.
    package private(set) var windows: [Window] = []
    /// The process running now, if any.
    package private(set) var process: CrashLoopGuard.Process?

    let makeModel: @MainActor () -> Model
    let navigate: @MainActor (Model) -> Void
    let link: @MainActor (Model) -> Void
    /// Where the app's scenes present, and what the kit does with it; nil when the app gave none.
    var presenting: Presenting?
    /// Whether the windows tell the disappearance of what they take down late (after the next
    /// step's first update), as a dismissal's animation outlasting the app's next change does.
    package var delaysDisappearances = false
    private var launches = 0
    private let firstLaunch = Int64(Date().timeIntervalSince1970 * 1000)
    private var store: StateStore?
    private var phase: SceneLife.Phase = .active
    /// The crash-loop guard's count as its documented rules give it, kept apart from the guard:
    /// per scene, the restores counted as failed, and the launches in a row that ended with nothing
    /// recorded before a restored screen showed (a crash counts at once; an exit, or a kill after
    /// the screen showed, ends a row; a kill before it counts from the second in a row; a healthy
    /// restore clears the scene).
    private var expectedCounts: [SceneID: GuardCount] = [:]
    /// The guarded restores of the running process, in order: the scenes its marker was written
    /// for, its connection, and the count its marker holds.
    private var guardedRestores: [(scenes: [SceneID], connection: SceneConnection<State>, count: GuardCount)] = []
    /// The guarded connections of the running process already looked at.
    private var seenConnections: Set<ObjectIdentifier> = []
    /// Whether the running process noted a restored screen shown (its launch's record says so).
    private var shownInProcess = false
    /// Where the guard counted otherwise than its rules say, in words.
    private var guardFailures: [String] = []

    /// What a marker counts: the restores counted as failed, and the unexplained ends in a row.
    struct GuardCount: Equatable {
        var failures = 0
        var unexplained = 0
    }
    /// Where broken scene files were put, by scene file path.
    private var brokenFiles: [String: String] = [:]
    /// Scenes whose views were made again: their work (a close) may still run.
    private var retired: [PersistentScene<State>] = []

    /// Creates a simulator.
    /// - Parameters:
    ///   - temporary: The folder and store.
    ///   - identity: How the app's scenes find their IDs.
    ///   - crashGuard: The crash-loop guard, or nil. By default the guard's own defaults, except
    ///     that no time marks a restore healthy.
    ///   - makeModel: Builds a window's model, as a new scene would.
    ///   - navigate: The app's sample navigation: where a user goes in a window.
    ///   - link: The app's sample link's change: where a link leads (applying it twice changes
    ///     nothing more).
    public init(
        _ temporary: TemporaryStore, identity: SceneIdentity = .perScene,
        crashGuard: CrashLoopGuard? = CrashLoopGuard(healthyAfter: nil),
        makeModel: @escaping @MainActor () -> Model, navigate: @escaping @MainActor (Model) -> Void,
        link: @escaping @MainActor (Model) -> Void
    ) {
        self.temporary = temporary
        self.identity = identity
        self.crashGuard = crashGuard
        self.makeModel = makeModel
        self.navigate = navigate
        self.link = link
    }

    // MARK: - Steps

    /// One thing that happens in an app's life.
    package typealias Step = SceneScenario.Step

    /// Performs steps in order.
    /// - Parameter steps: The steps.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the store cannot be opened or a process's end
    ///   recorded; ``SimulatorError`` for a step that cannot happen now.
    package func perform(_ steps: [Step]) async throws {
        for step in steps { try await perform(step) }
    }

    /// Performs one step, then runs SwiftUI's updates in every shown window until what it presents
    /// settles.
    /// - Parameter step: The step.
    /// - Throws: What the simulated process's store and connections throw.
    package func perform(_ step: Step) async throws {
        try await performEvents(of: step)
        updatePresentations()
    }

    /// The events of one step.
    private func performEvents(of step: Step) async throws {
        switch step {
        case .launch:
            try await launch(order: nil, phase: .active, phaseFirst: true)
        case .launchInBackground:
            // The system may launch the app in the background.
            try await launch(order: nil, phase: .background, phaseFirst: true)
        case .launchWindows(let order, let phase, let phaseFirst):
            try await launch(order: order, phase: phase, phaseFirst: phaseFirst)
        case .launchWithLink(let linkFirst):
            phase = .active
            try startProcess()
            for (index, window) in windows.enumerated() where window.isOpen {
                let scene = makeScene(for: window)
                if index == 0 && linkFirst { scene.open(link) }
                appear(window)
                if index == 0 && !linkFirst { scene.open(link) }
            }
            await settle()
        case .openWindow:
            guard process != nil else { throw SimulatorError.notRunning }
            let window = Window()
            windows.append(window)
            appear(window)
            await settle()
        case .navigate(let index):
            let window = try shown(index)
            guard let model = window.model else { throw SimulatorError.notRunning }
            navigate(model)
            window.navigated = model.state
        case .openLink(let index):
            try shown(index).scene?.open(link)
            await settle()
        case .switchContent(let index):
            _ = try shown(index)
        case .hideAndShow(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            window.screen.rootHidden()
            window.scene?.handle(.appeared)
            noteRestore(of: window)
            window.screen.rootAppeared()
            await settle()
        case .phase(let new):
            phase = new
            for window in windows where window.isOpen && window.isShown {
                guard let scene = window.scene else { continue }
                // Leaving .active after it was active with the restore: the screen showed.
                if new == .inactive, scene.life.phase == .active { noteShownIfPending(scene) }
                scene.handle(.phase(new))
                noteRestore(of: window)
            }
            await settle()
        case .saveSceneStorage:
            for window in windows where window.isOpen { window.savedStorage = window.storage }
        case .discardSceneStorage:
            for window in windows { window.savedStorage = nil }
        case .saveStorage(let index):
            guard windows.indices.contains(index), windows[index].isOpen else { throw SimulatorError.noWindow(index) }
            windows[index].savedStorage = windows[index].storage
        case .discardStorage(let index):
            guard windows.indices.contains(index) else { throw SimulatorError.noWindow(index) }
            windows[index].savedStorage = nil
        case .closeWindow(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            window.screen.removed()
            window.isShown = false
            await settle()
            window.isOpen = false
            window.savedStorage = nil
        case .disconnect(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            window.screen.removed()
            window.isShown = false
            await settle()
        case .reconnect(let index):
            guard process != nil else { throw SimulatorError.notRunning }
            guard windows.indices.contains(index), windows[index].isOpen, !windows[index].isShown else {
                throw SimulatorError.noWindow(index)
            }
            appear(windows[index])
            await settle()
        case .remake(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            window.screen.removed()
            if let old = window.scene { retired.append(old) }
            window.scene = nil
            appear(window)
            await settle()
        case .launchSettles:
            guard process != nil else { throw SimulatorError.notRunning }
            for window in windows where window.isShown {
                guard let scene = window.scene else { continue }
                if scene.life.phase != .background { noteShownIfPending(scene) }
                scene.handle(.launchSettled)
            }
            await settle()
        case .backgroundTimeExpires:
            guard process != nil else { throw SimulatorError.notRunning }
            for window in windows where window.isShown { window.scene?.handle(.backgroundTimeExpired) }
            await settle()
        case .breakScene(let index):
            try breakScene(of: index)
        case .repairScene(let index):
            try repairScene(of: index)
        case .crash, .kill, .quit:
            try await end(step)
        case .present(let index):
            let window = try shown(index)
            guard let model = window.model, let presenting else { throw SimulatorError.notRunning }
            presenting.present(model)
            window.navigated = model.state
            await settle()
        case .dismiss(let index, let level):
            let window = try shown(index)
            // The user's swipe reaches only a level on screen: SwiftUI sets its item to nil.
            if let model = window.model, let presenting, level < window.screen.onScreen.count {
                presenting.dismiss(model, level)
            }
            await settle()
        case .forgetPresented:
            for window in windows {
                if let state = window.model?.state ?? window.lastState { presenting?.forgetPresented(state) }
            }
        case .forgetNavigated:
            let initial = makeModel().initialState
            for window in windows {
                if let state = window.model?.state ?? window.lastState { presenting?.forgetNavigated(state, initial) }
            }
        }
    }

    /// A process starts in `phase`; the open windows `order` names (all, by default) appear in that
    /// order.
    private func launch(order: [Int]?, phase: SceneLife.Phase, phaseFirst: Bool) async throws {
        self.phase = phase
        try startProcess()
        for index in order ?? Array(windows.indices) where windows.indices.contains(index) && windows[index].isOpen {
            appear(windows[index], phaseFirst: phaseFirst)
        }
        await settle()
    }

    /// Waits until every window's work started so far has finished.
    package func settle() async {
        for scene in retired { await scene.settle() }
        retired = []
        for window in windows { await window.scene?.settle() }
    }

    // MARK: - Processes

    private func startProcess() throws {
        guard process == nil else { throw SimulatorError.alreadyRunning }
        launches += 1
        process = CrashLoopGuard.Process(simulatedID: "\(firstLaunch + Int64(launches))-simulated")
        store = temporary.makeStore()
        // An app launched with no window to restore opens one, as a WindowGroup does.
        if !windows.contains(where: \.isOpen) { windows.append(Window()) }
        for window in windows {
            window.scene = nil
            window.isShown = false
            window.storage = window.savedStorage
            window.launchStorage = window.savedStorage
            window.connections = 0
        }
    }

    private func end(_ step: Step) async throws {
        guard let process, let store else { throw SimulatorError.notRunning }
        switch step {
        case .quit:
            // What SceneConnections.terminating() does for every connection of a process, done
            // for this simulated process's windows alone (the test process runs others).
            for window in windows where window.isOpen { window.scene?.handle(.terminating) }
            try process.record(.exited, in: store)
        case .crash:
            try process.record(.crashed, in: store)
        default:
            break
        }
        // Nothing more runs: what was not written is lost.
        for window in windows {
            if let model = window.model { window.lastState = model.state }
            if let persistence = window.scene?.connection { await persistence.cancel() }
            window.screen.removed()
            window.scene = nil
            window.isShown = false
        }
        // Nor does anything of the process live on: the scenes its connections held and copied
        // from are free for the next one, whenever the objects that held them go.
        LiveScenes.endSimulatedProcess(in: store)
        // What the next restores count: each scene's marker still there (its restore never
        // became healthy) counts how this process ended. Nothing of the process runs now: not
        // even a restore's marking healthy after a write, which the process's end cut short.
        for restore in guardedRestores {
            await restore.connection.cancel()
            // A marking healthy under way ends: healthy, the restore's marker is gone.
            await restore.connection.markerSettled()
        }
        for (scene, restore) in lastGuardedRestores() {
            if restore.connection.isHealthy {
                expectedCounts[scene] = nil
                continue
            }
            var count = restore.count
            switch step {
            case .crash: count = GuardCount(failures: count.failures + 1)
            case .kill where !shownInProcess:
                count.unexplained += 1
                if count.unexplained >= 2 { count.failures += 1 }
            default: count.unexplained = 0
            }
            expectedCounts[scene] = count
        }
        // The guarded connections were held while their process ran (so that no other takes the
        // same identity meanwhile): let go with it, as the process lets its scenes go.
        guardedRestores = []
        seenConnections = []
        shownInProcess = false
        self.process = nil
        self.store = nil
    }

    // MARK: - Windows

    private func shown(_ index: Int) throws -> Window {
        guard windows.indices.contains(index), windows[index].isOpen, windows[index].scene != nil else {
            throw SimulatorError.noWindow(index)
        }
        return windows[index]
    }

    private func makeScene(for window: Window) -> PersistentScene<State> {
        if let scene = window.scene { return scene }
        var configuration = crashGuard
        if let process { configuration?.process = process }
        let model = makeModel()
        presenting?.applyForgetting(model)
        let scene = PersistentScene(
            model, store: store!, guard: configuration, identity: identity,
            onEvent: { [weak window] event in
                switch event {
                case .connected: window?.connections += 1
                case .failed(let error): window?.errors.append(error)
                case .linkOpened, .linkRefused, .handedOff: break
                }
            })
        window.scene = scene
        return scene
    }

    /// A window appears as `PersistentNavigation` makes it: its storage given, the phase before
    /// or after the appearance (SwiftUI documents no order), and the ID kept.
    private func appear(_ window: Window, phaseFirst: Bool = true) {
        let scene = makeScene(for: window)
        scene.storedID = window.storage
        if phaseFirst { scene.handle(.phase(phase)) }
        scene.handle(.appeared)
        noteRestore(of: window)
        if !phaseFirst { scene.handle(.phase(phase)) }
        window.isShown = true
        window.screen.rootAppeared()
        if let id = scene.sceneID?.rawValue { window.storage = id }
    }

    /// The path of the scene file a window's scene (or its storage) names.
    private func sceneFile(of index: Int) throws -> String {
        guard windows.indices.contains(index),
            let id = windows[index].scene?.sceneID ?? windows[index].storage.flatMap({ try? SceneID($0) })
        else { throw SimulatorError.noWindow(index) }
        return temporary.store.path(for: id)
    }

    private func breakScene(of index: Int) throws {
        let file = try sceneFile(of: index)
        let aside = temporary.path("broken-\(brokenFiles.count)")
        try Platform.move(file, to: aside)
        try Platform.makeFolders(file)
        brokenFiles[file] = aside
    }

    private func repairScene(of index: Int) throws {
        let file = try sceneFile(of: index)
        guard let aside = brokenFiles.removeValue(forKey: file) else { return }
        try Platform.removeFolder(file)
        try Platform.move(aside, to: file)
    }
}

// MARK: - Invariants

extension SceneLifeSimulator {
    /// What is wrong now with the promises that hold in every life, in words; empty when they all
    /// hold. Call it after a step (the simulator has settled):
    ///
    /// - no two windows shown in the running process hold one scene;
    /// - a window that came back with its ID restored its own scene;
    /// - every shown window is connected (nothing the user does is unsaved), but while its
    ///   background time has expired;
    /// - after the app went to the background, every connected window's state is on disk (when
    ///   the restore applied what was stored: a deep link or a withholding guard leaves the stored
    ///   value until the model changes, across connections made again);
    /// - the crash-loop guard acted only after a crash, or after kills in a row of launches whose
    ///   restored screens had not shown (the watchdog at launch);
    /// - with presentations, SwiftUI's rule held (one level per update, each from a view that
    ///   appeared in an earlier one), and every shown window shows its whole chain once SwiftUI
    ///   settled.
    package func invariantFailures() -> [String] {
        var failures: [String] = presentationFailures()
        let shown = windows.indices.filter { windows[$0].isOpen && windows[$0].isShown }
        var holders: [String: Int] = [:]
        for index in shown {
            guard let scene = windows[index].scene else { continue }
            if let id = scene.sceneID?.rawValue.lowercased() {
                if let other = holders[id] { failures.append("windows \(other) and \(index) hold scene '\(id)'") }
                holders[id] = index
            }
            if let kept = windows[index].launchStorage, let id = scene.sceneID?.rawValue, kept != id {
                failures.append("window \(index) came back with '\(kept)' but restored '\(id)'")
            }
            if scene.connection == nil, !scene.life.isSuspended {
                failures.append("window \(index) is shown but not connected")
            }
        }
        return failures + guardFailures
    }

    /// What is not on disk of a window's state after the app went to the background, in words.
    package func undurableWindows() -> [String] {
        guard phase == .background else { return [] }
        return windows.indices.compactMap { index -> String? in
            let window = windows[index]
            guard window.isOpen, window.isShown, let scene = window.scene, let persistence = scene.connection,
                persistence.intervention == nil, !persistence.isReadOnly, !persistence.isHoldingStoredValue
            else { return nil }
            let stored = try? temporary.store.readDecoded(State.self, forKey: "navigation", in: persistence.scene)
            return stored == scene.model.state ? nil : "window \(index)'s last change is not on disk"
        }
    }
}

// MARK: - Scenarios

extension SceneLifeSimulator {
    /// Runs a scenario's steps, then checks its expectations (when they hold for this simulator's
    /// identity). Run each scenario on a new simulator.
    /// - Parameter scenario: The scenario.
    /// - Returns: What did not hold, in words; empty when everything did.
    /// - Throws: What the simulated process's store and connections throw.
    public func run(_ scenario: SceneScenario) async throws -> [String] {
        // A scenario that presents needs to know where the app presents.
        if scenario.presents && presenting == nil { return [] }
        try await perform(scenario.steps)
        await settle()
        guard scenario.identities?.contains(identity) ?? true else { return [] }
        return scenario.expectations.compactMap { failure(of: $0) } + presentationFailures()
    }

    /// What is wrong with an expectation now, or nil when it holds.
    private func failure(of expectation: SceneScenario.Expectation) -> String? {
        func model(_ index: Int) -> Model? {
            windows.indices.contains(index) ? windows[index].model : nil
        }
        switch expectation {
        case .showsNavigated(let index):
            guard let model = model(index) else { return "window \(index) is not shown" }
            let navigated = makeModel()
            navigate(navigated)
            return model.state == navigated.state ? nil : "window \(index) does not show where the user navigated"
        case .showsInitial(let index):
            guard let model = model(index) else { return "window \(index) is not shown" }
            return model.state == makeModel().initialState ? nil : "window \(index) does not show the initial state"
        case .showsLink(let index):
            guard let model = model(index) else { return "window \(index) is not shown" }
            let probe = SceneNavigationModel(model.state)
            link(probe)
            return probe.state == model.state ? nil : "window \(index) does not show where the link leads"
        case .guarded(let index, let failures):
            guard let persistence = windows.indices.contains(index) ? windows[index].scene?.connection : nil else {
                return "window \(index) has no connection"
            }
            let found: Int
            if case .crashLoop(let counted, _)? = persistence.intervention { found = counted } else { found = 0 }
            return found == failures ? nil : "window \(index) was guarded after \(found) failures, not \(failures)"
        case .deepLinked(let index):
            guard let persistence = windows.indices.contains(index) ? windows[index].scene?.connection : nil else {
                return "window \(index) has no connection"
            }
            return persistence.intervention == .deepLink
                ? nil
                : "window \(index)'s restore was not taken over by the link (\(persistence.intervention.map { "\($0)" } ?? "none"))"
        case .keptAside(let count):
            let found = (try? temporary.store.keptAsideFiles().count) ?? -1
            return found == count ? nil : "\(found) copies were kept aside, not \(count)"
        case .distinctScenes:
            let scenes = windows.filter(\.isOpen).compactMap { $0.scene?.sceneID }
            return Set(scenes).count == scenes.count ? nil : "two windows share a scene: \(scenes)"
        case .connections(let index, let count):
            guard windows.indices.contains(index) else { return "window \(index) was never opened" }
            let found = windows[index].connections
            return found == count ? nil : "window \(index) connected \(found) times, not \(count)"
        case .noErrors:
            let errors = windows.flatMap(\.errors)
            return errors.isEmpty ? nil : "errors: \(errors)"
        case .restoredOwnScene(let index):
            guard windows.indices.contains(index), let kept = windows[index].launchStorage else {
                return "window \(index) came back without an ID"
            }
            let id = windows[index].scene?.sceneID?.rawValue
            return id == kept ? nil : "window \(index) came back with '\(kept)' but holds '\(id ?? "none")'"
        case .connected(let index):
            guard windows.indices.contains(index), windows[index].scene?.connection != nil else {
                return "window \(index) is not connected: what the user does in it is not saved"
            }
            return nil
        case .showsLastState(let index):
            guard let model = model(index), windows.indices.contains(index) else {
                return "window \(index) is not shown"
            }
            return model.state == windows[index].lastState
                ? nil : "window \(index) does not show what it showed when the app last ended"
        case .presentedOneByOne(let index):
            guard let model = model(index), let presenting else { return "window \(index) is not shown" }
            let count = presenting.levels(model.state).count
            let shown = windows[index].screen.shownPerUpdate.prefix(count + 1)
            return count > 0 && Array(shown) == Array(0...count)
                ? nil
                : "window \(index) showed \(Array(shown)) levels in its first updates, not one more in each up to \(count)"
        case .presentsNothing(let index):
            guard let model = model(index), let presenting else { return "window \(index) is not shown" }
            return presenting.levels(model.state).isEmpty && windows[index].screen.onScreen.isEmpty
                ? nil : "window \(index) still presents"
        case .showsWhatRemains(let index):
            guard let model = model(index), let last = windows[index].lastState, let presenting,
                let (remains, report) = presenting.remains(last)
            else { return "window \(index) is not shown" }
            guard model.state == remains else {
                return "window \(index) does not show what remains of what it showed"
            }
            let reported = windows[index].scene?.connection?.report?.dropped ?? []
            let unresolved = report.dropped.filter { $0.reason == .unresolved }
            return !unresolved.isEmpty && reported.filter({ $0.reason == .unresolved }) == unresolved
                ? nil : "window \(index)'s restore does not report what the data lost as unresolved"
        }
    }
}

// MARK: - The crash-loop guard's count, as its rules give it

extension SceneLifeSimulator {
    /// Looks at a window's connection once it is made: when it made a guarded restore, checks that
    /// the guard counted what its rules count, and notes the restore.
    func noteRestore(of window: Window) {
        guard let scene = window.scene, let persistence = scene.connection, persistence.isGuarded,
            seenConnections.insert(ObjectIdentifier(persistence)).inserted, let id = scene.sceneID
        else { return }
        let current = markers()
        var allowed = [current[id] ?? scene.copiedFrom.flatMap { current[$0] } ?? GuardCount()]
        // An earlier restore of this process, marked healthy off the main actor, may have become
        // so after this one read its marker: what it counted is what the rules give then.
        let last = lastGuardedRestores()
        if let earlier = last[id] ?? scene.copiedFrom.flatMap({ last[$0] }), earlier.connection.isHealthy {
            allowed.append(earlier.count)
        }
        let found: Int
        if case .crashLoop(let failures, _)? = persistence.intervention { found = failures } else { found = 0 }
        let marked = persistence.markerCount.map { GuardCount(failures: $0.failures, unexplained: $0.unexplained) }
        if !allowed.contains(where: { $0.failures == found && $0 == marked }) {
            let index = windows.firstIndex { $0 === window } ?? -1
            let rules = allowed.map { "\($0.failures) (\($0.unexplained) launches in a row ended unexplained)" }
            guardFailures.append(
                "window \(index) was guarded after \(found) failures (its marker counts \(marked.map { "\($0.failures), \($0.unexplained) unexplained" } ?? "nothing")); its rules count \(rules.joined(separator: " or "))"
            )
        }
        // What the marker holds is what the next restores count from.
        guardedRestores.append(([id] + (scene.copiedFrom.map { [$0] } ?? []), persistence, marked ?? allowed[0]))
    }

    /// Notes the restored screen shown when the scene's life notes it now: a connected scene whose
    /// guarded restore has not been noted yet.
    func noteShownIfPending(_ scene: PersistentScene<State>) {
        if scene.life.isConnected, scene.life.isShowPending, scene.connection?.isGuarded == true {
            shownInProcess = true
        }
    }

    /// The markers now, as the rules give them: each scene's count before this process, or that of
    /// the last guarded restore of this process that wrote it, nil once that one became healthy.
    private func markers() -> [SceneID: GuardCount] {
        var current = expectedCounts
        for (scene, restore) in lastGuardedRestores() {
            current[scene] = restore.connection.isHealthy ? nil : restore.count
        }
        return current
    }

    /// The last guarded restore of this process that wrote each scene's marker.
    private func lastGuardedRestores() -> [SceneID: (connection: SceneConnection<State>, count: GuardCount)] {
        var last: [SceneID: (connection: SceneConnection<State>, count: GuardCount)] = [:]
        for restore in guardedRestores {
            for scene in restore.scenes { last[scene] = (restore.connection, restore.count) }
        }
        return last
    }
}
