import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: the guard's marker files, read by this package's tools, until 0.4.0

extension CrashLoopGuard {
    /// A scene value's guard state, as its marker says (0.2.0's reading of a marker).
    @available(*, deprecated, message: "read ScenePersistence's outcome (its intervention) after a restore")
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// No restore is in progress: the last one became healthy, or there was none.
        case clean
        /// A restore started at `since` has not become healthy yet; `failures` restores before it
        /// never did either.
        case restoring(since: Date, failures: Int)

        init(_ state: MarkerState) {
            switch state {
            case .clean: self = .clean
            case .restoring(let since, let failures): self = .restoring(since: since, failures: failures)
            }
        }

        /// The state in words: `clean`, `restoring since 2026-11-22T08:00:00Z (1 failed restore before)`.
        public var description: String {
            switch self {
            case .clean: MarkerState.clean.description
            case .restoring(let since, let failures):
                MarkerState.restoring(since: since, failures: failures).description
            }
        }
    }

    /// The folder beside `scenes/` that holds the markers: `restores`.
    @available(
        *, deprecated, message: "markers are the guard's own; ScenePersistence's outcome says what the guard decided"
    )
    public static var folder: String { markerFolder }

    /// The guard state of a scene's value, read from its marker.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - store: The app's store.
    /// - Returns: The state.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the marker cannot be read.
    @available(*, deprecated, message: "read ScenePersistence's outcome (its intervention) after a restore")
    public static func state(of scene: SceneID, key: String, in store: StateStore) throws(SceneStoreError) -> State {
        State(try markerState(of: scene, key: key, in: store))
    }

    /// Clears a scene value's marker, as a healthy restore does.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - store: The app's store.
    /// - Returns: Whether there was a marker.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the marker cannot be read or removed.
    @available(
        *, deprecated,
        message: "use StateStore.recover(_:key:from:dryRun:), which clears the guard, or ScenePersistence.markHealthy()"
    )
    @discardableResult
    public static func reset(_ scene: SceneID, key: String, in store: StateStore) throws(SceneStoreError) -> Bool {
        try clearMarker(scene, key: key, in: store)
    }
}

extension NavigationMigrations {
    /// The key of the schema version stored beside a value: `<key>.schema`.
    /// - Parameter key: The value's key.
    /// - Returns: The schema's key.
    @available(
        *, deprecated,
        message: "ScenePersistence and StateStore.recover(_:key:from:dryRun:) write and read the schema beside a value"
    )
    public static func schemaKey(for key: String) -> String { companionKey(for: key) }

    /// The schema version stored beside a value, 0 when there is none.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - values: The scene's values.
    /// - Returns: The version.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when it is not a version.
    @available(
        *, deprecated,
        message: "use SceneNavigationModel.restore(from:scene:key:policy:), which reads the schema beside the value"
    )
    public static func storedVersion(forKey key: String, in values: [String: SceneValue]) throws(NavigationError) -> Int
    {
        try storedSchema(forKey: key, in: values)
    }
}

// MARK: - Deprecated: 0.3.0's launches of the guard, the guard's own since 0.4.0

extension CrashLoopGuard {
    /// A launch whose end the guard's next restore reads: the running process's, or a simulated
    /// one. The guard records the process's end itself; the testing kit simulates launches.
    @available(
        *, deprecated,
        message: "the guard records how the process ends itself; the testing kit's AppSimulator simulates launches"
    )
    public struct Launch: Sendable, Hashable {
        /// How a launch ended, as its record says.
        public enum End: String, Sendable, Hashable, CaseIterable {
            /// A fatal signal: counted at once.
            case crashed = "crash"
            /// A normal exit: never counted.
            case exited = "exit"
        }

        /// The launch this one names.
        package let process: Process

        /// The launch's ID: `<milliseconds since 1970>-<process ID>` for a process.
        public let id: String

        /// The running process's launch.
        public static let current = Launch(process: .current)

        /// A simulated launch, for tests of launches in one process.
        /// - Parameter id: The launch's ID: letters, digits, `-` and `_`.
        public init(simulatedID id: String) {
            self.init(process: Process(simulatedID: id))
        }

        /// The launch that names `process`.
        package init(process: Process) {
            self.process = process
            id = process.id
        }

        /// Writes how a simulated launch ended into its record in an app's store.
        /// - Parameters:
        ///   - end: How it ended.
        ///   - store: The app's store.
        /// - Throws: ``/SceneStore/SceneStoreError/cannotWrite(path:errno:)`` when the record cannot be written.
        public func record(_ end: End, in store: StateStore) throws(SceneStoreError) {
            try process.record(end == .crashed ? .crashed : .exited, in: store)
        }
    }
}

@available(
    *, deprecated,
    message: "the guard records how the process ends itself; the testing kit's AppSimulator simulates launches"
)
extension CrashLoopGuard {
    /// The launch whose restores this guard marks: ``Launch/current`` (the running process) by
    /// default; a simulated one in tests of launches.
    public var launch: Launch {
        get { Launch(process: process) }
        set { process = newValue.process }
    }

    /// Creates a guard of a launch.
    /// - Parameters:
    ///   - restoresNothingAfter: The consecutive failures from which nothing is restored.
    ///   - healthyAfterFirstWrite: Whether the first write-through marks the restore healthy.
    ///   - healthyAfter: How long after the restore the app is taken as healthy.
    ///   - launch: The launch whose restores it marks, the running process's by default.
    @_disfavoredOverload
    public init(
        restoresNothingAfter: Int = 2, healthyAfterFirstWrite: Bool = true, healthyAfter: Duration? = .seconds(10),
        launch: Launch = .current
    ) {
        self.init(
            restoresNothingAfter: restoresNothingAfter, healthyAfterFirstWrite: healthyAfterFirstWrite,
            healthyAfter: healthyAfter, process: launch.process)
    }
}

// MARK: - Deprecated in 0.4.0: a scene's markers go with the scene

extension CrashLoopGuard {
    /// Removes every marker of a scene, for a scene that goes away: a new scene with the same ID
    /// must not inherit its guard.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - store: The app's store.
    /// - Returns: Whether there were markers.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRemove(path:errno:)``.
    @available(*, deprecated, message: "use StateStore.removeScene(_:), which removes the scene's markers with it")
    @discardableResult
    public static func removeMarkers(of scene: SceneID, in store: StateStore) throws(SceneStoreError) -> Bool {
        try Marker.store(of: store).removeScene(scene)
    }
}
