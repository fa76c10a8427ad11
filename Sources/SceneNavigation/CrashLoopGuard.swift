import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps an app from crashing at every launch on a restored screen: before a restore is applied, a
/// marker is written (not synced to the disk: it has to outlive a crashed process, which the
/// kernel's copy of the file does, not a power cut); it is cleared when the app is known to be healthy. A marker still there
/// at the next restore means the last one never became healthy, and how its launch ended decides
/// whether that counts (``Launch``): a crash (a fatal signal, a stack overflow included) counts at
/// once; an end with nothing recorded (SIGKILL) after the restored screen showed (the app
/// switcher, Xcode's Stop) never, and one before it could show (the watchdog at launch) only when
/// it happens twice in a row; a normal exit (a Mac app's Quit) never. A restore that counts
/// withholds the paths next time.
///
/// The marker of a scene's value is a small scene document of its own, in a folder next to the
/// scenes (`<root>/<app-id>/restores/<scene>.json`, the value's key inside it), written as StateStore
/// writes a scene, atomic and under the scene's lock, refused when corrupt, a link, too large or of
/// a newer format, but not synced to the disk. It costs one write per restore, and one removal
/// (not synced either: a power cut that undoes it costs one guarded restore that was not needed)
/// when the restore becomes healthy; nothing per change.
///
/// The restore becomes healthy after the first change is written through
/// (``healthyAfterFirstWrite``), after ``healthyAfter`` of running, when the scene goes to the
/// background, at ``SceneConnections/terminating()``, or at ``PersistentScene/close()``,
/// whichever comes first.
///
/// ```swift
/// let scene = PersistentScene(
///     model, store: store, guard: CrashLoopGuard(restoresNothingAfter: 3), onEvent: { print($0) })
/// if case .crashLoop(let failures, _)? = try await scene.connect().intervention { print("guarded after \(failures)") }
/// ```
public struct CrashLoopGuard: Sendable, Hashable {
    /// From this many consecutive restores that never became healthy on, nothing is restored;
    /// below it (from 1), the paths are withheld and the rest restored. 2 by default.
    public var restoresNothingAfter: Int
    /// Whether the first change written through after the restore marks it healthy. True by default.
    public var healthyAfterFirstWrite: Bool
    /// How long after the restore the app is taken as healthy, or nil for never by time. 10 seconds
    /// by default.
    public var healthyAfter: Duration?
    /// The launch whose restores this guard marks: the running process's by default; a simulated
    /// one in tests of launches.
    package var process: Process

    /// Creates a guard.
    /// - Parameters:
    ///   - restoresNothingAfter: The consecutive failures from which nothing is restored.
    ///   - healthyAfterFirstWrite: Whether the first write-through marks the restore healthy.
    ///   - healthyAfter: How long after the restore the app is taken as healthy.
    public init(
        restoresNothingAfter: Int = 2, healthyAfterFirstWrite: Bool = true, healthyAfter: Duration? = .seconds(10)
    ) {
        self.init(
            restoresNothingAfter: restoresNothingAfter, healthyAfterFirstWrite: healthyAfterFirstWrite,
            healthyAfter: healthyAfter, process: .current)
    }

    /// Creates a guard of a launch: the running process's, or a simulated one.
    /// - Parameters:
    ///   - restoresNothingAfter: The consecutive failures from which nothing is restored.
    ///   - healthyAfterFirstWrite: Whether the first write-through marks the restore healthy.
    ///   - healthyAfter: How long after the restore the app is taken as healthy.
    ///   - process: The launch whose restores it marks.
    package init(
        restoresNothingAfter: Int = 2, healthyAfterFirstWrite: Bool = true, healthyAfter: Duration? = .seconds(10),
        process: Process
    ) {
        self.restoresNothingAfter = restoresNothingAfter
        self.healthyAfterFirstWrite = healthyAfterFirstWrite
        self.healthyAfter = healthyAfter
        self.process = process
    }

    /// The name of the folder next to the scenes that holds the markers.
    package static let markerFolder = StateStore.restoreRecordsFolder

    /// The state of a scene value's guard.
    package enum MarkerState: Sendable, Hashable, CustomStringConvertible {
        /// No restore is in progress: the last one became healthy, or there was none.
        case clean
        /// A restore started at `since` has not become healthy yet; `failures` restores before it
        /// never did either.
        case restoring(since: Date, failures: Int)

        /// The state in words: `clean`, `restoring since 2026-11-22T08:00:00Z (1 failed restore before)`.
        package var description: String {
            switch self {
            case .clean: "clean"
            case .restoring(let since, let failures):
                "restoring since \(since.formatted(.iso8601))"
                    + (failures == 0 ? "" : " (\(failures) failed restore\(failures == 1 ? "" : "s") before)")
            }
        }
    }

    /// The guard state of a scene's value, as its marker says.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - store: The app's store.
    /// - Returns: The state.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the marker cannot be read (corrupt, a link, too large, of a
    ///   newer format, of another shape), naming the marker's path.
    package static func markerState(of scene: SceneID, key: String, in store: StateStore) throws(SceneStoreError)
        -> MarkerState
    {
        let markers = try Marker.store(of: store)
        guard let value = try markers.readSceneValue(forKey: key, in: scene) else { return .clean }
        return try Marker(value, path: markers.path(for: scene)).state
    }

    /// The guard state of every value of a scene that has a marker, by key.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - store: The app's store.
    /// - Returns: The states of the keys that are guarded; empty when the scene is clean.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the markers cannot be read, naming their file.
    package static func states(of scene: SceneID, in store: StateStore) throws(SceneStoreError) -> [String: MarkerState]
    {
        let markers = try Marker.store(of: store)
        let document: StoredDocument
        do {
            document = try markers.storedDocument(for: scene)
        } catch .sceneNotFound {
            return [:]
        }
        var states: [String: MarkerState] = [:]
        for (key, value) in document.values {
            states[key] = try Marker(value, path: markers.path(for: scene)).state
        }
        return states
    }

    /// Clears a scene value's marker, as a healthy restore does (for tools that bring state back).
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - store: The app's store.
    /// - Returns: Whether there was a marker.
    /// - Throws: ``/SceneStore/SceneStoreError`` when the marker cannot be read or removed.
    @discardableResult
    package static func clearMarker(_ scene: SceneID, key: String, in store: StateStore) throws(SceneStoreError) -> Bool
    {
        try Marker.store(of: store).deleteValue(forKey: key, in: scene).wroteFile
    }

    /// The scenes that have markers (or their lock files) in an app's store.
    /// - Parameter store: The app's store.
    /// - Returns: The scenes' IDs.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRead(path:errno:)`` when the markers' folder cannot be read.
    package static func markedScenes(in store: StateStore) throws(SceneStoreError) -> [SceneID] {
        try Marker.store(of: store).storedSceneIDs()
    }
}
