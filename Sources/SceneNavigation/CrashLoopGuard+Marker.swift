import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - The marker

/// A marker as stored: `{"restoringSince": "<time>", "failures": <n>, "launch": "<id>",
/// "unexplained": <n>}`, under the value's key in the scene's document of the markers' folder.
/// Markers of 0.2.0 have no launch (nor unexplained ends).
struct Marker: Equatable {
    var since: Date
    /// Restores before this one that were counted as failed.
    var failures: Int
    /// The launch that made the restore, whose record says how it ended; nil in a 0.2.0 marker.
    var launch: String?
    /// Launches in a row before this one that ended with nothing recorded (SIGKILL).
    var unexplained = 0

    init(since: Date, failures: Int, launch: String? = nil, unexplained: Int = 0) {
        self.since = since
        self.failures = failures
        self.launch = launch
        self.unexplained = unexplained
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
        launch = members["launch"]?.stringValue
        if case .number(let count)? = members["unexplained"], let unexplained = count.intValue, unexplained >= 0 {
            self.unexplained = unexplained
        }
    }

    var state: CrashLoopGuard.MarkerState { .restoring(since: since, failures: failures) }

    var sceneValue: SceneValue {
        var members: [String: JSONValue] = [
            "restoringSince": .string(since.formatted(.iso8601)), "failures": .number(JSONNumber(failures)),
        ]
        if let launch {
            members["launch"] = .string(launch)
            members["unexplained"] = .number(JSONNumber(unexplained))
        }
        return .json(.object(members))
    }

    /// What the previous restore's marker, and the record of how its launch ended, count against
    /// the next restore (made by `launch`):
    ///
    /// - a crash counts at once;
    /// - an exit never (what was counted before stays: a guarded launch that quits proves nothing
    ///   of the paths it withheld);
    /// - an end with nothing recorded after the restored screen showed (`shown`: the app switcher,
    ///   jetsam, Xcode's Stop once the screen was up) is not counted either, and ends the row of
    ///   unexplained ends;
    /// - an end with nothing recorded at all (SIGKILL before the restored screen could show: the
    ///   watchdog at launch) only from the second in a row.
    ///
    /// A previous restore of the same launch did not end (the process runs): nothing new is
    /// counted. A marker of 0.2.0 counts as it did then, as one failure more.
    static func count(
        after previous: Marker?, ended end: RecordedEnd?, next launch: String
    ) -> (failures: Int, unexplained: Int) {
        guard let previous else { return (0, 0) }
        guard let previousLaunch = previous.launch else { return (previous.failures + 1, 0) }
        if previousLaunch == launch { return (previous.failures, previous.unexplained) }
        switch end {
        case .crashed: return (previous.failures + 1, 0)
        case .exited, .shown: return (previous.failures, 0)
        case nil:
            let unexplained = previous.unexplained + 1
            return (unexplained >= 2 ? previous.failures + 1 : previous.failures, unexplained)
        }
    }

    /// The store of an app's markers: a sibling of its scenes, `<root>/<app-id>/restores/`, whose
    /// writes and removals are not synced to the disk. A crash loop is a process event: a marker
    /// must outlive the process that crashed, which the kernel's copy of the file does, not a power
    /// cut. A power cut may undo a marker's write or removal (one guarded restore counted more or
    /// less) or tear it, and a torn markers file is moved aside by the next restore, which finds no
    /// marker in it: never a reason to withhold, and the scenes are not touched.
    static func store(of store: StateStore) throws(SceneStoreError) -> StateStore {
        var configuration = store.settings
        configuration.durableRemovals = false
        configuration.synchronizesWrites = false
        return try store.sibling(folder: CrashLoopGuard.markerFolder, configuration: configuration)
    }
}

// MARK: - One restore's marker

/// The marker of one restore, from the write that begins it to the removal that ends it.
final class RestoreHealth: Sendable {
    private let markers: StateStore
    /// The scenes that carry this restore's marker: the restored scene, and the scene its state
    /// was copied from (adoption), so that a loop is counted whichever of them the next launch
    /// restores.
    private let scenes: [SceneID]
    /// The marker this restore wrote: removed only while it is still the one there, so that a
    /// restore of the same scene since (a scene made again, a window restoring an adopted scene's
    /// source) keeps its own.
    private let written: SceneValue?
    private let key: String
    private let launch: CrashLoopGuard.Process
    /// Whether ``noteShown()`` has written.
    private let shown = Mutex(false)
    private enum Phase { case restoring, healthy, cancelled }
    private let phase = Mutex(Phase.restoring)
    /// Whether the marker has been removed, and who waits for it.
    private let removal = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// The marking healthy once the first change is durable, while it runs.
    private let marking = Mutex<Task<Void, Never>?>(nil)

    private init(
        markers: StateStore, scenes: [SceneID], written: SceneValue?, key: String, launch: CrashLoopGuard.Process
    ) {
        self.markers = markers
        self.scenes = scenes
        self.written = written
        self.key = key
        self.launch = launch
    }

