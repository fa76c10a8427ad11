import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Launches, ends and relaunches an app's scene as processes would, in one test: each launch
/// opens the store anew, builds a new model from the factory, and connects it through a
/// ``/SceneNavigation/PersistentScene`` given the scene's ID, as an app connects its scene (with the
/// crash-loop guard, unless told otherwise): a launch's outcome is what the app's scene's
/// `connect()` returns, a stored value it cannot read kept aside as ``/SceneNavigation/RestoreIntervention/unrestorable(reason:)``.
///
/// ```swift
/// let temporary = try TemporaryStore()
/// let app = try AppSimulator(temporary) { SceneNavigationModel(AppState()) }
/// let first = try await app.launch()
/// first.model.state.path.append(.item(id: 7))
/// let second = try await app.relaunch(after: .killed)   // the change was never flushed
/// ```
///
/// How a launch ends decides what the next one finds: ``Ending/closed`` flushes and marks the
/// restore healthy, as closing a scene does; ``Ending/crashed`` drops what was not yet written and
/// records a crash, so the crash-loop guard acts at the next launch without a real crash;
/// ``Ending/killed`` drops it too and records nothing, as SIGKILL does, which the guard counts only
/// when it happens twice in a row. Each launch is a simulated process
/// (``/SceneNavigation/CrashLoopGuard/Launch/init(simulatedID:)``) whose end is recorded as a real
/// process's would be.
@MainActor
public final class AppSimulator<State: Codable & Equatable> {
    /// The app's model.
    public typealias Model = SceneNavigationModel<State>

    /// One launch: its models, their connections, and what their restores did.
    @MainActor
    public struct Launch {
        /// The keys, in the order they were restored.
        package let modelKeys: [String]
        /// The keys, in the order they were restored.
        @available(*, deprecated, message: "a scene is connected once: read the simulator's key")
        public var keys: [String] { modelKeys }
        /// The model of each key, restored.
        package let modelsByKey: [String: Model]
        /// The model of each key, restored.
        @available(*, deprecated, message: "a scene is connected once: read model")
        public var models: [String: Model] { modelsByKey }
        /// The scene of each key, connected: what an app's `PersistentScene` is.
        package let scenes: [String: PersistentScene<State>]
        /// The connection each key's scene made at the launch, which writes its model through.
        package let connections: [String: SceneConnection<State>]

        /// The model of the first key.
        public var model: Model { modelsByKey[modelKeys[0]]! }
        /// The connection of the first key.
        package var connection: SceneConnection<State> { connections[modelKeys[0]]! }
        /// The connection of each key, which writes its model through.
        @available(*, deprecated, message: "read the launch's outcome, report and intervention; end it with end(_:)")
        public let persistences: [String: ScenePersistence<State>]
        /// The connection of the first key.
        @available(*, deprecated, message: "read the launch's outcome, report and intervention; end it with end(_:)")
        public var persistence: ScenePersistence<State> { persistences[modelKeys[0]]! }
        /// What the first key's restore did: its `report` (nil when nothing was stored or
        /// restored), its `intervention` (why what was stored was not applied as is, or nil) and the
        /// copy kept aside.
        public var outcome: RestoreOutcome { connection.toldOutcome }
        /// What the first key's restore kept and dropped; nil when nothing was stored or restored.
        @available(*, deprecated, message: "read outcome.report")
        public var report: RestoreReport? { outcome.report }
        /// Why what the first key stored was not applied as is, or nil.
        @available(*, deprecated, message: "read outcome.intervention")
        public var intervention: RestoreIntervention? { outcome.intervention }
    }

    /// How a launch ends.
    public enum Ending: Sendable {
        /// Closed: the last change is made durable and the restore marked healthy; the process
        /// then exits normally.
        case closed
        /// Killed (SIGKILL) after the last change was made durable, before the restore became healthy.
        case flushedThenKilled
        /// Killed by SIGKILL (the watchdog, jetsam, Xcode's Stop): changes not yet written are lost,
        /// the restore never became healthy, and nothing records the end. The crash-loop guard
        /// counts it only when the next launch ends so too.
        case killed
        /// Crashed (a trap, `abort()`, a bad access) before the restore became healthy: changes not
        /// yet written are lost, and the crash is recorded. The crash-loop guard counts it at once.
        case crashed
        /// Sent to the background (the scene going to the background), suspended, then killed by
        /// the system without a crash and without a close: not a crash.
        case suspendedThenKilled
        /// Quit normally (the app's termination calls ``/SceneNavigation/SceneConnections/terminating()``) without
        /// a close, as a Mac app whose `.task` is not cancelled at termination: not a crash.
        case quitWithoutClose
    }

