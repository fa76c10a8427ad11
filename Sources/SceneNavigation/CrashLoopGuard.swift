import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps an app from crashing at every launch on a restored screen: before a restore is applied, a
/// marker is made durable; it is cleared when the app is known to be healthy. A marker still there
/// at the next restore means the last one never became healthy, and that restore is not applied as
/// is.
///
/// The marker of a scene's value is a small scene document of its own, in a folder next to the
/// scenes (`<root>/<app-id>/restores/<scene>.json`, the value's key inside it), written with every
/// guarantee of SceneStore: durable and atomic, under the scene's lock, refused when corrupt, a
/// link, too large or of a newer format. It costs one durable write per restore, and one removal
/// (not `fsync`ed: a power cut that undoes it costs one guarded restore that was not needed) when
/// the restore becomes healthy; nothing per change.
///
/// The restore becomes healthy at ``ScenePersistence/markHealthy()``, after the first change is
/// written through (``healthyAfterFirstWrite``), after ``healthyAfter`` of running, or at
/// ``ScenePersistence/close()``, whichever comes first.
///
/// ```swift
/// let persistence = try await ScenePersistence.connect(
///     model, to: store, scene: scene, guard: CrashLoopGuard(restoresNothingAfter: 3))
/// if case .crashLoop(let failures, _)? = persistence.intervention { print("guarded after \(failures)") }
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

    /// Creates a guard.
    /// - Parameters:
    ///   - restoresNothingAfter: The consecutive failures from which nothing is restored.
    ///   - healthyAfterFirstWrite: Whether the first write-through marks the restore healthy.
    ///   - healthyAfter: How long after the restore the app is taken as healthy.
    public init(
        restoresNothingAfter: Int = 2, healthyAfterFirstWrite: Bool = true, healthyAfter: Duration? = .seconds(10)
    ) {
        self.restoresNothingAfter = restoresNothingAfter
        self.healthyAfterFirstWrite = healthyAfterFirstWrite
        self.healthyAfter = healthyAfter
    }

    /// The name of the folder next to the scenes that holds the markers.
    public static let folder = "restores"

    /// The state of a scene value's guard.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// No restore is in progress: the last one became healthy, or there was none.
        case clean
        /// A restore started at `since` has not become healthy yet; `failures` restores before it
        /// never did either.
        case restoring(since: Date, failures: Int)

        /// The state in words: `clean`, `restoring since 2026-11-22T08:00:00Z (1 failed restore before)`.
        public var description: String {
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
    /// - Throws: ``SceneStoreError`` when the marker cannot be read (corrupt, a link, too large, of a
    ///   newer format), naming the marker's path.
    public static func state(of scene: SceneID, key: String, in store: SceneStore) throws(SceneStoreError) -> State {
        let markers = try store.siblingStore(folder: folder)
        guard let value = try markers.sceneValue(forKey: key, in: scene) else { return .clean }
        return try Marker(value, path: markers.path(for: scene)).state
    }

    /// Clears a scene value's marker, as a healthy restore does (for tools that bring state back).
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - store: The app's store.
    /// - Returns: Whether there was a marker.
    /// - Throws: ``SceneStoreError`` when the marker cannot be read or removed.
    @discardableResult
    public static func reset(_ scene: SceneID, key: String, in store: SceneStore) throws(SceneStoreError) -> Bool {
        let markers = try store.siblingStore(folder: folder)
        return try markers.removeValueAndEmptyScene(forKey: key, in: scene)
    }
}

extension CrashLoopGuard {
    /// Removes every marker of a scene, for tools that remove the scene itself: a new scene with
    /// the same ID must not inherit its guard.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - store: The app's store.
    /// - Returns: Whether there were markers.
    /// - Throws: ``SceneStoreError/cannotRemove(path:errno:)``.
    @discardableResult
    public static func removeMarkers(of scene: SceneID, in store: SceneStore) throws(SceneStoreError) -> Bool {
        try store.siblingStore(folder: folder).removeScene(scene)
    }
}

/// A marker as stored: `{"restoringSince": "<time>", "failures": <n>}`.
struct Marker {
    var since: Date
    var failures: Int

    init(since: Date, failures: Int) {
        self.since = since
        self.failures = failures
    }

    init(_ value: SceneValue, path: String) throws(SceneStoreError) {
        guard case .json(.object(let members)) = value, let text = members["restoringSince"]?.stringValue,
            let since = try? Date(text, strategy: .iso8601),
            case .number(let count)? = members["failures"], let failures = count.intValue, failures >= 0
        else {
            throw .corrupt(
                path: path,
                reason: "a restore marker is {\"restoringSince\": <ISO 8601 time>, \"failures\": <count>}")
        }
        self.since = since
        self.failures = failures
    }

    var state: CrashLoopGuard.State { .restoring(since: since, failures: failures) }

    var sceneValue: SceneValue {
        .json(
            .object([
                "restoringSince": .string(since.formatted(.iso8601)), "failures": .number(JSONNumber(failures)),
            ]))
    }
}
