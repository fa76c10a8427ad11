import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - The marker

/// A marker as stored: `{"restoringSince": "<time>", "failures": <n>}`, under the value's key in
/// the scene's document of the markers' folder.
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

    /// The store of an app's markers: a sibling of its scenes, `<root>/<app-id>/restores/`, whose
    /// removals are not made durable (a power cut that undoes one costs one guarded restore that was
    /// not needed, never a restore that should have been guarded).
    static func store(of store: SceneStore) throws(SceneStoreError) -> SceneStore {
        var configuration = store.configuration
        configuration.durableRemovals = false
        return try store.siblingStore(folder: CrashLoopGuard.folder, configuration: configuration)
    }

    /// What the marker of a scene's value says before a restore: how many restores before it never
    /// became healthy. A marker of another shape counts as one, and is kept aside here (a corrupt
    /// marker file is moved aside by the write that begins the restore, as any corrupt file).
    static func failuresBefore(scene: SceneID, key: String, store: SceneStore) throws(SceneStoreError) -> Int {
        let markers = try Marker.store(of: store)
        let previous: SceneValue?
        do {
            previous = try markers.sceneValue(forKey: key, in: scene)
        } catch .corrupt {
            return 0
        }
        guard let previous else { return 0 }
        guard let marker = try? Marker(previous, path: markers.path(for: scene)) else {
            try markers.keepAside(scene, reason: .invalid)
            return 1
        }
        return marker.failures + 1
    }
}

// MARK: - One restore's marker

/// The marker of one restore, from the write that begins it to the removal that ends it.
final class RestoreHealth: Sendable {
    private let markers: SceneStore
    private let scene: SceneID
    private let key: String
    private enum Phase { case restoring, healthy, cancelled }
    private let phase = Mutex(Phase.restoring)
    /// Whether the marker has been removed, and who waits for it.
    private let removal = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private init(markers: SceneStore, scene: SceneID, key: String) {
        self.markers = markers
        self.scene = scene
        self.key = key
    }

    /// Writes this restore's marker durably, before the restore is applied: `failures` restores
    /// before it never became healthy.
    static func begin(
        scene: SceneID, key: String, failures: Int, store: SceneStore
    ) throws(SceneStoreError) -> RestoreHealth {
        let markers = try Marker.store(of: store)
        try markers.setSceneValue(
            Marker(since: store.configuration.now(), failures: failures).sceneValue, forKey: key, in: scene)
        return RestoreHealth(markers: markers, scene: scene, key: key)
    }

    var isHealthy: Bool { phase.withLock { $0 == .healthy } }

    /// Waits until the marker has been removed: for tests of the guard.
    func waitUntilHealthy() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = removal.withLock { removal -> Bool in
                if removal.done { return true }
                removal.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// From now on the marker stays: the process is taken as killed.
    func cancel() {
        phase.withLock { if $0 == .restoring { $0 = .cancelled } }
    }

    /// Removes the marker, once; never after ``cancel()``.
    func markHealthy() throws(SceneStoreError) {
        let first = phase.withLock { phase -> Bool in
            guard phase == .restoring else { return false }
            phase = .healthy
            return true
        }
        guard first else { return }
        do {
            try markers.removeValue(forKey: key, in: scene)
        } catch {
            phase.withLock { $0 = .restoring }
            throw error
        }
        let waiters = removal.withLock { removal in
            removal.done = true
            defer { removal.waiters = [] }
            return removal.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