    /// The folder and store the app runs in.
    public let temporary: TemporaryStore
    /// The scene launched.
    public let scene: SceneID
    /// The key the (first) model is saved under.
    public var key: String { modelKeys[0] }
    /// The keys of the scene's models, each restored and saved by a model of its own.
    package let modelKeys: [String]
    /// The keys of the scene's models, each restored and saved by a model of its own.
    @available(*, deprecated, message: "a scene is connected once: read key")
    public var keys: [String] { modelKeys }
    /// The restore policy of every launch.
    public var policy: RestorePolicy
    /// The crash-loop guard of every launch, or nil. By default the guard's own defaults, except
    /// that no time marks a restore healthy (a test decides when a launch ends).
    public var crashGuard: CrashLoopGuard?
    /// The launch running now, if any.
    public private(set) var current: Launch?

    private let makeModel: @MainActor (String) -> Model
    /// The failures the scenes of the running launch told their `onEvent`.
    private let failures = ToldFailures()
    /// The simulated process of the launch running now, and the number of launches so far.
    private var process: CrashLoopGuard.Process?
    private var launches = 0
    private let firstLaunch = Int64(Date().timeIntervalSince1970 * 1000)

    /// Creates a simulator.
    /// - Parameters:
    ///   - temporary: The folder and store.
    ///   - scene: The scene's ID, `main` by default.
    ///   - key: The model's key, `navigation` by default.
    ///   - policy: The restore policy.
    ///   - crashGuard: The crash-loop guard, or nil.
    ///   - makeModel: Builds a new model, as a new process would.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidSceneID(_:reason:)``.
    public convenience init(
        _ temporary: TemporaryStore, scene: String = "main", key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), crashGuard: CrashLoopGuard? = CrashLoopGuard(healthyAfter: nil),
        makeModel: @escaping @MainActor () -> Model
    ) throws(SceneStoreError) {
        try self.init(
            temporary, scene: scene, modelKeys: [key], policy: policy, crashGuard: crashGuard,
            makeModel: { _ in makeModel() })
    }

    /// Creates a simulator of a scene that saves a model under each of several keys (what the
    /// single-key initialiser and the deprecated one make).
    /// - Parameters:
    ///   - temporary: The folder and store.
    ///   - scene: The scene's ID, `main` by default.
    ///   - keys: The models' keys, at least one, each once.
    ///   - policy: The restore policy.
    ///   - crashGuard: The crash-loop guard, or nil.
    ///   - makeModel: Builds a new model for a key, as a new process would.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidSceneID(_:reason:)``; ``/SceneStore/SceneStoreError/invalidKey(_:reason:)``
    ///   when a key is not one, or when `keys` is empty or names a key twice.
    package init(
        _ temporary: TemporaryStore, scene: String = "main", modelKeys keys: [String],
        policy: RestorePolicy = RestorePolicy(), crashGuard: CrashLoopGuard? = CrashLoopGuard(healthyAfter: nil),
        makeModel: @escaping @MainActor (String) -> Model
    ) throws(SceneStoreError) {
        guard let first = keys.first else { throw .invalidKey("", reason: "a simulated scene needs at least one key") }
        for key in keys { try StateStore.validate(key: key) }
        guard Set(keys).count == keys.count else { throw .invalidKey(first, reason: "each key is given once") }
        self.temporary = temporary
        self.scene = try SceneID(scene)
        self.modelKeys = keys
        self.policy = policy
        self.crashGuard = crashGuard
        self.makeModel = makeModel
    }

    /// Creates a simulator of a scene that saves a model under each of several keys.
    /// - Parameters:
    ///   - temporary: The folder and store.
    ///   - scene: The scene's ID, `main` by default.
    ///   - keys: The models' keys, at least one, each once.
    ///   - policy: The restore policy.
    ///   - crashGuard: The crash-loop guard, or nil.
    ///   - makeModel: Builds a new model for a key, as a new process would.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidSceneID(_:reason:)``; ``/SceneStore/SceneStoreError/invalidKey(_:reason:)``
    ///   when a key is not one, or when `keys` is empty or names a key twice.
    @available(
        *, deprecated,
        message:
            "a scene is connected once: keep the scene's navigation in one state, and use init(_:scene:key:policy:crashGuard:makeModel:)"
    )
    public convenience init(
        _ temporary: TemporaryStore, scene: String = "main", keys: [String],
        policy: RestorePolicy = RestorePolicy(), crashGuard: CrashLoopGuard? = CrashLoopGuard(healthyAfter: nil),
        makeModel: @escaping @MainActor (String) -> Model
    ) throws(SceneStoreError) {
        try self.init(
            temporary, scene: scene, modelKeys: keys, policy: policy, crashGuard: crashGuard, makeModel: makeModel)
    }

    /// Launches: a new store and a new model per key, each restored from what the scene holds.
    /// - Parameter deepLink: Applied to the first key's model in place of its saved paths, or nil.
    /// - Returns: The launch.
    /// - Throws: What ``/SceneNavigation/PersistentScene/connect()`` throws (the keys connected
    ///   before are cancelled, as a failed launch ends);
    ///   ``SimulatorError/alreadyRunning`` when a launch has not ended.
    @discardableResult
    public func launch(deepLink: ((Model) -> Void)? = nil) async throws -> Launch {
        guard current == nil else { throw SimulatorError.alreadyRunning }
        let store = temporary.makeStore()
        // A simulated process per launch, whose end is recorded as a real process's would be.
        launches += 1
        let process = CrashLoopGuard.Process(simulatedID: "\(firstLaunch + Int64(launches))-simulated")
        self.process = process
        let crashGuard = self.crashGuard.map { configuration -> CrashLoopGuard in
            var configuration = configuration
            if configuration.process == .current { configuration.process = process }
            return configuration
        }
        var models: [String: Model] = [:]
        var scenes: [String: PersistentScene<State>] = [:]
        var connections: [String: SceneConnection<State>] = [:]
        for key in modelKeys {
            let model = makeModel(key)
            do {
                if modelKeys.count > 1 {
                    // Several keys in one scene (deprecated, as a scene is connected once): each
                    // key's connection made directly, as 0.3.0's simulator made them.
                    connections[key] = try await SceneConnection.connect(
                        model, to: store, scene: scene, key: key, policy: policy, guard: crashGuard,
                        deepLink: key == modelKeys[0] ? deepLink : nil)
                } else {
                    // The scene an app connects, its ID given back as a scene's storage gives it.
                    let failures = failures
                    let connected = PersistentScene(
                        model, store: store, key: key, policy: policy, guard: crashGuard,
                        identity: .supplied(scene),
                        onEvent: { event in if case .failed(let error) = event { failures.record(error) } })
                    if let deepLink { connected.open { deepLink($0) } }
                    scenes[key] = connected
                    try await connected.connect()
                    connections[key] = connected.connection
                }
            } catch {
                for connection in connections.values { await connection.cancel() }
                await scenes[key]?.connection?.cancel()
                throw error
            }
            models[key] = model
        }
        let launch = Launch(
            modelKeys: modelKeys, modelsByKey: models, scenes: scenes, connections: connections,
            persistences: connections.mapValues { .init($0) })
        current = launch
        return launch
    }

    /// Ends the launch running now: every key's connection alike.
    /// - Parameter ending: Closed, or killed with or without the last change made durable.
    /// - Throws: What ``/SceneNavigation/PersistentScene/close()`` or ``/SceneNavigation/PersistentScene/flush()`` throw;
    ///   ``SimulatorError/notRunning`` when nothing runs.
    public func end(_ ending: Ending) async throws {
        guard let launch = current else { throw SimulatorError.notRunning }
        current = nil
        // Every key ends, even after one of them failed to: the first failure is thrown after.
        var failure: (any Error)?
        for key in launch.modelKeys {
            let connection = launch.connections[key]!
            do {
                if let scene = launch.scenes[key] {
                    try await end(scene, ending)
                } else {
                    try await end(connection, ending)
                }
            } catch {
                await connection.cancel()
                failure = failure ?? error
            }
        }
        // How the simulated process ended, recorded as its handlers would: a crash's signal, or
        // an exit; SIGKILL records nothing.
        if let process {
            let store = temporary.makeStore()
            switch ending {
            case .crashed: try process.record(.crashed, in: store)
            case .closed, .quitWithoutClose: try process.record(.exited, in: store)
            case .killed, .flushedThenKilled, .suspendedThenKilled: break
            }
        }
        if let failure { throw failure }
    }

    /// Ends a scene as the app's process ends: its view closed, or the process killed with or
    /// without the last change made durable.
    private func end(_ scene: PersistentScene<State>, _ ending: Ending) async throws {
        switch ending {
        case .closed:
            try await scene.close()
        case .flushedThenKilled:
            try await scene.flush()
        case .killed, .crashed:
            break
        case .suspendedThenKilled:
            try await tell(.phase(.background), to: scene)
        case .quitWithoutClose:
            try await tell(.terminating, to: scene)
        }
        // The process goes: nothing of the scene runs after.
        if ending != .closed { await scene.connection?.cancel() }
    }

    /// Ends a connection of a scene of several keys (deprecated), as 0.3.0's simulator did.
    private func end(_ connection: SceneConnection<State>, _ ending: Ending) async throws {
        switch ending {
        case .closed:
            try await connection.close()
        case .flushedThenKilled:
            try await connection.flush()
        case .killed, .crashed:
            break
        case .suspendedThenKilled:
            try await connection.leftForeground()
        case .quitWithoutClose:
            try connection.terminating()
        }
        if ending != .closed { await connection.cancel() }
    }

    /// Sends a scene an event, waits for the work it started, and throws the first failure the
    /// scene told meanwhile.
    private func tell(_ event: SceneLife.Event, to scene: PersistentScene<State>) async throws(NavigationError) {
        failures.first = nil
        scene.handle(event)
        await scene.settle()
        if let failure = failures.first { throw failure }
    }

    /// Ends the launch running now (if any) and launches again.
    /// - Parameters:
    ///   - ending: How the running launch ends.
    ///   - deepLink: Applied in place of the saved paths at the new launch, or nil.
    /// - Returns: The new launch.
    /// - Throws: The errors of ``end(_:)`` and ``launch(deepLink:)``.
    @discardableResult
    public func relaunch(after ending: Ending = .closed, deepLink: ((Model) -> Void)? = nil) async throws -> Launch {
        if current != nil { try await end(ending) }
        return try await launch(deepLink: deepLink)
    }

    /// Launches the app and crashes it `count` times in a row before its restore becomes healthy, as
    /// an app that crashes on a restored screen does: the crash-loop guard then acts at the next
    /// launch.
    /// - Parameter count: How many launches crash.
    /// - Throws: The errors of ``launch(deepLink:)``.
    public func crashDuringRestore(times count: Int = 1) async throws {
        if current != nil { try await end(.closed) }
        for _ in 0..<count {
            try await launch()
            try await end(.crashed)
        }
    }
}

/// A misuse of ``AppSimulator``.
public enum SimulatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ``AppSimulator/launch(deepLink:)`` while a launch runs: end it first.
    case alreadyRunning
    /// ``AppSimulator/end(_:)`` with no launch running.
    case notRunning
    /// A ``SceneLifeSimulator`` step names a window that is not shown.
    case noWindow(Int)

    /// The misuse in words.
    public var description: String {
        switch self {
        case .alreadyRunning: "a launch is running; end it (or relaunch) first"
        case .notRunning: "no launch is running"
        case .noWindow(let index): "window \(index) is not shown (opened, not closed, in a running process)"
        }
    }
}

/// The first failure the scenes of a launch told, for what ends the launch to throw.
@MainActor
private final class ToldFailures {
    var first: NavigationError?
    func record(_ error: NavigationError) { first = first ?? error }
}
