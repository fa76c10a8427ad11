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
    package private(set) var process: CrashLoopGuard.Launch?

    private let makeModel: @MainActor () -> Model
    private let navigate: @MainActor (Model) -> Void
    private let link: @MainActor (Model) -> Void
    private var launches = 0
    private let firstLaunch = Int64(Date().timeIntervalSince1970 * 1000)
    private var store: SceneStore?
    private var phase: SceneLife.Phase = .active

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

    /// Performs one step.
    /// - Parameter step: The step.
    /// - Throws: What the simulated process's store and connections throw.
    package func perform(_ step: Step) async throws {
        switch step {
        case .launch, .launchInBackground:
            // A user's launch brings the app to the foreground; the system may launch it in the
            // background.
            phase = step == .launch ? .active : .background
            try startProcess()
            for window in windows where window.isOpen { appear(window) }
            await settle()
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
        case .navigate(let index):
            let window = try shown(index)
            guard let model = window.model else { throw SimulatorError.notRunning }
            navigate(model)
            window.navigated = model.state
        case .openLink(let index):
            try shown(index).scene?.open(link)
        case .switchContent(let index):
            _ = try shown(index)
        case .hideAndShow(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            window.scene?.handle(.appeared)
            await settle()
        case .phase(let new):
            phase = new
            for window in windows where window.isOpen { window.scene?.handle(.phase(new)) }
            await settle()
        case .saveSceneStorage:
            for window in windows where window.isOpen { window.savedStorage = window.storage }
        case .discardSceneStorage:
            for window in windows { window.savedStorage = nil }
        case .closeWindow(let index):
            let window = try shown(index)
            window.scene?.handle(.disappeared)
            await settle()
            window.isOpen = false
            window.savedStorage = nil
        case .crash, .kill, .quit:
            try await end(step)
        }
    }

    /// Waits until every window's work started so far has finished.
    package func settle() async {
        for window in windows { await window.scene?.settle() }
    }

    // MARK: - Processes

    private func startProcess() throws {
        guard process == nil else { throw SimulatorError.alreadyRunning }
        launches += 1
        process = CrashLoopGuard.Launch(simulatedID: "\(firstLaunch + Int64(launches))-simulated")
        store = temporary.makeStore()
        // An app launched with no window to restore opens one, as a WindowGroup does.
        if !windows.contains(where: \.isOpen) { windows.append(Window()) }
        for window in windows {
            window.scene = nil
            window.storage = window.savedStorage
            window.connections = 0
        }
    }

    private func end(_ step: Step) async throws {
        guard let process, let store else { throw SimulatorError.notRunning }
        switch step {
        case .quit:
            // What NavigationScenes.terminating() does for every connection of a process, done
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
            if let persistence = window.scene?.persistence { await persistence.cancel() }
            window.scene = nil
        }
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
        if let process { configuration?.launch = process }
        let scene = PersistentScene(
            makeModel(), store: store!, guard: configuration, identity: identity,
            onConnect: { [weak window] _ in window?.connections += 1 },
            onError: { [weak window] error in window?.errors.append(error) })
        window.scene = scene
        return scene
    }

    /// A window appears as `PersistentNavigation` makes it: its storage given, the phase, then the
    /// appearance, and the ID kept.
    private func appear(_ window: Window) {
        let scene = makeScene(for: window)
        scene.storedID = window.storage
        scene.handle(.phase(phase))
        scene.handle(.appeared)
        if let id = scene.sceneID?.rawValue { window.storage = id }
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
        try await perform(scenario.steps)
        await settle()
        guard scenario.identities?.contains(identity) ?? true else { return [] }
        return scenario.expectations.compactMap { failure(of: $0) }
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
            guard let persistence = windows.indices.contains(index) ? windows[index].scene?.persistence : nil else {
                return "window \(index) has no connection"
            }
            let found: Int
            if case .crashLoop(let counted, _)? = persistence.intervention { found = counted } else { found = 0 }
            return found == failures ? nil : "window \(index) was guarded after \(found) failures, not \(failures)"
        case .deepLinked(let index):
            guard let persistence = windows.indices.contains(index) ? windows[index].scene?.persistence : nil else {
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
        }
    }
}
