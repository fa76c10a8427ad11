import SceneStore
import Synchronization

/// What this process knows of its windows' scenes beyond the store's holds (`SceneHolds`, a scene
/// key held by one connection): which stores' launches have settled, and which scenes a window
/// took a copy of.
package enum LiveScenes {
    fileprivate typealias Entry = SceneHolds.Entry

    /// Waits, blocking the caller, until a closing connection of the scene's key has written its
    /// last state, for at most the store's `closingWriteWait`: for a restore, which must read it. The writer works on a
    /// queue of its own, so the main actor may wait for it; the wait is bounded, as the write
    /// needs the scene's lock, which another process may hold, and past the limit the restore
    /// reads what is there.
    static func awaitClosing(_ scene: SceneID, key: String, in store: StateStore) {
        guard let writer = SceneHolds.closingWriter(of: scene, key: key, in: store) else { return }
        _ = waitBlocking(atMost: store.settings.closingWriteWait) { try? await writer.flush() }
    }

    /// The stores whose launch has settled (a scene's launch settled): from then on a window that
    /// comes without its ID is a new window (Cmd-N, an iPad's new window), not one the launch
    /// restores, and adopts nothing. Weak, so that a store opened again (a simulated process) is
    /// a new launch.
    private static let settled = Mutex<[WeakStore]>([])

    private struct WeakStore: @unchecked Sendable {
        // Only compared by identity while alive, never used through; held under the mutex.
        weak var store: StateStore?
    }

    /// Notes that a store's launch has settled.
    static func settleLaunch(of store: StateStore) {
        settled.withLock { stores in
            stores.removeAll { $0.store == nil }
            if !stores.contains(where: { $0.store === store }) { stores.append(WeakStore(store: store)) }
        }
    }

    /// Whether a store's launch is still restoring its windows: adoption is for them only.
    static func isLaunching(_ store: StateStore) -> Bool {
        settled.withLock { stores in !stores.contains { $0.store === store } }
    }

    /// Scenes whose state a window of this process took a copy of (adoption): no second window
    /// takes the same one; the scene itself stays free for the window that comes back with its ID.
    private static let adopted = Mutex<Set<Entry>>([])

    /// Notes that a window took a copy of a scene's state for `key`.
    static func noteAdopted(_ scene: SceneID, key: String, in store: StateStore) {
        _ = adopted.withLock { $0.insert(Entry(scene, key: key, in: store)) }
    }

    /// The scenes of a store whose state for `key` a window of this process has adopted.
    static func adoptedScenes(in store: StateStore, key: String) -> Set<String> {
        let folder = store.scenesFolder
        return adopted.withLock { entries in
            Set(entries.filter { $0.folder == folder && $0.key == key }.map(\.scene))
        }
    }
}

/// The connections of the process, for the app's termination: each makes its state durable.
extension LiveScenes {
    /// What a process's end lets go of, for a simulated process that ends while the test process
    /// runs on (the testing kit's): the scenes its connections held, those it copied from, and the
    /// writes it was closing, in the store's folder. A real process's end lets go of all of them
    /// with the process.
    /// - Parameter store: The store the simulated process ran in.
    package static func endSimulatedProcess(in store: StateStore) {
        let folder = store.scenesFolder
        SceneHolds.releaseAll(in: store)
        adopted.withLock { entries in entries = entries.filter { $0.folder != folder } }
    }
}

@MainActor
enum Termination {
    private static var connections: [(id: ObjectIdentifier, terminate: () throws(NavigationError) -> Bool)] = []

    /// Adds a connection; `terminate` returns false once the connection is gone.
    static func add(_ id: ObjectIdentifier, _ terminate: @escaping () throws(NavigationError) -> Bool) {
        connections.append((id, terminate))
    }

    /// Removes a connection that closed or was cancelled.
    static func remove(_ id: ObjectIdentifier) {
        connections.removeAll { $0.id == id }
    }

    /// Makes every connection's state durable.
    /// - Returns: The errors, in the order the connections were made.
    static func terminateAll() -> [NavigationError] {
        var errors: [NavigationError] = []
        connections = connections.filter { connection in
            do throws(NavigationError) {
                return try connection.terminate()
            } catch {
                errors.append(error)
                return true
            }
        }
        return errors
    }
}