    /// Begins a guarded restore, in one hold of the scene's lock in the markers' folder: reads the
    /// previous restore's marker and the record of how its launch ended, counts them
    /// (``Marker/count(after:ended:next:)``), and writes this restore's marker (not synced: see
    /// ``Marker/store(of:)``); then opens
    /// this launch's record, before the restore is applied. A previous marker of another shape is
    /// kept aside and counts as one failure; a corrupt markers file (a write a power cut tore) is
    /// moved aside and reads as no marker.
    ///
    /// With `source` (a state copied from another scene into `scene`, a new one), the previous
    /// marker is the scene's own or, when it has none, the source's; this restore's marker is
    /// written for both, and both go when it becomes healthy: a launch that crashes on an adopted
    /// state is counted whichever scene the next launch adopts.
    /// - Returns: The failures counted before this restore, and its marker.
    static func begin(
        scene: SceneID, copying source: SceneID? = nil, key: String, store: StateStore, launch: CrashLoopGuard.Process
    ) throws(SceneStoreError) -> (failures: Int, health: RestoreHealth) {
        let markers = try Marker.store(of: store)
        let folder = markers.scenesFolder
        let path = markers.path(for: scene)
        var failures = 0
        let isOfAnotherShape = { (document: StoredDocument) -> Bool in
            document.value(forKey: key).map { (try? Marker($0, path: path)) == nil } ?? false
        }
        let copied = source.flatMap { source in try? markers.readSceneValue(forKey: key, in: source) }
        var written: SceneValue?
        try markers.update(scene, keepingAside: .invalid, if: isOfAnotherShape) { values in
            var counted = (failures: 0, unexplained: 0)
            if let previous = values[key] ?? copied {
                if let marker = try? Marker(previous, path: path) {
                    counted = Marker.count(
                        after: marker, ended: marker.launch.flatMap { LaunchRecords.end(of: $0, in: folder) },
                        next: launch.id)
                } else {
                    counted = (1, 0)
                }
            }
            failures = counted.failures
            var marker = Marker(
                since: store.settings.now(), failures: counted.failures, launch: launch.id,
                unexplained: counted.unexplained
            ).sceneValue
            // Which restore wrote it: two restores of one scene in one launch and second write
            // markers otherwise alike, and each removes only its own.
            if case .json(.object(var members)) = marker {
                members["restore"] = .string(UUID().uuidString.lowercased())
                marker = .json(.object(members))
            }
            values[key] = marker
            written = marker
        }
        var scenes = [scene]
        if let source, source != scene, let written {
            // The source's own window, if it comes back, restores the same state: it is guarded
            // by the same count.
            try markers.update(source, keepingAside: .invalid, if: isOfAnotherShape) { values in
                values[key] = written
            }
            scenes.append(source)
        }
        LaunchRecords.begin(launch, in: markers)
        return (failures, RestoreHealth(markers: markers, scenes: scenes, written: written, key: key, launch: launch))
    }

    var isHealthy: Bool { phase.withLock { $0 == .healthy } }

    /// What this restore's marker counts: the restores counted as failed before it, and the
    /// launches in a row that ended unexplained.
    var counted: (failures: Int, unexplained: Int)? {
        guard let written, let marker = try? Marker(written, path: "") else { return nil }
        return (marker.failures, marker.unexplained)
    }

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

    /// Notes, once, that the restored screen showed (the launch settled with the scene in the
    /// foreground, or the scene left `.active` after it was active with the restore: ``SceneLife``):
    /// the launch's record says `shown`, so an end that records nothing after it (the app
    /// switcher's SIGKILL, Xcode's Stop) is not taken for a crash at launch
    /// (``Marker/count(after:ended:next:)``). For the running process, a `pwrite` of a few bytes
    /// into its open record, not synced; for a simulated launch, its record's file, if nothing is
    /// written there yet. A crash or an exit recorded before or after is kept.
    func noteShown() {
        let first = shown.withLock { shown -> Bool in
            defer { shown = true }
            return !shown
        }
        guard first else { return }
        LaunchRecords.noteShown(launch, in: markers)
    }

    /// Marks the restore healthy once the writer's changes so far are durable (off the main
    /// actor); ``settled()`` waits for it.
    /// - Parameter writer: The scene's writer.
    func markHealthyOnceDurable(_ writer: ValueWriter) {
        let task = Task.detached {
            // A failure leaves the marker: a later flush, leaving the foreground or the timer tries again.
            if (try? await writer.flush()) != nil { try? self.markHealthy() }
        }
        marking.withLock { $0 = task }
    }

    /// Waits for a marking healthy under way, and when the restore is healthy, for its marker's
    /// removal.
    func settled() async {
        if let task = marking.withLock({ $0 }) { await task.value }
        if isHealthy { await waitUntilHealthy() }
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
            for scene in scenes {
                let written = written
                try markers.update(
                    scene, keepingAside: .invalid, if: { _ in false },
                    { values in if values[key] == written { values[key] = nil } })
            }
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
